package io.largekv.report.render;

import io.largekv.report.Report;
import io.largekv.report.ServerFigures;
import io.largekv.results.ClientSummary;
import io.largekv.results.Results;
import io.largekv.results.RunSetup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The report's tables as text, rendered from its {@link Results} alone: a cell of report.md or
 * report.html is its value in results.json, formatted ({@link ReportFormat}).
 */
public final class ReportTables {

  private ReportTables() {}

  /** A phase's main table: row name → one value per column. */
  public static Map<String, List<String>> main(Results results, String phase) {
    Results.Phase p = phase(results, phase);
    Map<String, List<String>> rows = new LinkedHashMap<>();
    List<Results.Cell> cells = p.cells();
    boolean reruns = cells.stream().flatMap(c -> c.repeats().stream()).anyMatch(r -> !r.reruns().isEmpty());
    boolean changes = cells.stream().anyMatch(c -> c.change() != null);
    // the most clients any run of the report had (every phase's table has the row then)
    int clients = results.phases().stream().flatMap(x -> x.cells().stream()).flatMap(c -> c.repeats().stream())
        .mapToInt(r -> r.exitCodes().size()).max().orElse(0);
    List<String> others = cells.stream().flatMap(c -> c.others().stream()).map(Results.Other::operation).distinct()
        .sorted().toList();
    for (Results.Cell c : cells) {
      boolean absent = c.status().equals(Results.Cell.NOT_IN_RUN);
      add(rows, "status", c.status().equals(Results.Cell.FAILED) ? "FAILED (" + c.failure() + ")" : c.status());
      List<Double> tp = c.repeats().stream().map(Results.Repeat::throughput).filter(Objects::nonNull).toList();
      add(rows, "throughput (ops/s)", tp.isEmpty() ? "-" : ReportFormat.throughput(tp));
      if (results.columns().size() > 1) {
        add(rows, "throughput vs " + results.columns().get(0), c.throughputVsFirst() == null ? "-"
            : String.format(Locale.ROOT, "%.2f×", c.throughputVsFirst()));
      }
      if (changes) {
        add(rows, "change vs the first run", change(c.change()));
      }
      add(rows, "measured seconds", measured(c));
      if (clients > 1) {
        add(rows, "throughput per client (ops/s)", perClient(c));
      }
      if (reruns) {
        // a load client run again: its earlier attempts' time is in the measured seconds, their rows counted once
        List<String> r = c.repeats().stream().flatMap(x -> x.reruns().stream()).toList();
        add(rows, "clients run again", r.isEmpty() ? "-" : String.join("; ", r));
      }
      Results.Latency l = c.latency();
      add(rows, "operation", c.operation() == null ? "-"
          : c.operation() + (l.time().equals("intended") ? " (intended time)" : ""));
      add(rows, "p50 (ms)", ms(l == null ? null : l.p50()));
      add(rows, "p95 (ms)", ms(l == null ? null : l.p95()));
      add(rows, "p99 (ms)", ms(l == null ? null : l.p99()));
      add(rows, "p99.9 (ms)", ms(l == null ? null : l.p999()));
      add(rows, "max (ms)", ms(l == null ? null : l.max()));
      add(rows, "operations", count(c.operations()));
      for (String other : others) {
        Results.Latency o = c.others().stream().filter(x -> x.operation().equals(other)).map(Results.Other::latency)
            .findFirst().orElse(null);
        add(rows, other + " operations", o == null ? (absent ? "-" : "0") : Long.toString(o.count()));
        add(rows, other + " p50 / p99 / p99.9 / max (ms)", o == null || o.count() == 0 ? "-"
            : String.join(" / ", ms(o.p50()), ms(o.p99()), ms(o.p999()), ms(o.max())));
      }
      add(rows, "errors", c.errors() == null ? "-" : c.errors() == 0 ? "0"
          : c.errors() + " " + (c.errorClasses().isEmpty() ? "" : c.errorClasses().toString()));
      boolean load = RunSetup.LOAD.equals(phase) && !absent;
      add(rows, "verified ok (the whole phase)", load ? "not verified (load)" : count(c.verifiedOk()));
      add(rows, "verification failures (corrupt + missing)", load ? "not verified (load)"
          : count(c.verificationFailures()));
      add(rows, "event-loop stalls (client)", c.stalls() == null ? "-" : stalls(c.stalls()));
    }
    return rows;
  }

