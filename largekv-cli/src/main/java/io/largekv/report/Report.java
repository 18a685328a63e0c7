package io.largekv.report;

import io.largekv.common.UserError;
import io.largekv.common.YcsbOutput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * The comparison report's model, loaded from the raw data of a {@code bin/largekv compare} directory
 * alone (so {@code bin/largekv report DIR} re-renders it): per phase a table with a column per
 * target, or per target and harness when the comparison ran several ({@code TARGET/HARNESS}), the
 * events' and the local cluster's tables, the caveat, the notes and the setup (each harness and its
 * version among it). Latency
 * figures come from the HdrHistogram logs of every client and repeat, merged after the warm-up;
 * percentiles are never averaged. Rendered by {@link ReportCharts}, {@link MarkdownReport} and
 * {@link HtmlReport}; written by {@link ReportFiles}.
 */
public final class Report {

  static final double[] PERCENTILES = {50, 95, 99, 99.9};

  /** One target in one phase: its repeats. */
  public static final class Cell {
    public final String target;
    public final String phase;
    public final List<PhaseResult> runs;

    Cell(String target, String phase, List<PhaseResult> runs) {
      this.target = target;
      this.phase = phase;
      this.runs = runs;
    }

    public boolean failed() {
      return runs.isEmpty() || runs.stream().anyMatch(PhaseResult::failed);
    }

    public String mainOperation() {
      return runs.stream().filter(r -> !r.logs.isEmpty()).map(PhaseResult::mainOperation).findFirst().orElse(null);
    }

    /** Latency histogram of the main operation (intended time when recorded), all repeats merged. */
    public Histogram latency() {
      String op = mainOperation();
      return op == null ? new Histogram(3) : latency(op);
    }

    /** Latency histogram of any operation (intended time when recorded), all repeats merged. */
    public Histogram latency(String op) {
      Histogram h = new Histogram(3);
      runs.forEach(r -> h.add(r.histogram(r.latencyName(op))));
      return h;
    }

    public boolean intendedTime() {
      String op = mainOperation();
      return op != null && runs.stream().anyMatch(r -> r.logs.containsKey("Intended-" + op));
    }

    public double[] throughputs() {
      return runs.stream().filter(r -> !r.logs.isEmpty()).mapToDouble(PhaseResult::throughput).toArray();
    }

    public long operations() {
      long n = 0;
      for (PhaseResult r : runs) {
        for (String op : r.operations()) {
          n += r.count(op);
        }
      }
      return n;
    }

    public long sum(String section, String code) {
      return runs.stream().mapToLong(r -> r.returns(section, code)).sum();
    }

    public long errors() {
      return runs.stream().mapToLong(PhaseResult::errors).sum();
    }

    /** The event-loop stalls of every run, or null when no client counted them. */
    public PhaseResult.Stalls stalls() {
      return PhaseResult.Stalls.merge(runs.stream().map(PhaseResult::stalls).toList());
    }
  }

  public final Path dir;
  public final Properties setup;
  /**
   * The columns: a target's label, or {@code LABEL/HARNESS} when the comparison ran several
   * harnesses; each column's raw data is in {@code DIR/<column>/<phase>/rep-N}.
   */
  public final List<String> columns;
  /** The targets' labels (a target has a column per harness). */
  public final List<String> targets;
  /** The harnesses that ran, e.g. {@code ycsb}, {@code nb5} (older directories: ycsb). */
  public final List<String> harnesses;
  public final List<String> phases;
  /** phase → column → cell. */
  public final Map<String, Map<String, Cell>> cells = new LinkedHashMap<>();

