package io.largekv.report.render;

import io.largekv.report.Report;
import io.largekv.report.RunDescription;
import io.largekv.results.Results;
import java.util.List;
import java.util.function.BiPredicate;

/** The report as one offline HTML page (report.html): tables, inline SVG charts, the setup. */
public final class HtmlReport {

  private HtmlReport() {}

  /** report.html: one offline page, tables and inline SVG charts. */
  public static String render(Report report) {
    StringBuilder sb = new StringBuilder();
    sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + Svg.esc(RunDescription.title(report)) + "</title>\n"
        + "<style>body{font-family:sans-serif;margin:24px;max-width:1500px}table{border-collapse:collapse;margin:8px 0}"
        + "td,th{border:1px solid #ccc;padding:4px 10px;text-align:right}th:first-child,td:first-child{text-align:left}"
        + "th{background:#f4f4f4}.failed{color:#b00;font-weight:bold}.charts{display:flex;flex-wrap:wrap;gap:12px}"
        + ".caveat{background:#fff4d6;border:1px solid #e0b84c;padding:8px 12px}"
        + "code{font-size:12px}</style></head>\n<body>\n<h1>" + Svg.esc(RunDescription.title(report)) + "</h1>\n");
    RunDescription.caveat(report).ifPresent(c -> sb.append("<p class=\"caveat\"><b>Caveat:</b> ").append(Svg.esc(c)).append("</p>\n"));
    sb.append(report.harnesses.size() > 1 ? "<p>Targets and harnesses: " : "<p>Targets: ").append(Svg.esc(String.join(", ", report.columns))).append(". ").append(Svg.esc(RunDescription.notes(report)))
        .append("</p>\n");
    for (String phase : report.phases) {
      sb.append("<h2>").append(Svg.esc(phase)).append("</h2>\n");
      RunDescription.published(report, phase).ifPresent(p -> sb.append("<p>Published figure for this workload: ").append(Svg.esc(p))
          .append("</p>\n"));
      List<Results.Cell> cells = report.results().phase(phase).cells();
      // a failed column's status is shown as a failure
      table(sb, "phase", ReportTables.header(report), ReportTables.rows(report, phase),
          (row, i) -> i > 0 && row.get(0).equals(ReportTables.STATUS) && cells.get(i - 1).failed());
      for (ReportTables.SubTable t : ReportTables.subTables(report, phase)) {
        sb.append("<h3>").append(Svg.esc(t.title())).append("</h3>\n");
        table(sb, t.kind(), t.columns(), t.rows(), (row, i) -> false);
        for (int i = 0; i < t.notes().size(); i++) {
          sb.append("<p class=\"note\">[").append(i + 1).append("] ").append(Svg.esc(t.notes().get(i))).append("</p>\n");
        }
      }
      sb.append("<div class=\"charts\">\n");
      ReportCharts.of(report, phase).values().forEach(svg -> sb.append(svg));
      sb.append("</div>\n");
    }
    sb.append("<h2>Setup</h2>\n<table>\n");
    RunDescription.setupRows(report).forEach((k, v) -> sb.append("<tr><td>").append(Svg.esc(k)).append("</td><td style=\"text-align:left\">")
        .append(RunDescription.commandRow(report, k) ? "<code>" + Svg.esc(v) + "</code>" : Svg.esc(v).replace("\n", "<br>"))
        .append("</td></tr>\n"));
    sb.append("</table>\n<p>Raw data: each target/phase/rep-N/client-M directory holds YCSB's output (ycsb.txt, "
        + "stderr.txt), the exact command (command.txt) and HdrHistogram interval logs (hdr/*.hdr). Re-render with "
        + "<code>bin/largekv report DIR</code>.</p>\n");
    // marks the page as rendered once every chart has a layout box: a check for headless browsers
    sb.append("<script>window.addEventListener('load',function(){var s=document.querySelectorAll('svg.chart'),n=0;"
        + "for(var i=0;i<s.length;i++){var b=s[i].getBBox();if(b.width>0&&b.height>0&&s[i].querySelectorAll('path')"
        + ".length>0)n++;}document.body.setAttribute('data-charts-rendered',n+'/'+s.length);"
        + "var m=document.querySelectorAll('svg.chart line.event'),k=0;for(var j=0;j<m.length;j++){var r=m[j]"
        + ".getBoundingClientRect();if(r.height>0)k++;}document.body.setAttribute('data-event-markers',k+'/'+m.length);});</script>\n");
    sb.append("</body></html>\n");
    return sb.toString();
  }

  /** A table; {@code failed}: whether a row's i-th cell says a failure (it is shown so). */
  private static void table(StringBuilder sb, String cssClass, List<String> header, List<List<String>> rows,
      BiPredicate<List<String>, Integer> failed) {
    sb.append("<table class=\"").append(cssClass).append("\"><tr>");
    header.forEach(c -> sb.append("<th>").append(Svg.esc(c)).append("</th>"));
    sb.append("</tr>\n");
    for (List<String> r : rows) {
      sb.append("<tr>");
      for (int i = 0; i < r.size(); i++) {
        sb.append(failed.test(r, i) ? "<td class=\"failed\">" : "<td>").append(Svg.esc(r.get(i))).append("</td>");
      }
      sb.append("</tr>\n");
    }
    sb.append("</table>\n");
  }
}
