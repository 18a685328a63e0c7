package io.largekv.report.files;

import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * One HdrHistogram interval log as YCSB writes it ({@code hdrhistogram.fileoutput=true}, an interval
 * histogram of one operation's latencies in µs per status interval), or as nb5 writes it (one line
 * per timer and interval, each with its {@code Tag=}).
 *
 * <p>Read line by line here rather than by HdrHistogram's {@code HistogramLogReader}, for two
 * reasons. That reader stops at a payload it cannot inflate and returns what it had as if the log
 * ended there; here any complete line that is not a comment, the legend or a readable interval fails
 * the read with its file and line number. And HdrHistogram's auto-resizing histograms (YCSB's
 * {@code Recorder}, nb5's) can write an interval whose header states a highest trackable value
 * below the largest value it holds: two threads that record new maxima at once race on that field
 * while resizing. Its counts are right (a counts array's index maps to the same value whatever the
 * array's length), so such an interval is decoded again into a histogram with room for every value
 * and then copied into one of the size its values need.
 */
public final class HdrLog {

  /** What an auto-resizing histogram can track at most (HdrHistogram's own limit). */
  private static final long ROOM_FOR_ANY_VALUE = Long.MAX_VALUE / 2;
  /** A time stamp this far before the start time is one relative to it (HdrHistogram's rule). */
  private static final double RELATIVE_IF_BEFORE_START_S = 365 * 24 * 3600.0;

  /**
   * One interval: absolute start and end in ms since the epoch, and its histogram (with the line's
   * tag, if it had one, as {@link Histogram#getTag()}).
   */
  public static final class Interval {
    public final long startMs;
    public final long endMs;
    public final Histogram histogram;

    public Interval(long startMs, long endMs, Histogram histogram) {
      this.startMs = startMs;
      this.endMs = endMs;
      this.histogram = histogram;
    }
  }

  private HdrLog() {}

  /** Every interval of a complete log; a line that holds none fails with its file and line number. */
  public static List<Interval> read(File file) throws IOException {
    return parse(file, Files.readString(file.toPath(), StandardCharsets.ISO_8859_1), false);
  }

  /**
   * The intervals of a log whose writer was killed (a client's earlier attempt): every complete
   * line; a last line it did not finish writing holds no interval.
   */
  public static List<Interval> readKilled(File file) throws IOException {
    return parse(file, Files.readString(file.toPath(), StandardCharsets.ISO_8859_1), true);
  }

  private static List<Interval> parse(File file, String text, boolean killed) throws IOException {
    String[] lines = text.split("\n", -1);
    // the text after the last newline: empty in a complete log, an unfinished line in a killed one
    int complete = lines.length - 1;
    if (!killed && !lines[complete].isBlank()) {
      complete++;
    }
    List<Interval> out = new ArrayList<>();
    double startS = Double.NaN;
    double baseS = Double.NaN;
    for (int n = 0; n < complete; n++) {
      String line = lines[n].strip();
      String where = file + ":" + (n + 1);
      if (line.startsWith("#[StartTime: ")) {
        startS = seconds(line, "#[StartTime: ", where);
      } else if (line.startsWith("#[BaseTime: ")) {
        baseS = seconds(line, "#[BaseTime: ", where);
      } else if (!line.isEmpty() && !line.startsWith("#") && !line.startsWith("\"StartTimestamp\"")) {
        String[] f = line.split(",");
        int i = f[0].startsWith("Tag=") ? 1 : 0;
        if (f.length != i + 4) {
          throw new IOException(where + ": not an HdrHistogram interval line (" + shortened(line) + ")");
        }
        double stampS;
        double lengthS;
        try {
          stampS = Double.parseDouble(f[i]);
          lengthS = Double.parseDouble(f[i + 1]);
        } catch (NumberFormatException e) {
          throw new IOException(where + ": an interval's start or length is not a number (" + shortened(line) + ")");
        }
        if (Double.isNaN(startS)) {
          startS = stampS;
        }
        if (Double.isNaN(baseS)) {
          baseS = stampS < startS - RELATIVE_IF_BEFORE_START_S ? startS : 0;
        }
        Histogram h = decode(f[i + 3], where);
        double absoluteS = baseS + stampS;
        long startMs = (long) (absoluteS * 1000.0);
        long endMs = (long) ((absoluteS + lengthS) * 1000.0);
        h.setStartTimeStamp(startMs);
        h.setEndTimeStamp(endMs);
        h.setTag(i == 1 ? f[0].substring(4) : null);
        out.add(new Interval(startMs, endMs, h));
      }
    }
    return out;
  }

  private static double seconds(String line, String prefix, String where) throws IOException {
    String rest = line.substring(prefix.length()).strip();
    int end = rest.indexOf(' ');
    try {
      return Double.parseDouble(end < 0 ? rest : rest.substring(0, end));
    } catch (NumberFormatException e) {
      throw new IOException(where + ": no time in seconds after " + prefix.strip() + " (" + shortened(line) + ")");
    }
  }

  /**
   * The histogram of one compressed base64 payload: an integer one (a latency log's; any other kind
   * fails the read).
   */
  private static Histogram decode(String base64, String where) throws IOException {
    byte[] bytes;
    try {
      bytes = Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      throw new IOException(where + ": an interval's histogram is not base64: " + e.getMessage());
    }
    try {
      return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
    } catch (IndexOutOfBoundsException stale) {
      // the header's highest trackable value is below a value it holds (see the class comment)
      try {
        Histogram roomy = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), ROOM_FOR_ANY_VALUE);
        Histogram fitting = new Histogram(roomy.getLowestDiscernibleValue(),
            Math.max(2 * roomy.getLowestDiscernibleValue(), roomy.getMaxValue()),
            roomy.getNumberOfSignificantValueDigits());
        fitting.setAutoResize(true);
        fitting.add(roomy);
        return fitting;
      } catch (DataFormatException | RuntimeException again) {
        throw new IOException(where + ": an interval's histogram cannot be decoded: " + again);
      }
    } catch (DataFormatException | RuntimeException bad) {
      throw new IOException(where + ": an interval's histogram cannot be decoded: " + bad);
    }
  }

  private static String shortened(String line) {
    return line.length() <= 60 ? line : line.substring(0, 60) + "...";
  }

  /** The sum of the histograms of the intervals that start at or after {@code fromMs}. */
  public static Histogram merge(List<List<Interval>> logs, long fromMs) {
    Histogram total = new Histogram(3);
    for (List<Interval> log : logs) {
      for (Interval i : log) {
        if (i.startMs >= fromMs) {
          total.add(i.histogram);
        }
      }
    }
    return total;
  }
}
