package io.largekv.report.render;

import io.largekv.results.Results;
import io.largekv.results.Reason;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;

/**
 * The servers' side of a phase in words (docs/servers.md#the-report): its table, a row per node of
 * each column's repeat and the cluster's, and its one line for the console. A figure's cell is its
 * value, "(n of m)" when it rests on fewer samples than there were, or why it is unavailable.
 */
public final class ServerTable {

  private ServerTable() {}

  /** The servers table's columns (docs/servers.md#the-report). */
  public static final List<String> COLUMNS = List.of("target", "repeat", "node", "state", "table start → end",
      "growth per hour", "bytes per stored row", "uncompressed", "not yet on disk", "CPU %", "disk reads/s",
      "disk writes/s", "read MB/s", "average read", "disk reads per client read");

  /**
   * A table cell: {@code text}, or a figure that is unavailable for {@code why} ({@code text} then
   * what follows the reason in the same cell, if anything).
   */
  private record Cell(String text, Reason why) {

    static Cell text(String text) {
      return new Cell(text, null);
    }

    /** The cell in words: its reason inline. */
    String words() {
      return why == null ? text : "unavailable: " + why.words() + text;
    }
  }

  /**
   * A phase's servers: a row per node of each column's repeat, then the cluster's; a cell is its
   * figure, "unavailable: WHY", and "(n of m samples)" when it rests on fewer than all.
   */
  public static List<List<String>> rows(Results results, String phase) {
    return cells(results, phase).stream().map(row -> row.stream().map(Cell::words).toList()).toList();
  }

  /**
   * The rows of {@link #rows(Results, String)} with each distinct "unavailable: REASON" cell written
   * "unavailable [n]", its reason the n-th of {@code notes}: a wide table's reasons said once each,
   * under it.
   */
  static List<List<String>> rows(Results results, String phase, List<String> notes) {
    List<List<String>> out = new ArrayList<>();
    for (List<Cell> row : cells(results, phase)) {
      List<String> r = new ArrayList<>();
      for (Cell cell : row) {
        if (cell.why() == null) {
          r.add(cell.text());
          continue;
        }
        String why = cell.why().words() + cell.text();
        // a cluster sum's reason names the node whose figure is missing: said once when the node's row says it
        String bare = cell.why().detail() + cell.text();
        if (cell.why().node() != null && notes.contains(bare)) {
          why = bare;
        }
        r.add("unavailable [" + (note(notes, why) + 1) + "]");
      }
      out.add(r);
    }
    return out;
  }

  private static List<List<Cell>> cells(Results results, String phase) {
    List<List<Cell>> rows = new ArrayList<>();
    for (Results.Servers s : results.phase(phase).servers()) {
      List<Results.ServerNode> nodes = new ArrayList<>(s.nodes());
      nodes.add(s.cluster());
      for (Results.ServerNode n : nodes) {
        Cell start = cell(n.tableBytesStart(), ReportFormat::bytes);
        String table = " → " + bytes(n.tableBytesEnd());
        rows.add(List.of(Cell.text(s.column()), Cell.text(Integer.toString(s.repeat())), Cell.text(n.node()),
            Cell.text(n.lastState() == null ? "-" : n.lastState()),
            new Cell(start.text() + table, start.why()),
            cell(n.growthBytesPerHour(), v -> ReportFormat.bytes(v) + "/h"),
            cell(n.bytesPerStoredRow(), perStoredRowFormat(n)),
            cell(n.uncompressedBytesEnd(), ReportFormat::bytes), cell(n.memtableBytesEnd(), ReportFormat::bytes),
            cell(n.cpuPercent(), v -> String.format(Locale.ROOT, "%.1f", v)),
            cell(n.diskReadsPerSecond(), v -> String.format(Locale.ROOT, "%,.0f", v)),
            cell(n.diskWritesPerSecond(), v -> String.format(Locale.ROOT, "%,.0f", v)),
            cell(n.diskReadBytesPerSecond(), v -> String.format(Locale.ROOT, "%.2f", v / 1e6)),
            cell(n.averageReadBytes(), ReportFormat::bytes),
            cell(n.diskReadsPerClientRead(), v -> String.format(Locale.ROOT, "%.2f", v))));
      }
    }
    return rows;
  }

  /** A figure's cell ({@link #figure}); a reason only, without text, when it is unavailable. */
  private static Cell cell(Results.Figure f, DoubleFunction<String> format) {
    return f != null && f.value() == null && f.missing().code() != Reason.Code.CLUSTER_ONLY ? new Cell("", f.missing())
        : Cell.text(figure(f, format));
  }