  private Report(Path dir, Properties setup) throws IOException {
    this.dir = dir;
    this.setup = setup;
    this.targets = split(setup.getProperty("targets", ""));
    this.columns = split(setup.getProperty("columns", setup.getProperty("targets", "")));
    this.harnesses = split(setup.getProperty("harnesses", "ycsb"));
    this.phases = split(setup.getProperty("phases", ""));
    long warmup = Long.parseLong(setup.getProperty("warmup", "0"));
    boolean clientsLayout = setup.getProperty(ClientsLayout.KEY, "").equals(ClientsLayout.VALUE);
    for (String phase : phases) {
      Map<String, Cell> row = new LinkedHashMap<>();
      for (String target : columns) {
        List<PhaseResult> runs = new ArrayList<>();
        Path phaseDir = clientsLayout ? dir.resolve(phase) : dir.resolve(target).resolve(phase);
        if (clientsLayout) {
          // one run: the phase's client-<i> directories themselves
          long phaseWarmup = Long.parseLong(setup.getProperty("warmup." + phase, Long.toString(warmup)));
          if (Files.isDirectory(phaseDir)) { // else an expected phase that no client ran: not run
            runs.add(PhaseResult.load(phaseDir, phase.equals("load") ? 0 : phaseWarmup));
          }
        } else if (Files.isDirectory(phaseDir)) {
          try (Stream<Path> reps = Files.list(phaseDir)) {
            for (Path rep : reps.filter(p -> p.getFileName().toString().startsWith("rep-")).sorted().toList()) {
              // the load phase has no warm-up to exclude: every row counts
              runs.add(PhaseResult.load(rep, phase.equals("load") ? 0 : warmup));
            }
          }
        }
        row.put(target, new Cell(target, phase, runs));
      }
      cells.put(phase, row);
    }
  }

  private static List<String> split(String s) {
    return s.isEmpty() ? List.of() : Arrays.asList(s.split(","));
  }

  public static Report load(Path dir) throws IOException {
    return load(dir, List.of());
  }

  /**
   * The report of {@code dir}, with a row for each of the {@code expected} phases whether it ran or
   * not: a phase no client wrote a directory for (a Job never applied, its pods never scheduled) is
   * FAILED (not run), never left out.
   */
  public static Report load(Path dir, List<String> expected) throws IOException {
    Path file = dir.resolve("compare.properties");
    Properties p;
    if (Files.isRegularFile(file)) {
      p = new Properties();
      try (InputStream in = Files.newInputStream(file)) {
        p.load(in);
      }
    } else {
      p = ClientsLayout.setup(dir);
      if (p == null) {
        if (expected.isEmpty()) {
          throw new UserError(dir + " is neither a bin/largekv compare directory (compare.properties) nor a clients'"
              + " results directory (PHASE/client-<i>/ycsb.txt); accepted: the --out directory of bin/largekv compare"
              + " or run, or a Kubernetes run's /results/RUN copied out (docs/kubernetes.md)");
        }
        p = ClientsLayout.empty(dir); // every expected phase: not run
      }
    }
    List<String> phases = new ArrayList<>(split(p.getProperty("phases", "")));
    for (String phase : expected) {
      if (!phases.contains(phase)) {
        phases.add(phase);
      }
    }
    p.setProperty("phases", String.join(",", phases));
    return new Report(dir, p);
  }

  /** "phase on target" of every cell that FAILED (a client exited non-zero or the phase did not run). */
  public List<String> failedCells() {
    List<String> failed = new ArrayList<>();
    cells.forEach((phase, row) -> row.forEach((target, cell) -> {
      if (cell.failed()) {
        failed.add(phase + " on " + target);
      }
    }));
    return failed;
  }

  // ------------------------------------------------------------------ tables

