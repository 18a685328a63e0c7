package io.largekv.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ZetaTest {

  @Test
  void closedFormEqualsTheExactSum() {
    for (double theta : new double[] {0.5, 0.8, 0.99, 1.2}) {
      Zeta zeta = new Zeta(theta);
      double exact = 0;
      long next = 1;
      for (long n = 1; n <= 3_000_000; n++) {
        exact += Math.pow(n, -theta);
        if (n == next || n == 3_000_000) {
          assertThat(zeta.of(n)).as("theta %s n %d", theta, n).isCloseTo(exact, within(exact * 1e-12));
          next = next * 3 / 2 + 1;
        }
      }
    }
  }

  @Test
  void matchesYcsbStoredConstantForTenBillion() {
    // YCSB's ZipfianGenerator precomputes zeta(10^10, 0.99) = 26.46902820178302
    assertThat(new Zeta(0.99).of(10_000_000_000L)).isCloseTo(26.46902820178302, within(1e-9));
  }

  /**
   * At 3·10^10 (the seed's key count) the value is the closed form's: a constant number of {@code pow}
   * calls, where YCSB's generator sums 3·10^10 terms. What that costs is measured in bench/jmh, never
   * timed here.
   */
  @Test
  void atThirtyBillionIsTheAsymptoticForm() {
    Zeta zeta = new Zeta(0.99);
    double z = zeta.of(30_000_000_000L);
    // zeta(0.99) + n^0.01/0.01 + n^-0.99/2, the asymptotic form in the design notes
    double asymptotic = -99.4235 + Math.pow(3e10, 0.01) / 0.01;
    assertThat(z).isCloseTo(asymptotic, within(1e-3));
  }

  @Test
  void theExactTermsEndWhereTheClosedFormTakesOver() {
    Zeta zeta = new Zeta(0.99);
    assertThat(zeta.of(0)).isZero();
    assertThat(zeta.of(-5)).isZero();
    assertThat(zeta.of(1)).isEqualTo(1.0);
    for (long n : new long[] {Zeta.EXACT_TERMS - 1, Zeta.EXACT_TERMS, Zeta.EXACT_TERMS + 1}) {
      double exact = Zeta.exact(n, 0.99);
      assertThat(zeta.of(n)).as("n %d", n).isCloseTo(exact, within(exact * 1e-14));
    }
    assertThat(Zeta.exact(3, 2.0)).isCloseTo(1 + 0.25 + 1.0 / 9, within(1e-15));
  }

  @Test
  void aConstantOutsideZeroToTenOrOneIsRefused() {
    for (double theta : new double[] {0, -1, 1.0, 10, Double.NaN}) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Zeta(theta)).as("theta %s", theta)
          .isInstanceOf(IllegalArgumentException.class);
    }
    assertThat(new Zeta(9.99).of(2)).isCloseTo(1 + Math.pow(2, -9.99), within(1e-15));
    assertThat(new Zeta(1e-9).of(3)).isCloseTo(3, within(1e-6));
  }
}
