package io.largekv.workload;

/**
 * Draws a rank in [0, n) with P(rank = r) ≈ (r+1)^−θ / zeta(n, θ): YCSB's zipfian algorithm
 * (Gray et al., "Quickly generating billion-record synthetic databases", SIGMOD 1994) with the
 * same constants and the same mapping from a uniform u, but with {@link Zeta} in O(1) so that
 * n may be 3·10^10 or change on every insert.
 *
 * <p>Thread-safe: the constants for the current n are an immutable snapshot swapped when n
 * changes; a draw for an unchanged n allocates nothing.
 */
public final class ZipfianRank {

  /** YCSB's default zipfian constant. */
  public static final double YCSB_THETA = 0.99;

  private final Zeta zeta;
  private final double theta;
  private final double alpha;
  private final double zeta2;
  private final double halfPowTheta;
  private volatile Constants current;

  private static final class Constants {
    final long n;
    final double zetan;
    final double eta;

    Constants(long n, double zetan, double eta) {
      this.n = n;
      this.zetan = zetan;
      this.eta = eta;
    }
  }

  public ZipfianRank(double theta) {
    this.zeta = new Zeta(theta);
    this.theta = theta;
    this.alpha = 1.0 / (1.0 - theta);
    this.zeta2 = zeta.of(2);
    this.halfPowTheta = Math.pow(0.5, theta);
  }

  /** The zeta function this generator uses. */
  public Zeta zeta() {
    return zeta;
  }

  /**
   * A rank in [0, n) for a uniform {@code u} in [0, 1): 0 is the most popular.
   *
   * @param n number of items, at least 1
   */
  public long rank(long n, double u) {
    Constants c = current;
    if (c == null || c.n != n) {
      c = constants(n);
      current = c;
    }
    double uz = u * c.zetan;
    if (uz < 1.0) {
      return 0;
    }
    if (uz < 1.0 + halfPowTheta) {
      return Math.min(1, n - 1);
    }
    long r = (long) (n * Math.pow(c.eta * u - c.eta + 1, alpha));
    return Math.min(r, n - 1);
  }

  private Constants constants(long n) {
    if (n < 1) {
      throw new IllegalArgumentException("zipfian item count must be >= 1, got " + n);
    }
    double zetan = zeta.of(n);
    double eta = n < 2 ? 0 : (1 - Math.pow(2.0 / n, 1 - theta)) / (1 - zeta2 / zetan);
    return new Constants(n, zetan, eta);
  }
}
