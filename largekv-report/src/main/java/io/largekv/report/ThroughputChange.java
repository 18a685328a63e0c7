package io.largekv.report;

import io.largekv.results.Results;
import java.util.Arrays;
import java.util.stream.DoubleStream;
import org.apache.commons.math3.stat.inference.MannWhitneyUTest;

/**
 * Whether a column's throughput changed between two runs (a report across runs), or stayed within
 * the spread the runs themselves show. Two methods, stated in the report:
 *
 * <ul>
 *   <li>both with two or more repeats: the repeats' ranges of throughput; changed when they do not
 *       overlap;</li>
 *   <li>else a Mann-Whitney U test (Apache Commons Math; two-sided, normal approximation) over each
 *       run's 1-second throughputs after the warm-up, every repeat's seconds together; changed when
 *       p &lt; {@value #ALPHA}. Seconds next to each other are not independent, so p is smaller than
 *       the runs warrant: a change is claimed only at this strict level, and with fewer than
 *       {@value #MIN_SECONDS} whole seconds in either run none is tested (unavailable).</li>
 * </ul>
 * A failed column is never compared.
 */
final class ThroughputChange {

  static final double ALPHA = 0.01;
  static final int MIN_SECONDS = 10;
  static final String RANGES = "the repeats' ranges of throughput (changed when they do not overlap)";
  static final String TEST = "Mann-Whitney U test over the 1-second throughputs after the warm-up "
      + "(two-sided, normal approximation; changed when p < " + ALPHA + ")";
  /** The methods, as the report's notes state them. */
  static final String METHODS = "with two or more repeats in both, " + RANGES + "; else a " + TEST
      + ", with at least " + MIN_SECONDS + " whole seconds in each (else unavailable). A failed column is not compared.";

  private ThroughputChange() {}

  /** {@code cell} against {@code earlier}, the same column's cell of an earlier run named {@code against}. */
  static Results.Change of(String against, Report.Cell earlier, Report.Cell cell) {
    if (earlier.failed() || cell.failed()) {
      return unavailable(against, null, (earlier.failed() ? against : cell.target) + " FAILED");
    }
    double[] a = earlier.throughputs();
    double[] b = cell.throughputs();
    double meanA = ReportFigures.mean(a);
    boolean noneBefore = !(meanA > 0); // no repeat measured any (NaN), or none succeeded
    if (noneBefore || b.length == 0) {
      return unavailable(against, null, "no throughput measured in " + (noneBefore ? against : cell.target));
    }
    double ratio = ReportFigures.mean(b) / meanA;
    if (a.length >= 2 && b.length >= 2) {
      boolean overlap = max(a) >= min(b) && max(b) >= min(a);
      return new Results.Change(against, overlap ? Results.Change.WITHIN : Results.Change.CHANGED, ratio, RANGES,
          null, null);
    }
    double[] sa = seconds(earlier);
    double[] sb = seconds(cell);
    if (sa.length < MIN_SECONDS || sb.length < MIN_SECONDS) {
      return unavailable(against, ratio, "fewer than " + MIN_SECONDS + " whole seconds after the warm-up ("
          + sa.length + " in " + against + ", " + sb.length + " in " + cell.target + ") for the " + TEST);
    }
    double p = new MannWhitneyUTest().mannWhitneyUTest(sa, sb);
    return new Results.Change(against, p < ALPHA ? Results.Change.CHANGED : Results.Change.WITHIN, ratio, TEST, p,
        null);
  }

  private static Results.Change unavailable(String against, Double ratio, String reason) {
    return new Results.Change(against, Results.Change.UNAVAILABLE, ratio, null, null, reason);
  }

  /** Every measured repeat's 1-second throughputs after the warm-up. */
  private static double[] seconds(Report.Cell c) {
    return c.runs.stream().filter(r -> !r.logs.isEmpty())
        .flatMapToDouble(r -> DoubleStream.of(r.series().steadyThroughputs()))
        .toArray();
  }

  private static double min(double[] v) {
    return Arrays.stream(v).min().orElse(Double.NaN);
  }

  private static double max(double[] v) {
    return Arrays.stream(v).max().orElse(Double.NaN);
  }
}
