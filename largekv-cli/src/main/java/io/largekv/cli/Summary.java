package io.largekv.cli;

import io.largekv.common.YcsbOutput;
import java.util.List;
import io.largekv.common.ExitStatus;
import java.util.Locale;

/**
 * The per-phase table {@code bin/largekv run} prints: throughput, latency percentiles in ms
 * (service time; with a {@code -target} rate YCSB's {@code measurement.interval=both} adds
 * {@code Intended-*} rows, the coordinated-omission-corrected latency), verification and errors.
 */
public final class Summary {
  private static final List<String> OPERATIONS = List.of("INSERT", "READ", "UPDATE", "SCAN", "DELETE",
      "Intended-INSERT", "Intended-READ", "Intended-UPDATE", "Intended-SCAN",
      "INSERT-FAILED", "READ-FAILED", "UPDATE-FAILED", "SCAN-FAILED");

  private Summary() {}

  public static String render(List<PhaseRunner.Result> results) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "%-13s %10s  %-16s %10s %8s %8s %8s %9s %9s%n", "phase", "ops/s",
        "operation", "count", "p50 ms", "p95 ms", "p99 ms", "p99.9 ms", "max ms"));
    for (PhaseRunner.Result r : results) {
      YcsbOutput o = r.output;
      boolean first = true;
      for (String op : OPERATIONS) {
        if (o.operations(op) == 0) {
          continue;
        }
        sb.append(String.format(Locale.ROOT, "%-13s %10s  %-16s %10d %8s %8s %8s %9s %9s%n",
            first ? r.phase.name : "", first ? String.format(Locale.ROOT, "%,.0f", o.successfulThroughput()) : "",
            op, o.operations(op), ms(o.percentileUs(op, "50")), ms(o.percentileUs(op, "95")),
            ms(o.percentileUs(op, "99")), ms(o.percentileUs(op, "99.9")), ms(o.maxUs(op))));
        first = false;
      }
      if (first) {
        sb.append(String.format(Locale.ROOT, "%-13s %10s  (no operations; see %s)%n", r.phase.name, "-", r.stderr));
      }
      if (r.exitCode != 0) {
        sb.append(String.format(Locale.ROOT, "%-13s %10s  FAILED (exit status %d, %s)%s%n", "", "", r.exitCode,
            ExitStatus.describe(r.exitCode), r.reason().isEmpty() ? "" : ": " + r.reason()));
      }
      long failed = o.failedOperations();
      if (failed > 0) {
        sb.append(String.format(Locale.ROOT, "%-13s %10s  failed operations: %d (not counted in ops/s)%n", "", "",
            failed));
      }
      long ok = o.returns("VERIFY", "OK");
      long corrupt = o.returns("VERIFY", "CORRUPT");
      long missing = o.returns("VERIFY", "MISSING");
      if (ok + corrupt + missing > 0) {
        sb.append(String.format(Locale.ROOT, "%-13s %10s  verified reads: ok=%d corrupt=%d missing=%d%n", "", "",
            ok, corrupt, missing));
      }
      if (!o.returnCodes("ERRORS").isEmpty()) {
        sb.append(String.format(Locale.ROOT, "%-13s %10s  errors: %s%n", "", "", o.returnCodes("ERRORS")));
      }
    }
    results.stream().map(PhaseRunner.Result::connection).filter(c -> !c.isEmpty()).distinct()
        .forEach(c -> sb.append(c).append('\n'));
    sb.append("Latency is service time per operation (YCSB HdrHistogram, µs rounded to ms);\n"
        + "ops/s counts successful operations only, from the first operation's start to the last one's end.\n");
    return sb.toString();
  }

  static String ms(double us) {
    return Double.isNaN(us) ? "-" : String.format(Locale.ROOT, "%.2f", us / 1000.0);
  }
}
