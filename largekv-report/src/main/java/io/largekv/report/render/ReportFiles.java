package io.largekv.report.render;

import io.largekv.report.Report;
import io.largekv.report.files.ResultsJson;
import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The report's files in a results directory. */
public final class ReportFiles {

  private ReportFiles() {}

  /** Writes report.html, report.md, results.json and charts/*.svg into {@code out}. */
  public static void write(Report report, Path out) throws IOException {
    Path charts = Files.createDirectories(out.resolve(ResultsLayout.CHARTS));
    for (String phase : report.phases) {
      for (Map.Entry<String, String> c : ReportCharts.of(report, phase).entrySet()) {
        Files.writeString(charts.resolve(phase + "-" + c.getKey() + ".svg"), c.getValue(), StandardCharsets.UTF_8);
      }
    }
    Files.writeString(out.resolve(ResultsLayout.REPORT_MD), MarkdownReport.render(report), StandardCharsets.UTF_8);
    Files.writeString(out.resolve(ResultsLayout.REPORT_HTML), HtmlReport.render(report), StandardCharsets.UTF_8);
    ResultsJson.write(report.results(), out.resolve(ResultsLayout.RESULTS_JSON));
  }

  /** The line that says where {@link #write} put the report. */
  public static String where(Path out) {
    return "Report: " + io.largekv.common.ConsoleText.shown(out.resolve(ResultsLayout.REPORT_HTML)) + " (offline); "
        + ResultsLayout.REPORT_MD + " and "
        + ResultsLayout.RESULTS_JSON + " beside it (docs/results.md)";
  }
}
