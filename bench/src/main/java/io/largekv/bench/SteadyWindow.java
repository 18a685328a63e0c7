package io.largekv.bench;

import io.largekv.bench.MeasuredProcess.Sample;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * Where a client's run is steady: the window every "steady" figure of {@code bench/run} is taken
 * in, and where {@code --counts} and {@code --profile} probe. It opens at the first progress line
 * at which
 * <ul>
 *   <li>{@value #FROM} % of the run's operations or more are done (start-up, connecting and the
 *       first ramp are behind), and</li>
 *   <li>the client's JVM compiler threads are quiet: over the {@value #QUIET_SECONDS} s before that
 *       line they used under {@value #QUIET_PER_CENT} % of the client's CPU. A client whose compiler
 *       threads have used nothing (latte: not a JVM) is quiet from its first line;</li>
 * </ul>
 * and it closes at the first line at {@value #TO} % or more, before the client's shutdown. There
 * is no window, and the reason says why, when the compiler threads were still compiling at
 * {@value #TO} %, when they went quiet with under {@value #MIN_PER_CENT} % of the operations left
 * before it, or when a reading the rule needs is missing: then no steady figure is printed, rather
 * than one that pays for the JIT's backlog.
 *
 * @param from the progress line where the window opens
 * @param to the progress line where it closes
 * @param startedNanos when the client was started ({@link System#nanoTime}'s clock)
 */
record SteadyWindow(Sample from, Sample to, long startedNanos) {

  /** Per cent of a run's operations before which the window does not open, and where it closes. */
  static final int FROM = 20;
  static final int TO = 90;
  /** The compiler threads are quiet under this share of the client's CPU over this many seconds. */
  static final int QUIET_PER_CENT = 5;
  static final int QUIET_SECONDS = 10;
  /** The least share of the operations a window holds. */
  static final int MIN_PER_CENT = 10;

  private static final long SECOND = 1_000_000_000L;

  /** The window of a run, or why there is none. */
  record Search(SteadyWindow window, String missing) {
    static Search none(String why) {
      return new Search(null, why);
    }
  }

  /** The window in {@code samples}, a run's progress lines in order, of a run of {@code totalOps} operations. */
  static Search find(List<Sample> samples, long totalOps, long startedNanos) {
    int from = -1;
    String notQuiet = null;
    for (int i = 0; i < samples.size(); i++) {
      Sample s = samples.get(i);
      if (reached(s.ops(), totalOps, TO)) {
        if (from < 0) {
          return Search.none(notQuiet != null ? notQuiet + "; run more operations (--ops)"
              : "no progress line from " + FROM + " % of the operations before " + TO + " %");
        }
        Sample open = samples.get(from);
        if (Double.isNaN(open.cpuSeconds()) || Double.isNaN(s.cpuSeconds())) {
          return Search.none("the client's CPU could not be read at the window's progress lines");
        }
        if ((s.ops() - open.ops()) * 100 < totalOps * MIN_PER_CENT) {
          return Search.none(String.format(Locale.ROOT, "the JVM's compiler threads went quiet at %d %% of the"
              + " operations, too late for a window of %d %% before %d %% (run more operations)",
              open.ops() * 100 / totalOps, MIN_PER_CENT, TO));
        }
        return new Search(new SteadyWindow(open, s, startedNanos), null);
      }
      if (from < 0 && reached(s.ops(), totalOps, FROM)) {
        notQuiet = quiet(samples, i, totalOps);
        if (notQuiet == null) {
          from = i;
        }
      }
    }
    return Search.none("no progress line at " + TO + " % of the operations (the run ended before it)");
  }

  /**
   * Whether the window may open at the last of {@code soFar}, a run's progress lines up to now: it is
   * from {@link #FROM} % and before {@link #TO} % of the operations, with the compiler threads quiet
   * before it. The first such line of a run is where {@link #find} opens its window once the run has
   * ended: a caller that asks at each line as it comes opens at the first yes.
   */
  static boolean mayOpenAt(List<Sample> soFar, long totalOps) {
    int last = soFar.size() - 1;
    return last >= 0 && reached(soFar.get(last).ops(), totalOps, FROM) && !reached(soFar.get(last).ops(), totalOps, TO)
        && quiet(soFar, last, totalOps) == null;
  }

  /**
   * The client's own time to steady: seconds from its start ({@code startedNanos}) to its first
   * progress line, at any share of the operations, at which its compiler threads had run and were
   * quiet by the window's rule ({@value #QUIET_PER_CENT} % over {@value #QUIET_SECONDS} s). Empty
   * when they never went quiet, or never ran (latte). With {@code --paired} the window waits for
   * latte too, and in any run for {@value #FROM} % of the operations: this is the JVM's part alone.
   */
  static OptionalDouble jitQuietAfter(List<Sample> samples, long totalOps, long startedNanos) {
    for (int i = 0; i < samples.size(); i++) {
      Sample s = samples.get(i);
      if (s.jitSeconds() > 0 && quiet(samples, i, totalOps) == null) {
        return OptionalDouble.of((s.nanos() - startedNanos) / 1e9);
      }
    }
    return OptionalDouble.empty();
  }

  /** Null when the compiler threads were quiet before line {@code i}; else why they were not, in words. */
  private static String quiet(List<Sample> samples, int i, long totalOps) {
    Sample s = samples.get(i);
    if (Double.isNaN(s.jitSeconds())) {
      return "the JVM's compiler threads could not be read";
    }
    if (s.jitSeconds() == 0) {
      return null; // no compiler has run: nothing to wait for
    }
    Sample before = null;
    for (int j = i - 1; j >= 0 && before == null; j--) {
      if (samples.get(j).nanos() <= s.nanos() - QUIET_SECONDS * SECOND) {
        before = samples.get(j);
      }
    }
    if (before == null) {
      return "the JVM's compiler threads were still compiling: fewer than " + QUIET_SECONDS
          + " s of progress lines to tell";
    }
    double cpu = s.cpuSeconds() - before.cpuSeconds();
    double jit = s.jitSeconds() - before.jitSeconds();
    if (Double.isNaN(cpu) || Double.isNaN(jit) || cpu <= 0) {
      return "the client's CPU could not be read at its progress lines";
    }
    if (jit * 100 >= cpu * QUIET_PER_CENT) {
      return String.format(Locale.ROOT, "the compiler threads at %.1f %% of the client's CPU in the %d s before %d %%"
          + " of the operations (quiet: under %d %%)", jit * 100 / cpu, QUIET_SECONDS,
          s.ops() * 100 / totalOps, QUIET_PER_CENT);
    }
    return null;
  }

  static boolean reached(long ops, long total, int percent) {
    return ops * 100 >= total * percent;
  }

  long ops() {
    return to.ops() - from.ops();
  }

  /** The client's CPU seconds per operation in the window. */
  double cpuPerOp() {
    return (to.cpuSeconds() - from.cpuSeconds()) / ops();
  }

  /** Operations per second in the window. */
  double opsPerSecond() {
    return to.nanos() > from.nanos() ? ops() * 1e9 / (to.nanos() - from.nanos()) : Double.NaN;
  }

  /** The compiler threads' share of the client's CPU in the window (0 for a client without them). */
  double jitShare() {
    double cpu = to.cpuSeconds() - from.cpuSeconds();
    return cpu > 0 ? (to.jitSeconds() - from.jitSeconds()) / cpu : Double.NaN;
  }

  /** Seconds from the client's start to the window: its time to steady. */
  double secondsToSteady() {
    return (from.nanos() - startedNanos) / 1e9;
  }
}
