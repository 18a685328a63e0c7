package io.largekv.run;

import io.largekv.common.MetricsProperties;
import io.largekv.common.UserError;
import io.largekv.common.YcsbOutput;
import io.largekv.jvm.ClientJit;
import io.largekv.jvm.EventLoopStalls;
import io.largekv.properties.PropertyValues;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.measurements.Measurements;

/**
 * What a YCSB run of this process achieved: one per JVM, as YCSB runs one workload and one binding
 * instance per client thread, none of which is the process's entry point. It wires the run's
 * pieces once, from the first {@link #configure} (the workload's, the binding's or the client's)
 * and says when the run finished:
 *
 * <ul>
 *   <li>{@link RunCounters}: what happened, counted (the hot path);
 *   <li>{@link EventLoopStalls}: the stalls of the driver's I/O threads that client threads caused;
 *   <li>{@link ClientWarmUp}: the client's warm-up, left out of YCSB's latency figures;
 *   <li>{@link RunResult}: whether the result may be published, the {@code [LARGEKV]} section, the
 *       exit status;
 *   <li>{@link StatusLines} ({@code -s}) and {@link TimelineWriter} ({@value RunProperties#TIMELINE}),
 *       started at the first operation; {@link Progress}: how far the run is;
 *   <li>{@link MetricsEndpoint} ({@value io.largekv.common.MetricsProperties#PORT}): the run's figures for Prometheus,
 *       started before anything is opened;
 *   <li>{@link ProcessExit}: the one owner of ending the JVM, whose shutdown hook gives a YCSB
 *       client's JVM the run's status.
 * </ul>
 *
 * <p>The run is finished when every client thread has: largekv's workload's cleanup, or (with
 * another workload) the binding's last instance's cleanup. Then the {@code [LARGEKV]} section is
 * printed, just before YCSB's own summary (YCSB's exporter closes standard output afterwards).
 */
public final class RunOutcome {

  private static final RunOutcome INSTANCE = new RunOutcome();

  private final RunCounters counters = new RunCounters(this::firstOperation);
  private final FirstOperationTasks firstOperationTasks = new FirstOperationTasks(this::afterFirstOperation);
  private final EventLoopStalls stalls = new EventLoopStalls();
  private final ClientJit jit = ClientJit.ofThisJvm();
  private final ClientWarmUp warmUp = new ClientWarmUp(counters, stalls, jit);
  private final RunResult result = new RunResult(counters, stalls, warmUp, jit);
  private final Progress progress = new Progress(
      () -> counters.successful(RunCounters.Operation.INSERT) + counters.failed(RunCounters.Operation.INSERT),
      System::nanoTime);
  private volatile MetricsEndpoint metrics;
  /** Every client thread finished and the last intervals are taken: the endpoint's values are final. */
  private volatile boolean metricsFinal;
  /** Why {@link #configure} refused the run's properties: every later call refuses them too. */
  private RuntimeException refused;
  private final AtomicBoolean configured = new AtomicBoolean();
  private final AtomicBoolean finished = new AtomicBoolean();
  private final AtomicLong bindingCleanups = new AtomicLong();
  /** Client threads YCSB starts: threadcount, or the operation count when that is smaller. */
  private volatile long clientThreads = Long.MAX_VALUE;
  private volatile int statusIntervalSeconds;
  private volatile Path timeline;
  private volatile String threadKind;
  private volatile String createdTable;
  private volatile boolean bindingRecords;
  /** largekv's workload runs: its cleanup, not the binding's, says when the run finished. */
  private volatile boolean workloadRuns;

  /** A fresh outcome, for tests; programs use {@link #get()}. */
  RunOutcome() {}

  /** The process's outcome. */
  public static RunOutcome get() {
    return INSTANCE;
  }

  /** What happened, counted. */
  public RunCounters counters() {
    return counters;
  }

  /** The stalls of the driver's I/O threads (largekv's client's I/O-thread scheduler records them). */
  public EventLoopStalls eventLoopStalls() {
    return stalls;
  }

  /** Whether the result may be published. */
  public RunResult result() {
    return result;
  }

