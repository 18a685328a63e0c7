package io.largekv.bench;

import io.largekv.bench.MeasuredProcess.Sample;
import java.util.List;
import java.util.Locale;

/**
 * {@code --paired}: the seconds in which a client and the latte run beside it were both steady. Each
 * run's own {@link SteadyWindow} is found first; the pair's window is where the two overlap, and
 * each run's figure is taken at its own progress lines inside that overlap. Both figures then come
 * from the same seconds of the same machine and server, so a slower moment of either slows both.
 * There is no window for either run, and the reason says why, when one of them has none or the two
 * overlap for under {@value SteadyWindow#MIN_PER_CENT} % of either run's operations.
 */
final class PairedWindow {

  /** The two runs' windows over the same seconds, or the same reason for both why there is none. */
  record Pair(SteadyWindow.Search client, SteadyWindow.Search latte) {
    static Pair none(String why) {
      return none(why, why);
    }

    static Pair none(String client, String latte) {
      return new Pair(SteadyWindow.Search.none(client), SteadyWindow.Search.none(latte));
    }
  }

  private PairedWindow() {}

  /**
   * The common window of {@code client}'s run and {@code latte}'s, each of {@code ops} operations,
   * started at the same time ({@link System#nanoTime}'s clock for both).
   */
  static Pair find(MeasuredProcess.Result client, MeasuredProcess.Result latte, long ops) {
    SteadyWindow.Search own = client.steadyWindow(ops);
    SteadyWindow.Search theirs = latte.steadyWindow(ops);
    if (own.window() == null) {
      return Pair.none("no window of its own: " + own.missing(), "the client beside it had none: " + own.missing());
    }
    if (theirs.window() == null) {
      return Pair.none("latte beside it had no window of its own: " + theirs.missing(),
          "no window of its own: " + theirs.missing());
    }
    long from = Math.max(own.window().from().nanos(), theirs.window().from().nanos());
    long to = Math.min(own.window().to().nanos(), theirs.window().to().nanos());
    SteadyWindow mine = within(client.samples(), from, to, client.startedNanos());
    SteadyWindow latteIn = within(latte.samples(), from, to, latte.startedNanos());
    if (unread(mine) || unread(latteIn)) {
      return Pair.none("the CPU of a run of the pair could not be read at its progress lines in their common window");
    }
    if (mine == null || latteIn == null || tooFew(mine, ops) || tooFew(latteIn, ops)) {
      return Pair.none(String.format(Locale.ROOT, "the two runs were steady together for %.1f s, under %d %% of"
          + " either run's operations (run more operations)", Math.max(0, to - from) / 1e9,
          SteadyWindow.MIN_PER_CENT));
    }
    return new Pair(new SteadyWindow.Search(mine, null), new SteadyWindow.Search(latteIn, null));
  }

  /** The run's window from its first progress line at or after {@code from} to its last at or before {@code to}. */
  private static SteadyWindow within(List<Sample> samples, long from, long to, long startedNanos) {
    Sample first = null;
    Sample last = null;
    for (Sample s : samples) {
      if (s.nanos() >= from && s.nanos() <= to) {
        if (first == null) {
          first = s;
        }
        last = s;
      }
    }
    return first == null || last == first ? null : new SteadyWindow(first, last, startedNanos);
  }

  private static boolean unread(SteadyWindow w) {
    return w != null && (Double.isNaN(w.from().cpuSeconds()) || Double.isNaN(w.to().cpuSeconds()));
  }

  private static boolean tooFew(SteadyWindow w, long ops) {
    return w.ops() * 100 < ops * SteadyWindow.MIN_PER_CENT;
  }
}
