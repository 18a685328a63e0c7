package io.largekv.report;

import io.largekv.common.UserError;
import io.largekv.common.YcsbOutput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * The comparison report, rendered from the raw data of a {@code bin/largekv compare} directory
 * alone (so {@code bin/largekv report DIR} re-renders it): per phase a table with a column per
 * target and three charts — throughput over time, p99 latency over time, the percentile curve.
 * Latency figures come from the HdrHistogram logs of every client and repeat, merged after the
 * warm-up; percentiles are never averaged.
 */
public final class Report {

  static final double[] PERCENTILES = {50, 95, 99, 99.9};

  /** One target in one phase: its repeats. */
  public static final class Cell {
    public final String target;
    public final String phase;
    public final List<PhaseRun> runs;

    Cell(String target, String phase, List<PhaseRun> runs) {
      this.target = target;
      this.phase = phase;
      this.runs = runs;
    }

    public boolean failed() {
      return runs.isEmpty() || runs.stream().anyMatch(PhaseRun::failed);
    }

    public String mainOperation() {
      return runs.stream().filter(r -> !r.logs.isEmpty()).map(PhaseRun::mainOperation).findFirst().orElse(null);
    }

    /** Latency histogram of the main operation (intended time when recorded), all repeats merged. */
    public Histogram latency() {
      Histogram h = new Histogram(3);
      String op = mainOperation();
      for (PhaseRun r : runs) {
        if (op != null) {
          h.add(r.histogram(r.latencyName(op)));
        }
      }
      return h;
    }

    public boolean intendedTime() {
      String op = mainOperation();
      return op != null && runs.stream().anyMatch(r -> r.logs.containsKey("Intended-" + op));
    }

    public double[] throughputs() {
      return runs.stream().filter(r -> !r.logs.isEmpty()).mapToDouble(PhaseRun::throughput).toArray();
    }

    public long operations() {
      long n = 0;
      for (PhaseRun r : runs) {
        for (String op : r.operations()) {
          n += r.histogram(op).getTotalCount();
        }
      }
      return n;
    }

    public long sum(String section, String code) {
      return runs.stream().mapToLong(r -> r.returns(section, code)).sum();
    }

    public long errors() {
      return runs.stream().mapToLong(PhaseRun::errors).sum();
    }
  }

  public final Path dir;
  public final Properties setup;
  public final List<String> targets;
  public final List<String> phases;
  /** phase → target → cell. */
  public final Map<String, Map<String, Cell>> cells = new LinkedHashMap<>();

  private Report(Path dir, Properties setup) throws IOException {
    this.dir = dir;
    this.setup = setup;
    this.targets = split(setup.getProperty("targets", ""));
    this.phases = split(setup.getProperty("phases", ""));
    long warmup = Long.parseLong(setup.getProperty("warmup", "0"));
    for (String phase : phases) {
      Map<String, Cell> row = new LinkedHashMap<>();
      for (String target : targets) {
        Path phaseDir = dir.resolve(target).resolve(phase);
        List<PhaseRun> runs = new ArrayList<>();
        if (Files.isDirectory(phaseDir)) {
          try (Stream<Path> reps = Files.list(phaseDir)) {
            for (Path rep : reps.filter(p -> p.getFileName().toString().startsWith("rep-")).sorted().toList()) {
              // the load phase has no warm-up to exclude: every row counts
              runs.add(PhaseRun.load(rep, phase.equals("load") ? 0 : warmup));
            }
          }
        }
        row.put(target, new Cell(target, phase, runs));
      }
      cells.put(phase, row);
    }
  }

  private static List<String> split(String s) {
    return s.isEmpty() ? List.of() : Arrays.asList(s.split(","));
  }