  /** The index of {@code why} among {@code notes}, added when new. */
  private static int note(List<String> notes, String why) {
    int n = notes.indexOf(why);
    if (n < 0) {
      notes.add(why);
      n = notes.size() - 1;
    }
    return n;
  }

  /**
   * A phase's servers in one line for the console: the figures measured, and those unavailable
   * grouped by their reason, written {@code unavailable [n]} with the reason the n-th of
   * {@code notes} (said once under the table). A table with nothing on disk at the end while the
   * phase had rows says where they are: Cassandra's disk usage counts SSTables only.
   */
  public static String line(Results.Servers s, List<String> notes) {
    Results.ServerNode c = s.cluster();
    List<String> shown = new ArrayList<>();
    Map<String, List<String>> missing = new LinkedHashMap<>();
    figure(shown, missing, "CPU", c.cpuPercent(), v -> String.format(Locale.ROOT, "%.1f %%", v));
    if (c.tableBytesStart().value() != null && c.tableBytesEnd().value() != null) {
      shown.add("table " + bytes(c.tableBytesStart()) + " → " + bytes(c.tableBytesEnd())
          + (c.tableBytesEnd().value() == 0 ? " on disk (its rows still in memtables)" : ""));
    } else {
      figure(shown, missing, "table at the start", c.tableBytesStart(), ReportFormat::bytes);
      figure(shown, missing, "table at the end", c.tableBytesEnd(), ReportFormat::bytes);
    }
    if (c.bytesPerStoredRow().value() != null) {
      shown.add(figure(c.bytesPerStoredRow(), perStoredRowFormat(c)) + " per stored row");
    } else {
      figure(shown, missing, "per stored row", c.bytesPerStoredRow(), perStoredRowFormat(c));
    }
    figure(shown, missing, "not yet on disk", c.memtableBytesEnd(), ReportFormat::bytes);
    figure(shown, missing, "disk reads/s", c.diskReadsPerSecond(), v -> String.format(Locale.ROOT, "%,.0f", v));
    figure(shown, missing, "read", c.diskReadBytesPerSecond(), v -> String.format(Locale.ROOT, "%.2f MB/s", v / 1e6));
    figure(shown, missing, "disk reads per client read", c.diskReadsPerClientRead(),
        v -> String.format(Locale.ROOT, "%.2f", v));
    StringBuilder b = new StringBuilder("servers (" + s.nodes().size() + " node" + (s.nodes().size() == 1 ? "" : "s")
        + ", " + s.samples() + " samples): " + String.join("; ", shown));
    missing.forEach((why, names) -> b.append("; ").append(String.join(", ", names)).append(": unavailable [")
        .append(note(notes, why) + 1).append(']'));
    return b.toString();
  }

  /**
   * A figure of the servers' line: "name value" among {@code shown}, or its name under its reason;
   * none when it is not a figure of the phase.
   */
  private static void figure(List<String> shown, Map<String, List<String>> missing, String name, Results.Figure f,
      DoubleFunction<String> format) {
    if (f.value() != null) {
      shown.add(name + " " + figure(f, format));
    } else if (f.missing().code() != Reason.Code.NOT_OF_THIS_PHASE) {
      // grouped by the reason, without the node a cluster sum names (report.md has each node's)
      missing.computeIfAbsent(f.missing().detail(), k -> new ArrayList<>()).add(name);
    }
  }

  /** Bytes per stored row, against the 306 logical; said as on disk only when memtables are not measured. */
  private static DoubleFunction<String> perStoredRowFormat(Results.ServerNode n) {
    return v -> String.format(Locale.ROOT, "%.0f B (logical 306 B%s)", v, n.memtableBytesEnd().value() == null
        ? "; on disk only: rows in memtables not counted" : "");
  }

  static String bytes(Results.Figure f) {
    return figure(f, ReportFormat::bytes);
  }

  /**
   * A figure's cell: its value, with "(n of m)" when it rests on fewer samples; "-" on a node's row
   * for a figure of the cluster only; or why it is unavailable.
   */
  static String figure(Results.Figure f, DoubleFunction<String> format) {
    if (f == null || f.missing() != null && f.missing().code() == Reason.Code.CLUSTER_ONLY) {
      return "-";
    }
    if (f.value() == null) {
      return "unavailable: " + f.unavailable();
    }
    String v = format.apply(f.value());
    return f.of() > 0 && f.samples() < f.of() ? v + " (" + f.samples() + " of " + f.of() + ")" : v;
  }
}
