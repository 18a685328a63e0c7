package io.largekv.report.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** HdrLog reads every interval of a log, including the ones HdrHistogram's own reader cannot. */
@Timeout(60)
class HdrLogTest {

  private static final String HEADER = "#[Logging for: READ]\n#[Histogram log format version 1.3]\n"
      + "#[StartTime: 1700000000.000 (seconds since epoch), Tue Nov 14 22:13:20 UTC 2023]\n"
      + "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\",\"Interval_Compressed_Histogram\"\n";

  /** Every value recorded in a histogram that grew to hold {@code max}. */
  private static Histogram recorded(long max) {
    Histogram h = new Histogram(3);
    for (long v = 100; v < 30_000; v += 7) {
      h.recordValue(v);
    }
    h.recordValue(max);
    return h;
  }

  /**
   * {@code h} compressed as HdrHistogram writes it, but with its header's highest trackable value
   * set to {@code stated}: what an auto-resizing histogram whose recording threads raced on that
   * field writes (the "Index 6146 out of bounds for length 6144" a CI run's report died of).
   */
  private static String withStatedHighest(Histogram h, long stated) {
    ByteBuffer plain = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int length = h.encodeIntoByteBuffer(plain);
    plain.putLong(24, stated);   // cookie, payload length, index offset, digits, lowest: then the highest
    ByteBuffer compressed = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    h.encodeIntoCompressedByteBuffer(compressed);
    int cookie = compressed.getInt(0);
    Deflater deflater = new Deflater();
    deflater.setInput(plain.array(), 0, length);
    deflater.finish();
    byte[] deflated = new byte[length + 64];
    int n = deflater.deflate(deflated);
    deflater.end();
    ByteBuffer out = ByteBuffer.allocate(8 + n);
    out.putInt(cookie).putInt(n).put(deflated, 0, n);
    return Base64.getEncoder().encodeToString(out.array());
  }

  private static File log(Path dir, String body) throws Exception {
    File f = dir.resolve("READ.hdr").toFile();
    Files.writeString(f.toPath(), HEADER + body, StandardCharsets.UTF_8);
    return f;
  }

  @Test
  void anIntervalWhoseHeaderUnderstatesItsLargestValueKeepsEveryCount(@TempDir Path dir) throws Exception {
    Histogram h = recorded(32_800);
    File f = log(dir, "0.000,1.000,32.800," + withStatedHighest(h, 16_383) + "\n"
        + "1.000,1.000,32.800," + withStatedHighest(h, h.getHighestTrackableValue()) + "\n");
    // HdrHistogram's reader fails on the first interval
    HistogramLogReader stock = new HistogramLogReader(f);
    assertThatThrownBy(stock::nextIntervalHistogram).isInstanceOf(IndexOutOfBoundsException.class);
    stock.close();

    List<HdrLog.Interval> intervals = HdrLog.read(f);
    assertThat(intervals).hasSize(2);
    for (HdrLog.Interval i : intervals) {
      assertThat(i.histogram.getTotalCount()).isEqualTo(h.getTotalCount());
      assertThat(i.histogram.getMaxValue()).isEqualTo(h.getMaxValue());
      assertThat(i.histogram).isEqualTo(h);
    }
    assertThat(intervals.get(0).startMs).isEqualTo(1_700_000_000_000L);
    assertThat(intervals.get(1).endMs).isEqualTo(1_700_000_002_000L);
  }

  @Test
  void aLineThatHoldsNoIntervalFailsTheReadWithItsFileAndLine(@TempDir Path dir) throws Exception {
    String good = withStatedHighest(recorded(1000), recorded(1000).getHighestTrackableValue());
    File cut = log(dir, "0.000,1.000,1.000," + good + "\n1.000,1.000,1.000," + good.substring(0, good.length() / 2) + "\n");
    assertThatThrownBy(() -> HdrLog.read(cut)).hasMessageStartingWith(cut + ":6: an interval's histogram cannot be decoded");
    File garbage = log(dir, "0.000,1.000,1.000," + good + "\nnot,a line\n");
    assertThatThrownBy(() -> HdrLog.read(garbage)).hasMessageStartingWith(garbage + ":6: not an HdrHistogram interval line");
  }

  @Test
  void aKilledWritersUnfinishedLastLineHoldsNoInterval(@TempDir Path dir) throws Exception {
    String good = withStatedHighest(recorded(1000), recorded(1000).getHighestTrackableValue());
    File f = log(dir, "0.000,1.000,1.000," + good + "\n1.000,1.000,1.000," + good.substring(0, 20));
    assertThat(HdrLog.readKilled(f)).hasSize(1);
    assertThatThrownBy(() -> HdrLog.read(f)).hasMessageContaining(":6:");
  }

