package io.largekv.report;

import io.largekv.report.files.ServerFigure;
import io.largekv.report.files.ServerSamplesFile.Sample;
import io.largekv.results.Results.Figure;
import java.util.List;

/**
 * A node's rates over the intervals between consecutive samples that both have the counter
 * (docs/servers.md#what-is-measured): a counter that went down (a restart) leaves its interval out,
 * a gap is left out, never filled in, and every rate says how many intervals it rests on.
 */
final class NodeRates {

  private final List<Sample> samples;
  private final int intervals;

  /** {@code intervals}: the phase's intervals between samples (a node missing from some rests on fewer). */
  NodeRates(List<Sample> samples, int intervals) {
    this.samples = samples;
    this.intervals = Math.max(0, intervals);
  }

  /** Σ increase, Σ seconds (× {@code weight}) and the intervals used, over the usable intervals of {@code f}. */
  double[] sums(ServerFigure f, ServerFigure weight) {
    double delta = 0;
    double seconds = 0;
    int used = 0;
    for (int i = 1; i < samples.size(); i++) {
      Sample a = samples.get(i - 1);
      Sample b = samples.get(i);
      Double va = a.value(f);
      Double vb = b.value(f);
      Double w = weight == null ? Double.valueOf(1) : b.value(weight);
      if (va == null || vb == null || w == null || vb < va || b.timeMs() <= a.timeMs()) {
        continue;
      }
      delta += vb - va;
      seconds += (b.timeMs() - a.timeMs()) / 1000.0 * w;
      used++;
    }
    return new double[] {used == 0 ? Double.NaN : delta, seconds, used};
  }

  Figure perSecond(ServerFigure f) {
    double[] s = sums(f, null);
    return Double.isNaN(s[0]) ? Figure.unavailable(reason(f), intervals) : Figure.of(s[0] / s[1], (int) s[2],
        intervals);
  }

  Figure cpuPercent() {
    double[] s = sums(ServerFigure.CPU_BUSY_SECONDS, ServerFigure.CPUS);
    return Double.isNaN(s[0]) ? Figure.unavailable(reason(ServerFigure.CPU_BUSY_SECONDS), intervals)
        : Figure.of(100 * s[0] / s[1], (int) s[2], intervals);
  }

  Figure averageReadBytes() {
    double[] bytes = sums(ServerFigure.DISK_READ_BYTES, null);
    double[] reads = sums(ServerFigure.DISK_READS, null);
    if (Double.isNaN(bytes[0]) || Double.isNaN(reads[0])) {
      return Figure.unavailable(reason(Double.isNaN(reads[0]) ? ServerFigure.DISK_READS
          : ServerFigure.DISK_READ_BYTES), intervals);
    }
    if (reads[0] == 0) {
      return Figure.unavailable("no disk read in the phase", intervals);
    }
    return Figure.of(bytes[0] / reads[0], (int) Math.min(bytes[2], reads[2]), intervals);
  }

  String reason(ServerFigure f) {
    String why = SampleLevels.why(samples, f);
    return samples.size() < 2 ? "fewer than two samples" : why.equals("no source of this target gives it")
        && samples.stream().anyMatch(x -> x.value(f) != null) ? "no two consecutive samples have it" : why;
  }
}