  /** Rows of a phase's table: label → one value per target. */
  public Map<String, List<String>> table(String phase) {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    Map<String, Cell> row = cells.get(phase);
    List<String> others = otherOperations(phase);
    boolean reruns = row.values().stream().flatMap(c -> c.runs.stream()).anyMatch(r -> !r.reruns.isEmpty());
    for (String target : columns) {
      Cell c = row.get(target);
      Histogram h = c.latency();
      boolean any = h.getTotalCount() > 0;
      double[] tp = c.throughputs();
      add(rows, "status", c.failed() ? "FAILED" + failure(c) : "ok");
      add(rows, "throughput (ops/s)", tp.length == 0 ? "-" : ReportFormat.throughput(tp));
      if (columns.size() > 1) {
        double[] first = row.get(columns.get(0)).throughputs();
        add(rows, "throughput vs " + columns.get(0), tp.length == 0 || first.length == 0 ? "-"
            : String.format(Locale.ROOT, "%.2f×", mean(tp) / mean(first)));
      }
      add(rows, "measured seconds", measured(c));
      if (clientsPerRun() > 1) {
        add(rows, "throughput per client (ops/s)", perClient(c));
      }
      if (reruns) {
        // a load client run again: its earlier attempts' time is in the measured seconds, their rows counted once
        List<String> r = c.runs.stream().flatMap(x -> x.reruns.stream()).toList();
        add(rows, "clients run again", r.isEmpty() ? "-" : String.join("; ", r));
      }
      String op = c.mainOperation();
      add(rows, "operation", op == null ? "-" : op + (c.intendedTime() ? " (intended time)" : ""));
      for (double p : PERCENTILES) {
        add(rows, "p" + trim(p) + " (ms)", any ? ReportFormat.ms(h.getValueAtPercentile(p)) : "-");
      }
      add(rows, "max (ms)", any ? ReportFormat.ms(h.getMaxValue()) : "-");
      add(rows, "operations", Long.toString(c.operations()));
      for (String other : others) {
        Histogram o = c.latency(other);
        add(rows, other + " operations", Long.toString(o.getTotalCount()));
        add(rows, other + " p50 / p99 / p99.9 / max (ms)", o.getTotalCount() == 0 ? "-"
            : String.join(" / ", ReportFormat.ms(o.getValueAtPercentile(50)), ReportFormat.ms(o.getValueAtPercentile(99)),
                ReportFormat.ms(o.getValueAtPercentile(99.9)), ReportFormat.ms(o.getMaxValue())));
      }
      long errors = c.errors();
      add(rows, "errors", errors == 0 ? "0" : errors + " " + errorClasses(c));
      add(rows, "verified ok", Long.toString(c.sum("VERIFY", "OK")));
      add(rows, "verification failures (corrupt + missing)",
          Long.toString(c.sum("VERIFY", "CORRUPT") + c.sum("VERIFY", "MISSING")));
      PhaseResult.Stalls stalls = c.stalls();
      add(rows, "event-loop stalls (client)", stalls == null ? "-" : stalls.describe());
    }
    return rows;
  }

  private static void add(Map<String, List<String>> rows, String name, String value) {
    rows.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
  }

  private static double mean(double[] v) {
    return Arrays.stream(v).average().orElse(Double.NaN);
  }

  /** Operation types of a phase other than the main one (e.g. the UPDATE of a read phase). */
  private List<String> otherOperations(String phase) {
    Set<String> ops = new TreeSet<>();
    for (Cell c : cells.get(phase).values()) {
      String main = c.mainOperation();
      c.runs.forEach(r -> r.operations().stream().filter(o -> !o.equals(main)).forEach(ops::add));
    }
    return List.copyOf(ops);
  }

  /** The most clients any run of the report had. */
  private int clientsPerRun() {
    return cells.values().stream().flatMap(r -> r.values().stream()).flatMap(c -> c.runs.stream())
        .mapToInt(r -> r.clients).max().orElse(0);
  }

  /** Each client's own throughput after the warm-up, client-0 first; a repeat's after a ";". */
  private static String perClient(Cell c) {
    List<String> out = new ArrayList<>();
    for (PhaseResult r : c.runs) {
      if (r.logs.isEmpty()) {
        continue;
      }
      out.add(String.join(" / ", Arrays.stream(r.clientThroughputs())
          .mapToObj(t -> String.format(Locale.ROOT, "%,.0f", t)).toList()));
    }
    return out.isEmpty() ? "-" : String.join("; ", out);
  }

  /** Each repeat's measured seconds; the clients' range when a client measured less. */
  private static String measured(Cell c) {
    List<String> out = new ArrayList<>();
    for (PhaseResult r : c.runs) {
      if (r.logs.isEmpty()) {
        continue;
      }
      double[] clients = r.clientMeasuredSeconds();
      double min = Arrays.stream(clients).min().orElse(0);
      String s = String.format(Locale.ROOT, "%.1f", r.measuredSeconds());
      if (clients.length > 1 && r.measuredSeconds() - min >= 0.5) {
        s += String.format(Locale.ROOT, " (clients %.1f–%.1f)", min, Arrays.stream(clients).max().orElse(0));
      }
      out.add(s);
    }
    return out.isEmpty() ? "-" : String.join(", ", out);
  }

