package io.largekv.report;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.IntFunction;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/** Writes an HdrHistogram interval log as YCSB does: a histogram a second from {@code t0} (ms since 1970). */
final class IntervalLogs {

  private IntervalLogs() {}

  static void write(Path file, long t0, int seconds, IntFunction<Histogram> second) throws Exception {
    try (PrintStream ps = new PrintStream(file.toFile())) {
      HistogramLogWriter w = new HistogramLogWriter(ps);
      w.outputLogFormatVersion();
      w.outputStartTime(t0);
      w.setBaseTime(t0);
      w.outputLegend();
      for (int s = 0; s < seconds; s++) {
        w.outputIntervalHistogram(s, s + 1, second.apply(s), 1.0);
      }
    }
  }
}