  /** How far the run is (a load's keys, a run's planned time). */
  public Progress progress() {
    return progress;
  }

  /**
   * Reads the run's settings ({@value RunResult#MAX_FAILED_FRACTION}, {@code dotransactions},
   * {@code -s}, {@code status.interval}, {@value RunProperties#TIMELINE}), starts the metrics
   * endpoint ({@value io.largekv.common.MetricsProperties#PORT}) and has {@link ProcessExit} install its exit-status
   * hook. Called by the workload, the binding and the client; the first call wins, and one that
   * refused the properties ({@link UserError}, or failed) refuses them for every client thread after it, so that
   * none goes on to open the session.
   */
  public synchronized void configure(Properties p) {
    if (refused != null) {
      throw refused;
    }
    if (configured.get()) {
      return;
    }
    try {
      configureOnce(p);
    } catch (RuntimeException e) {
      refused = e;
      throw e;
    }
  }

  private void configureOnce(Properties p) {
    configured.set(true);
    PropertyValues v = new PropertyValues(p);
    RunProperties.check(p);
    result.maxFailedFraction(v.fraction(RunResult.MAX_FAILED_FRACTION, RunResult.DEFAULT_MAX_FAILED_FRACTION));
    boolean transactions = v.bool("dotransactions", true);
    if (!transactions) {
      result.load();
    }
    warmUp.configure(p, transactions);
    Measurements measurements = this == INSTANCE ? ClientWarmUp.ycsbMeasurements() : null;
    if (measurements != null) {
      FixedRangeRecorders.install(measurements); // before the first operation makes one
    }
    if (v.bool("status", false)) {
      statusIntervalSeconds = v.intRange("status.interval", 10, 1, 86_400);
    }
    String file = p.getProperty(RunProperties.TIMELINE);
    if (file != null && !file.isBlank()) {
      timeline = Paths.get(file.trim());
    }
    if (transactions) {
      progress.plannedSeconds(v.longAtLeast("maxexecutiontime", 0, 0));
    } else {
      // YCSB's own workloads; largekv's load sets its client's range itself (workload.LoadMode)
      progress.load(v.has("insertcount") ? v.longAtLeast("insertcount", 0, 0) : v.longAtLeast("recordcount", 0, 0), 0);
    }
    if (this == INSTANCE && MetricsEndpoint.asked(p) && !v.bool(RunProperties.CHECK, false)
        && !v.bool(RunProperties.PLAN, false)) {
      metrics = MetricsEndpoint.start(p, labels -> new RunMetrics(labels, counters, progress, stalls,
          warmUp::latenciesSoFar, () -> metricsFinal, result::exitStatus), () -> metricsFinal);
      System.err.println("largekv: metrics at " + metrics.url() + " (" + MetricsProperties.PORT + ")");
    }
    if (this == INSTANCE) {
      ProcessExit.overrideExitOnShutdown(this);
      firstOperationTasks.start();
    }
  }

  /**
   * The phase's clients start together at {@code epochMillis} ({@link io.largekv.common.StartBarrier}): the client's
   * warm-up is counted from then, not from this client's first operation.
   */
  public void startsAt(long epochMillis) {
    if (this == INSTANCE) {
      warmUp.startsAt(epochMillis);
    }
  }

  /**
   * The first operation started at {@code epochMillis}, told by the thread that recorded it (a client
   * thread, maybe on a driver I/O thread): the stall accounting starts, the rest is
   * {@link FirstOperationTasks}'.
   */
  private void firstOperation(long epochMillis) {
    stalls.measuring();
    progress.started();
    firstOperationTasks.firstOperation(epochMillis);
  }

  /** The warm-up's timer, the line bin/largekv's events count from, then the status threads. */
  private void afterFirstOperation(long epochMillis) {
    if (this == INSTANCE) {
      warmUp.firstOperation(epochMillis);
    }
    // for bin/largekv's timed events, which count from a phase's first operation
    System.err.println(YcsbOutput.FIRST_OPERATION + epochMillis + " (ms since 1970)");
    if (timeline != null) {
      startDaemon("largekv-timeline", new TimelineWriter(counters, timeline, finished::get));
    }
    if (statusIntervalSeconds > 0) {
      startDaemon("largekv-status", new StatusLines(counters, progress, statusIntervalSeconds));
    }
  }

