package io.largekv.run;

import io.largekv.properties.PropertyValues;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The stalls of the driver's event loops that largekv's client threads cause, and whether they
 * could have moved a reported percentile: the one owner of that accounting and of its rule
 * (docs/ycsb-binding.md, "Stalls of the driver's I/O threads").
 *
 * <p>When virtual client threads run on the driver's I/O threads ({@code largekv.virtual_scheduler=io}),
 * each wake-up runs a piece of a client thread on the I/O thread that read its response, until it
 * waits again. While it runs, that I/O thread reads no other response: every operation in flight on
 * it waits, and its latency grows by the client's doing. The scheduler times every such run
 * ({@link #record}); a run longer than {@value #STALL_MS} (default {@value #DEFAULT_STALL_MS} ms), from
 * the run's first operation on, is a <em>stall</em> (before it no operation is in flight: client
 * threads opening the session and creating the schema delay nothing that is measured). A stall's time is wall-clock time: a client thread that blocks (a pinned wait, a
 * native call, blocking file I/O), a long computation, a garbage-collection pause, or the OS not
 * scheduling the I/O thread; all of them delay the responses behind it alike.
 *
 * <p><b>The rule.</b> A stall can delay at most the operations in flight at that moment, and each of
 * YCSB's client threads has at most one: at most {@code threadcount} per stall. A reported
 * percentile {@code p} (the highest of {@code hdrhistogram.percentiles}, YCSB's default 99) may have
 * moved when the operations the stalls may have delayed, {@code stalls × threadcount}, exceed a
 * tenth of the operations above it, {@code (100 − p) / 100 × operations / 10}. Below that, the
 * reported p-th percentile lies between the true p-th and (p + (100 − p) / 10)-th (for p99.9:
 * between the true p99.9 and p99.91). Above it the run's output says so
 * ({@code [LARGEKV], EventLoopStallWarning} and a {@code largekv: WARNING} line); it does not yet
 * change the exit status: every run measured so far has a few stalls in its first second (class
 * loading, HdrHistogram's first resizes, the driver's codec cache), which a short run's p99 does
 * include, and the warm-up exclusion that would leave them out of the reported percentiles is
 * not built yet (docs/ycsb-binding.md).
 */
public final class EventLoopStalls {

  /** An inline run of a client thread on an I/O thread longer than this (ms) is a stall. */
  public static final String STALL_MS = "largekv.stall_ms";
  static final int DEFAULT_STALL_MS = 10;
  /**
   * An I/O thread inside one inline run for longer than this (ms) is a hang: the watchdog prints
   * the client thread's stack and ends the run with exit status 3.
   */
  public static final String HANG_MS = "largekv.hang_ms";
  static final int DEFAULT_HANG_MS = 2000;
  /** YCSB's default percentiles, when {@code hdrhistogram.percentiles} is not set. */
  static final String YCSB_PERCENTILES = "95,99";

  private final LongAdder stalls = new LongAdder();
  private final LongAdder stalledNanos = new LongAdder();
  private final AtomicLong maxNanos = new AtomicLong();
  private volatile boolean watched;
  private volatile long boundNanos = TimeUnit.MILLISECONDS.toNanos(DEFAULT_STALL_MS);
  private volatile long hangMs = DEFAULT_HANG_MS;
  private volatile long clientThreads = 1;
  private volatile double highestPercentile = 99;
  /** From the run's first operation on: before it no operation is in flight, none can be delayed. */
  private volatile boolean measuring;

  /** A fresh account, for tests; a run uses {@link RunOutcome#eventLoopStalls()}. */
  public EventLoopStalls() {}

  /**
   * Reads {@value #STALL_MS}, {@code threadcount} and {@code hdrhistogram.percentiles}; from now on
   * the run's output has the stall lines. For largekv's client, when its I/O-thread scheduler runs.
   */
  public void watch(Properties p) {
    PropertyValues v = new PropertyValues(p);
    boundNanos = TimeUnit.MILLISECONDS.toNanos(stallMs(v));
    hangMs = hangMs(v);
    clientThreads = v.intRange("threadcount", 1, 1, 1_000_000);
    highestPercentile = highestPercentile(p.getProperty("hdrhistogram.percentiles", YCSB_PERCENTILES));
    watched = true;
  }

  /** Checks {@value #STALL_MS} and {@value #HANG_MS}: a {@code UserError} naming the accepted values. */
  public static void check(Properties p) {
    hangMs(new PropertyValues(p));
  }

  private static int stallMs(PropertyValues v) {
    return v.intRange(STALL_MS, DEFAULT_STALL_MS, 1, 3_600_000);
  }

  /** The hang bound: more than the stall bound. */
  private static int hangMs(PropertyValues v) {
    return v.intRange(HANG_MS, DEFAULT_HANG_MS, stallMs(v) + 1, 86_400_001);
  }

  /** The highest of YCSB's {@code hdrhistogram.percentiles} (a comma-separated list); 99 when none parses. */
  static double highestPercentile(String list) {
    double max = -1;
    for (String s : list.split(",")) {
      try {
        double d = Double.parseDouble(s.trim());
        if (d > 0 && d < 100) {
          max = Math.max(max, d);
        }
      } catch (NumberFormatException e) {
        // YCSB itself fails on it later; the rule takes its default
      }
    }
    return max < 0 ? 99 : max;
  }

  /** The bound in ms: a longer inline run is a stall. */
  public long boundMs() {
    return TimeUnit.NANOSECONDS.toMillis(boundNanos);
  }

  /** An inline run longer than this (ms) is a hang. */
  public long hangMs() {
    return hangMs;
  }

  /** One inline run of a client thread on an I/O thread took {@code nanos} (the hot path: one comparison). */
  public void record(long nanos) {
    if (nanos > boundNanos && measuring) {
      stalls.increment();
      stalledNanos.add(nanos);
      maxNanos.accumulateAndGet(nanos, Math::max);
    }
  }

  /**
   * The run's first operation started: from now on a stall can delay operations, and counts.
   * (Before it, client threads open the session and create the schema, also on I/O threads.)
   */
  public void measuring() {
    measuring = true;
  }

  /** True from the run's first operation on. */
  public boolean isMeasuring() {
    return measuring;
  }

  /** True when the I/O-thread scheduler ran this process's client threads. */
  public boolean watched() {
    return watched;
  }

  public long stalls() {
    return stalls.sum();
  }

  public double maxMs() {
    return maxNanos.get() / 1e6;
  }

  public double totalMs() {
    return stalledNanos.sum() / 1e6;
  }

  /**
   * Why the stalls may have moved the highest reported percentile ({@code operations}: the run's,
   * successful and failed), or empty. See the rule above.
   */
  public Optional<String> warning(long operations) {
    long n = stalls();
    if (!watched() || n == 0) {
      return Optional.empty();
    }
    long mayBeDelayed = n * clientThreads;
    double allowed = (100 - highestPercentile) / 100 * operations / 10;
    if (mayBeDelayed <= allowed) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "%d stall(s) of the driver's I/O threads (longest %.1f ms, over %d ms"
        + " each; %s=%d) may have delayed up to %d operation(s) (%d per stall: threadcount), more than a tenth of"
        + " the %.0f above the reported p%s: that percentile may have moved", n, maxMs(), boundMs(), STALL_MS,
        boundMs(), mayBeDelayed, clientThreads, (100 - highestPercentile) / 100 * operations,
        RunResult.trim(highestPercentile)));
  }

  /** The {@code [LARGEKV]} lines, when {@link #watched()}; {@code operations}: the run's. */
  void print(PrintStream out, long operations) {
    if (!watched()) {
      return;
    }
    out.println("[LARGEKV], EventLoopStalls, " + stalls());
    out.println(String.format(Locale.ROOT, "[LARGEKV], EventLoopStallMaxMs, %.1f", maxMs()));
    out.println(String.format(Locale.ROOT, "[LARGEKV], EventLoopStallTotalMs, %.1f", totalMs()));
    warning(operations).ifPresent(w -> out.println("[LARGEKV], EventLoopStallWarning, " + w));
  }
}
