package io.largekv.report.render;

import io.largekv.common.ConsoleText;
import io.largekv.report.Report;
import io.largekv.report.RunDescription;
import io.largekv.results.Results;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report as {@code compare} and {@code report} print it on the console: one screen, within
 * {@link ConsoleText#WIDTH} columns — each phase a row per column with the figures a reader compares
 * first (status, throughput, the main operation's percentiles, what was verified and what failed),
 * each failure's reason a numbered note under the table, and where the whole report is (report.md and
 * report.html: every table, the servers, the events, the setup). Rendered from {@link Results}, as
 * the files are.
 */
public final class ConsoleReport {

  private ConsoleReport() {}

  public static String render(Report report) {
    Results results = report.results();
    StringBuilder sb = new StringBuilder(RunDescription.title(report)).append('\n');
    RunDescription.caveat(report).ifPresent(c -> sb.append(ConsoleText.wrapped("Caveat: " + c, "  ")).append('\n'));
    int label = Math.min(40, Math.max(8, results.phases().stream().flatMap(p -> p.cells().stream())
        .mapToInt(c -> c.column().length()).max().orElse(8)));
    String row = "%-14s %-" + label + "s %-7s %9s %-7s %7s %7s %8s %11s %7s%n";
    sb.append('\n').append(String.format(Locale.ROOT, row, "phase", "column", "status", "ops/s", "op", "p50 ms",
        "p99 ms", "p99.9 ms", "verified", "failed"));
    List<String> notes = new ArrayList<>();
    for (Results.Phase phase : results.phases()) {
      boolean first = true;
      for (Results.Cell c : phase.cells()) {
        String status = c.status();
        if (c.failure() != null && !c.failure().isEmpty()) {
          String why = phase.name() + " on " + c.column() + ": " + c.failure();
          notes.add(why);
          status = status + " [" + notes.size() + "]";
        }
        Results.Latency l = c.latency();
        sb.append(String.format(Locale.ROOT, row, first ? phase.name() : "", c.column(), status,
            c.throughput() == null || c.throughput().mean() == null ? "-"
                : String.format(Locale.ROOT, "%,.0f", c.throughput().mean()),
            c.operation() == null ? "-" : c.operation(), ms(l == null ? null : l.p50()), ms(l == null ? null : l.p99()),
            ms(l == null ? null : l.p999()), c.verifiedOk() == null ? "-" : String.format(Locale.ROOT, "%,d",
                c.verifiedOk() + (c.verificationFailures() == null ? 0 : c.verificationFailures())),
            c.errors() == null ? "-" : String.format(Locale.ROOT, "%,d", c.errors())));
        first = false;
      }
    }
    sb.append(ConsoleText.wrapped("ops/s and percentiles: successful operations after the warm-up (a load: all),"
        + " service time unless the report says intended; verified (reads, of which corrupt or missing fail the cell)"
        + " and failed: the whole phase; '-': the phase has none (a load verifies nothing).", "")).append('\n');
    for (int i = 0; i < notes.size(); i++) {
      sb.append(ConsoleText.wrapped("[" + (i + 1) + "] " + notes.get(i), "    ")).append('\n');
    }
    return sb.toString();
  }

  private static String ms(Double v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }
}