  /** A phase's events: a row per event of each column's repeat ({@link #EVENT_COLUMNS}). */
  public static List<List<String>> events(Results results, String phase) {
    List<List<String>> rows = new ArrayList<>();
    for (Results.Event e : phase(results, phase).events()) {
      List<String> cells = new ArrayList<>(List.of(e.column(), Integer.toString(e.repeat()), e.event(),
          e.startedAtSeconds() == null ? "-" : secs(e.startedAtSeconds()),
          e.tookSeconds() == null ? "-" : secs(e.tookSeconds()),
          e.result() + (e.detail().isEmpty() ? "" : " (" + e.detail() + ")")));
      Results.Impact i = e.impact();
      if (i == null) {
        cells.addAll(List.of("-", "-", "-", "-", "-", "-", "-"));
      } else {
        cells.add(i.beforeOpsPerSecond() == null ? "-" : String.format(Locale.ROOT, "%,.0f", i.beforeOpsPerSecond()));
        cells.add(i.lowestOpsPerSecond() == null ? "-" : String.format(Locale.ROOT, "%,.0f", i.lowestOpsPerSecond()));
        cells.add(i.recoveredAfterSeconds() != null ? Integer.toString(i.recoveredAfterSeconds())
            : i.beforeOpsPerSecond() == null ? "-" : "not recovered");
        cells.add(i.windowStartSecond() + "–" + i.windowEndSecond());
        cells.add(i.failed() == 0 ? "0" : i.failed() + " " + i.failedByClass());
        cells.add(i.p99Ms() == null ? "-" : String.format(Locale.ROOT, "%.2f", i.p99Ms()));
        cells.add(Long.toString(i.verificationFailures()));
      }
      cells.add(rebalance(e.rebalance()));
      rows.add(cells);
    }
    return rows;
  }

  /** A phase's local clusters at the end of each repeat ({@link #NODE_COLUMNS}). */
  public static List<List<String>> nodes(Results results, String phase) {
    return phase(results, phase).nodes().stream().map(n -> List.of(n.column(), Integer.toString(n.repeat()),
        Integer.toString(n.node()), n.address(), n.state(),
        n.lastStartedAtSeconds() == null ? "-" : secs(n.lastStartedAtSeconds()),
        n.readsCoordinated() == null ? "-" : Long.toString(n.readsCoordinated()),
        n.writesCoordinated() == null ? "-" : Long.toString(n.writesCoordinated()))).toList();
  }