  /** One row per item of each run of a phase: {@code (target, repeat from 1, run) → rows}. */
  private interface RunRows {
    List<List<String>> rows(String target, int repeat, PhaseResult run);
  }

  /** The rows of every target's every repeat of a phase, in order. */
  private List<List<String>> perRun(String phase, RunRows rows) {
    List<List<String>> out = new ArrayList<>();
    for (String target : columns) {
      List<PhaseResult> runs = cells.get(phase).get(target).runs;
      for (int rep = 0; rep < runs.size(); rep++) {
        out.addAll(rows.rows(target, rep + 1, runs.get(rep)));
      }
    }
    return out;
  }

  /** A phase's events, per target and repeat: what each did to the run (docs/comparison.md#events). */
  public List<List<String>> eventTable(String phase) {
    return perRun(phase, (target, rep, r) -> {
      List<List<String>> rows = new ArrayList<>();
      List<EventImpact> impacts = r.eventImpacts();
      for (EventRecord e : r.events) {
        EventImpact i = impacts.stream().filter(x -> x.event == e).findFirst().orElse(null);
        List<String> cells = new ArrayList<>(List.of(target, Integer.toString(rep), e.spec().substring(
            e.spec().indexOf('@') + 1), e.ran() ? secs((e.startMs() - r.startMs) / 1000.0) : "-",
            e.ran() ? secs((e.endMs() - e.startMs()) / 1000.0) : "-",
            e.result() + (e.detail().isEmpty() ? "" : " (" + e.detail() + ")")));
        if (i == null) {
          cells.addAll(List.of("-", "-", "-", "-", "-", "-", "-"));
        } else {
          cells.add(Double.isNaN(i.before) ? "-" : String.format(Locale.ROOT, "%,.0f", i.before));
          cells.add(Double.isNaN(i.lowest) ? "-" : String.format(Locale.ROOT, "%,.0f", i.lowest));
          cells.add(i.recoverySeconds >= 0 ? Integer.toString(i.recoverySeconds)
              : Double.isNaN(i.before) ? "-" : "not recovered");
          cells.add(i.startSecond + "–" + i.windowEndSecond);
          cells.add(i.failed == 0 ? "0" : i.failed + " " + i.failuresByClass);
          cells.add(Double.isNaN(i.p99Ms) ? "-" : String.format(Locale.ROOT, "%.2f", i.p99Ms));
          cells.add(Long.toString(i.verificationFailures));
        }
        rows.add(cells);
      }
      return rows;
    });
  }

  /**
   * A phase's local clusters at the end of each run: which node took how much traffic, and when
   * each node last started, in seconds from the phase's time zero ("-" when the run has none: no
   * client recorded an operation).
   */
  public List<List<String>> nodeTable(String phase) {
    return perRun(phase, (target, rep, r) -> r.nodes.stream().map(n -> List.of(target, Integer.toString(rep),
        Integer.toString(n.node()), n.address(), n.state(),
        r.hasTimeZero() ? secs((n.startedMs() - r.startMs) / 1000.0) : "-",
        n.reads() < 0 ? "-" : Long.toString(n.reads()), n.writes() < 0 ? "-" : Long.toString(n.writes()))).toList());
  }

  /** The node table's columns. */
  public static final List<String> NODE_COLUMNS = List.of("target", "repeat", "node", "address", "state at the end",
      "last started at (s)", "reads coordinated since", "writes coordinated since");

  /** The event table's columns. */
  public static final List<String> EVENT_COLUMNS = List.of("target", "repeat", "event", "started at (s)",
      "took (s)", "result", "before (ops/s)", "lowest (ops/s)", "recovered after (s)", "window (s)",
      "failed ops in window", "p99 in window (ms)", "verification failures");

  private static String secs(double s) {
    return String.format(Locale.ROOT, "%.1f", s);
  }

