package io.largekv.report;

import io.largekv.common.Version;
import io.largekv.report.files.EventRecord;
import io.largekv.report.files.ResultsJson;
import io.largekv.report.files.ServerLines;
import io.largekv.results.ClientSummary;
import io.largekv.results.Results;
import io.largekv.results.ResultsLayout;
import io.largekv.results.RunSetup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * The report's analysis: the figures of a {@link Report}'s raw data as {@link Results}, computed once.
 * The tables ({@code render.ReportTables}) and results.json ({@link ResultsJson}) are both written from them.
 */
final class ReportFigures {

  /** The unit of every throughput. */
  static final String OPS_PER_SECOND = "successful operations per second";
  /** The unit of every latency. */
  static final String MS = "ms";

  private ReportFigures() {}

  static Results of(Report report) {
    List<Results.Run> runs = (report.parts.isEmpty() ? List.of(report) : report.parts).stream()
        .map(ReportFigures::run).toList();
    List<Results.Phase> phases = report.phases.stream().map(p -> phase(report, p)).toList();
    List<String> failed = report.failedCells();
    return new Results(Results.FORMAT_VERSION, "largekv " + Version.get(), runs, report.columns, phases,
        new Results.Verdict(failed.isEmpty(), failed));
  }

  // ------------------------------------------------------------------ a phase

  private static Results.Phase phase(Report report, String phase) {
    Map<String, Report.Cell> row = report.cells.get(phase);
    Set<String> others = new TreeSet<>();
    for (Report.Cell c : row.values()) {
      String main = c.mainOperation();
      c.runs.forEach(r -> r.operations().stream().filter(o -> !o.equals(main)).forEach(others::add));
    }
    double first = report.columns.isEmpty() ? Double.NaN : mean(row.get(report.columns.get(0)).throughputs());
    List<Results.Cell> cells = new ArrayList<>();
    List<Results.Event> events = new ArrayList<>();
    List<Results.Node> nodes = new ArrayList<>();
    List<Results.Servers> servers = new ArrayList<>();
    for (String column : report.columns) {
      Report.Cell c = row.get(column);
      cells.add(cell(report, c, List.copyOf(others), report.columns.size() > 1 ? first : Double.NaN,
          change(report, phase, column)));
      for (int rep = 0; rep < c.runs.size(); rep++) {
        events.addAll(events(column, rep + 1, c.runs.get(rep)));
        nodes.addAll(nodes(column, rep + 1, c.runs.get(rep)));
        Results.Servers side = ServerFigures.of(column, rep + 1, c.runs.get(rep),
            phase.equals(RunSetup.LOAD));
        if (side != null) {
          servers.add(side);
        }
      }
    }
    return new Results.Phase(phase, RunDescription.published(report, phase).orElse(null), cells, events, nodes,
        servers);
  }

  /** Across runs: the column against the same column of the first earlier run that has the phase. */
  private static Results.Change change(Report report, String phase, String column) {
    if (report.parts.isEmpty()) {
      return null;
    }
    String own = report.ownColumn(column);
    for (String other : report.columns) {
      if (other.equals(column)) {
        return null; // the first run that has it: nothing earlier
      }
      Report.Cell earlier = report.cells.get(phase).get(other);
      if (report.ownColumn(other).equals(own) && earlier.inRun) {
        Report.Cell cell = report.cells.get(phase).get(column);
        return cell.inRun ? ThroughputChange.of(other, earlier, cell) : null;
      }
    }
    return null;
  }

  private static Results.Cell cell(Report report, Report.Cell c, List<String> otherOps, double firstMean,
      Results.Change change) {
    String run = report.runOf(c.target).label;
    boolean load = RunSetup.LOAD.equals(c.phase);
    if (!c.inRun) {
      return Results.Cell.builder(c.target, run, Results.Cell.NOT_IN_RUN)
          .throughput(new Results.Throughput(OPS_PER_SECOND, null, null, null, null, 0)).build();
    }
    double[] tp = c.throughputs();
    String window = c.runs.stream().anyMatch(r -> r.cutMs > r.startMs) ? Results.AFTER_WARM_UP : Results.WHOLE_PHASE;
    Results.Throughput throughput = new Results.Throughput(OPS_PER_SECOND, window, orNull(mean(tp)),
        orNull(Arrays.stream(tp).min().orElse(Double.NaN)), orNull(Arrays.stream(tp).max().orElse(Double.NaN)),
        tp.length);
    String op = c.mainOperation();
    List<Results.Other> others = new ArrayList<>();
    for (String other : otherOps) { // every other column's too: a row per operation in the table
      others.add(new Results.Other(other, latency(c.latency(other), c.intendedTime(other), window)));
    }
    Map<String, Long> classes = new LinkedHashMap<>();
    c.runs.forEach(r -> r.errorClasses().forEach((k, v) -> classes.merge(k, v, Long::sum)));
    ClientSummary.Stalls stalls = c.stalls();
    List<Results.Repeat> repeats = new ArrayList<>();
    for (int i = 0; i < c.runs.size(); i++) {
      repeats.add(repeat(i + 1, c.runs.get(i)));
    }
    return Results.Cell.builder(c.target, run, c.failed() ? Results.Cell.FAILED : Results.Cell.OK)
        .failure(c.failed() ? failure(c) : null).throughput(throughput).throughputVsFirst(orNull(mean(tp) / firstMean))
        .operation(op).latency(op == null ? null : latency(c.latency(), c.intendedTime(op), window))
        .operations(c.operations()).others(others).errors(c.errors()).errorClasses(classes)
        // a load reads nothing back: its cells say so (null), never a count of 0
        .verifiedOk(load ? null : c.verifiedOk()).verificationFailures(load ? null : c.verificationFailures())
        .stalls(stalls).repeats(repeats).change(change).build();
  }

