package io.largekv.report;

import io.largekv.report.files.EventRecord;
import io.largekv.results.Timeline;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What one event did to one run of a phase, from its raw logs (docs/comparison.md#events):
 *
 * <ul>
 *   <li><b>before</b>: the median of the 1-second throughputs (successful operations, all clients)
 *       of the 30 seconds before the event started;</li>
 *   <li><b>lowest</b>: the lowest 1-second throughput from the event's start to the end of its
 *       window;</li>
 *   <li><b>recovery</b>: seconds from the event's start until three seconds in a row are at 90 %
 *       of before or more (0 when it never fell below); not measured when that does not happen before
 *       the phase's end;</li>
 *   <li><b>window</b>: from the event's start to 3 s after its recovery, or at least to 1 s after
 *       the event's own end (a node that bootstraps takes its time), at most to the phase's end.
 *       Windows of events close together overlap: each event is measured on its own, and what an
 *       earlier event still does shows in a later one's figures;</li>
 *   <li>failed operations by error class, verification failures and p99 (of the main operation, all
 *       clients' intervals that start in it) inside the window.</li>
 * </ul>
 */
public final class EventImpact {

  /** Seconds before the event whose throughput is "before". */
  static final int BEFORE_SECONDS = 30;
  /** Consecutive seconds at 90 % that make a recovery. */
  static final int RECOVERED_SECONDS = 3;

  public final EventRecord event;
  /** The event's start and its window's end, in seconds since the phase's first operation. */
  public final int startSecond;
  public final int windowEndSecond;
  public final double before;
  public final double lowest;
  /** Seconds until recovered; -1 when not recovered inside the window's limit. */
  public final int recoverySeconds;
  public final Map<String, Long> failuresByClass;
  public final long failed;
  public final long verificationFailures;
  /** p99 in ms in the window; NaN without operations. */
  public final double p99Ms;

  private EventImpact(EventRecord event, int startSecond, int windowEndSecond, double before, double lowest,
      int recoverySeconds, Map<String, Long> failuresByClass, long failed, long verificationFailures, double p99Ms) {
    this.event = event;
    this.startSecond = startSecond;
    this.windowEndSecond = windowEndSecond;
    this.before = before;
    this.lowest = lowest;
    this.recoverySeconds = recoverySeconds;
    this.failuresByClass = failuresByClass;
    this.failed = failed;
    this.verificationFailures = verificationFailures;
    this.p99Ms = p99Ms;
  }

  /** The impact of {@code event} (which ran) on {@code run}. */
  static EventImpact of(PhaseResult run, EventRecord event) {
    double[] tput = run.series().throughput();
    int start = second(run, event.startMs());
    int limit = tput.length;
    double before = median(Arrays.copyOfRange(tput, Math.max(0, start - BEFORE_SECONDS), Math.max(0, start)));
    int recovered = -1;
    for (int s = start; s + RECOVERED_SECONDS <= limit && !Double.isNaN(before); s++) {
      boolean up = true;
      for (int k = s; k < s + RECOVERED_SECONDS; k++) {
        up &= tput[k] >= 0.9 * before;
      }
      if (up) {
        recovered = s;
        break;
      }
    }
    int end = Math.max(second(run, event.endMs()) + 1, recovered < 0 ? limit : recovered + RECOVERED_SECONDS);
    end = Math.min(limit, Math.max(start + 1, end));
    double lowest = Double.NaN;
    for (int s = start; s < end; s++) {
      lowest = Double.isNaN(lowest) ? tput[s] : Math.min(lowest, tput[s]);
    }
    long fromMs = run.startMs + start * 1000L;
    long toMs = run.startMs + end * 1000L;
    Map<String, Long> classes = new TreeMap<>();
    long failed = 0;
    long verification = 0;
    for (List<Timeline.Second> client : run.timelines) {
      for (Timeline.Second sec : client) {
        // the second (endMs - 1000, endMs] counts when it ends inside the window
        if (sec.endMs() > fromMs && sec.endMs() <= toMs) {
          failed += sec.failed();
          verification += sec.verificationFailures();
          sec.classes().forEach((k, v) -> classes.merge(k, v, Long::sum));
        }
      }
    }
    String op = run.mainOperation();
    Histogram h = op == null ? new Histogram(3) : run.histogramBetween(run.latencyName(op), fromMs, toMs);
    double p99 = h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(99) / 1000.0;
    return new EventImpact(event, start, end, before, lowest, recovered < 0 ? -1 : recovered - start, classes, failed,
        verification, p99);
  }

  /** The 1-second bucket (since the run's first operation) of a time in ms since 1970. */
  private static int second(PhaseResult run, long ms) {
    return (int) Math.max(0, (ms - run.startMs) / 1000);
  }

  static double median(double[] v) {
    if (v.length == 0) {
      return Double.NaN;
    }
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }
}