  private static String failure(Cell c) {
    List<Integer> codes = new ArrayList<>();
    c.runs.forEach(r -> codes.addAll(r.exitCodes));
    List<String> missing = new ArrayList<>();
    c.runs.forEach(r -> r.missingClients.forEach(i -> missing.add("client-" + i)));
    // the first failed client's own reason, so the table says why
    String why = c.runs.stream().flatMap(r -> r.failureReasons.stream()).findFirst().map(t -> "; " + t).orElse("");
    List<String> problems = c.runs.stream().flatMap(r -> r.clientProblems.stream()).toList();
    return c.runs.isEmpty() ? " (not run)" : " (exit codes " + codes + why
        + (missing.isEmpty() ? "" : "; missing: " + String.join(", ", missing))
        + (problems.isEmpty() ? "" : "; " + String.join("; ", problems)) + ")";
  }

  private static String errorClasses(Cell c) {
    Map<String, Long> m = new LinkedHashMap<>();
    c.runs.forEach(r -> r.errorClasses().forEach((k, v) -> m.merge(k, v, Long::sum)));
    return m.isEmpty() ? "" : m.toString();
  }

  static String trim(double p) {
    return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
  }

  // ------------------------------------------------------------------ what both documents say

  /** The main table's header: a column per target (and harness). */
  List<String> header() {
    List<String> header = new ArrayList<>(List.of(""));
    header.addAll(columns);
    return header;
  }

  /** The main table's rows: the row's name, then a value per target. */
  List<List<String>> rows(String phase) {
    List<List<String>> rows = new ArrayList<>();
    table(phase).forEach((name, values) -> {
      List<String> r = new ArrayList<>(List.of(name));
      r.addAll(values);
      rows.add(r);
    });
    return rows;
  }

  /** The tables under a phase's main one that it has: title → columns (events, local cluster). */
  Map<String, List<String>> subTables(String phase) {
    Map<String, List<String>> t = new LinkedHashMap<>();
    if (!eventTable(phase).isEmpty()) {
      t.put("Events in " + phase, EVENT_COLUMNS);
    }
    if (!nodeTable(phase).isEmpty()) {
      t.put("Local cluster at the end of " + phase, NODE_COLUMNS);
    }
    return t;
  }

  String notes() {
    String n = "Throughput: successful operations of all clients per second after the warm-up ("
        + setup.getProperty("warmup", "0") + " s, read phases only); measured seconds: from the warm-up's end to the "
        + "last operation (a client that connected late measured less: its range is shown). Latency: each operation's "
        + "HdrHistogram logs of every client and repeat merged after the warm-up (never averaged), service time "
        + "unless marked intended time. Counters (errors, verification) cover the whole phase.";
    if (phases.stream().anyMatch(p -> !eventTable(p).isEmpty())) {
      n += " Events: started at, seconds after the run's first operation; before, the median 1-second throughput "
          + "of the " + EventImpact.BEFORE_SECONDS + " s before the event; lowest, the lowest second in the window; "
          + "recovered after, seconds from the event's start until " + EventImpact.RECOVERED_SECONDS + " seconds in a "
          + "row are at 90 % of before or more; window, from the event's start to 3 s after the recovery (at least "
          + "to the event's end; windows of events close together overlap); failed operations, p99 and verification failures "
          + "inside the window (docs/comparison.md#events).";
    }
    if (harnesses.size() > 1 && targets.stream().anyMatch(t -> !setup.getProperty("target." + t + ".hosts", "")
        .equals("local"))) {
      n += " Harnesses: on a target with hosts they ran one after the other on the same table; the later one's "
          + "CREATE ... IF NOT EXISTS kept the table the earlier one made, and its load rewrote the rows (the same "
          + "bytes); a local target was a fresh server for each harness.";
    }
    return n + "\n";
  }

  /** A setup row holding a command line: code in both documents. */
  boolean commandRow(String key) {
    return key.equals("command") || setup.containsKey("command." + key);
  }

  /**
   * A caveat when a target's client and server share this machine (a local target, or hosts on a
   * loopback address): the client's CPU is taken from the server's.
   */
  public java.util.Optional<String> caveat() {
    List<String> shared = targets.stream().filter(t -> {
      String hosts = setup.getProperty("target." + t + ".hosts", "");
      return hosts.equals("local") || List.of(hosts.split(",")).stream().map(String::trim)
          .allMatch(h -> h.startsWith("127.") || h.startsWith("localhost") || h.startsWith("[::1]") || h.equals("::1"));
    }).toList();
    if (shared.isEmpty()) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of("the client and the server share this machine for " + String.join(", ", shared)
        + " (" + setup.getProperty("machine", "") + "): the client's CPU is taken from the server's, so these "
        + "figures are not those of a dedicated cluster and do not compare with the seeds' published ones.");
  }

