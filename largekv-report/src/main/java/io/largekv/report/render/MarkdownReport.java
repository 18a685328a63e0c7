package io.largekv.report.render;

import io.largekv.report.Report;
import io.largekv.report.RunDescription;
import java.util.List;

/** The report as Markdown (report.md, and what {@code compare} and {@code report} print). */
public final class MarkdownReport {

  private MarkdownReport() {}

  /** report.md: the same tables, notes and setup as the HTML page, without the charts. */
  public static String render(Report report) {
    StringBuilder sb = new StringBuilder("# " + RunDescription.title(report) + "\n\n");
    RunDescription.caveat(report).ifPresent(c -> sb.append("**Caveat:** ").append(c).append("\n\n"));
    for (String phase : report.phases) {
      sb.append("## ").append(phase).append("\n\n");
      RunDescription.published(report, phase).ifPresent(p -> sb.append("Published figure for this workload: ").append(p).append("\n\n"));
      table(sb, ReportTables.header(report), ReportTables.rows(report, phase));
      for (ReportTables.SubTable t : ReportTables.subTables(report, phase)) {
        sb.append("### ").append(t.title()).append("\n\n");
        table(sb, t.columns(), t.rows());
        for (int i = 0; i < t.notes().size(); i++) {
          sb.append("[").append(i + 1).append("] ").append(t.notes().get(i)).append("  \n");
        }
        if (!t.notes().isEmpty()) {
          sb.append('\n');
        }
      }
    }
    sb.append(RunDescription.notes(report)).append("\n## Setup\n\n");
    RunDescription.setupRows(report).forEach((k, v) -> sb.append("- **").append(k).append("**: ")
        .append(RunDescription.commandRow(report, k) ? "`" + v + "`" : v.replace("\n", "; ")).append('\n'));
    return sb.toString();
  }

  private static void table(StringBuilder sb, List<String> header, List<List<String>> rows) {
    sb.append("| ").append(String.join(" | ", header)).append(" |\n|");
    header.forEach(c -> sb.append("---|"));
    sb.append('\n');
    rows.forEach(r -> sb.append("| ").append(String.join(" | ", r.stream().map(v -> v.replace("|", "\\|")).toList()))
        .append(" |\n"));
    sb.append('\n');
  }
}
