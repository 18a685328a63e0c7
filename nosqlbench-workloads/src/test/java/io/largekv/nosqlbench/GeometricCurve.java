package io.largekv.nosqlbench;

import io.largekv.format.KeyValueFormat;
import java.util.function.LongUnaryOperator;
import org.apache.commons.statistics.distribution.GeometricDistribution;

/**
 * nb5's {@code Geometric(p)} from a long (curves4, default modes {@code hash} and
 * {@code interpolate}): a 1001-entry table of the inverse CDF of Commons Statistics'
 * GeometricDistribution (failures before the first success: 0, 1, 2, ...) at s/1000, read at
 * Hash(v) scaled to [0, 999] with linear interpolation, truncated to a long. The 99.9th
 * percentile is the largest value it returns.
 */
final class GeometricCurve implements LongUnaryOperator {

  private final double[] table = new double[1001];
  private static final double SCALE = (1.0 / (double) Long.MAX_VALUE) * 999.0;

  GeometricCurve(double p) {
    GeometricDistribution d = GeometricDistribution.of(p);
    for (int s = 0; s < 1000; s++) {
      table[s] = d.inverseCumulativeProbability(s / 1000.0);
    }
    table[1000] = table[999];
  }

  /** The largest value the curve returns. */
  long max() {
    return (long) table[999];
  }

  @Override
  public long applyAsLong(long v) {
    double at = SCALE * (double) KeyValueFormat.hash(v);
    int i = (int) at;
    double f = at - i;
    return (long) (table[i] * (1.0 - f) + table[i + 1] * f);
  }
}