  private static void startDaemon(String name, Runnable body) {
    Thread t = new Thread(body, name);
    t.setDaemon(true);
    t.start();
  }

  /**
   * What YCSB's client threads run on, for the plan: set by largekv's client; YCSB's own
   * {@code site.ycsb.Client} runs platform threads.
   */
  public void clientThreads(String description) {
    threadKind = description;
  }

  /** See {@link #clientThreads(String)}. */
  public String clientThreads() {
    return threadKind != null ? threadKind
        : "platform threads of YCSB's site.ycsb.Client, Java " + Runtime.version().feature();
  }

  /**
   * For the binding: the table did not exist when this process started and was created now (by
   * this client or another one starting at the same moment). A checkpoint of an earlier load does
   * not describe this table.
   */
  public void tableCreated(String qualifiedTable) {
    createdTable = qualifiedTable;
  }

  /** The table created by {@link #tableCreated}, or null. */
  public String createdTable() {
    return createdTable;
  }

  // ------------------------------------------------------------------ who records, when it is finished

  /**
   * For the yugabyte-ycql binding: it records every operation it executes, so the workload (which
   * records when another binding is used) does not. {@code p}: the run's properties, which say
   * how many client threads (binding instances) YCSB runs.
   */
  public void bindingInitialized(Properties p) {
    bindingRecords = true;
    PropertyValues v = new PropertyValues(p);
    long threads = v.intRange("threadcount", 1, 1, 1_000_000);
    long ops = v.bool("dotransactions", true) ? v.longAtLeast("operationcount", 0, 0)
        : v.has("insertcount") ? v.longAtLeast("insertcount", 0, 0) : v.longAtLeast("recordcount", 0, 0);
    clientThreads = Math.min(threads, ops);
  }

  /** For the workload: its cleanup will call {@link #finished()}. */
  public void workloadRuns() {
    workloadRuns = true;
  }

  /**
   * For the binding: one of its instances cleaned up; when every client thread's has and no largekv
   * workload runs (e.g. YCSB's CoreWorkload), the run is finished.
   */
  public void bindingCleanedUp() {
    if (bindingCleanups.incrementAndGet() >= clientThreads && !workloadRuns) {
      finished();
    }
  }

  /** True when the binding records operations (the workload then does not). */
  public boolean recordedByBinding() {
    return bindingRecords;
  }

  /**
   * Every client thread finished (the workload's cleanup, or the binding's last one): prints the
   * {@code [LARGEKV]} section and the result line, once.
   */
  public void finished() {
    if (this == INSTANCE && !finished.get()) {
      // the first operation's tasks come first: the warm-up, the timeline and the lines they print
      try {
        if (!firstOperationTasks.awaitTasks(30)) {
          System.err.println("largekv: the first operation's tasks (warm-up timer, status threads) had not run 30 s"
              + " after the run finished");
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (finished.compareAndSet(false, true) && this == INSTANCE) {
      warmUp.finish();
      // YCSB's figures with the last interval taken in: for the stall rule, and final for the endpoint
      Measurements m = ClientWarmUp.ycsbMeasurements();
      if (m != null) { // none where YCSB's client did not run (the binding in a test's own JVM)
        result.reportedFigures(warmUp.reportedFigures(m));
      }
      result.report(System.out, System.err);
      metricsFinal = true; // the counts, the latencies and the verdict: the endpoint serves them as final
    }
  }

  /**
   * For {@link ProcessExit}'s shutdown hook, once YCSB has written its output and the JVM ends: a
   * metrics endpoint that was scraped keeps serving until a scrape of the final values was answered
   * ({@link MetricsEndpoint#lingerForLastScrape}). Waiting here, not in the client threads, leaves
   * YCSB's own run time and throughput alone.
   */
  void lingerForLastScrape() {
    MetricsEndpoint endpoint = metrics;
    if (endpoint != null && metricsFinal) {
      try {
        endpoint.lingerForLastScrape();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** True once {@link #finished()} was called. */
  boolean isFinished() {
    return finished.get();
  }
}
