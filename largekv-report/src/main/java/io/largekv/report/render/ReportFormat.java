package io.largekv.report.render;

import java.util.List;
import java.util.Locale;

/** How the report writes numbers. */
public final class ReportFormat {
  private ReportFormat() {}

  /** Mean throughput of the repeats, with their range when there are several. */
  public static String throughput(List<Double> runs) {
    double mean = runs.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    if (runs.size() == 1) {
      return String.format(Locale.ROOT, "%,.0f", mean);
    }
    double min = runs.stream().mapToDouble(Double::doubleValue).min().orElse(0);
    double max = runs.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    return String.format(Locale.ROOT, "%,.0f (%,.0f–%,.0f, %d runs)", mean, min, max, runs.size());
  }

  /** Milliseconds with two decimals. */
  public static String ms(double ms) {
    return String.format(Locale.ROOT, "%.2f", ms);
  }

  /** A p-value: {@code < 0.0001}, else four decimals. */
  public static String pValue(double p) {
    return p < 0.0001 ? "< 0.0001" : String.format(Locale.ROOT, "%.4f", p);
  }

  /** The binary units of {@link #bytes}: B, KiB, … PiB. */
  static final String[] BYTE_UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

  /** The unit {@link #bytes} writes {@code b} in: its index in {@link #BYTE_UNITS} (a power of 1024). */
  static int byteUnit(double b) {
    double v = Math.abs(b);
    int u = 0;
    while (v >= 1024 && u < BYTE_UNITS.length - 1) {
      v /= 1024;
      u++;
    }
    return u;
  }

  /** Bytes in binary units: {@code 812 B}, {@code 9.4 MiB}, {@code 6.50 TiB}. */
  public static String bytes(double b) {
    int u = byteUnit(b);
    double v = Math.abs(b) / Math.pow(1024, u);
    String sign = b < 0 ? "-" : "";
    return u == 0 ? String.format(java.util.Locale.ROOT, "%s%.0f B", sign, v)
        : String.format(java.util.Locale.ROOT, v >= 100 ? "%s%.0f %s" : v >= 10 ? "%s%.1f %s" : "%s%.2f %s", sign, v,
            BYTE_UNITS[u]);
  }
}
