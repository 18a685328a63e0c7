package io.largekv.report.render;

import io.largekv.report.Report;
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
 * report.html is its value in results.json, formatted ({@link ReportFormat}). Here a phase's main
 * table, its events and its local cluster, and which tables a phase has ({@link #subTables}); the
 * servers' ({@link ServerTable}), the uncached read's ({@link UncachedTable}) and the seed's
 * ({@link SeedFigures}) are their own.
 */
public final class ReportTables {

  private ReportTables() {}

  /** The main table's first row: each column's status. */
  public static final String STATUS = "status";

  /** The throughput of a cell that ran and passed without measuring anything after its warm-up. */
  public static final String UNMEASURED = "unavailable: no interval of the clients' histogram logs starts after the"
      + " warm-up (run the phase longer than its warm-up)";

  /** A phase's main table: row name → one value per column. */
  public static Map<String, List<String>> main(Results results, String phase) {
    Results.Phase p = results.phase(phase);
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
      boolean absent = !c.inRun();
      add(rows, STATUS, c.failed() ? "FAILED (" + c.failure() + ")" : c.status());
      List<Double> tp = c.repeats().stream().map(Results.Repeat::throughput).filter(Objects::nonNull).toList();
      // ran and passed, but no repeat measured an operation after its warm-up: said, never a 0
      boolean unmeasured = !absent && !c.failed() && !c.repeats().isEmpty() && tp.isEmpty();
      add(rows, "throughput (ops/s)", unmeasured ? UNMEASURED : tp.isEmpty() ? "-" : ReportFormat.throughput(tp));
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
          : c.operation() + (l.intendedTime() ? " (intended time)" : ""));
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
    for (Results.Event e : results.phase(phase).events()) {
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
    return results.phase(phase).nodes().stream().map(n -> List.of(n.column(), Integer.toString(n.repeat()),
        Integer.toString(n.node()), n.address(), n.state(),
        n.lastStartedAtSeconds() == null ? "-" : secs(n.lastStartedAtSeconds()),
        n.readsCoordinated() == null ? "-" : Long.toString(n.readsCoordinated()),
        n.writesCoordinated() == null ? "-" : Long.toString(n.writesCoordinated()))).toList();
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
    if (!results.phase(phase).servers().isEmpty()) {
      List<String> notes = new ArrayList<>();
      t.add(new SubTable("servers", "Servers in " + phase, ServerTable.COLUMNS,
          ServerTable.rows(results, phase, notes), notes));
    }
    List<List<String>> uncached = UncachedTable.rows(results, phase);
    if (!uncached.isEmpty()) {
      t.add(new SubTable("uncached", "The uncached read beside the published one (" + phase + ")",
          UncachedTable.columns(results, phase), uncached));
    }
    if (report.setup.fullScale()) {
      List<List<String>> seed = SeedFigures.table(results, phase);
      if (!seed.isEmpty()) {
        t.add(new SubTable("seed", "The published figures beside this run's (" + phase + ")",
            SeedFigures.columns(results), seed));
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

  /** The rebalance cell of an event: seconds (± the sampling interval), or why it is unavailable. */
  static String rebalance(Results.Rebalance r) {
    if (r == null) {
      return "-";
    }
    return r.seconds() == null ? "unavailable: " + r.unavailable()
        : String.format(Locale.ROOT, "%.0f (sampled every %d s)", r.seconds(), r.precisionSeconds());
  }
}