  private static Results.Phase phase(Results results, String phase) {
    return results.phases().stream().filter(p -> p.name().equals(phase)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no phase " + phase));
  }

  private static void add(Map<String, List<String>> rows, String name, String value) {
    rows.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
  }

  private static String count(Long n) {
    return n == null ? "-" : Long.toString(n);
  }

  private static String ms(Double ms) {
    return ms == null ? "-" : ReportFormat.ms(ms);
  }

  private static String secs(double s) {
    return String.format(Locale.ROOT, "%.1f", s);
  }

  private static String stalls(ClientSummary.Stalls s) {
    return s.describe();
  }

  /** Each client's own throughput after the warm-up, client-0 first; a repeat's after a ";". */
  private static String perClient(Results.Cell c) {
    List<String> out = new ArrayList<>();
    for (Results.Repeat r : c.repeats()) {
      if (r.throughput() != null) {
        out.add(String.join(" / ", r.clientThroughputs().stream()
            .map(t -> t == null ? "-" : String.format(Locale.ROOT, "%,.0f", t)).toList()));
      }
    }
    return out.isEmpty() ? "-" : String.join("; ", out);
  }

  /** Each repeat's measured seconds; the clients' range when a client measured less. */
  private static String measured(Results.Cell c) {
    List<String> out = new ArrayList<>();
    for (Results.Repeat r : c.repeats()) {
      if (r.measuredSeconds() == null) {
        continue;
      }
      double min = r.clientMeasuredSeconds().stream().mapToDouble(Double::doubleValue).min().orElse(0);
      double max = r.clientMeasuredSeconds().stream().mapToDouble(Double::doubleValue).max().orElse(0);
      String s = String.format(Locale.ROOT, "%.1f", r.measuredSeconds());
      if (r.clientMeasuredSeconds().size() > 1 && r.measuredSeconds() - min >= 0.5) {
        s += String.format(Locale.ROOT, " (clients %.1f–%.1f)", min, max);
      }
      out.add(s);
    }
    return out.isEmpty() ? "-" : String.join(", ", out);
  }

  /** The change row's cell: {@code within the spread (0.98×; p = 0.41)}, {@code changed: ...}, {@code unavailable: WHY}. */
  static String change(Results.Change ch) {
    if (ch == null) {
      return "-";
    }
    String ratio = ch.ratio() == null ? "" : String.format(Locale.ROOT, "%.2f×", ch.ratio());
    String test = ch.pValue() == null ? "ranges of the repeats" : "p = " + ReportFormat.pValue(ch.pValue());
    return switch (ch.verdict()) {
      case Results.Change.WITHIN -> "within the spread (" + ratio + "; " + test + ")";
      case Results.Change.CHANGED -> "changed: " + ratio + " (" + test + ")";
      default -> "unavailable: " + ch.reason();
    };
  }

  /** The node table's columns. */
  public static final List<String> NODE_COLUMNS = List.of("target", "repeat", "node", "address", "state at the end",
      "last started at (s)", "reads coordinated since", "writes coordinated since");

  /** The event table's columns. */
  public static final List<String> EVENT_COLUMNS = List.of("target", "repeat", "event", "started at (s)",
      "took (s)", "result", "before (ops/s)", "lowest (ops/s)", "recovered after (s)", "window (s)",
      "failed ops in window", "p99 in window (ms)", "verification failures", "data settled after (s)");

  /** The main table's header: a column per target (and harness). */
  public static List<String> header(Report report) {
    List<String> header = new ArrayList<>(List.of(""));
    header.addAll(report.columns);
    return header;
  }

  /** The main table's rows: the row's name, then a value per column. */
  public static List<List<String>> rows(Report report, String phase) {
    List<List<String>> rows = new ArrayList<>();
    main(report.results(), phase).forEach((name, values) -> {
      List<String> r = new ArrayList<>(List.of(name));
      r.addAll(values);
      rows.add(r);
    });
    return rows;
  }

  /** A table under a phase's main one: its kind (servers, events, nodes), title, columns and rows. */
  public record SubTable(String kind, String title, List<String> columns, List<List<String>> rows,
      List<String> notes) {

    SubTable(String kind, String title, List<String> columns, List<List<String>> rows) {
      this(kind, title, columns, rows, List.of());
    }
  }

  /** The tables under a phase's main one that it has: servers, events, the local cluster. */
  public static List<SubTable> subTables(Report report, String phase) {
    List<SubTable> t = new ArrayList<>();
    Results results = report.results();
    if (!phase(results, phase).servers().isEmpty()) {
      List<String> notes = new ArrayList<>();
      t.add(new SubTable("servers", "Servers in " + phase, SERVER_COLUMNS, footnoted(servers(results, phase), notes),
          notes));
    }
    List<List<String>> uncached = uncached(results, phase);
    if (!uncached.isEmpty()) {
      t.add(new SubTable("uncached", "The uncached read beside the published one (" + phase + ")",
          uncachedColumns(results, phase), uncached));
    }
    if ("full-scale".equals(report.setup.workloads())) {
      List<List<String>> seed = seed(results, phase);
      if (!seed.isEmpty()) {
        t.add(new SubTable("seed", "The published figures beside this run's (" + phase + ")", seedColumns(results),
            seed));
      }
    }
    if (!events(results, phase).isEmpty()) {
      t.add(new SubTable("events", "Events in " + phase, EVENT_COLUMNS, events(results, phase)));
    }
    if (!nodes(results, phase).isEmpty()) {
      t.add(new SubTable("nodes", "Local cluster at the end of " + phase, NODE_COLUMNS, nodes(results, phase)));
    }
    return t;
  }

  /** The seed-table columns: the figure, the seed's value, then each column of this run. */
  static List<String> seedColumns(Results results) {
    List<String> c = new ArrayList<>(List.of("figure", "published (4 nodes, 32 vCPUs each)"));
    c.addAll(results.columns());
    return c;
  }

  /** A full-scale phase's seed table: a row per line of the seed's own table, this run's figure per column. */
  public static List<List<String>> seed(Results results, String phase) {
    Results.Phase p = phase(results, phase);
    List<List<String>> rows = new ArrayList<>();
    for (int col = 0; col < p.cells().size(); col++) {
      Results.Cell cell = p.cells().get(col);
      Results.Servers servers = p.servers().stream().filter(s -> s.column().equals(cell.column()) && s.repeat() == 1)
          .findFirst().orElse(null);
      List<SeedFigures.Line> lines = SeedFigures.of(phase, cell, servers);
      for (int i = 0; i < lines.size(); i++) {
        if (col == 0) {
          rows.add(new ArrayList<>(List.of(lines.get(i).figure(), lines.get(i).seed())));
        }
        rows.get(i).add(lines.get(i).run());
      }
    }
    return rows;
  }

  /**
   * The published uncached read (4 nodes of 8 vCPUs, RF 3, 1.6 billion rows, 150 readers; the seed
   * "Uncached/Large Data Set Random Read Workload"): each figure's name and its published value, in
   * the order of {@link #uncached}'s rows.
   */
  static final List<List<String>> PUBLISHED_UNCACHED = List.of(
      List.of("disk reads per client read", "0.85 (16.4K disk reads/s a node × 4 for 77K client reads/s, RF 3)"),
      List.of("average disk read", "~29 KB (32 KB blocks of values that do not compress)"),
      List.of("disk reads/s a node", "16.4K"),
      List.of("cache to data", "7.5 GB block cache for ~360 GB a node (~2 %)"),
      List.of("what decides the reads", "YugabyteDB: db_block_size 32 KB; index and bloom-filter blocks cached"));

  /** The uncached table's columns: the figure, the published value, then each column's repeat that ran uncached. */
  static List<String> uncachedColumns(Results results, String phase) {
    List<String> c = new ArrayList<>(List.of("figure", "published"));
    phase(results, phase).servers().stream().filter(s -> s.uncached() != null)
        .forEach(s -> c.add(s.column().isEmpty() ? "this run"
            : s.column() + (s.repeat() > 1 ? " #" + s.repeat() : "")));
    return c;
  }

  /**
   * A phase's uncached read beside the published one (docs/uncached-reads.md): a row per figure of
   * {@link #PUBLISHED_UNCACHED}, a column per repeat that ran uncached; empty when none did.
   */
  public static List<List<String>> uncached(Results results, String phase) {
    List<Results.Servers> runs = phase(results, phase).servers().stream().filter(s -> s.uncached() != null).toList();
    List<List<String>> rows = new ArrayList<>();
    if (runs.isEmpty()) {
      return rows;
    }
    for (List<String> published : PUBLISHED_UNCACHED) {
      rows.add(new ArrayList<>(published));
    }
    for (Results.Servers s : runs) {
      Results.ServerNode c = s.cluster();
      Results.Uncached u = s.uncached();
      rows.get(0).add(figure(c.diskReadsPerClientRead(), v -> String.format(Locale.ROOT, "%.2f", v)));
      rows.get(1).add(figure(c.averageReadBytes(), ReportFormat::bytes));
      rows.get(2).add(figure(c.diskReadsPerSecond(), v -> String.format(Locale.ROOT, "%,.0f", v / s.nodes().size())));
      rows.get(3).add(cacheToData(c, u));
      rows.get(4).add(u.serverCaches());
    }
    return rows;
  }

  /** "X page cache held (at most Y allowed) + Z key cache for T on disk: R %", or why not. */
  static String cacheToData(Results.ServerNode cluster, Results.Uncached u) {
    if (u.cacheToData().value() == null) {
      return "unavailable: " + u.cacheToData().unavailable() + " (" + ReportFormat.bytes(u.pageCacheLimitBytes())
          + " of page cache allowed, " + ReportFormat.bytes(u.keyCacheBytes()) + " key cache)";
    }
    String held = figure(u.pageCacheBytes(), ReportFormat::bytes);
    String ratio = figure(u.cacheToData(), v -> String.format(Locale.ROOT, "%.1f %%", 100 * v));
    return held + " page cache held (" + ReportFormat.bytes(u.pageCacheLimitBytes()) + " allowed) + "
        + ReportFormat.bytes(u.keyCacheBytes()) + " key cache for " + bytes(cluster.tableBytesEnd()) + " on disk: "
        + ratio;
  }

  /** An uncached phase's figures in one line for the console, beside the published ones. */
  public static String uncachedLine(Results.Servers s) {
    Results.ServerNode c = s.cluster();
    return "uncached: " + cacheToData(c, s.uncached()) + " (published ~2 %); disk reads per client read "
        + figure(c.diskReadsPerClientRead(), v -> String.format(Locale.ROOT, "%.2f", v)) + " (published 0.85), "
        + "average disk read " + figure(c.averageReadBytes(), ReportFormat::bytes) + " (published ~29 KB)";
  }

  /** The servers table's columns (docs/servers.md#the-report). */
  public static final List<String> SERVER_COLUMNS = List.of("target", "repeat", "node", "state", "table start → end",
      "growth per hour", "bytes per stored row", "uncompressed", "not yet on disk", "CPU %", "disk reads/s",
      "disk writes/s", "read MB/s", "average read", "disk reads per client read");

  /**
   * A phase's servers: a row per node of each column's repeat, then the cluster's; a cell is its
   * figure, "unavailable: WHY", and "(n of m samples)" when it rests on fewer than all.
   */
  public static List<List<String>> servers(Results results, String phase) {
    List<List<String>> rows = new ArrayList<>();
    for (Results.Servers s : phase(results, phase).servers()) {
      List<Results.ServerNode> nodes = new ArrayList<>(s.nodes());
      nodes.add(s.cluster());
      for (Results.ServerNode n : nodes) {
        rows.add(List.of(s.column(), Integer.toString(s.repeat()), n.node(), n.lastState() == null ? "-"
            : n.lastState(), bytes(n.tableBytesStart()) + " → " + bytes(n.tableBytesEnd()),
            figure(n.growthBytesPerHour(), v -> ReportFormat.bytes(v) + "/h"),
            perStoredRow(n),
            bytes(n.uncompressedBytesEnd()), bytes(n.memtableBytesEnd()),
            figure(n.cpuPercent(), v -> String.format(Locale.ROOT, "%.1f", v)),
            figure(n.diskReadsPerSecond(), v -> String.format(Locale.ROOT, "%,.0f", v)),
            figure(n.diskWritesPerSecond(), v -> String.format(Locale.ROOT, "%,.0f", v)),
            figure(n.diskReadBytesPerSecond(), v -> String.format(Locale.ROOT, "%.2f", v / 1e6)),
            figure(n.averageReadBytes(), ReportFormat::bytes),
            figure(n.diskReadsPerClientRead(), v -> String.format(Locale.ROOT, "%.2f", v))));
      }
    }
    return rows;
  }

  /**
   * A phase's servers in one line for the console: the figures measured, and those unavailable
   * grouped by their reason, written {@code unavailable [n]} with the reason the n-th of
   * {@code notes} (said once under the table). A table with nothing on disk at the end while the
   * phase had rows says where they are: Cassandra's disk usage counts SSTables only.
   */
  public static String serversLine(Results.Servers s, List<String> notes) {
    Results.ServerNode c = s.cluster();
    List<String> shown = new ArrayList<>();
    Map<String, List<String>> missing = new LinkedHashMap<>();
    line(shown, missing, "CPU", c.cpuPercent(), v -> String.format(Locale.ROOT, "%.1f %%", v), "");
    if (c.tableBytesStart().value() != null && c.tableBytesEnd().value() != null) {
      shown.add("table " + bytes(c.tableBytesStart()) + " → " + bytes(c.tableBytesEnd())
          + (c.tableBytesEnd().value() == 0 ? " on disk (its rows still in memtables)" : ""));
    } else {
      line(shown, missing, "table at the start", c.tableBytesStart(), ReportFormat::bytes, "");
      line(shown, missing, "table at the end", c.tableBytesEnd(), ReportFormat::bytes, "");
    }
    line(shown, missing, "per stored row", c.bytesPerStoredRow(), perStoredRowFormat(c), "");
    line(shown, missing, "not yet on disk", c.memtableBytesEnd(), ReportFormat::bytes, "");
    line(shown, missing, "disk reads/s", c.diskReadsPerSecond(), v -> String.format(Locale.ROOT, "%,.0f", v), "");
    line(shown, missing, "read", c.diskReadBytesPerSecond(), v -> String.format(Locale.ROOT, "%.2f MB/s", v / 1e6),
        "");
    line(shown, missing, "disk reads per client read", c.diskReadsPerClientRead(),
        v -> String.format(Locale.ROOT, "%.2f", v), "");
    StringBuilder b = new StringBuilder("servers (" + s.nodes().size() + " node" + (s.nodes().size() == 1 ? "" : "s")
        + ", " + s.samples() + " samples): " + String.join("; ", shown));
    missing.forEach((why, names) -> {
      int n = notes.indexOf(why);
      if (n < 0) {
        notes.add(why);
        n = notes.size() - 1;
      }
      b.append("; ").append(String.join(", ", names)).append(": unavailable [").append(n + 1).append(']');
    });
    return b.toString();
  }

    /** A figure of the servers' line: "name value" among {@code shown}, or its name under its reason. */
  private static void line(List<String> shown, Map<String, List<String>> missing, String name, Results.Figure f,
      java.util.function.DoubleFunction<String> format, String suffix) {
    if (f.value() == null) {
      if (f.unavailable().startsWith(ServerFigures.LOAD_ONLY)
          || f.unavailable().startsWith(ServerFigures.READS_ONLY)) {
        return; // not a figure of this phase at all
      }
      // grouped by the reason, without the node a cluster sum names (report.md has each node's)
      missing.computeIfAbsent(withoutNode(f.unavailable()), k -> new ArrayList<>()).add(name);
      return;
    }
    String v = figure(f, format);
    shown.add(name.equals("per stored row") ? v + " per stored row" : name + " " + v + suffix);
  }

  /** Bytes per stored row, against the 306 logical; said as on disk only when memtables are not measured. */
  private static String perStoredRow(Results.ServerNode n) {
    return figure(n.bytesPerStoredRow(), perStoredRowFormat(n));
  }

  private static java.util.function.DoubleFunction<String> perStoredRowFormat(Results.ServerNode n) {
    return v -> String.format(Locale.ROOT, "%.0f B (logical 306 B%s)", v, n.memtableBytesEnd().value() == null
        ? "; on disk only: rows in memtables not counted" : "");
  }

  /**
   * The rows with each distinct "unavailable: REASON" cell written "unavailable [n]", its reason the
   * n-th of {@code notes}: a wide table's reasons said once each, under it.
   */
  static List<List<String>> footnoted(List<List<String>> rows, List<String> notes) {
    List<List<String>> out = new ArrayList<>();
    for (List<String> row : rows) {
      List<String> r = new ArrayList<>();
      for (String cell : row) {
        if (cell.startsWith("unavailable: ")) {
          String why = cell.substring("unavailable: ".length());
          // a cluster sum's reason names the node whose figure is missing: said once when the node's row says it
          String bare = withoutNode(why);
          if (notes.contains(bare)) {
            why = bare;
          }
          int n = notes.indexOf(why);
          if (n < 0) {
            notes.add(why);
            n = notes.size() - 1;
          }
          r.add("unavailable [" + (n + 1) + "]");
        } else {
          r.add(cell);
        }
      }
      out.add(r);
    }
    return out;
  }

  /**
   * A cluster figure's reason without the node it names first ({@code "10.0.0.5: REASON"}, as
   * ServerFigures writes a sum's): said once where the node's own row says it.
   */
  private static String withoutNode(String why) {
    int sep = why.indexOf(": ");
    return sep > 0 && why.substring(0, sep).indexOf(' ') < 0 ? why.substring(sep + 2) : why;
  }

  private static String bytes(Results.Figure f) {
    return figure(f, ReportFormat::bytes);
  }

  /** A figure's cell: its value, with "(n of m samples)" when it rests on fewer; or why it is unavailable. */
  static String figure(Results.Figure f, java.util.function.DoubleFunction<String> format) {
    if (f == null || (f.value() == null && ServerFigures.CLUSTER_ONLY.equals(f.unavailable()))) {
      return "-";
    }
    if (f.value() == null) {
      return "unavailable: " + f.unavailable();
    }
    String v = format.apply(f.value());
    return f.of() > 0 && f.samples() < f.of() ? v + " (" + f.samples() + " of " + f.of() + ")" : v;
  }

  /** The rebalance cell of an event: seconds (± the sampling interval), or why it is unavailable. */
  static String rebalance(Results.Rebalance r) {
    if (r == null) {
      return "-";
    }
    return r.seconds() == null ? "unavailable: " + r.unavailable()
        : String.format(Locale.ROOT, "%.0f (sampled every %d s)", r.seconds(), r.precisionSeconds());
  }
}
