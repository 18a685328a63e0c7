package io.largekv.run;

import java.util.ArrayDeque;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.function.LongSupplier;

/**
 * How far a run is: for a load, the keys done of the keys in this client's range, their rate over
 * the last {@value #WINDOW_SECONDS} seconds and the time left at that rate; for a time-bounded run,
 * the time elapsed of the time planned ({@code maxexecutiontime}). The one owner of those figures:
 * the status line ({@link StatusLines}) and the metrics endpoint ({@link RunMetrics}) read them here.
 *
 * <p>A key is done when its insert ended, successful or not (a failed insert is a lost row, counted
 * apart): the load goes on past it. Keys done before this process (a load resumed from its
 * checkpoint) are counted as done. The rate spans the last {@value #WINDOW_SECONDS} seconds, or the
 * time since the first operation when less has passed; before the first operation, or within
 * {@value #MIN_RATE_MS} ms of it, there is no rate, and a rate of 0 gives no time left:
 * {@link Reading#eta()} is then empty, never a guess.
 */
public final class Progress {

  /** The rate's window, seconds. */
  static final int WINDOW_SECONDS = 60;
  private static final long WINDOW_NANOS = WINDOW_SECONDS * 1_000_000_000L;
  private static final long SAMPLE_NANOS = 1_000_000_000L;
  /** The shortest time a rate is measured over, ms. */
  static final int MIN_RATE_MS = 100;

  private volatile LongSupplier doneNow;
  private final LongSupplier nanoTime;
  private volatile long plannedKeys = -1;
  private volatile long keysBefore;
  private volatile long plannedSeconds;
  /** {nanoTime, keys done}, oldest first, one a second at most, the window's and one before it. */
  private final ArrayDeque<long[]> samples = new ArrayDeque<>();

  /**
   * {@code doneNow}: the keys this process has done (inserts ended: YCSB's own workloads insert each
   * key once); {@code nanoTime}: the clock.
   */
  Progress(LongSupplier doneNow, LongSupplier nanoTime) {
    this.doneNow = doneNow;
    this.nanoTime = nanoTime;
  }

  /** A load of {@code keys} keys in this client's range, {@code before} of them done by an earlier process. */
  public void load(long keys, long before) {
    plannedKeys = keys;
    keysBefore = before;
  }

  /**
   * As {@link #load(long, long)}, the keys this process has done counted by {@code done}: a workload
   * that retries a failed insert counts a key once, when it is written or given up as lost.
   */
  public void load(long keys, long before, LongSupplier done) {
    doneNow = done;
    load(keys, before);
  }

  /** A run planned to last {@code seconds} (YCSB's {@code maxexecutiontime}); 0: bounded by its count. */
  void plannedSeconds(long seconds) {
    plannedSeconds = seconds;
  }

  /** The run's planned time in seconds, 0 when it has none. */
  long plannedSeconds() {
    return plannedSeconds;
  }

  /** True for a load whose range is known. */
  boolean isLoad() {
    return plannedKeys >= 0;
  }

  /** The run's first operation started now: the rate is measured from here on. */
  synchronized void started() {
    if (samples.isEmpty()) {
      samples.addLast(new long[] {nanoTime.getAsLong(), keysBefore});
    }
  }

  /** The load's figures now (call only when {@link #isLoad()}). */
  synchronized Reading read() {
    long now = nanoTime.getAsLong();
    long done = keysBefore + doneNow.getAsLong();
    if (samples.isEmpty()) {
      return new Reading(done, plannedKeys, Double.NaN, 0);
    }
    if (now - samples.peekLast()[0] >= SAMPLE_NANOS) {
      samples.addLast(new long[] {now, done});
    }
    // keep one sample at or before the window's start, so the rate spans the whole window
    while (samples.size() > 2) {
      long[] second = samples.stream().skip(1).findFirst().orElseThrow();
      if (now - second[0] >= WINDOW_NANOS) {
        samples.removeFirst();
      } else {
        break;
      }
    }
    long[] oldest = samples.peekFirst();
    double seconds = (now - oldest[0]) / 1e9;
    double rate = seconds * 1000 >= MIN_RATE_MS ? (done - oldest[1]) / seconds : Double.NaN;
    return new Reading(done, plannedKeys, rate, seconds);
  }

  /**
   * A load's progress: {@code done} of {@code planned} keys; {@code rate} keys/s over the last
   * {@code rateSeconds} (NaN before the first operation and within {@value #MIN_RATE_MS} ms of it).
   */
  record Reading(long done, long planned, double rate, double rateSeconds) {

    long remaining() {
      return Math.max(0, planned - done);
    }

    /** Seconds left at the rate, empty when the rate is not known or 0 with keys left. */
    OptionalDouble eta() {
      if (remaining() == 0) {
        return OptionalDouble.of(0);
      }
      return Double.isNaN(rate) || rate <= 0 ? OptionalDouble.empty() : OptionalDouble.of(remaining() / rate);
    }

    /** {@code 400000 of 1000000 keys (40.0%), 9980 keys/s over the last 60 s, ETA 1 min 0 s}. */
    String line() {
      String share = planned > 0 ? String.format(Locale.ROOT, " (%.1f%%)", 100.0 * done / planned) : "";
      String speed = Double.isNaN(rate) ? "rate unavailable (no operation yet)"
          : String.format(Locale.ROOT, rateSeconds < 10 ? "%.0f keys/s over the last %.1f s"
              : "%.0f keys/s over the last %.0f s", rate, rateSeconds);
      OptionalDouble eta = eta();
      String left = eta.isPresent() ? "ETA " + io.largekv.common.Durations.words(eta.getAsDouble())
          : "ETA unavailable (" + (Double.isNaN(rate) ? "no rate yet" : "no key done in the last "
              + String.format(Locale.ROOT, "%.0f s", rateSeconds)) + ")";
      return String.format(Locale.ROOT, "%d of %d keys%s, %s, %s", done, planned, share, speed, left);
    }
  }
}
