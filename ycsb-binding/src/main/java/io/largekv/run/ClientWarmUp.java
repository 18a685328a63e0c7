package io.largekv.run;

import io.largekv.common.StartBarrier;
import io.largekv.common.UserError;
import io.largekv.jvm.ClientJit;
import io.largekv.jvm.EventLoopStalls;
import io.largekv.properties.PropertyValues;
import io.largekv.results.ClientSummary.Metric;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurement;
import site.ycsb.measurements.OneMeasurementHdrHistogram;

/**
 * The client's own warm-up, left out of the latencies YCSB reports: the one owner of that cut
 * (docs/ycsb-workload.md, "The client's warm-up").
 *
 * <p>A JVM client's first seconds are its own: classes load, the JIT compiles the hot path, the
 * histograms and the driver's caches grow. A run of a few minutes that reports them publishes the
 * client's warm-up as the database's tail (measured at a fixed 5,000 reads/s: a whole-run p99 of
 * 19 ms against 1.1–1.8 ms once warm). So {@value #WARMUP_S} seconds after the run's first
 * operation ({@value #DEFAULT_RUN_SECONDS} by default for {@code -t} runs, the read and mixed
 * phases; 0 for loads, where the figures include everything), every operation type's YCSB
 * measurement takes what it recorded so far into its total (and into its HdrHistogram log, which
 * keeps every interval) and the total starts again. YCSB's summary ({@code [READ],
 * 99thPercentileLatency(us)}, {@code Operations}, ...) is then the run after the warm-up; YCSB's
 * status lines and the HdrHistogram logs still show every interval, and largekv's own counts
 * ({@code [LARGEKV], Operations}, the verified rows) are the whole run's. The run prints what was
 * left out ({@code [LARGEKV], WarmUpExcludedSeconds / WarmUpExcludedOperations} and a line on
 * stderr), and when nothing could be: a run that ended before the warm-up did, or no operation
 * after it (then the totals are put back: nothing is reported from an empty window).
 *
 * <p>Only YCSB's {@code measurementtype=hdrhistogram} (its default) can be cut this way; with
 * another type the figures include the warm-up and the run says so (an explicit {@value #WARMUP_S}
 * is then bad input).
 */
public final class ClientWarmUp {

  /** Seconds after the run's first operation left out of YCSB's latency figures; 0: none. */
  public static final String WARMUP_S = io.largekv.common.WarmUp.PROPERTY;
  /** The default for {@code -t} runs (read and mixed phases); loads default to 0. */
  static final int DEFAULT_RUN_SECONDS = io.largekv.common.WarmUp.DEFAULT_READ_SECONDS;
  private static final String HDR = "hdrhistogram";

  private final RunCounters counters;
  private final EventLoopStalls stalls;
  private final ClientJit jit;
  private final Object lock = new Object();
  private volatile long seconds;
  /** A {@code -t} run (read and mixed phases), whose window must be the other clients'; a load's rows are its own. */
  private volatile boolean transactions = true;
  /** Why the figures include the warm-up although it was asked for, or null. */
  private volatile String included;
  private Thread timer;
  // guarded by lock
  private boolean ended;
  private boolean finished;
  private long excludedOperations;
  private long operationsAtEnd;
  /** The clients' common start (ms since 1970), 0 without a start barrier. */
  private long commonStart;
  private String missedStart;
  /** Where the warm-up ends (ms since 1970; {@link io.largekv.common.WarmUp#endMs}), 0 before it is known. */
  private long endMillis;
  private final Map<OneMeasurementHdrHistogram, Histogram> excludedTotals = new IdentityHashMap<>();

  ClientWarmUp(RunCounters counters, EventLoopStalls stalls, ClientJit jit) {
    this.counters = counters;
    this.stalls = stalls;
    this.jit = jit;
  }

