package io.largekv.report;

import io.largekv.report.files.ServerLines;
import io.largekv.results.Results;
import io.largekv.results.ResultsLayout;
import io.largekv.results.RunSetup;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a report says of how its run was made and how to read it, beside its tables: the notes on
 * its figures' method, the caveat of a client sharing the servers' machine, the seeds' published
 * figure of a phase, and the setup section row by row (across runs, each run's rows).
 */
public final class RunDescription {

  private RunDescription() {}

  public static String notes(Report r) {
    if (!r.parts.isEmpty()) {
      List<String> runs = r.parts.stream().map(p -> p.label + " (" + p.dir + ")").toList();
      return "A report across runs: " + String.join(", ", runs) + "; columns are COLUMN" + Report.ACROSS + "RUN. "
          + notes(r.parts.get(0)).strip() + " Change: a column against the same column of the first run that has it; "
          + ThroughputChange.METHODS + "\n";
    }
    String n = "Throughput: successful operations of all clients per second after the warm-up ("
        + r.setup.warmUpSeconds() + " s, read phases only); measured seconds: from the warm-up's end to the "
        + "last operation (a client that connected late measured less: its range is shown). Latency: each operation's "
        + "HdrHistogram logs of every client and repeat merged after the warm-up (never averaged), service time "
        + "unless marked intended time. Counters (errors, verification) cover the whole phase.";
    if (r.results().phases().stream().anyMatch(p -> !p.events().isEmpty())) {
      n += " Events: started at, seconds after the run's first operation; before, the median 1-second throughput "
          + "of the " + EventImpact.BEFORE_SECONDS + " s before the event; lowest, the lowest second in the window; "
          + "recovered after, seconds from the event's start until " + EventImpact.RECOVERED_SECONDS + " seconds in a "
          + "row are at 90 % of before or more; window, from the event's start to 3 s after the recovery (at least "
          + "to the event's end; windows of events close together overlap); failed operations, p99 and verification failures "
          + "inside the window (docs/comparison.md#events).";
    }
    if (r.harnesses.size() > 1 && r.targets.stream().anyMatch(t -> !hosts(r, t).equals("local"))) {
      n += " Harnesses: on a target with hosts they ran one after the other on the same table; the later one's "
          + "CREATE ... IF NOT EXISTS kept the table the earlier one made, and its load rewrote the rows (the same "
          + "bytes); a local target was a fresh server for each harness.";
    }
    return n + "\n";
  }

  /** A r.setup row holding a command line: code in both documents. */
  public static boolean commandRow(Report r, String key) {
    if (!r.parts.isEmpty()) {
      int at = key.indexOf(": ");
      Report run = at < 0 ? null : r.parts.stream().filter(p -> p.label.equals(key.substring(0, at))).findFirst()
          .orElse(null);
      return run != null && commandRow(run, key.substring(at + 2));
    }
    return key.equals("command") || r.setup.commands().stream().anyMatch(c -> commandRowName(c).equals(key));
  }

  /** A client command's row in the r.setup section: {@code COLUMN.PHASE.rep-N.client-M}. */
  private static String commandRowName(Results.Command c) {
    return c.column() + "." + c.phase() + "." + ResultsLayout.REPEAT_PREFIX + c.repeat() + "."
        + ResultsLayout.CLIENT_PREFIX + c.client();
  }

  /** A target's hosts: {@code local}, a list, or "" when not recorded. */
  private static String hosts(Report r, String target) {
    RunSetup.Target t = r.setup.target(target);
    return t == null || t.hosts() == null ? "" : t.hosts();
  }

  private static String text(String s) {
    return s == null ? "" : s;
  }

  /**
   * The report's title: {@code largekv run} for one run's phases ({@code bin/largekv run}, {@code k8s
   * local}), {@code largekv comparison} for {@code compare}'s columns, {@code largekv: runs side by
   * side} for {@code bin/largekv report DIR1 DIR2 ...}.
   */
  public static String title(Report r) {
    if (!r.parts.isEmpty()) {
      return "largekv: runs side by side";
    }
    return io.largekv.results.RunSetup.COMPARE.equals(r.setup.layout()) ? "largekv comparison" : "largekv run";
  }

  /**
   * A caveat when a target's client and server share this machine (a local target, or hosts on a
   * loopback address): the client's CPU is taken from the server's.
   */
  public static Optional<String> caveat(Report r) {
    if (!r.parts.isEmpty()) {
      List<String> each = r.parts.stream().flatMap(p -> caveat(p).stream().map(c -> p.label + ": " + c)).toList();
      return each.isEmpty() ? Optional.empty() : Optional.of(String.join(" ", each));
    }
    List<String> shared = r.targets.stream().filter(t -> {
      String hosts = hosts(r, t);
      return hosts.equals("local") || List.of(hosts.split(",")).stream().map(String::trim)
          .allMatch(h -> h.startsWith("127.") || h.startsWith("localhost") || h.startsWith("[::1]") || h.equals("::1"));
    }).toList();
    if (shared.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of("the client and the server share this machine for " + String.join(", ", shared)
        + " (" + text(r.setup.machine()) + "): the client's CPU is taken from the server's, so these "
        + "figures are not those of a dedicated cluster and do not compare with the published benchmark's. A stall"
        + " of the client's I/O threads while they waited for a CPU is the machine's: only the client's own share"
        + " of a stall can fail a cell.");
  }

  /** The seeds' published figure for the workload a phase ran, when it ran a full-scale one. */
  public static Optional<String> published(Report r, String phase) {
    if (!r.parts.isEmpty()) {
      return r.parts.stream().flatMap(p -> published(p, phase).stream()).findFirst();
    }
    return Optional.ofNullable(r.setup.publishedFigures().get(phase));
  }

  /** The r.setup section, row by row; across runs, each run's rows as {@code RUN: row}. */
  public static Map<String, String> setupRows(Report r) {
    Map<String, String> rows = new LinkedHashMap<>();
    if (!r.parts.isEmpty()) {
      r.parts.forEach(p -> setupRows(p).forEach((k, v) -> rows.put(p.label + ": " + k, v)));
      return rows;
    }
    rows.put("command", text(r.setup.command()));
    rows.put("client machine", text(r.setup.machine()));
    rows.put("started / finished", text(r.setup.started()) + " / "
        + (r.setup.finished() == null ? "(unfinished)" : r.setup.finished()));
    rows.put("phases", String.join(",", r.phases) + ", repeat " + r.setup.repeat());
    rows.put("workload files", text(r.setup.workloadFiles())
        + (r.harnesses.contains(RunSetup.NB5) ? " (YCSB: consistency levels, proportions and distributions as in the files; "
            + "nb5: yb_kv_large's, with the files' rows, threads and read-phase durations)"
            : " (consistency levels, proportions and distributions as in the files)"));
    rows.put("properties for every target", text(r.setup.commonProperties()));
    rows.put("records / read-phase duration / threads per client / clients", r.setup.sizes().records() + " / "
        + r.setup.sizes().duration() + " / " + r.setup.sizes().threads() + " / " + r.setup.clients());
    rows.put("rate", text(r.setup.rate()));
    if (r.setup.nodes() != 1) {
      rows.put("local cluster", r.setup.nodes() + " nodes per local target");
    }
    if (!r.setup.events().isEmpty()) {
      rows.put("events", String.join(" | ", r.setup.events()));
    }
    for (String h : r.harnesses) {
      rows.put("harness " + h, r.setup.harnessDescriptions().getOrDefault(h, h));
    }
    for (String t : r.targets) {
      RunSetup.Target target = r.setup.target(t);
      rows.put("target " + t, text(target.dialect()) + " at " + text(target.hosts()) + "; "
          + text(target.description()) + "; properties: " + text(target.properties()) + "; " + ServerLines.of(r.dir, r.setup, r.phases, columnsOf(r, t)));
    }
    if (!r.setup.clientsLayout()) { // a clients' directory keeps its commands beside each client (command.txt)
      r.setup.commands().stream().sorted(Comparator.comparing(RunDescription::commandRowName))
          .forEach(c -> rows.put(commandRowName(c), c.command()));
    }
    return rows;
  }

  /** The columns of a target: its label, or {@code LABEL/HARNESS} for each harness. */
  static List<String> columnsOf(Report r, String target) {
    return r.columns.stream().filter(c -> c.equals(target) || c.startsWith(target + "/")).toList();
  }
}
