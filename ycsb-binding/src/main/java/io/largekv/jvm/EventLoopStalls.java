package io.largekv.jvm;

import io.largekv.properties.PropertyValues;
import io.largekv.results.ClientSummary.Metric;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

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
 * <p><b>Whose stall.</b> Only the first ones are the client's doing. While the I/O thread is
 * runnable but waiting for a CPU — the machine's cores given to something else: on the embedded
 * default, the Cassandra beside the client; in a virtual machine, its CPU given by the hypervisor to
 * another guest (steal) — any client on that machine is delayed alike (a platform-thread client
 * too, which cannot see it). So each stall's time is split: the <em>machine's share</em>, what the
 * kernel's counts of the I/O thread ({@link ThreadSchedule}, read while the run lasts and at its
 * end) show was not the thread on a CPU or blocked — its wait for a CPU, and, where it never blocked
 * in between, all of the time off a CPU — a lower bound: the time before the first reading stays the
 * client's; and the <em>client's share</em>, the rest (the thread on a CPU or blocked in client
 * code). Only the client's share is judged by the rule below: a stall whose client share is not
 * over the bound is not the client's. The machine's share is printed beside it
 * ({@code [LARGEKV], EventLoopStallMachineMs}). It includes time the cores ran the client JVM's own
 * other threads (its compiler threads, whose CPU after the warm-up {@link ClientJit} reports, and
 * other I/O threads). Where the kernel gives no counts, every stall is the client's, as before the
 * split.
 *
 * <p><b>The rule.</b> A stall can delay at most the operations in flight at that moment, and each of
 * YCSB's client threads has at most one: the {@code n} stalls in the reported figures may have
 * delayed up to {@code k = n × threadcount} operations, each by at most {@code L}, their time in
 * all (an operation may wait through several). Take an operation type's reported figures
 * ({@code READ}, {@code UPDATE}, ...: its YCSB HdrHistogram, {@code N} operations) and a reported
 * percentile {@code p} (each of {@code hdrhistogram.percentiles}, YCSB's default 95 and 99):
 * measured {@code Q'(p)}, true (without the stalls) {@code Q(p)}. Every measured latency is at least its true one and at most {@code L} more,
 * so {@code Q(p) ≥ Q'(p) − L}. And at most {@code k} measured latencies are inflated: {@code Q'(p)}
 * is the {@code r}-th smallest ({@code r = ⌈pN/100⌉}) and {@code Q'(p − δ)}, with
 * {@code δ = 100·k/N} percentage points, the {@code (r − k)}-th. Fewer than {@code r − k} measured
 * latencies are below it, so fewer than {@code r − k} true latencies of uninflated operations are,
 * and with the at most {@code k} inflated ones fewer than {@code r}: {@code Q(p) ≥ Q'(p − δ)}. The
 * reported percentile exceeds the true one by at most
 * <pre>  min(L, Q'(p) − Q'(p − δ))</pre>
 * When {@code p − δ ≤ 0} the stalls may have delayed every operation up to the percentile's, the
 * smallest too, and no measured latency bounds the true ones from below but 0: the bound is then
 * {@code min(L, Q'(p))}. YCSB reports the highest value of a percentile's HdrHistogram bucket (three
 * significant digits), so the lower value is taken one operation further down ({@code k + 1}) and
 * as its bucket's lowest value, and {@code L}, rounded up to a microsecond, is widened by the
 * reported value's bucket: HdrHistogram's rounding of a percentile to a rank and to a bucket cannot
 * make the bound smaller than the shift of the reported figure.
 *
 * <p>A reported percentile is stated to within {@value #PRECISION_PERCENT} % of its value
 * ({@link #PRECISION_PERCENT} says why that figure). The stalls may have moved it when the bound,
 * for any operation type and percentile ({@code k} and {@code L} are the same worst case for each),
 * is above that; otherwise the bound on the highest percentile is printed next to the figures
 * ({@code [LARGEKV], EventLoopStallShiftUs(READ)}, ...: µs, one line per operation type whenever
 * there are stalls to judge).
 *
 * <p>Only the operations' own figures are judged, not the failed ones' ({@code READ-FAILED}): the
 * report shows none of those, and failures have their own limit. When YCSB measured with another
 * {@code measurementtype} (no HdrHistogram: no distribution to bound), the rule counts operations
 * instead: the operations the stalls may have delayed must not exceed a tenth of the operations
 * above {@code p}, {@code (100 − p) / 100 × operations / 10}.
 *
 * <p>A stall that the client JVM's pauses explain ({@link ClientPauses}: its safepoints, a garbage
 * collection's among them; without the pause time in it the run would not be over the bound) is
 * counted ({@code EventLoopStallsInJvmPauses}) but not judged here: a pause stops every thread on every
 * scheduler, and the client thread did not hold the I/O thread.
 *
 * <p>The stalls in the reported figures are those after the client's warm-up when
 * {@code io.largekv.run.ClientWarmUp} leaves it out of them (read and mixed phases, by default): there the rule
 * makes the result unpublishable ({@link #problem}: exit status 1). When the figures include the
 * warm-up (a load, {@code largekv.warmup_s=0}, a run shorter than its warm-up) they include the
 * client's start-up, which has a few stalls in every run measured so far (class loading,
 * HdrHistogram's first resizes, the driver's codec cache): the rule then warns
 * ({@code [LARGEKV], EventLoopStallWarning} and a {@code largekv: WARNING} line) and the exit
 * status stays the run's.
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
  /**
   * The precision a reported percentile is stated to, in % of its value: the stalls may have moved
   * it when the bound on its shift is larger. Coarser than YCSB's HdrHistogram records (three
   * significant digits: 0.1 %), which runs of the same command do not repeat to; finer than the p99
   * differences the project's performance table reports (docs/performance.md: 0.92× to 1.22× of
   * latte's, medians of pinned runs), so a shift within it changes none of them.
   */
  public static final int PRECISION_PERCENT = 5;

  private final LongAdder stalls = new LongAdder();
  private final LongAdder stalledNanos = new LongAdder();
  private final AtomicLong maxNanos = new AtomicLong();
  /** The stalls' machine's share where it was read, ns. */
  private final LongAdder machineNanos = new LongAdder();
  /** Stalls whose machine's share was not read (the run ended before the watchdog's look): all the client's. */
  private final LongAdder unread = new LongAdder();
  /** Why the kernel gives no scheduling counts here; null when it does. */
  private volatile String machineWhyNot;
  /**
   * Each stall's {start nanoTime, nanos, 1 when after the client's warm-up, the machine's share ns or
   * -1 when not read}: the first {@value #KEPT}.
   */
  private final List<long[]> windows = new ArrayList<>();
  static final int KEPT = 100_000;
  private volatile ClientPauses pauses;
  private volatile boolean warmUpExcluded;
  private volatile boolean watched;
  private volatile long boundNanos = TimeUnit.MILLISECONDS.toNanos(DEFAULT_STALL_MS);
  private volatile long hangMs = DEFAULT_HANG_MS;
  private volatile long clientThreads = 1;
  private volatile double highestPercentile = 99;
  /** Every reported percentile ({@code hdrhistogram.percentiles}), each judged. */
  private volatile double[] percentiles = {95, 99};
  /** From the run's first operation on: before it no operation is in flight, none can be delayed. */
  private volatile boolean measuring;

  /** A fresh account, for tests; a run uses {@code io.largekv.run.RunOutcome.eventLoopStalls()}. */
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
    percentiles = percentiles(p.getProperty("hdrhistogram.percentiles", YCSB_PERCENTILES));
    if (pauses == null) {
      pauses = ClientPauses.listen();
    }
    machineWhyNot = ThreadSchedule.ofCurrentThread().whyNot();
    watched = true;
  }

  /** The client JVM's pauses this account tells stalls from (tests; {@link #watch} listens to the JVM's own). */
  void pauses(ClientPauses pauses) {
    this.pauses = pauses;
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

  /** Every percentile of YCSB's {@code hdrhistogram.percentiles} in (0, 100); 99 alone when none parses. */
  static double[] percentiles(String list) {
    List<Double> out = new ArrayList<>();
    for (String s : list.split(",")) {
      try {
        double d = Double.parseDouble(s.trim());
        if (d > 0 && d < 100) {
          out.add(d);
        }
      } catch (NumberFormatException e) {
        // YCSB itself fails on it later
      }
    }
    return out.isEmpty() ? new double[] {99} : out.stream().mapToDouble(Double::doubleValue).sorted().toArray();
  }

  /** The bound in ms: a longer inline run is a stall. */
  public long boundMs() {
    return TimeUnit.NANOSECONDS.toMillis(boundNanos);
  }

  /** An inline run longer than this (ms) is a hang. */
  public long hangMs() {
    return hangMs;
  }

  /**
   * True when an inline run of a client thread on an I/O thread that took {@code nanos} is a stall
   * (the hot path: one comparison); the caller then {@link #record(long, long) records} it.
   */
  public boolean isStall(long nanos) {
    return nanos > boundNanos && measuring;
  }

  /** An inline run that took {@code nanos}, its machine's share not read: all the client's. */
  public void record(long nanos) {
    record(nanos, -1);
  }

  /**
   * An inline run that took {@code nanos}, of which {@code waitedNanos} were the machine's (the I/O
   * thread waiting for a CPU; -1 when not read: all the client's); counted when {@link #isStall}.
   */
  public void record(long nanos, long waitedNanos) {
    record(nanos, waitedNanos, null);
  }

  /** How the first stalls after the warm-up were split, by their window ({@link #judgedStalls}). */
  static final int TOLD = 10;
  private final Map<long[], String> how = new java.util.IdentityHashMap<>();
  /** nanoTime of the latest stall's end: the JVM's pauses are known up to it before any is judged. */
  private volatile long lastStallEnd = Long.MIN_VALUE;

  /**
   * As {@link #record(long, long)}, with {@code how} the machine's share was read, in words: the
   * client's stalls after the warm-up are told with it ({@link #judgedStalls}), so that a failed
   * run says what held its I/O threads.
   */
  public void record(long nanos, long waitedNanos, String how) {
    recordEndingAt(System.nanoTime(), nanos, waitedNanos, how);
  }

  /** As {@link #record(long, long, String)}, the run having ended at {@code end} (nanoTime; tests place it). */
  void recordEndingAt(long end, long nanos, long waitedNanos, String how) {
    if (!isStall(nanos)) {
      return;
    }
    long waited = waitedNanos < 0 ? -1 : Math.min(waitedNanos, nanos);
    stalls.increment();
    stalledNanos.add(nanos);
    maxNanos.accumulateAndGet(nanos, Math::max);
    if (waited < 0) {
      unread.increment();
    } else {
      machineNanos.add(waited);
    }
    lastStallEnd = end;
    long[] window = {end - nanos, nanos, warmUpExcluded ? 1 : 0, waited};
    synchronized (windows) {
      if (windows.size() < KEPT) {
        windows.add(window);
        if (how != null && warmUpExcluded && this.how.size() < 5 * TOLD) {
          this.how.put(window, how);
        }
      }
    }
  }

  /** The JVM's pauses, known up to the last stall's end (the flight recorder hands its events over late). */
  private ClientPauses settledPauses() {
    ClientPauses p = pauses;
    if (p != null && lastStallEnd != Long.MIN_VALUE) {
      p.catchUp(lastStallEnd);
    }
    return p;
  }

  /**
   * The client's stalls after the warm-up that the rule judges, each in a line for stderr (the
   * first {@value #TOLD}): how long, how much of it the client's, the machine's and the JVM's
   * pauses', and how the machine's share was read.
   */
  public List<String> judgedStalls() {
    ClientPauses p = settledPauses();
    List<String> lines = new ArrayList<>();
    synchronized (windows) {
      for (long[] w : windows) {
        if (w[2] == 0 || lines.size() == TOLD) {
          continue;
        }
        long notClients = notTheClients(w, p);
        if (w[1] - notClients > boundNanos) {
          lines.add(String.format(Locale.ROOT, "a client stall after the warm-up: %.1f ms, %.1f ms of it the client's"
              + " (%s=%d); the machine's share %s; the JVM's pauses in it %.1f ms", w[1] / 1e6,
              (w[1] - notClients) / 1e6, STALL_MS, boundMs(), w[3] < 0 ? "not read"
                  : String.format(Locale.ROOT, "%.1f ms", w[3] / 1e6) + (how.containsKey(w) ? " (" + how.get(w) + ")" : ""),
              p == null ? 0.0 : p.pausedNanos(w[0], w[0] + w[1]) / 1e6));
        }
      }
    }
    return lines;
  }

  /**
   * The part of stall {@code w} that was not the client's doing: the machine's share and the JVM's
   * pauses in it, together. Both can be counted for the same time only where a pause was stopping
   * or releasing the threads ({@link ClientPauses#edgeNanos}): that much is taken off their sum, and
   * never less than the larger of the two is.
   */
  private static long notTheClients(long[] w, ClientPauses p) {
    long machine = Math.max(0, w[3]);
    long paused = p == null ? 0 : p.pausedNanos(w[0], w[0] + w[1]);
    long edges = p == null ? 0 : p.edgeNanos(w[0], w[0] + w[1]);
    return Math.min(w[1], Math.max(Math.max(machine, paused), machine + paused - edges));
  }

  /**
   * The client's stalls in the reported figures (after the warm-up when it is left out of them):
   * those whose client share — the stall less the machine's share and the client JVM's pauses
   * ({@link #notTheClients}) — is over the bound. {@code [count, longest client share ns, client
   * shares in all ns]}.
   */
  private long[] clientStalls(boolean afterWarmUpOnly) {
    ClientPauses p = settledPauses();
    long n = 0;
    long longest = 0;
    long sum = 0;
    synchronized (windows) {
      for (long[] w : windows) {
        if (afterWarmUpOnly && w[2] == 0) {
          continue;
        }
        long client = w[1] - notTheClients(w, p);
        if (client > boundNanos) {
          n++;
          longest = Math.max(longest, client);
          sum += client;
        }
      }
    }
    // stalls beyond the windows kept are judged as the client's, wherever they fell: never fewer
    long unkept = Math.max(0, stalls() - KEPT);
    return new long[] {n + unkept, unkept > 0 ? maxNanos.get() : longest, unkept > 0 ? stalledNanos.sum() : sum};
  }

  /**
   * The stalls that the client JVM's pauses explain, of all: without the machine's share they are
   * over the bound, without the pauses too they are not.
   */
  public long inJvmPauses() {
    ClientPauses p = settledPauses();
    long n = 0;
    synchronized (windows) {
      for (long[] w : windows) {
        if (w[1] - Math.max(0, w[3]) > boundNanos && w[1] - notTheClients(w, p) <= boundNanos) {
          n++;
        }
      }
    }
    return n;
  }

  /** The stalls that the machine explains, of all: their client share is not over the bound. */
  public long onTheMachine() {
    long n = 0;
    synchronized (windows) {
      for (long[] w : windows) {
        if (w[1] - Math.max(0, w[3]) <= boundNanos) {
          n++;
        }
      }
    }
    return n;
  }

  /** The machine's share of every stall, ms (where read). */
  public double machineMs() {
    return machineNanos.sum() / 1e6;
  }

  /** Stalls whose machine's share was not read, their whole time the client's. */
  public long unread() {
    return unread.sum();
  }

  /** Why the kernel gives no scheduling counts here (every stall is then the client's); null when it does. */
  public String machineWhyNot() {
    return machineWhyNot;
  }

  /** The client's warm-up ended and is left out of the reported figures: from now on a stall is in them. */
  public void warmUpEnded() {
    warmUpExcluded = true;
  }

  /** True once the client's warm-up ended and is left out of the reported figures. */
  public boolean afterWarmUp() {
    return warmUpExcluded;
  }

  /** The reported figures include the warm-up after all ({@code io.largekv.run.ClientWarmUp.finish}): every stall is in them. */
  public void warmUpIncluded() {
    warmUpExcluded = false;
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
   * Why the stalls after the client's warm-up may have moved a reported percentile, when YCSB's
   * figures leave the warm-up out: the result must not be published. Empty otherwise. See the rule
   * above. {@code figures}: each operation type's reported HdrHistogram (µs), empty when YCSB
   * measured with another type; {@code operations}: the operations in the figures, successful and
   * failed, for the count rule then.
   */
  public Optional<String> problem(long operations, Map<String, Histogram> figures) {
    if (!warmUpExcluded) {
      return Optional.empty();
    }
    return mayHaveMoved(clientStalls(true), operations, figures, " after the warm-up");
  }

  /**
   * Why the stalls may have moved a reported percentile of figures that include the client's
   * warm-up ({@code operations}, {@code figures}: as for {@link #problem}), or empty: a warning,
   * not a failure.
   */
  public Optional<String> warning(long operations, Map<String, Histogram> figures) {
    if (warmUpExcluded) {
      return Optional.empty();
    }
    return mayHaveMoved(clientStalls(false), operations, figures, ", the start-up included (largekv.warmup_s leaves"
        + " it out of read phases)");
  }

  /**
   * An operation type's highest reported percentile ({@code percentileUs}) and the most the stalls
   * judged could have moved it ({@code boundUs}), both µs.
   */
  record Shift(String operation, double percentile, long percentileUs, long boundUs) {

    /** True when the bound is more than the precision the percentile is stated to. */
    boolean beyondPrecision() {
      return boundUs * 100.0 > PRECISION_PERCENT * (double) percentileUs;
    }
  }

  /**
   * The bound on the shift of {@code h}'s {@code p}-th percentile when {@code k} of its operations
   * may each have been delayed by at most {@code longestUs} (L: the judged stalls' time in all, as
   * one operation may wait through several): {@code min(L, Q'(p) − Q'(p − δ))}, {@code Q'(p − δ)}
   * taken as 0 when {@code p − δ ≤ 0} (the rule above).
   */
  static Shift shift(String operation, Histogram h, double p, long k, long longestUs) {
    long q = h.getValueAtPercentile(p); // its bucket's highest value, as YCSB reports it
    // k + 1: HdrHistogram rounds a percentile up to an operation's rank, a floating-point hair may
    // move it one rank up; the bucket's lowest value: the operation's latency may be that low
    double lower = p - 100.0 * (k + 1) / h.getTotalCount();
    long below = lower <= 0 ? 0 : h.lowestEquivalentValue(h.getValueAtPercentile(lower));
    return new Shift(operation, p, q, Math.min(q - h.lowestEquivalentValue(q) + longestUs, q - below));
  }

  /**
   * Each operation type's shift bound of each reported percentile ({@code percentiles}), for
   * {@code stalls} ({count, longest nanos, nanos in all}); empty without stalls.
   */
  private List<Shift> shifts(long[] stalls, Map<String, Histogram> figures, double[] percentiles) {
    List<Shift> shifts = new ArrayList<>();
    if (stalls[0] == 0) {
      return shifts;
    }
    long k = stalls[0] * clientThreads;
    long delayUs = (stalls[2] + 999) / 1000;
    figures.forEach((op, h) -> {
      if (h.getTotalCount() > 0) {
        for (double p : percentiles) {
          shifts.add(shift(op, h, p, k, delayUs));
        }
      }
    });
    return shifts;
  }

  private Optional<String> mayHaveMoved(long[] stalls, long operations, Map<String, Histogram> figures,
      String which) {
    long n = stalls[0];
    if (!watched() || n == 0) {
      return Optional.empty();
    }
    long mayBeDelayed = n * clientThreads;
    String p = PropertyValues.written(highestPercentile);
    String delayed = String.format(Locale.ROOT, "%d client stall(s)%s (the client's share of each over %s=%d:"
        + " longest %.1f ms, %.1f ms in all) may have delayed %d operation(s) (%d per stall: threadcount)", n, which,
        STALL_MS, boundMs(), stalls[1] / 1e6, stalls[2] / 1e6, mayBeDelayed, clientThreads);
    if (figures.isEmpty()) {
      double allowed = (100 - highestPercentile) / 100 * operations / 10;
      if (mayBeDelayed <= allowed) {
        return Optional.empty();
      }
      return Optional.of(String.format(Locale.ROOT, "%s, more than a tenth of the %.0f above the reported p%s: that"
          + " percentile may have moved", delayed, (100 - highestPercentile) / 100 * operations, p));
    }
    List<String> moved = new ArrayList<>();
    for (Shift s : shifts(stalls, figures, percentiles)) {
      if (s.beyondPrecision()) {
        moved.add(String.format(Locale.ROOT, "%s p%s (%.2f ms) by up to %.2f ms", s.operation(),
            PropertyValues.written(s.percentile()), s.percentileUs() / 1000.0, s.boundUs() / 1000.0));
      }
    }
    if (moved.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "%s: enough to move %s, beyond the %d %% a percentile is stated"
        + " to: %s", delayed, String.join(", ", moved), PRECISION_PERCENT,
        moved.size() == 1 ? "that percentile may have moved" : "those percentiles may have moved"));
  }

  /**
   * The {@code [LARGEKV]} lines, when {@link #watched()}; {@code operations}, {@code figures}: those
   * of the reported figures ({@link #problem}). The stalls after the warm-up, when it is left out of
   * them; with stalls to judge, each operation type's bound on its reported percentile's shift.
   */
  public void print(PrintStream out, long operations, Map<String, Histogram> figures) {
    if (!watched()) {
      return;
    }
    out.println(Metric.EVENT_LOOP_STALLS.line(stalls()));
    out.println(Metric.EVENT_LOOP_STALL_MAX_MS.oneDecimal(maxMs()));
    out.println(Metric.EVENT_LOOP_STALL_TOTAL_MS.oneDecimal(totalMs()));
    String whyNot = machineWhyNot;
    out.println(whyNot == null ? Metric.EVENT_LOOP_STALL_MACHINE_MS.oneDecimal(machineMs())
        : Metric.EVENT_LOOP_STALL_MACHINE_MS.line("unavailable: " + whyNot));
    out.println(Metric.EVENT_LOOP_STALLS_UNREAD.line(unread()));
    out.println(Metric.EVENT_LOOP_STALLS_ON_THE_MACHINE.line(onTheMachine()));
    out.println(Metric.EVENT_LOOP_STALLS_IN_JVM_PAUSES.line(inJvmPauses()));
    if (warmUpExcluded) {
      out.println(Metric.EVENT_LOOP_STALLS_AFTER_WARM_UP.line(clientStalls(true)[0]));
    }
    // the bound on each operation type's highest reported percentile
    for (Shift s : shifts(clientStalls(warmUpExcluded), figures, new double[] {highestPercentile})) {
      out.println(Metric.EVENT_LOOP_STALL_SHIFT_US.line(s.operation(), s.boundUs()));
    }
    warning(operations, figures).ifPresent(w -> out.println(Metric.EVENT_LOOP_STALL_WARNING.line(w)));
  }
}
