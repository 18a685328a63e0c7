package io.largekv.report;

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
    Path charts = Files.createDirectories(out.resolve("charts"));
    for (String phase : report.phases) {
      for (Map.Entry<String, String> c : ReportCharts.of(report, phase).entrySet()) {
        Files.writeString(charts.resolve(phase + "-" + c.getKey() + ".svg"), c.getValue(), StandardCharsets.UTF_8);
      }
    }
    Files.writeString(out.resolve("report.md"), MarkdownReport.render(report), StandardCharsets.UTF_8);
    Files.writeString(out.resolve("report.html"), HtmlReport.render(report), StandardCharsets.UTF_8);
    ResultsJson.write(report.results(), out.resolve(ResultsJson.FILE));
  }

  /** The line that says where {@link #write} put the report. */
  public static String where(Path out) {
    return "Report: " + out.resolve("report.html") + " (offline), " + out.resolve("report.md") + ", "
        + out.resolve(ResultsJson.FILE) + " (docs/results.md)";
  }
}
