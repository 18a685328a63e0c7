package io.largekv.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.Directories;
import io.largekv.report.PhaseResult;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;

class Nb5HistogramsTest {

  @Test
  void namesTheOperationsOfBothReleases() {
    assertThat(Nb5Histograms.operation("successfor_uniform_read__select")).isEqualTo("READ");   // 5.17
    assertThat(Nb5Histograms.operation("successfor_select")).isEqualTo("READ");                // 5.25
    assertThat(Nb5Histograms.operation("successfor_latest_insert__insert")).isEqualTo("INSERT");
    assertThat(Nb5Histograms.operation("errorsfor_update")).isEqualTo("UPDATE-FAILED");
    assertThat(Nb5Histograms.operation("successfor_verified_reads__summary")).isNull();
    assertThat(Nb5Histograms.operation("result_success")).isNull();
    assertThat(Nb5Histograms.operation("cycles_servicetime")).isNull();
    assertThat(Nb5Histograms.operation(null)).isNull();
  }

  /** An nb5-like log (relative times after a StartTime, ns, tagged) in, YCSB's layout (µs) out. */
  @Test
  void keepsEveryOperationInMicrosecondsFromTheFirstOne() throws Exception {
    Path dir = Files.createTempDirectory("largekv-nb5-hdr");
    try {
      long t0 = 1_795_507_349_000L;
      Path log = dir.resolve("nb5.hdr");
      try (PrintStream out = new PrintStream(log.toFile(), "UTF-8")) {
        HistogramLogWriter w = new HistogramLogWriter(out);
        w.outputLogFormatVersion();
        w.outputStartTime(t0);
        w.setBaseTime(t0);
        w.outputLegend();
        // second 0: connecting, nothing done; then reads of 2 ms and 3 ms, one update, one failed read
        w.outputIntervalHistogram(interval("successfor_select", t0, t0 + 1000));
        w.outputIntervalHistogram(interval("successfor_select", t0 + 1000, t0 + 2000, 2_000_000L, 2_000_000L, 3_000_500L));
        w.outputIntervalHistogram(interval("successfor_update", t0 + 1000, t0 + 2000, 4_000_000L));
        w.outputIntervalHistogram(interval("errorsfor_select", t0 + 1000, t0 + 2000, 30_000_000_000L));
        w.outputIntervalHistogram(interval("successfor_select", t0 + 2000, t0 + 3000, 500L));
        w.outputIntervalHistogram(interval("bind", t0 + 2000, t0 + 3000, 100L));
      }
      Map<String, Long> counts = Nb5Histograms.translate(log, dir.resolve("hdr"));
      assertThat(counts).containsExactlyInAnyOrderEntriesOf(Map.of("READ", 4L, "UPDATE", 1L, "READ-FAILED", 1L));

      List<HdrLog.Interval> reads = HdrLog.read(dir.resolve("hdr/READ.hdr").toFile());
      assertThat(reads).hasSize(2);   // the empty second before the first operation is left out
      assertThat(reads.get(0).startMs).isEqualTo(t0 + 1000);
      assertThat(reads.get(0).endMs).isEqualTo(t0 + 2000);
      Histogram first = reads.get(0).histogram;
      assertThat(first.getTotalCount()).isEqualTo(3);
      assertThat(first.getValueAtPercentile(50)).isBetween(1999L, 2001L);
      assertThat(first.getMaxValue()).isBetween(2999L, 3003L);
      assertThat(reads.get(1).histogram.getMaxValue()).isEqualTo(1);   // 500 ns: at least 1 µs
      assertThat(HdrLog.read(dir.resolve("hdr/READ-FAILED.hdr").toFile()).get(0).histogram.getMaxValue())
          .isBetween(29_900_000L, 30_100_000L);

      // what PhaseResult makes of it: failed reads are not operations
      Files.createDirectories(dir.resolve("run/client-0"));
      Files.move(dir.resolve("hdr"), dir.resolve("run/client-0/hdr"));
      PhaseResult r = PhaseResult.load(dir.resolve("run"), 0);
      assertThat(r.operations()).containsExactly("READ", "UPDATE");
      assertThat(r.histogram("READ").getTotalCount()).isEqualTo(4);
    } finally {
      Directories.deleteRecursively(dir);
    }
  }

  @Test
  void aMissingLogIsNoOperation() throws Exception {
    Path dir = Files.createTempDirectory("largekv-nb5-hdr");
    try {
      assertThat(Nb5Histograms.translate(dir.resolve("none.hdr"), dir.resolve("hdr"))).isEmpty();
    } finally {
      Directories.deleteRecursively(dir);
    }
  }

  private static Histogram interval(String tag, long start, long end, long... valuesNs) {
    Histogram h = new Histogram(3);
    for (long v : valuesNs) {
      h.recordValue(v);
    }
    h.setTag(tag);
    h.setStartTimeStamp(start);
    h.setEndTimeStamp(end);
    return h;
  }
}
