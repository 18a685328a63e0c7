package io.largekv.cli;

import io.largekv.common.ExitStatus;
import io.largekv.harness.ycsb.PhaseRunner;
import io.largekv.phase.Phase;
import io.largekv.report.PhaseResult;
import io.largekv.report.ServerFigures;
import io.largekv.report.render.ReportTables;
import io.largekv.results.Results;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * The per-phase table {@code bin/largekv run} prints, measured as {@code compare}'s report measures
 * ({@link PhaseResult}): throughput of successful operations from the phase's first operation after
 * the warm-up, latency percentiles in ms of the merged HdrHistogram interval logs after the
 * warm-up (service time; with a {@code -target} rate also the {@code Intended-*} rows, the
 * coordinated-omission-corrected latency); failures, verification and errors over the whole phase.
 */
public final class Summary {

  /** One phase of a run: its raw data and its client processes' outcomes. */
  public record Row(Phase phase, PhaseResult run, List<PhaseRunner.Result> clients) {

    int exitCode() {
      return clients.stream().mapToInt(c -> c.exitCode).filter(c -> c != 0).findFirst().orElse(0);
    }

    String reason() {
      return clients.stream().map(PhaseRunner.Result::reason).filter(r -> !r.isEmpty()).findFirst().orElse("");
    }
  }

  private Summary() {}

  public static String render(List<Row> results) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%-13s %10s %8s  %-16s %10s %8s %8s %8s %9s %9s%n", "phase", "ops/s",
        "seconds", "operation", "count", "p50 ms", "p95 ms", "p99 ms", "p99.9 ms", "max ms"));
    for (Row pr : results) {
      PhaseResult r = pr.run();
      boolean first = true;
      for (String op : r.operations()) {
        for (String name : r.logs.containsKey("Intended-" + op) ? List.of(op, "Intended-" + op) : List.of(op)) {
          Histogram h = r.histogram(name);
          sb.append(String.format(Locale.ROOT, "%-13s %10s %8s  %-16s %10d %8s %8s %8s %9s %9s%n",
              first ? pr.phase().name : "", first ? String.format(Locale.ROOT, "%,.0f", r.throughput()) : "",
              first ? String.format(Locale.ROOT, "%.1f", r.measuredSeconds()) : "", name, h.getTotalCount(),
              ms(h, 50), ms(h, 95), ms(h, 99), ms(h, 99.9), ms(h, 100)));
          first = false;
        }
      }
      if (first) {
        sb.append(String.format(Locale.ROOT, "%-13s %10s %8s  (no operations; see %s)%n", pr.phase().name, "-", "-",
            pr.clients().isEmpty() ? r.dir : pr.clients().get(0).stderr));
      }
      String indent = String.format(Locale.ROOT, "%-13s %10s %8s  ", "", "", "");
      if (pr.exitCode() != 0) {
        sb.append(indent).append(String.format(Locale.ROOT, "FAILED (exit status %d, %s)%s%n", pr.exitCode(),
            ExitStatus.describe(pr.exitCode()), pr.reason().isEmpty() ? "" : ": " + pr.reason()));
      }
      long logged = r.operations().stream().mapToLong(op -> r.histogram(op).getTotalCount()).sum();
      long completed = r.summaries.stream().filter(c -> c.nb5() != null && c.nb5().completedOperations() != null)
          .mapToLong(c -> c.nb5().completedOperations()).sum();
      if (completed > 0 && pr.phase().isLoad() && completed != logged) {
        sb.append(indent).append(String.format(Locale.ROOT, "nb5 completed %d operations, its histogram log holds %d "
            + "(nb5 leaves its last interval out of the log; ops/s and seconds are the log's)%n", completed, logged));
      }
      long failed = r.summaries.stream().mapToLong(c -> c.failedOperations() == null ? 0 : c.failedOperations()).sum();
      if (failed > 0) {
        sb.append(indent).append("failed operations: ").append(failed).append(" (not counted in ops/s)\n");
      }
      long ok = r.verified().ok();
      long corrupt = r.verified().corrupt();
      long missing = r.verified().missing();
      if (ok + corrupt + missing > 0) {
        sb.append(indent).append(String.format(Locale.ROOT, "verified reads: ok=%d corrupt=%d missing=%d%n", ok,
            corrupt, missing));
      }
      io.largekv.results.ClientSummary.Stalls stalls = r.stalls();
      if (stalls != null) {
        sb.append(indent).append("event-loop stalls (client threads holding the driver's I/O threads over"
            + " largekv.stall_ms): ").append(stalls.describe()).append('\n');
      }
      Results.Servers servers = ServerFigures.of("", 1, r, pr.phase().isLoad());
      if (servers != null) {
        sb.append(indent).append(ReportTables.serversLine(servers)).append('\n');
      }
      Map<String, Long> errors = new TreeMap<>(r.errorClasses());
      if (!errors.isEmpty()) {
        sb.append(indent).append("errors: ").append(errors).append('\n');
      }
    }
    results.stream().flatMap(p -> p.clients().stream()).map(PhaseRunner.Result::connection)
        .filter(c -> !c.isEmpty()).distinct().forEach(c -> sb.append(c).append('\n'));
    long warmup = results.stream().mapToLong(p -> p.run().warmupMs).max().orElse(0) / 1000;
    sb.append("ops/s: successful operations per second from the phase's first operation")
        .append(warmup > 0 ? " after a " + warmup + " s warm-up (read phases; --warmup)" : "")
        .append(", over the seconds shown;\nlatency: the merged HdrHistogram interval logs over the same seconds "
            + "(service time, µs shown as ms; Intended-*: from the intended start, with a rate);\n"
            + "counts of failures, verified reads and errors cover the whole phase.\n");
    return sb.toString();
  }

  private static String ms(Histogram h, double percentile) {
    if (h.getTotalCount() == 0) {
      return "-";
    }
    long us = percentile >= 100 ? h.getMaxValue() : h.getValueAtPercentile(percentile);
    return String.format(Locale.ROOT, "%.2f", us / 1000.0);
  }
}
