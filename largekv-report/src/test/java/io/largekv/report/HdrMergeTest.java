package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.report.files.HdrLog;
import java.io.File;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.Recorder;
import org.junit.jupiter.api.Test;

/** Two clients' interval logs, merged, equal the histogram of all their values together. */
class HdrMergeTest {

  /** Writes a YCSB-style interval log (one interval per 1000 values) and records the values into union. */
  static File writeLog(Path dir, String name, long seed, double scale, Histogram union) throws Exception {
    File f = dir.resolve(name).toFile();
    try (PrintStream ps = new PrintStream(f)) {
      HistogramLogWriter w = new HistogramLogWriter(ps);
      long now = System.currentTimeMillis();
      w.outputLogFormatVersion();
      w.outputStartTime(now);
      w.setBaseTime(now);
      w.outputLegend();
      Recorder r = new Recorder(3);
      SplittableRandom random = new SplittableRandom(seed);
      for (int interval = 0; interval < 7; interval++) {
        for (int i = 0; i < 1000; i++) {
          long v = 1 + (long) (random.nextDouble() * random.nextDouble() * scale);
          r.recordValue(v);
          union.recordValue(v);
        }
        // one-second intervals, as YCSB's status.interval=1 writes them, by their time stamps
        w.outputIntervalHistogram(interval, interval + 1, r.getIntervalHistogram(), 1.0);
      }
    }
    return f;
  }

  @Test
  void mergingTwoClientsEqualsTheHistogramOfTheUnion(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Histogram union = new Histogram(3);
    File a = writeLog(dir, "a.hdr", 1, 5_000, union);
    File b = writeLog(dir, "b.hdr", 2, 80_000, union); // a slower client: a very different distribution
    Histogram merged = HdrLog.merge(List.of(HdrLog.read(a), HdrLog.read(b)), Long.MIN_VALUE);
    assertThat(merged.getTotalCount()).isEqualTo(14_000).isEqualTo(union.getTotalCount());
    assertThat(merged).isEqualTo(union);
    for (double p : new double[] {50, 90, 99, 99.9, 100}) {
      assertThat(merged.getValueAtPercentile(p)).isEqualTo(union.getValueAtPercentile(p));
    }
    // averaging the two clients' p99 would be wrong: it differs from the union's p99
    Histogram ha = HdrLog.merge(List.of(HdrLog.read(a)), Long.MIN_VALUE);
    Histogram hb = HdrLog.merge(List.of(HdrLog.read(b)), Long.MIN_VALUE);
    long averaged = (ha.getValueAtPercentile(99) + hb.getValueAtPercentile(99)) / 2;
    assertThat(Math.abs(averaged - union.getValueAtPercentile(99))).isGreaterThan(1000);
  }

  @Test
  void intervalsBeforeTheWarmupEndAreLeftOut(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    File a = writeLog(dir, "a.hdr", 3, 1000, new Histogram(3));
    List<HdrLog.Interval> log = HdrLog.read(a);
    assertThat(log).hasSize(7);
    long cut = log.get(3).startMs;
    long expected = log.stream().filter(i -> i.startMs >= cut).mapToLong(i -> i.histogram.getTotalCount()).sum();
    assertThat(HdrLog.merge(List.of(log), cut).getTotalCount()).isEqualTo(expected).isLessThan(7000);
  }
}