  /**
   * Reads {@value #WARMUP_S} ({@code transactions}: a {@code -t} run, whose default is
   * {@value #DEFAULT_RUN_SECONDS}) and YCSB's {@code measurementtype}; a {@link UserError} for a bad
   * value, or an explicit warm-up that YCSB's measurement type cannot leave out.
   */
  void configure(Properties p, boolean transactions) {
    PropertyValues v = new PropertyValues(p);
    long s = v.intRange(WARMUP_S, transactions ? DEFAULT_RUN_SECONDS : 0, 0, 86_400);
    String type = p.getProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, HDR).trim();
    if (s > 0 && !type.equals(HDR)) {
      if (v.has(WARMUP_S)) {
        throw new UserError(WARMUP_S + "=" + s + " needs " + Measurements.MEASUREMENT_TYPE_PROPERTY + "=" + HDR
            + " (YCSB's default), not " + type + "; accepted: " + WARMUP_S + "=0 with " + type);
      }
      included = Measurements.MEASUREMENT_TYPE_PROPERTY + "=" + type + " cannot leave it out (" + WARMUP_S
          + " needs " + HDR + ")";
      s = 0;
    }
    seconds = s;
    this.transactions = transactions;
  }

  /** The warm-up asked for, in seconds (0: none, or one that YCSB's measurement type cannot leave out). */
  long seconds() {
    return seconds;
  }

  /**
   * The phase's clients start together at {@code epochMillis} ({@link StartBarrier}): the warm-up
   * ends {@link #seconds()} after it, the same instant in every client, whenever this one's first
   * operation comes.
   */
  void startsAt(long epochMillis) {
    synchronized (lock) {
      commonStart = epochMillis;
    }
    if (seconds > 0) {
      endAt(io.largekv.common.WarmUp.endMs(epochMillis, 0, seconds));
    }
  }

  /**
   * The run's first operation started at {@code epochMillis}: the warm-up ends {@link #seconds()}
   * later, or, after a common start, it must come before the warm-up's end.
   */
  void firstOperation(long epochMillis) {
    if (seconds == 0) {
      return;
    }
    synchronized (lock) {
      if (commonStart > 0) {
        long end = io.largekv.common.WarmUp.endMs(commonStart, epochMillis, seconds);
        if (epochMillis >= end && transactions) {
          missedStart = String.format(Locale.ROOT, "this client's first operation came %.1f s after the phase's"
              + " measured window began (the clients' common start + %s=%d): it measured a shorter window than the"
              + " others; accepted: a larger %s, which must cover connecting", (epochMillis - end) / 1000.0,
              WARMUP_S, seconds, WARMUP_S);
        }
        return;
      }
    }
    endAt(io.largekv.common.WarmUp.endMs(0, epochMillis, seconds));
  }

  /** Why this client's window is not the phase's (a common start it could not make), or empty. */
  java.util.Optional<String> problem() {
    synchronized (lock) {
      return java.util.Optional.ofNullable(missedStart);
    }
  }

  private void endAt(long endMillis) {
    synchronized (lock) {
      this.endMillis = endMillis;
    }
    Thread t = new Thread(() -> {
      try {
        long wait = endMillis - System.currentTimeMillis();
        if (wait > 0) {
          Thread.sleep(wait);
        }
        end(Measurements.getMeasurements());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "largekv-warm-up");
    t.setDaemon(true);
    synchronized (lock) {
      timer = t;
    }
    t.start();
  }

  /**
   * The warm-up's end: every measurement's interval so far goes to its total (and its log, as a status
   * line's would), then the totals are set aside. Nothing happens once the run finished.
   */
  void end(Measurements m) {
    synchronized (lock) {
      if (finished || ended) {
        return;
      }
      synchronized (m) { // YCSB's status thread takes its intervals holding it (Measurements.getSummary)
        m.getSummary();
        for (OneMeasurement om : measurements(m, OPERATIONS)) {
          long n = setAside(om);
          if (isOperation(om.getName())) {
            excludedOperations += n;
          }
        }
        for (OneMeasurement om : measurements(m, INTENDED)) {
          setAside(om);
        }
      }
      operationsAtEnd = counters.successful() + counters.failed();
      if (endMillis == 0) {
        endMillis = System.currentTimeMillis(); // ended without a planned instant: when it did
      }
      stalls.warmUpEnded();
      jit.warmUpEnded();
      ended = true;
    }
  }

  /**
   * True for a measurement of the DB's operations ({@code READ}, {@code READ-FAILED}, ...); not for
   * the workload's own ({@code VERIFY}: a read's verification, measured apart).
   */
  static boolean isOperation(String measurement) {
    int dash = measurement.indexOf('-');
    String op = dash < 0 ? measurement : measurement.substring(0, dash);
    for (RunCounters.Operation o : RunCounters.Operation.values()) {
      if (o.name().equals(op)) {
        return true;
      }
    }
    return false;
  }

  /** Sets aside an HdrHistogram measurement's total: its operation count (0 for another kind). */
  private long setAside(OneMeasurement om) {
    if (!(om instanceof OneMeasurementHdrHistogram h)) {
      return 0;
    }
    Histogram total = (Histogram) get(TOTAL, h);
    set(TOTAL, h, null);
    if (total == null) {
      return 0;
    }
    excludedTotals.put(h, total);
    return total.getTotalCount();
  }

  /**
   * Every client thread finished (before YCSB exports its summary): the warm-up ends no more; if no
   * operation ran after it, the set-aside totals are put back and the figures are the whole run's.
   */
  void finish() {
    Thread t;
    synchronized (lock) {
      finished = true;
      jit.runFinished();
      t = timer;
      if (ended && counters.successful() + counters.failed() == operationsAtEnd) {
        for (Map.Entry<OneMeasurementHdrHistogram, Histogram> e : excludedTotals.entrySet()) {
          Histogram since = (Histogram) get(TOTAL, e.getKey());
          if (since != null) {
            e.getValue().add(since);
          }
          set(TOTAL, e.getKey(), e.getValue());
        }
        excludedTotals.clear(); // back in the totals: latenciesSoFar must not count them twice
        ended = false;
        stalls.warmUpIncluded();
        jit.warmUpIncluded();
        included = "no operation ran after it";
      }
    }
    if (t != null) {
      t.interrupt();
    }
  }

  /**
   * The figures YCSB reports, once every client thread finished ({@link #finish}): each operation
   * type's HdrHistogram total (µs) with its last interval taken in, as YCSB's exporter would, copied
   * ({@code READ} → it). An operation's own, not its failed ones' ({@code READ-FAILED}). Empty when
   * YCSB measured with another type. For the stall rule ({@link EventLoopStalls#problem}).
   */
  Map<String, Histogram> reportedFigures(Measurements m) {
    synchronized (m) { // as in end(): YCSB's status thread takes its intervals holding it
      m.getSummary();
      return totals(m, List.of(OPERATIONS), name -> isOperation(name) && name.indexOf('-') < 0, false);
    }
  }

  /** True when YCSB's figures leave the warm-up out (it ended, and operations ran after it). */
  boolean excluded() {
    synchronized (lock) {
      return ended;
    }
  }

  /** The operations left out of YCSB's latency figures (0 when none were). */
  long excludedOperations() {
    synchronized (lock) {
      return ended ? excludedOperations : 0;
    }
  }

  /**
   * Every YCSB HdrHistogram measurement's latencies in the intervals taken so far (the ones its
   * logs hold: YCSB's status thread takes one every {@code status.interval}), the warm-up's
   * included, by name ({@code READ}, {@code READ-FAILED}, {@code Intended-READ}, ...), each a copy:
   * for the metrics endpoint ({@link RunMetrics}), which must not cut intervals of its own.
   */
  Map<String, Histogram> latenciesSoFar() {
    Measurements m = ycsbMeasurements();
    if (m == null) {
      return new TreeMap<>();
    }
    synchronized (lock) {
      synchronized (m) {
        return totals(m, List.of(OPERATIONS, INTENDED), name -> true, true);
      }
    }
  }

  /**
   * The one reader of YCSB's totals: each HdrHistogram measurement of {@code maps} whose name
   * {@code names} accepts, a copy of its total taken so far (µs), by name; with {@code withWarmUp},
   * the warm-up's set-aside total added ({@link #end}). The caller holds {@code m}'s monitor, and
   * {@link #lock} too with {@code withWarmUp}.
   */
  private Map<String, Histogram> totals(Measurements m, List<String> maps, java.util.function.Predicate<String> names,
      boolean withWarmUp) {
    Map<String, Histogram> out = new TreeMap<>();
    for (String map : maps) {
      for (OneMeasurement om : measurements(m, map)) {
        if (om instanceof OneMeasurementHdrHistogram h && names.test(om.getName())) {
          Histogram total = (Histogram) get(TOTAL, h);
          Histogram warm = withWarmUp ? excludedTotals.get(h) : null;
          if (total == null && warm == null) {
            continue;
          }
          Histogram sum = (total != null ? total : warm).copy();
          if (total != null && warm != null) {
            sum.add(warm);
          }
          out.put(om.getName(), sum);
        }
      }
    }
    return out;
  }

  /** The {@code [LARGEKV]} lines. */
  void print(PrintStream out) {
    out.println(Metric.WARM_UP_EXCLUDED_SECONDS.line(excluded() ? seconds : 0));
    out.println(Metric.WARM_UP_EXCLUDED_OPERATIONS.line(excludedOperations()));
    synchronized (lock) {
      if (ended) {
        // the instant YCSB's figures were cut at: the report cuts the interval logs there too
        out.println(Metric.WARM_UP_END_EPOCH_MS.line(endMillis));
      }
      if (commonStart > 0) {
        out.println(Metric.COMMON_START_EPOCH_MS.line(commonStart));
      }
    }
  }

  /** The line on stderr that says what YCSB's latency figures include; null when there is no warm-up to speak of. */
  String line(long measuredMillis) {
    if (excluded()) {
      return String.format(Locale.ROOT, "the client's warm-up, the first %d s after %s (%d operations),"
          + " is left out of YCSB's latency figures ([READ], [UPDATE], ...: %s=%d; 0 keeps it); YCSB's status lines"
          + " and HdrHistogram logs show every interval", seconds, anchor(), excludedOperations(), WARMUP_S, seconds);
    }
    if (included != null) {
      return "YCSB's latency figures include the client's warm-up: " + included;
    }
    if (seconds > 0) {
      return String.format(Locale.ROOT, "YCSB's latency figures include the client's warm-up: the run's %.1f s ended"
          + " before its %d s (%s)", measuredMillis / 1000.0, seconds, WARMUP_S);
    }
    return null;
  }

  private String anchor() {
    synchronized (lock) {
      return commonStart > 0 ? "the clients' common start (" + StartBarrier.DIR + ")" : "the first operation";
    }
  }

  // ------------------------------------------------------------------ YCSB's measurements, by reflection

  private static final Field PROPERTIES = field(Measurements.class, "measurementproperties");

  /**
   * YCSB's measurements of this process, or null where YCSB's client never set them up (the
   * binding run by a test in its own JVM): {@code Measurements.getMeasurements()} would then fail
   * on properties it was never given.
   */
  static Measurements ycsbMeasurements() {
    synchronized (Measurements.class) { // getMeasurements() is static synchronized: the same monitor
      return get(PROPERTIES, null) == null ? null : Measurements.getMeasurements();
    }
  }

  private static final Field TOTAL = field(OneMeasurementHdrHistogram.class, "totalHistogram");

  /** YCSB's maps of measurements by name: the operations' service time, and their intended time. */
  private static final String OPERATIONS = "opToMesurementMap";
  private static final String INTENDED = "opToIntendedMesurementMap";

  @SuppressWarnings("unchecked")
  private static List<OneMeasurement> measurements(Measurements m, String map) {
    return new ArrayList<>(((Map<String, OneMeasurement>) get(field(Measurements.class, map), m)).values());
  }

  /** A field of YCSB 0.17's measurements, made accessible (this package's one reflection into YCSB's). */
  static Field field(Class<?> c, String name) {
    try {
      Field f = c.getDeclaredField(name);
      f.setAccessible(true);
      return f;
    } catch (NoSuchFieldException e) {
      // YCSB 0.17's fields; another YCSB release is not supported
      throw new IllegalStateException("YCSB's " + c.getName() + " has no field " + name + " (YCSB 0.17 expected)", e);
    }
  }

  static Object get(Field f, Object o) {
    try {
      return f.get(o);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  static void set(Field f, Object o, Object value) {
    try {
      f.set(o, value);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
