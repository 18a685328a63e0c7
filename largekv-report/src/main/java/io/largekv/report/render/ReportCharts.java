package io.largekv.report.render;

import io.largekv.report.PhaseResult;
import io.largekv.report.Report;
import io.largekv.report.files.EventRecord;
import io.largekv.report.files.ServerFigure;
import io.largekv.report.files.ServerSamplesFile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * A phase's charts, as SVG: throughput, p99 latency and failed operations over time (repeat 1,
 * with the events' markers), and the latency by percentile of every repeat merged.
 */
public final class ReportCharts {

  private ReportCharts() {}

  /** name → SVG for one phase: throughput, p99 latency, errors over time, percentiles. */
  public static Map<String, String> of(Report report, String phase) {
    Map<String, String> out = new LinkedHashMap<>();
    List<Svg.Series> tput = new ArrayList<>();
    List<Svg.Series> lat = new ArrayList<>();
    List<Svg.Series> errors = new ArrayList<>();
    List<Svg.Series> curve = new ArrayList<>();
    List<Svg.Marker> markers = new ArrayList<>();
    // the warm-up's end as the report cut it (the first column's first repeat: the common start's)
    double warmup = report.columns.stream().map(c -> report.cells.get(phase).get(c)).filter(c -> !c.runs.isEmpty())
        .map(c -> c.runs.get(0)).filter(r -> r.cutMs > r.startMs).findFirst()
        .map(r -> (r.cutMs - r.startMs) / 1000.0).orElse(Double.NaN);
    for (int t = 0; t < report.columns.size(); t++) {
      Report.Cell c = report.cells.get(phase).get(report.columns.get(t));
      if (c.runs.isEmpty() || c.mainOperation() == null) {
        continue;
      }
      String target = report.columns.get(t);
      PhaseResult first = c.runs.get(0);
      double[] tp = first.series().throughput();
      tput.add(new Svg.Series(target, seconds(tp.length), tp));
      String op = c.mainOperation();
      double[] l = first.series().latency(first.latencyName(op), 99);
      lat.add(new Svg.Series(target, seconds(l.length), l));
      double[] e = first.series().failed();
      errors.add(new Svg.Series(target, seconds(e.length), e));
      for (EventRecord ev : first.events) {
        if (ev.ran()) {
          markers.add(new Svg.Marker((ev.startMs() - first.startMs) / 1000.0, (ev.endMs() - first.startMs) / 1000.0,
              ev.label(), t));
        }
      }
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
    String x = "seconds since the phase's first operation";
    out.put("throughput", Svg.lineChart(new Svg.Chart(phase + ": throughput over time (repeat 1)", x,
        "successful ops/s", tput, false, warmup, markers)));
    out.put("latency", Svg.lineChart(new Svg.Chart(phase + ": p99 latency over time (repeat 1)", x, "ms", lat, false,
        warmup, markers)));
    out.put("errors", Svg.lineChart(new Svg.Chart(phase + ": failed operations over time (repeat 1)", x,
        "failed ops/s", errors, false, Double.NaN, markers)));
    dataset(report, phase, markers, out);
    out.put("percentiles", Svg.lineChart(new Svg.Chart(phase + ": latency by percentile (after warm-up, all repeats)",
        "percentile (log scale of nines)", "ms", curve, true, Double.NaN, List.of())));
    return out;
  }

  /**
   * The benchmark table's bytes on disk over the phase (repeat 1): the cluster's per column, and each
   * node's when there is one column (the seeds' SSTable-size chart). A sample without every node's
   * figure is a gap, never a guess. Added to {@code out} as "dataset" when any column was sampled.
   */
  private static void dataset(Report report, String phase, List<Svg.Marker> markers, Map<String, String> out) {
    List<Svg.Series> series = new ArrayList<>();
    double max = 0;
    for (String column : report.columns) {
      Report.Cell c = report.cells.get(phase).get(column);
      if (c.runs.isEmpty() || c.runs.get(0).servers.samples().isEmpty()) {
        continue;
      }
      PhaseResult first = c.runs.get(0);
      Map<Long, Map<String, Double>> bySample = new java.util.TreeMap<>();
      java.util.Set<String> nodes = new java.util.LinkedHashSet<>();
      for (ServerSamplesFile.Sample x : first.servers.samples()) {
        nodes.add(x.node());
        bySample.computeIfAbsent(x.timeMs(), t -> new LinkedHashMap<>()).put(x.node(), x.value(ServerFigure.TABLE_BYTES));
      }
      long t0 = first.startMs > 0 ? first.startMs : bySample.keySet().iterator().next();
      double[] x = new double[bySample.size()];
      double[] total = new double[bySample.size()];
      Map<String, double[]> perNode = new LinkedHashMap<>();
      nodes.forEach(n -> perNode.put(n, new double[bySample.size()]));
      int i = 0;
      for (Map.Entry<Long, Map<String, Double>> e : bySample.entrySet()) {
        x[i] = (e.getKey() - t0) / 1000.0;
        double sum = 0;
        for (String n : nodes) {
          Double v = e.getValue().get(n);
          perNode.get(n)[i] = v == null ? Double.NaN : v;
          sum = v == null || Double.isNaN(sum) ? Double.NaN : sum + v;
        }
        total[i] = sum;
        if (!Double.isNaN(sum)) {
          max = Math.max(max, sum);
        }
        i++;
      }
      series.add(new Svg.Series(column + (report.columns.size() == 1 ? ": cluster" : ""), x, total));
      if (report.columns.size() == 1 && nodes.size() > 1) {
        perNode.forEach((n, y) -> series.add(new Svg.Series(n, x, y)));
      }
    }
    if (series.isEmpty()) {
      return;
    }
    int u = ReportFormat.byteUnit(max);
    double scale = Math.pow(1024, u);
    List<Svg.Series> scaled = new ArrayList<>();
    for (Svg.Series sr : series) {
      double[] y = sr.y().clone();
      for (int k = 0; k < y.length; k++) {
        y[k] /= scale;
      }
      scaled.add(new Svg.Series(sr.name(), sr.x(), y));
    }
    String svg = Svg.lineChart(new Svg.Chart(phase + ": the table's bytes on disk (repeat 1; gaps: not sampled)",
        "seconds since the phase's first operation", ReportFormat.BYTE_UNITS[u], scaled, false, Double.NaN, markers));
    out.put("dataset", svg);
  }

  private static double[] seconds(int n) {
    double[] x = new double[n];
    for (int i = 0; i < n; i++) {
      x[i] = i + 0.5;
    }
    return x;
  }
}
