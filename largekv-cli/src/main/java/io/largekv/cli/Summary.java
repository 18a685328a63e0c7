package io.largekv.cli;

import io.largekv.common.ConsoleText;
import io.largekv.common.ExitStatus;
import io.largekv.harness.ClientResult;
import io.largekv.phase.Phase;
import io.largekv.report.PhaseResult;
import io.largekv.report.ServerFigures;
import io.largekv.report.files.HdrLog;
import io.largekv.report.render.ServerTable;
import io.largekv.report.render.UncachedTable;
import io.largekv.results.ClientSummary;
import io.largekv.results.Results;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The one screen {@code bin/largekv run} prints at its end, within {@link ConsoleText#WIDTH}
 * columns: a table of each phase's operations, measured as {@code compare}'s report measures
 * ({@link PhaseResult}: throughput of successful operations from the phase's first operation after
 * the warm-up, latency percentiles in ms of the merged HdrHistogram interval logs after the warm-up;
 * service time, with a {@code -target} rate also the {@code Intended-*} rows); under it a few short
 * lines per phase (its verdict, what its reads verified and what failed, its stalls, its servers),
 * each over a window it names; the reasons of what is unavailable and the clients' warnings as
 * numbered notes, each said once.
 */
public final class Summary {

  /** One phase of a run: its raw data and its client processes' outcomes. */
  public record Row(Phase phase, PhaseResult run, List<ClientResult> clients) {

    /** The first client's non-zero exit status, else FAILED when a local node ended on its own, else 0. */
    int exitCode() {
      int client = clients.stream().mapToInt(c -> c.exitCode).filter(c -> c != 0).findFirst().orElse(0);
      return client != 0 || run.nodesEndedOnTheirOwn().isEmpty() ? client : ExitStatus.FAILED;
    }

    /** Why it failed: the first client's reason, else the local nodes that ended on their own. */
    String reason() {
      String client = clients.stream().map(ClientResult::reason).filter(r -> !r.isEmpty()).findFirst().orElse("");
      return !client.isEmpty() || run.nodesEndedOnTheirOwn().isEmpty() ? client
          : "the local Cassandra's " + String.join("; ", run.nodesEndedOnTheirOwn());
    }
  }

  private static final String TABLE = "%-14s %8s %6s  %-15s %9s %7s %7s %7s %9s %8s%n";
  /** Where a phase's notes start: under the table's operation column. */
  private static final String NOTE_INDENT = " ".repeat(16);

  private Summary() {}

  /**
   * The screen for {@code results}; {@code sharedMachine}: the client and the servers ran on this
   * machine (the local Cassandra), whose cores they shared.
   */
  public static String render(List<Row> results, boolean sharedMachine) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, TABLE, "phase", "ops/s", "s", "operation", "count", "p50 ms", "p95 ms",
        "p99 ms", "p99.9 ms", "max ms"));
    List<String> notes = new ArrayList<>();
    for (Row pr : results) {
      PhaseResult r = pr.run();
      if (!r.measured() && (!r.operations().isEmpty() || !r.noOperationRecorded())) {
        // operations done, but none in a log interval after the warm-up: nothing to divide, never 0
        sb.append(String.format(Locale.ROOT, "%-14s %8s %6s  unavailable [%d]%n", pr.phase().name, "-", "-",
            note(notes, unmeasured(r))));
        continue;
      }
      boolean first = true;
      for (String op : r.operations()) {
        for (String name : r.logs.containsKey("Intended-" + op) ? List.of(op, "Intended-" + op) : List.of(op)) {
          Histogram h = r.histogram(name);
          sb.append(String.format(Locale.ROOT, TABLE, first ? pr.phase().name : "",
              first ? String.format(Locale.ROOT, "%,.0f", r.throughput()) : "",
              first ? String.format(Locale.ROOT, "%.1f", r.measuredSeconds()) : "", name,
              String.format(Locale.ROOT, "%,d", h.getTotalCount()), ms(h, 50), ms(h, 95), ms(h, 99), ms(h, 99.9),
              ms(h, 100)));
          first = false;
        }
      }
      if (first) {
        sb.append(String.format(Locale.ROOT, "%-14s %8s %6s  no operations%n", pr.phase().name, "-", "-"));
      }
    }
    long warmup = results.stream().mapToLong(p -> p.run().warmupMs).max().orElse(0) / 1000;
    sb.append(ConsoleText.wrapped("ops/s, count and latency: successful operations"
        + (warmup > 0 ? " after each read phase's " + warmup + " s warm-up (a load: all of them)" : "")
        + ", over the seconds shown; merged HdrHistogram logs, service time (Intended-*: from the intended start,"
        + " with a rate), µs shown as ms. Verified reads, failures and errors: the whole phase, warm-up included.",
        "")).append("\n\n");

    for (Row pr : results) {
      for (String line : phaseNotes(pr, notes)) {
        sb.append(line).append('\n');
      }
    }
    if (sharedMachine) {
      sb.append(ConsoleText.wrapped("The client and the local Cassandra shared this machine's "
          + Runtime.getRuntime().availableProcessors() + " CPUs: a stall's time waiting for a CPU is the machine's,"
          + " only the client's own share can fail a phase (docs/ycsb-binding.md#stalls-of-the-drivers-io-threads).",
          "")).append('\n');
    }
    for (int i = 0; i < notes.size(); i++) {
      sb.append(ConsoleText.wrapped("[" + (i + 1) + "] " + notes.get(i), "    ")).append('\n');
    }
    results.stream().flatMap(p -> p.clients().stream()).map(ClientResult::connection)
        .filter(c -> !c.isEmpty()).distinct()
        .forEach(c -> sb.append(ConsoleText.wrapped(Character.toUpperCase(c.charAt(0)) + c.substring(1), "    "))
            .append('\n'));
    return sb.toString();
  }

  /** A phase's lines under the table: its name, then each note wrapped under the operation column. */
  private static List<String> phaseNotes(Row pr, List<String> notes) {
    PhaseResult r = pr.run();
    List<String> texts = new ArrayList<>();
    if (pr.exitCode() != 0) {
      texts.add("FAILED (exit status " + pr.exitCode() + ", " + ExitStatus.describe(pr.exitCode()) + ")"
          + (pr.reason().isEmpty() ? "" : ": " + pr.reason()));
    }
    long failed = r.summaries.stream().mapToLong(c -> c.failedOperations() == null ? 0 : c.failedOperations()).sum();
    ClientSummary.Verified v = r.verified();
    if (pr.phase().isLoad()) {
      texts.add(String.format(Locale.ROOT, "not verified (a load writes; its rows are read back by the read phases and"
          + " -P workloads/verify); %,d failed operation(s)", failed));
    } else {
      texts.add(String.format(Locale.ROOT, "verified %,d reads: %,d ok, %,d corrupt, %,d missing; %,d failed"
          + " operation(s); the whole phase", v.ok() + v.corrupt() + v.missing(), v.ok(), v.corrupt(), v.missing(),
          failed));
    }
    long logged = r.operations().stream().mapToLong(op -> r.histogram(op).getTotalCount()).sum();
    long completed = nb5Completed(r);
    // (an unmeasured phase's note says it already)
    if (completed > 0 && pr.phase().isLoad() && completed != logged && r.measured()) {
      texts.add(String.format(Locale.ROOT, "nb5 completed %,d operations, its histogram log holds %,d (nb5 leaves its"
          + " last interval out of the log; ops/s and seconds are the log's)", completed, logged));
    }
    ClientSummary.Stalls stalls = r.stalls();
    if (stalls != null) {
      texts.add("stalls of the driver's I/O threads: " + stalls.describe() + stallVerdict(stalls, pr));
    }
    Results.Servers servers = ServerFigures.of("", 1, r, pr.phase().isLoad());
    if (servers != null) {
      texts.add(ServerTable.line(servers, notes));
      if (servers.uncached() != null) {
        texts.add(UncachedTable.line(servers));
      }
    }
    Map<String, Long> errors = new TreeMap<>(r.errorClasses());
    if (!errors.isEmpty()) {
      texts.add("errors: " + errors);
    }
    for (ClientResult c : pr.clients()) {
      for (String own : c.largekvLines) {
        if (own.startsWith("largekv: WARNING: ")) {
          String w = "warning: " + own.substring("largekv: WARNING: ".length());
          texts.add("warning [" + note(notes, w) + "]");
        }
      }
    }
    List<String> lines = new ArrayList<>();
    boolean first = true;
    for (String t : texts) {
      for (String l : ConsoleText.wrap(t, ConsoleText.WIDTH - NOTE_INDENT.length(), "  ")) {
        lines.add(String.format(Locale.ROOT, "%-15s %s", first ? pr.phase().name : "", l));
        first = false;
      }
    }
    return lines;
  }

  /** The number of note {@code text}, added once. */
  private static int note(List<String> notes, String text) {
    if (!notes.contains(text)) {
      notes.add(text);
    }
    return notes.indexOf(text) + 1;
  }

  /**
   * Why a phase that did operations has no figure after its warm-up: none of its log's intervals
   * starts after it, or (nb5) its log holds none of the operations nb5 completed.
   */
  private static String unmeasured(PhaseResult r) {
    long logged = r.operations().stream()
        .mapToLong(op -> HdrLog.merge(r.logs.get(op), Long.MIN_VALUE).getTotalCount()).sum();
    // nb5 5.25 never writes its log's last interval, which in a short phase can be every one after the
    // warm-up, or every one
    boolean lastLeftOut = r.summaries.stream().anyMatch(c -> c.nb5() != null && c.nb5().version() != null
        && c.nb5().version().startsWith("5.25"));
    String why = lastLeftOut ? " (nb5 5.25 leaves its last interval out of the log)" : "";
    if (logged == 0) {
      return String.format(Locale.ROOT, "ops/s, count and latency unavailable: nb5 completed %,d operations, its"
          + " histogram log holds none%s; a phase a few seconds longer has them", nb5Completed(r), why);
    }
    return String.format(Locale.ROOT, "ops/s, count and latency unavailable: the clients' histogram logs hold %,d"
        + " operations, none in an interval that starts after the %d s warm-up%s; run the phase longer than its"
        + " warm-up by a few seconds", logged, r.warmupMs / 1000, why);
  }

  /** The operations the phase's nb5 clients said they completed (0: none said, or YCSB clients). */
  private static long nb5Completed(PhaseResult r) {
    return r.summaries.stream().filter(c -> c.nb5() != null && c.nb5().completedOperations() != null)
        .mapToLong(c -> c.nb5().completedOperations()).sum();
  }

  /** What the rule made of the stalls: the client's own after the warm-up, when it judged them. */
  private static String stallVerdict(ClientSummary.Stalls s, Row pr) {
    if (s.count() == 0 || s.clientAfterWarmUp() == null) {
      return "";
    }
    if (s.clientAfterWarmUp() == 0) {
      return "; after the warm-up none was the client's over largekv.stall_ms";
    }
    return "; after the warm-up " + s.clientAfterWarmUp() + " the client's"
        + (pr.exitCode() == 0 ? ", within the precision of every percentile" : "");
  }

  private static String ms(Histogram h, double percentile) {
    if (h.getTotalCount() == 0) {
      return "-";
    }
    long us = percentile >= 100 ? h.getMaxValue() : h.getValueAtPercentile(percentile);
    return String.format(Locale.ROOT, "%.2f", us / 1000.0);
  }
}
