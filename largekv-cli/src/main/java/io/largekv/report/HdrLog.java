package io.largekv.report;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * One HdrHistogram interval log as YCSB writes it ({@code hdrhistogram.fileoutput=true}): an
 * interval histogram of one operation's latencies (µs) per status interval.
 */
public final class HdrLog {

  /** One interval: absolute start and end in ms since the epoch, and its histogram. */
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

  public static List<Interval> read(File file) throws IOException {
    return read(new HistogramLogReader(file));
  }

  /**
   * The intervals of a log whose writer was killed (a client's earlier attempt): every complete
   * line; a last line it did not finish writing holds no interval.
   */
  public static List<Interval> readKilled(File file) throws IOException {
    byte[] bytes = Files.readAllBytes(file.toPath());
    int end = bytes.length;
    while (end > 0 && bytes[end - 1] != '\n') {
      end--;
    }
    return read(new HistogramLogReader(new ByteArrayInputStream(bytes, 0, end)));
  }

  private static List<Interval> read(HistogramLogReader reader) {
    List<Interval> out = new ArrayList<>();
    try {
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        if (h instanceof Histogram) {
          Histogram hist = (Histogram) h;
          out.add(new Interval(hist.getStartTimeStamp(), hist.getEndTimeStamp(), hist));
        }
      }
    } finally {
      reader.close();
    }
    return out;
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