  /** The seeds' published figure for the workload a phase ran, when it ran a full-scale one. */
  public java.util.Optional<String> published(String phase) {
    return java.util.Optional.ofNullable(setup.getProperty("phase." + phase + ".published"));
  }

  Map<String, String> setupRows() {
    Map<String, String> rows = new LinkedHashMap<>();
    rows.put("command", setup.getProperty("command", ""));
    rows.put("client machine", setup.getProperty("machine", ""));
    rows.put("started / finished", setup.getProperty("started", "") + " / " + setup.getProperty("finished", "(unfinished)"));
    rows.put("phases", setup.getProperty("phases", "") + ", repeat " + setup.getProperty("repeat", "1"));
    rows.put("workload files", setup.getProperty("workload.files", setup.getProperty("workloads", ""))
        + (harnesses.contains("nb5") ? " (YCSB: consistency levels, proportions and distributions as in the files; "
            + "nb5: yb_kv_large's, with the files' rows, threads and read-phase durations)"
            : " (consistency levels, proportions and distributions as in the files)"));
    rows.put("properties for every target", setup.getProperty("common.properties", ""));
    rows.put("records / read-phase duration / threads per client / clients", setup.getProperty("records", "") + " / "
        + setup.getProperty("duration", "") + " / " + setup.getProperty("threads", "") + " / "
        + setup.getProperty("clients", "1"));
    rows.put("rate", setup.getProperty("rate", ""));
    if (!setup.getProperty("nodes", "1").equals("1")) {
      rows.put("local cluster", setup.getProperty("nodes") + " nodes per local target");
    }
    if (!setup.getProperty("events", "").isEmpty()) {
      rows.put("events", setup.getProperty("events"));
    }
    for (String h : harnesses) {
      rows.put("harness " + h, setup.getProperty("harness." + h, h));
    }
    for (String t : targets) {
      String versions = serverLines(t);
      rows.put("target " + t, setup.getProperty("target." + t + ".dialect", "") + " at "
          + setup.getProperty("target." + t + ".hosts", "") + "; " + setup.getProperty("target." + t + ".description", "")
          + "; properties: " + setup.getProperty("target." + t + ".properties", "") + "; " + versions);
    }
    for (String k : setup.stringPropertyNames().stream().filter(k -> k.startsWith("command.")).sorted().toList()) {
      rows.put(k.substring("command.".length()), setup.getProperty(k));
    }
    return rows;
  }

  /** The columns of a target: its label, or {@code LABEL/HARNESS} for each harness. */
  private List<String> columnsOf(String target) {
    return columns.stream().filter(c -> c.equals(target) || c.startsWith(target + "/")).toList();
  }

  /** The binding's "connected to ..." and DDL lines from the target's first YCSB client. */
  private String serverLines(String target) {
    for (String phase : phases) {
      Path err = columnsOf(target).stream().map(c -> dir.resolve(c).resolve(phase).resolve("rep-1").resolve("client-0")
          .resolve("stderr.txt")).filter(Files::exists).findFirst().orElse(null);
      if (err != null) {
        try {
          List<String> lines = Files.readAllLines(err).stream()
              .filter(l -> l.startsWith(YcsbOutput.CONNECTED) || l.startsWith("yugabyte-ycql: CREATE")).toList();
          if (!lines.isEmpty()) {
            return String.join("\n", lines).replace("yugabyte-ycql: ", "");
          }
        } catch (IOException e) {
          // fall through
        }
      }
    }
    boolean nb5Ran = columnsOf(target).stream().anyMatch(c -> phases.stream().anyMatch(phase -> Files.exists(
        dir.resolve(c).resolve(phase).resolve("rep-1").resolve("client-0").resolve("nb5.txt"))));
    return nb5Ran ? "server version: nb5 does not print it (whether it connected: its columns' status)"
        : "server not reached";
  }


}
