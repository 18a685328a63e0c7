package io.largekv.report;

import io.largekv.report.files.HdrLog;
import io.largekv.results.Timeline;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * A phase's figures second by second ({@link PhaseResult#series()}): a bucket per second since the
 * phase's time zero ({@link PhaseResult#startMs}), every client's operations added, never averaged.
 * The charts and the events' impact are drawn from these.
 */
public final class PhaseSeries {

  private final PhaseResult run;
  /** Each client's first interval start and last interval end (ms since 1970), {MAX, MIN} without any. */
  private final List<long[]> clientSpans;

  PhaseSeries(PhaseResult run, List<long[]> clientSpans) {
    this.run = run;
    this.clientSpans = clientSpans;
  }

  /**
   * The 1-second throughputs (all clients and types) after the warm-up, whole seconds only: the
   * phase's last second, cut short by its end, is left out.
   */
  public double[] steadyThroughputs() {
    double[] s = throughput();
    long first = run.cutMs;
    long last = run.endMs;
    boolean before = false;
    for (long[] span : clientSpans) {
      if (span[0] <= span[1]) {
        first = Math.max(first, span[0]);
        last = Math.min(last, span[1]);
        before |= span[0] < run.startMs;
      }
    }
    // seconds in which every client measured; the first second holds what came before time zero
    int from = (int) Math.max(before ? 1 : 0, (first - run.startMs + 999) / 1000);
    int to = (int) Math.min(s.length, Math.max(0, (last - run.startMs) / 1000));
    return from >= to ? new double[0] : Arrays.copyOfRange(s, from, to);
  }

  /** Per 1-second bucket: failed operations (all clients' timelines). */
  public double[] failed() {
    double[] s = new double[buckets()];
    for (List<Timeline.Second> client : run.timelines) {
      for (Timeline.Second sec : client) {
        int b = (int) ((sec.endMs() - 1 - run.startMs) / 1000);
        if (b >= 0 && b < s.length) {
          s[b] += sec.failed();
        }
      }
    }
    return s;
  }

  /** Per 1-second bucket: operations per second, all clients and types. */
  public double[] throughput() {
    double[] s = new double[buckets()];
    for (String op : run.operations()) {
      for (List<HdrLog.Interval> log : run.logs.get(op)) {
        for (HdrLog.Interval i : log) {
          spread(s, i, i.histogram.getTotalCount());
        }
      }
    }
    return s;
  }

  /** Per 1-second bucket: the given percentile (ms) of an operation, all clients merged. */
  public double[] latency(String op, double percentile) {
    int buckets = buckets();
    Histogram[] h = new Histogram[buckets];
    for (List<HdrLog.Interval> log : run.logs.getOrDefault(op, List.of())) {
      for (HdrLog.Interval i : log) {
        int b = (int) Math.min(buckets - 1, Math.max(0, (i.startMs - run.startMs) / 1000));
        if (h[b] == null) {
          h[b] = new Histogram(3);
        }
        h[b].add(i.histogram);
      }
    }
    double[] s = new double[buckets];
    for (int b = 0; b < buckets; b++) {
      s[b] = h[b] == null || h[b].getTotalCount() == 0 ? Double.NaN : h[b].getValueAtPercentile(percentile) / 1000.0;
    }
    return s;
  }

  /** The seconds from time zero to the last interval's end, the last one begun counted (at least one). */
  private int buckets() {
    return (int) Math.max(1, (run.endMs - run.startMs + 999) / 1000);
  }

  private void spread(double[] s, HdrLog.Interval i, long count) {
    long len = Math.max(1, i.endMs - i.startMs);
    for (long t = i.startMs; t < i.endMs; ) {
      int b = (int) Math.min(s.length - 1, Math.max(0, (t - run.startMs) / 1000));
      long bucketEnd = run.startMs + (b + 1) * 1000L;
      long slice = Math.min(i.endMs, bucketEnd) - t;
      if (slice <= 0) {
        break;
      }
      s[b] += (double) count * slice / len;
      t += slice;
    }
  }
}
