package io.largekv.workload;

/**
 * The generalised harmonic number {@code zeta(n, theta) = sum_{i=1..n} i^-theta} in O(1).
 *
 * <p>YCSB's {@code ZipfianGenerator} sums the series term by term: O(n) at start-up, about 44
 * minutes for n = 3·10^10 on a current core. Here the first {@value #EXACT_TERMS} terms are summed
 * once (exactly, in double precision) and the tail {@code sum_{i=M..n}} is the Euler–Maclaurin
 * formula with the corrections up to the third derivative:
 *
 * <pre>
 *   sum_{i=M..n} f(i) = ∫_M^n f + (f(M) + f(n))/2 + (f'(n) − f'(M))/12 − (f'''(n) − f'''(M))/720 + R
 *   f(x) = x^−θ,  |R| ≤ |f^(5)(M)| / 30240 ≈ θ(θ+1)(θ+2)(θ+3)(θ+4)·M^−(θ+5) / 30240
 * </pre>
 *
 * With M = 1024 the remainder is below 10^−19, so the result equals the exact sum to the last
 * bits of a double (relative error ~10^−15, the rounding of the sum itself); see {@code ZetaTest}.
 */
public final class Zeta {

  /** Terms summed exactly; the Euler–Maclaurin tail starts at this index. */
  static final int EXACT_TERMS = 1024;

  private final double theta;
  /** prefix[k] = sum_{i=1..k} i^-theta for k <= EXACT_TERMS. */
  private final double[] prefix;

  public Zeta(double theta) {
    if (!(theta > 0) || theta == 1.0 || Double.isNaN(theta) || theta >= 10) {
      throw new IllegalArgumentException("zipfian constant must be in (0, 10) and not 1, got " + theta);
    }
    this.theta = theta;
    this.prefix = new double[EXACT_TERMS + 1];
    for (int i = 1; i <= EXACT_TERMS; i++) {
      prefix[i] = prefix[i - 1] + Math.pow(i, -theta);
    }
  }

  /** zeta(n, theta); 0 for n <= 0. */
  public double of(long n) {
    if (n <= EXACT_TERMS) {
      return n <= 0 ? 0.0 : prefix[(int) n];
    }
    double m = EXACT_TERMS;
    double x = n;
    // sum_{i=1..M-1} + sum_{i=M..n}
    double head = prefix[EXACT_TERMS - 1];
    double integral = (Math.pow(x, 1 - theta) - Math.pow(m, 1 - theta)) / (1 - theta);
    double ends = (Math.pow(m, -theta) + Math.pow(x, -theta)) / 2;
    double d1 = (-theta * Math.pow(x, -theta - 1) + theta * Math.pow(m, -theta - 1)) / 12;
    double c3 = -theta * (theta + 1) * (theta + 2);
    double d3 = (c3 * Math.pow(x, -theta - 3) - c3 * Math.pow(m, -theta - 3)) / 720;
    return head + integral + ends + d1 - d3;
  }

  /** The exact sum, term by term: O(n). For tests and for checking the closed form. */
  public static double exact(long n, double theta) {
    double sum = 0;
    for (long i = 1; i <= n; i++) {
      sum += Math.pow(i, -theta);
    }
    return sum;
  }
}
