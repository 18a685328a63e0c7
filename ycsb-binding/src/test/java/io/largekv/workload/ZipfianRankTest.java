package io.largekv.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The skew of {@code latest} against an exact computation at small n: the probability of each rank
 * under YCSB's mapping from u is computed exactly (by inverting the mapping), then compared with
 * frequencies drawn from {@link ZipfianRank}; and with the exact zipfian pmf for the top ranks,
 * which the algorithm reproduces exactly.
 */
class ZipfianRankTest {

  @Test
  void frequenciesMatchTheExactDistributionAtSmallN() {
    int n = 1000;
    double theta = 0.99;
    ZipfianRank zipf = new ZipfianRank(theta);
    double[] exact = exactProbabilities(n, theta, zipf.zeta());
    int draws = 2_000_000;
    long[] counts = new long[n];
    SplittableRandom random = new SplittableRandom(42);
    for (int i = 0; i < draws; i++) {
      counts[(int) zipf.rank(n, random.nextDouble())]++;
    }
    // chi-square over bins with expected count >= 5; 999 dof: mean 999, sd ~45
    double chi2 = 0;
    int bins = 0;
    for (int r = 0; r < n; r++) {
      double expected = exact[r] * draws;
      if (expected >= 5) {
        chi2 += Math.pow(counts[r] - expected, 2) / expected;
        bins++;
      }
    }
    assertThat(chi2).as("chi-square over %d bins", bins).isLessThan(bins + 5 * Math.sqrt(2.0 * bins));
    // the head is the true zipfian: P(0) = 1/zeta(n), P(1) = 2^-theta/zeta(n)
    double zetan = zipf.zeta().of(n);
    assertThat(exact[0]).isCloseTo(1 / zetan, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(exact[1]).isCloseTo(Math.pow(2, -theta) / zetan, org.assertj.core.data.Offset.offset(1e-12));
    assertThat((double) counts[0] / draws).isCloseTo(1 / zetan, org.assertj.core.data.Offset.offset(0.002));
    // skew: the newest 10 % of items take most of the draws, like YCSB's latest
    long top = 0;
    for (int r = 0; r < n / 10; r++) {
      top += counts[r];
    }
    double trueTop = 0;
    for (int r = 1; r <= n / 10; r++) {
      trueTop += Math.pow(r, -theta);
    }
    assertThat((double) top / draws).isCloseTo(trueTop / zetan, org.assertj.core.data.Offset.offset(0.03));
  }

  @Test
  void ranksStayInRangeAtThirtyBillion() {
    ZipfianRank zipf = new ZipfianRank(0.99);
    long n = 30_000_000_000L;
    SplittableRandom random = new SplittableRandom(7);
    long max = 0;
    for (int i = 0; i < 1_000_000; i++) {
      long r = zipf.rank(n, random.nextDouble());
      assertThat(r).isBetween(0L, n - 1);
      max = Math.max(max, r);
    }
    assertThat(max).isGreaterThan(1_000_000_000L); // a long tail over the whole range
    assertThat(zipf.rank(n, 0.0)).isZero();
    assertThat(zipf.rank(n, Math.nextDown(1.0))).isLessThan(n);
    assertThat(zipf.rank(1, 0.999)).isZero();
    assertThat(zipf.rank(2, 0.999)).isOne();
  }

  /**
   * P(rank = r) under the mapping: rank 0 for u·zetan &lt; 1, rank 1 for u·zetan &lt; 1 + 2^-θ,
   * else min(⌊n·(η·u − η + 1)^α⌋, n − 1); ⌊…⌋ ≥ r ⇔ u ≥ g(r) = ((r/n)^(1−θ) − 1 + η)/η.
   */
  static double[] exactProbabilities(int n, double theta, Zeta zeta) {
    double zetan = zeta.of(n);
    double eta = (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta.of(2) / zetan);
    double u1 = 1 / zetan;
    double u2 = (1 + Math.pow(0.5, theta)) / zetan;
    double[] lo = new double[n];
    for (int r = 0; r < n; r++) {
      double g = (Math.pow((double) r / n, 1 - theta) - 1 + eta) / eta;
      lo[r] = Math.min(1, Math.max(u2, g));
    }
    double[] p = new double[n];
    p[0] = u1;
    p[1] = u2 - u1;
    for (int r = 0; r < n - 1; r++) {
      p[r] += lo[r + 1] - lo[r];
    }
    p[n - 1] += 1 - lo[n - 1];
    return p;
  }

  @Test
  void anotherItemCountTakesItsOwnConstants() {
    ZipfianRank z = new ZipfianRank(0.99);
    z.rank(1_000_000, 0.5);
    for (double u : new double[] {0.3, 0.6, 0.9, 0.999}) {
      assertThat(z.rank(10, u)).as("u %s", u).isEqualTo(new ZipfianRank(0.99).rank(10, u));
      assertThat(z.rank(1_000_000, u)).as("u %s", u).isEqualTo(new ZipfianRank(0.99).rank(1_000_000, u));
    }
  }
}