  /** 1,000 reads of 2 ms, as a log line's payload. */
  private static String payload() {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(2_000, 1_000);
    ByteBuffer b = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(b);
    return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(b.array(), n));
  }

  /** A log of exactly these lines (no header of its own). */
  private static File lines(Path dir, String... lines) throws java.io.IOException {
    Path f = dir.resolve("READ.hdr");
    Files.write(f, List.of(lines), StandardCharsets.ISO_8859_1);
    return f.toFile();
  }

  @Test
  void aStampAYearOrMoreBeforeTheStartIsRelativeToItAndALaterOneAbsolute(@TempDir Path dir) throws Exception {
    String p = payload();
    // start 1,790,000,000 s: a stamp of 3 s is relative (3 s after the start)
    List<HdrLog.Interval> relative = HdrLog.read(lines(dir, "#[StartTime: 1790000000.000 (seconds since epoch)]",
        "3.000,1.000,2.000," + p));
    assertThat(relative.get(0).startMs).isEqualTo(1_790_000_003_000L);
    assertThat(relative.get(0).endMs).isEqualTo(1_790_000_004_000L);
    assertThat(relative.get(0).histogram.getTotalCount()).isEqualTo(1_000);
    // exactly a year (365 days) before the start is not more than a year: absolute
    double yearBefore = 1_790_000_000.0 - 365 * 24 * 3600.0;
    List<HdrLog.Interval> edge = HdrLog.read(lines(dir, "#[StartTime: 1790000000.000 (seconds since epoch)]",
        String.format(java.util.Locale.ROOT, "%.3f,1.000,2.000,%s", yearBefore, p)));
    assertThat(edge.get(0).startMs).isEqualTo((long) (yearBefore * 1000));
    // and a second further back is relative again
    List<HdrLog.Interval> further = HdrLog.read(lines(dir, "#[StartTime: 1790000000.000 (seconds since epoch)]",
        String.format(java.util.Locale.ROOT, "%.3f,1.000,2.000,%s", yearBefore - 1, p)));
    assertThat(further.get(0).startMs).isEqualTo((long) ((1_790_000_000.0 + yearBefore - 1) * 1000));
    // a stated base time wins over the rule
    List<HdrLog.Interval> based = HdrLog.read(lines(dir, "#[StartTime: 1790000000.000 (seconds since epoch)]",
        "#[BaseTime: 1790000100.000 (seconds since epoch)]", "3.000,1.000,2.000," + p));
    assertThat(based.get(0).startMs).isEqualTo(1_790_000_103_000L);
  }
  @Test
  void aLineThatIsNoIntervalIsNamedShortenedPastSixtyCharacters(@TempDir Path dir) {
    String sixty = "x".repeat(60);
    assertThatThrownBy(() -> HdrLog.read(lines(dir, sixty))).isInstanceOf(java.io.IOException.class)
        .hasMessageEndingWith(":1: not an HdrHistogram interval line (" + sixty + ")");
    assertThatThrownBy(() -> HdrLog.read(lines(dir, "# a comment", sixty + "y"))).isInstanceOf(java.io.IOException.class)
        .hasMessageEndingWith(":2: not an HdrHistogram interval line (" + sixty + "...)");
    assertThatThrownBy(() -> HdrLog.read(lines(dir, "#[StartTime: soon]"))).isInstanceOf(java.io.IOException.class)
        .hasMessageEndingWith(":1: no time in seconds after #[StartTime: (#[StartTime: soon])");
  }
  @Test
  void aCompleteLogsLastLineNeedsNoNewlineAndAKilledWritersUnfinishedLineIsNoInterval(@TempDir Path dir)
      throws Exception {
    String p = payload();
    String text = "#[StartTime: 1790000000.000 (seconds since epoch)]\n3.000,1.000,2.000," + p + "\n4.000,1.000,2.000,"
        + p;
    Path f = dir.resolve("READ.hdr");
    Files.writeString(f, text, StandardCharsets.ISO_8859_1);
    assertThat(HdrLog.read(f.toFile())).extracting(i -> i.startMs).containsExactly(1_790_000_003_000L,
        1_790_000_004_000L);
    assertThat(HdrLog.readKilled(f.toFile())).extracting(i -> i.startMs).containsExactly(1_790_000_003_000L);
    Files.writeString(f, text + "\n", StandardCharsets.ISO_8859_1);
    assertThat(HdrLog.readKilled(f.toFile())).hasSize(2);
  }}
