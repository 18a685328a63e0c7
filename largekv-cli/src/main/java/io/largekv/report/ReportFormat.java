package io.largekv.report;

import java.util.Arrays;
import java.util.Locale;

/** How the report writes numbers. */
public final class ReportFormat {
  private ReportFormat() {}

  /** Mean throughput of the repeats, with their range when there are several. */
  public static String throughput(double[] runs) {
    double mean = Arrays.stream(runs).average().orElse(0);
    if (runs.length == 1) {
      return String.format(Locale.ROOT, "%,.0f", mean);
    }
    double min = Arrays.stream(runs).min().orElse(0);
    double max = Arrays.stream(runs).max().orElse(0);
    return String.format(Locale.ROOT, "%,.0f (%,.0f–%,.0f, %d runs)", mean, min, max, runs.length);
  }

  /** Microseconds as milliseconds with two decimals. */
  public static String ms(long us) {
    return String.format(Locale.ROOT, "%.2f", us / 1000.0);
  }
}