  public static Report load(Path dir) throws IOException {
    Path file = dir.resolve("compare.properties");
    if (!Files.isRegularFile(file)) {
      throw new UserError(dir + " has no compare.properties: not a bin/largekv compare directory; accepted: the --out "
          + "directory of a bin/largekv compare run");
    }
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    }
    return new Report(dir, p);
  }

  /** "phase on target" of every cell that FAILED (a client exited non-zero or the phase did not run). */
  public List<String> failedCells() {
    List<String> failed = new ArrayList<>();
    cells.forEach((phase, row) -> row.forEach((target, cell) -> {
      if (cell.failed()) {
        failed.add(phase + " on " + target);
      }
    }));
    return failed;
  }

  /** Writes report.html, report.md and charts/*.svg into {@code out}. */
  public void write(Path out) throws IOException {
    Path charts = Files.createDirectories(out.resolve("charts"));
    for (String phase : phases) {
      for (Map.Entry<String, String> c : charts(phase).entrySet()) {
        Files.writeString(charts.resolve(phase + "-" + c.getKey() + ".svg"), c.getValue(), StandardCharsets.UTF_8);
      }
    }
    Files.writeString(out.resolve("report.md"), markdown(), StandardCharsets.UTF_8);
    Files.writeString(out.resolve("report.html"), html(), StandardCharsets.UTF_8);
  }

  // ------------------------------------------------------------------ tables

  /** Rows of a phase's table: label → one value per target. */
  public Map<String, List<String>> table(String phase) {
    Map<String, List<String>> rows = new LinkedHashMap<>();
    Map<String, Cell> row = cells.get(phase);
    String[] names = {"status", "throughput (ops/s)", "operation", "p50 (ms)", "p95 (ms)", "p99 (ms)", "p99.9 (ms)",
        "max (ms)", "operations", "errors", "verified ok", "verification failures (corrupt + missing)"};
    for (String n : names) {
      rows.put(n, new ArrayList<>());
    }
    for (String target : targets) {
      Cell c = row.get(target);
      Histogram h = c.latency();
      boolean any = h.getTotalCount() > 0;
      double[] tp = c.throughputs();
      rows.get("status").add(c.failed() ? "FAILED" + failure(c) : "ok");
      rows.get("throughput (ops/s)").add(tp.length == 0 ? "-" : ReportFormat.throughput(tp));
      String op = c.mainOperation();
      rows.get("operation").add(op == null ? "-" : op + (c.intendedTime() ? " (intended time)" : ""));
      for (double p : PERCENTILES) {
        rows.get("p" + trim(p) + " (ms)").add(any ? ReportFormat.ms(h.getValueAtPercentile(p)) : "-");
      }
      rows.get("max (ms)").add(any ? ReportFormat.ms(h.getMaxValue()) : "-");
      rows.get("operations").add(Long.toString(c.operations()));
      long errors = c.errors();
      rows.get("errors").add(errors == 0 ? "0" : errors + " " + errorClasses(c));
      rows.get("verified ok").add(Long.toString(c.sum("VERIFY", "OK")));
      rows.get("verification failures (corrupt + missing)").add(
          Long.toString(c.sum("VERIFY", "CORRUPT") + c.sum("VERIFY", "MISSING")));
    }
    return rows;
  }

  private static String failure(Cell c) {
    List<Integer> codes = new ArrayList<>();
    c.runs.forEach(r -> codes.addAll(r.exitCodes));
    return c.runs.isEmpty() ? " (not run)" : " (exit codes " + codes + ")";
  }

  private static String errorClasses(Cell c) {
    Map<String, Long> m = new LinkedHashMap<>();
    c.runs.forEach(r -> r.errorClasses().forEach((k, v) -> m.merge(k, v, Long::sum)));
    return m.isEmpty() ? "" : m.toString();
  }

  static String trim(double p) {
    return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
  }

  // ------------------------------------------------------------------ charts

  /** name → SVG for one phase: throughput, latency, percentiles. */
  public Map<String, String> charts(String phase) {
    Map<String, String> out = new LinkedHashMap<>();
    List<Svg.Series> tput = new ArrayList<>();
    List<Svg.Series> lat = new ArrayList<>();
    List<Svg.Series> curve = new ArrayList<>();
    double warmup = phase.equals("load") ? Double.NaN : Double.parseDouble(setup.getProperty("warmup", "0"));
    for (String target : targets) {
      Cell c = cells.get(phase).get(target);
      if (c.runs.isEmpty() || c.mainOperation() == null) {
        continue;
      }
      PhaseRun first = c.runs.get(0);
      double[] t = first.throughputSeries();
      tput.add(new Svg.Series(target, seconds(t.length), t));
      String op = c.mainOperation();
      double[] l = first.latencySeries(first.latencyName(op), 99);
      lat.add(new Svg.Series(target, seconds(l.length), l));
      Histogram h = c.latency();
      double[] ps = {0, 50, 75, 90, 95, 99, 99.5, 99.9, 99.95, 99.99, 99.999};
      double[] x = new double[ps.length];
      double[] y = new double[ps.length];
      for (int i = 0; i < ps.length; i++) {
        x[i] = -Math.log10(1 - ps[i] / 100);
        y[i] = h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(ps[i]) / 1000.0;
      }
      curve.add(new Svg.Series(target, x, y));
    }
    out.put("throughput", Svg.lineChart(phase + ": throughput over time (repeat 1)", "seconds since start",
        "ops/s", tput, false, warmup));
    out.put("latency", Svg.lineChart(phase + ": p99 latency over time (repeat 1)", "seconds since start", "ms",
        lat, false, warmup));
    out.put("percentiles", Svg.lineChart(phase + ": latency by percentile (after warm-up, all repeats)",
        "percentile", "ms", curve, true, Double.NaN));
    return out;
  }

  private static double[] seconds(int n) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = i + 0.5;
    }
    return x;
  }

  // ------------------------------------------------------------------ documents

  public String markdown() {
    StringBuilder sb = new StringBuilder("# largekv comparison\n\n");
    for (String phase : phases) {
      sb.append("## ").append(phase).append("\n\n| | ").append(String.join(" | ", targets)).append(" |\n|---|");
      targets.forEach(t -> sb.append("---|"));
      sb.append('\n');
      table(phase).forEach((name, values) -> sb.append("| ").append(name).append(" | ")
          .append(String.join(" | ", values)).append(" |\n"));
      sb.append('\n');
    }
    sb.append(notes()).append("\n## Setup\n\n");
    setupRows().forEach((k, v) -> sb.append("- **").append(k).append("**: ").append(v.replace("\n", "; ")).append('\n'));
    return sb.toString();
  }

  private String notes() {
    return "Throughput: operations of all clients per second after the warm-up ("
        + setup.getProperty("warmup", "0") + " s, read phases only). Latency: the main operation's "
        + "HdrHistogram logs of every client and repeat merged after the warm-up (never averaged), service time "
        + "unless marked intended time. Counters (errors, verification) cover the whole phase.\n";
  }

  private Map<String, String> setupRows() {
    Map<String, String> rows = new LinkedHashMap<>();
    rows.put("command", setup.getProperty("command", ""));
    rows.put("client machine", setup.getProperty("machine", ""));
    rows.put("started / finished", setup.getProperty("started", "") + " / " + setup.getProperty("finished", "(unfinished)"));
    rows.put("phases", setup.getProperty("phases", "") + ", repeat " + setup.getProperty("repeat", "1"));
    rows.put("workload files", setup.getProperty("workload.files", setup.getProperty("workloads", ""))
        + " (consistency levels, proportions and distributions as in the files)");
    rows.put("properties for every target", setup.getProperty("common.properties", ""));
    rows.put("records / read-phase duration / threads per client / clients", setup.getProperty("records", "") + " / "
        + setup.getProperty("duration", "") + " / " + setup.getProperty("threads", "") + " / "
        + setup.getProperty("clients", "1"));
    rows.put("rate", setup.getProperty("rate", ""));
    for (String t : targets) {
      String versions = serverLines(t);
      rows.put("target " + t, setup.getProperty("target." + t + ".dialect", "") + " at "
          + setup.getProperty("target." + t + ".hosts", "") + "; " + setup.getProperty("target." + t + ".description", "")
          + "; properties: " + setup.getProperty("target." + t + ".properties", "") + "; " + versions);
    }
    for (String k : setup.stringPropertyNames().stream().filter(k -> k.startsWith("command.")).sorted().toList()) {
      rows.put(k.substring("command.".length()), "`" + setup.getProperty(k) + "`");
    }
    return rows;
  }

  /** The binding's "connected to ..." and DDL lines from the target's first client. */
  private String serverLines(String target) {
    for (String phase : phases) {
      Path err = dir.resolve(target).resolve(phase).resolve("rep-1").resolve("client-0").resolve("stderr.txt");
      if (Files.exists(err)) {
        try {
          List<String> lines = Files.readAllLines(err).stream()
              .filter(l -> l.startsWith(YcsbOutput.CONNECTED) || l.startsWith("yugabyte-ycql: CREATE")).toList();
          if (!lines.isEmpty()) {
            return String.join("\n", lines).replace("yugabyte-ycql: ", "");
          }
        } catch (IOException e) {
          // fall through
        }
      }
    }
    return "server not reached";
  }

  public String html() {
    StringBuilder sb = new StringBuilder();
    sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>largekv comparison</title>\n"
        + "<style>body{font-family:sans-serif;margin:24px;max-width:1500px}table{border-collapse:collapse;margin:8px 0}"
        + "td,th{border:1px solid #ccc;padding:4px 10px;text-align:right}th:first-child,td:first-child{text-align:left}"
        + "th{background:#f4f4f4}.failed{color:#b00;font-weight:bold}.charts{display:flex;flex-wrap:wrap;gap:12px}"
        + "code{font-size:12px}</style></head>\n<body>\n<h1>largekv comparison</h1>\n");
    sb.append("<p>Targets: ").append(Svg.esc(String.join(", ", targets))).append(". ").append(Svg.esc(notes()))
        .append("</p>\n");
    for (String phase : phases) {
      sb.append("<h2>").append(Svg.esc(phase)).append("</h2>\n<table><tr><th></th>");
      targets.forEach(t -> sb.append("<th>").append(Svg.esc(t)).append("</th>"));
      sb.append("</tr>\n");
      table(phase).forEach((name, values) -> {
        sb.append("<tr><td>").append(Svg.esc(name)).append("</td>");
        for (String v : values) {
          sb.append(v.startsWith("FAILED") ? "<td class=\"failed\">" : "<td>").append(Svg.esc(v)).append("</td>");
        }
        sb.append("</tr>\n");
      });
      sb.append("</table>\n<div class=\"charts\">\n");
      charts(phase).values().forEach(svg -> sb.append(svg));
      sb.append("</div>\n");
    }
    sb.append("<h2>Setup</h2>\n<table>\n");
    setupRows().forEach((k, v) -> sb.append("<tr><td>").append(Svg.esc(k)).append("</td><td style=\"text-align:left\">")
        .append(Svg.esc(v).replace("\n", "<br>")).append("</td></tr>\n"));
    sb.append("</table>\n<p>Raw data: each target/phase/rep-N/client-M directory holds YCSB's output (ycsb.txt, "
        + "stderr.txt), the exact command (command.txt) and HdrHistogram interval logs (hdr/*.hdr). Re-render with "
        + "<code>bin/largekv report DIR</code>.</p>\n");
    // marks the page as rendered once every chart has a layout box: a check for headless browsers
    sb.append("<script>window.addEventListener('load',function(){var s=document.querySelectorAll('svg.chart'),n=0;"
        + "for(var i=0;i<s.length;i++){var b=s[i].getBBox();if(b.width>0&&b.height>0&&s[i].querySelectorAll('path')"
        + ".length>0)n++;}document.body.setAttribute('data-charts-rendered',n+'/'+s.length);});</script>\n");
    sb.append("</body></html>\n");
    return sb.toString();
  }
}
