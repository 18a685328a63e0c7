package io.largekv.report.files;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.HistogramLogWriter;

/**
 * nb5's HdrHistogram log ({@code --log-histograms}, with {@code instrument=true}) in the layout
 * every client of a phase has ({@code hdr/<OPERATION>.hdr}, µs, what {@link HdrLog} reads): each
 * op template's {@code successfor_<op>} timer becomes its operation (select: READ, update: UPDATE,
 * insert: INSERT), {@code errorsfor_<op>} its {@code <OPERATION>-FAILED}. nb5 records
 * nanoseconds; each value becomes the µs it falls in (at least 1). nb5 5.17 names the timers
 * {@code successfor_<block>__<op>}, 5.25 {@code successfor_<op>}. The intervals before the first
 * one with an operation (nb5 connecting, preparing) are left out: a client's time starts at its
 * first operation, as a YCSB client's does. Nothing is added or dropped otherwise: every operation
 * the log holds is in the result, and {@link #translate} returns their counts.
 */
public final class Nb5Histograms {

  private static final String SUCCESS = "successfor_";
  private static final String FAILURE = "errorsfor_";

  private Nb5Histograms() {}

  /**
   * The largekv operation name of an nb5 timer tag, e.g. {@code successfor_uniform_read__select}
   * → READ, {@code errorsfor_insert} → INSERT-FAILED; null for any other timer (bind, result,
   * the verified step's summary, ...).
   */
  public static String operation(String tag) {
    if (tag == null) {
      return null;
    }
    boolean failed = tag.startsWith(FAILURE);
    if (!failed && !tag.startsWith(SUCCESS)) {
      return null;
    }
    String op = tag.substring((failed ? FAILURE : SUCCESS).length());
    int block = op.lastIndexOf("__");
    op = block >= 0 ? op.substring(block + 2) : op;
    String name = switch (op) {
      case "select" -> "READ";
      case "update" -> "UPDATE";
      case "insert" -> "INSERT";
      case "summary" -> null;   // the verified step: one query that prints the counts, not an operation
      default -> op.toUpperCase(Locale.ROOT);
    };
    return name == null ? null : failed ? name + "-FAILED" : name;
  }

  /**
   * Writes {@code hdrDir/<OPERATION>.hdr} from nb5's log; returns each operation's count (failed
   * ones under {@code <OPERATION>-FAILED}).
   */
  public static Map<String, Long> translate(Path nb5Log, Path hdrDir) throws IOException {
    Map<String, List<Histogram>> byOperation = new LinkedHashMap<>();
    if (Files.exists(nb5Log)) {
      // nb5 ended by a signal at the phase's end may not have finished its last line
      for (HdrLog.Interval i : HdrLog.readKilled(nb5Log.toFile())) {
        String op = operation(i.histogram.getTag());
        if (op != null) {
          byOperation.computeIfAbsent(op, k -> new ArrayList<>()).add(i.histogram);
        }
      }
    }
    long first = Long.MAX_VALUE;
    for (List<Histogram> intervals : byOperation.values()) {
      for (Histogram h : intervals) {
        if (h.getTotalCount() > 0) {
          first = Math.min(first, h.getStartTimeStamp());
        }
      }
    }
    Files.createDirectories(hdrDir);
    Map<String, Long> counts = new LinkedHashMap<>();
    for (Map.Entry<String, List<Histogram>> op : byOperation.entrySet()) {
      long count = 0;
      File file = hdrDir.resolve(op.getKey() + ".hdr").toFile();
      try (PrintStream out = new PrintStream(file, "UTF-8")) {
        HistogramLogWriter writer = new HistogramLogWriter(out);
        writer.outputComment("largekv: " + op.getKey() + " of nb5's " + nb5Log.getFileName() + ", in µs");
        writer.outputLogFormatVersion();
        boolean started = false;
        for (Histogram h : op.getValue()) {
          if (h.getStartTimeStamp() < first && h.getTotalCount() == 0) {
            continue;   // before the client's first operation
          }
          Histogram us = microseconds(h);
          if (!started) {
            writer.outputStartTime(us.getStartTimeStamp());
            writer.setBaseTime(us.getStartTimeStamp());
            writer.outputBaseTime(us.getStartTimeStamp());
            writer.outputLegend();
            started = true;
          }
          writer.outputIntervalHistogram(us);
          count += us.getTotalCount();
        }
      }
      counts.put(op.getKey(), count);
    }
    return counts;
  }

  /** {@code ns}, an nb5 interval in nanoseconds, in µs with its start and end. */
  static Histogram microseconds(Histogram ns) {
    Histogram us = new Histogram(3);
    for (HistogramIterationValue v : ns.recordedValues()) {
      us.recordValueWithCount(Math.max(1, v.getValueIteratedTo() / 1000), v.getCountAtValueIteratedTo());
    }
    us.setStartTimeStamp(ns.getStartTimeStamp());
    us.setEndTimeStamp(ns.getEndTimeStamp());
    return us;
  }
}