  /** A distribution's percentiles in ms; null figures when it holds no operation. */
  static Results.Latency latency(Histogram h, boolean intended, String window) {
    boolean any = h.getTotalCount() > 0;
    return Results.Latency.builder(MS, intended ? Results.Latency.INTENDED : Results.Latency.SERVICE, window)
        .count(h.getTotalCount()).p50(any ? ms(h.getValueAtPercentile(50)) : null)
        .p95(any ? ms(h.getValueAtPercentile(95)) : null).p99(any ? ms(h.getValueAtPercentile(99)) : null)
        .p999(any ? ms(h.getValueAtPercentile(99.9)) : null).max(any ? ms(h.getMaxValue()) : null).build();
  }

  private static Double ms(long us) {
    return us / 1000.0;
  }

  private static Results.Repeat repeat(int number, PhaseResult r) {
    // a repeat that measured nothing after its warm-up has no throughput and no seconds, not 0
    boolean measured = r.measured();
    return Results.Repeat.builder(number).throughput(measured ? r.throughput() : null)
        .measuredSeconds(measured ? r.measuredSeconds() : null)
        .clientThroughputs(measured ? boxed(r.clientThroughputs()) : List.of())
        .clientMeasuredSeconds(measured ? boxed(r.clientMeasuredSeconds()) : List.of())
        .exitCodes(List.copyOf(r.exitCodes)).failureReasons(List.copyOf(r.failureReasons))
        .missingClients(List.copyOf(r.missingClients)).clientProblems(List.copyOf(r.clientProblems))
        .reruns(List.copyOf(r.reruns)).build();
  }

  /**
   * Why a cell failed: no run, or its clients' exit codes, the first reason, missing clients,
   * problems (no operation recorded, the clients' files), local nodes that ended on their own.
   */
  private static String failure(Report.Cell c) {
    if (c.runs.isEmpty()) {
      return "not run";
    }
    List<Integer> codes = new ArrayList<>();
    c.runs.forEach(r -> codes.addAll(r.exitCodes));
    List<String> missing = new ArrayList<>();
    c.runs.forEach(r -> r.missingClients.forEach(i -> missing.add(ResultsLayout.CLIENT_PREFIX + i)));
    // the first failed client's own reason, so the table says why
    String why = c.runs.stream().flatMap(r -> r.failureReasons.stream()).findFirst().map(t -> "; " + t).orElse("");
    List<String> problems = new ArrayList<>();
    for (PhaseResult r : c.runs) {
      if (r.noOperationRecorded() && r.exitCodes.stream().allMatch(code -> code == 0)) {
        // (a client that failed says why itself)
        problems.add("no client recorded an operation");
      }
      problems.addAll(r.clientProblems);
      problems.addAll(r.nodesEndedOnTheirOwn());
    }
    return "exit codes " + codes + why + (missing.isEmpty() ? "" : "; missing: " + String.join(", ", missing))
        + (problems.isEmpty() ? "" : "; " + String.join("; ", problems));
  }

  private static List<Results.Event> events(String column, int repeat, PhaseResult r) {
    List<EventImpact> impacts = r.eventImpacts();
    List<Results.Event> out = new ArrayList<>();
    for (EventRecord e : r.events) {
      EventImpact i = impacts.stream().filter(x -> x.event == e).findFirst().orElse(null);
      Results.Impact impact = i == null ? null : Results.Impact.builder().beforeOpsPerSecond(orNull(i.before))
          .lowestOpsPerSecond(orNull(i.lowest)).recoveredAfterSeconds(i.recoverySeconds >= 0 ? i.recoverySeconds : null)
          .windowStartSecond(i.startSecond).windowEndSecond(i.windowEndSecond).failed(i.failed)
          .failedByClass(i.failuresByClass).p99Ms(orNull(i.p99Ms)).verificationFailures(i.verificationFailures)
          .build();
      out.add(Results.Event.builder(column, repeat, e.spec().substring(e.spec().indexOf('@') + 1))
          .startedAtSeconds(e.ran() && r.hasTimeZero() ? (e.startMs() - r.startMs) / 1000.0 : null)
          .tookSeconds(e.ran() ? (e.endMs() - e.startMs()) / 1000.0 : null).result(e.result()).detail(e.detail())
          .impact(impact).rebalance(r.servers.isEmpty() ? null : RebalanceTime.of(e, r.servers)).build());
    }
    return out;
  }

  private static List<Results.Node> nodes(String column, int repeat, PhaseResult r) {
    return r.nodes.stream().map(n -> new Results.Node(column, repeat, n.node(), n.address(), n.state(),
        r.hasTimeZero() ? (n.startedMs() - r.startMs) / 1000.0 : null, n.reads() < 0 ? null : n.reads(),
        n.writes() < 0 ? null : n.writes())).toList();
  }

  // ------------------------------------------------------------------ a run's setup

  private static Results.Run run(Report r) {
    Map<String, String> servers = new LinkedHashMap<>();
    r.targets.forEach(t -> servers.put(t, ServerLines.of(r.dir, r.setup, r.phases, RunDescription.columnsOf(r, t))));
    return new Results.Run(r.label, r.dir.toString(), r.setup, servers, RunDescription.setupRows(r));
  }

  // ------------------------------------------------------------------ numbers

  static double mean(double[] v) {
    return Arrays.stream(v).average().orElse(Double.NaN);
  }

  /** JSON has no NaN: a figure that could not be measured is null. */
  private static Double orNull(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
  }

  /** Each value, null where it could not be measured (NaN). */
  private static List<Double> boxed(double[] v) {
    List<Double> out = new ArrayList<>();
    for (double d : v) {
      out.add(orNull(d));
    }
    return out;
  }
}
