package io.largekv.run;

import io.largekv.common.ExitStatus;
import io.largekv.common.YcsbOutput;
import io.largekv.properties.PropertyValues;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * What a YCSB run of this process really achieved, and the exit status that follows: successful
 * and failed operations (in {@code long}), failures by error class, rows lost, verification
 * results. One per JVM, as YCSB runs one workload and one binding instance per client thread.
 *
 * <p>Only successful operations ({@code Status.OK}) count as throughput. The summary is printed
 * when every client thread has finished, just before YCSB's own summary (YCSB's exporter closes
 * standard output afterwards), as a {@code [LARGEKV]} section:
 *
 * <pre>
 *   [LARGEKV], Operations, 98812            successful operations
 *   [LARGEKV], FailedOperations, 1188
 *   [LARGEKV], MeasuredTime(ms), 30004      first operation's start to the last one's end
 *   [LARGEKV], Throughput(ops/sec), 3293.3  successful operations per second of measured time
 *   [LARGEKV], Result, FAILED: 1.2 % of operations failed (largekv.max_failed_fraction=0.01)
 *   [LARGEKV], ExitStatus, 1
 * </pre>
 *
 * <p>The exit status ({@link ExitStatus}) is set by a shutdown hook of a YCSB client's JVM, so it
 * works the same under YCSB's own {@code site.ycsb.Client} (which always calls
 * {@code System.exit(0)}) and under largekv's client: {@code 1} when rows were lost, a read was corrupt or missing, rows could not be
 * verified or repaired, or the failed fraction of a run's operations exceeds
 * {@value #MAX_FAILED_FRACTION}; {@code 3} when the process ends before every client thread
 * finished (a thread died, YCSB gave up, or the process was interrupted).
 */
public final class RunOutcome {

  /** Largest fraction of a run's operations that may fail (default 0.01: 1 %). */
  public static final String MAX_FAILED_FRACTION = "largekv.max_failed_fraction";
  static final double DEFAULT_MAX_FAILED_FRACTION = 0.01;
  /** How many of the smallest missing key numbers are kept to print their ranges. */
  static final int MISSING_KEYS_KEPT = 100_000;

  /** The operations YCSB's DB interface has. */
  public enum Operation { READ, UPDATE, INSERT, SCAN, DELETE }

  /** What the process does: YCSB's load, its run, or largekv's verification of a key range. */
  public enum Kind { LOAD, RUN, VERIFY }

  private static final RunOutcome INSTANCE = new RunOutcome();

  private final Map<Operation, LongAdder> ok = new EnumMap<>(Operation.class);
  private final Map<Operation, LongAdder> failed = new EnumMap<>(Operation.class);
  private final ConcurrentHashMap<String, LongAdder> failureClasses = new ConcurrentHashMap<>();
  private final LongAdder lostRows = new LongAdder();
  private final LongAdder verifiedOk = new LongAdder();
  private final LongAdder verifiedCorrupt = new LongAdder();
  private final LongAdder verifiedMissing = new LongAdder();
  private final LongAdder unverified = new LongAdder();
  private final LongAdder repaired = new LongAdder();
  private final LongAdder notRepaired = new LongAdder();
  private final MissingKeys missingKeys = new MissingKeys(MISSING_KEYS_KEPT);
  private final AtomicLong firstStart = new AtomicLong(Long.MIN_VALUE);
  private final LongAccumulator lastEnd = new LongAccumulator(Math::max, Long.MIN_VALUE);
  private final AtomicBoolean configured = new AtomicBoolean();
  private final AtomicBoolean statusStarted = new AtomicBoolean();
  private final List<String> otherProblems = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final AtomicLong bindingCleanups = new AtomicLong();
  /** Client threads YCSB starts: threadcount, or the operation count when that is smaller. */
  private volatile long clientThreads = Long.MAX_VALUE;

  private volatile Kind kind = Kind.RUN;
  private volatile String verifiedRange;
  private volatile String createdTable;
  private volatile double maxFailedFraction = DEFAULT_MAX_FAILED_FRACTION;
  private volatile int statusIntervalSeconds;
  private volatile Path timeline;
  private volatile String threadKind;
  private volatile boolean bindingRecords;
  /** largekv's workload runs: its cleanup, not the binding's, says when the run finished. */
  private volatile boolean workloadRuns;
  private final AtomicBoolean finished = new AtomicBoolean();

  /** A fresh outcome, for tests; programs use {@link #get()}. */
  RunOutcome() {
    for (Operation op : Operation.values()) {
      ok.put(op, new LongAdder());
      failed.put(op, new LongAdder());
    }
  }

  /** The process's outcome. */
  public static RunOutcome get() {
    return INSTANCE;
  }

  /**
   * Reads the run's settings ({@value #MAX_FAILED_FRACTION}, {@code dotransactions}, {@code -s},
   * {@code status.interval}) and installs the exit-status hook. Called by the workload, the
   * binding and the client; the first call wins.
   */
  public void configure(Properties p) {
    if (!configured.compareAndSet(false, true)) {
      return;
    }
    PropertyValues v = new PropertyValues(p);
    RunProperties.check(p);
    maxFailedFraction = v.fraction(MAX_FAILED_FRACTION, DEFAULT_MAX_FAILED_FRACTION);
    if (!v.bool("dotransactions", true)) {
      kind = Kind.LOAD;
    }
    if (v.bool("status", false)) {
      statusIntervalSeconds = v.intRange("status.interval", 10, 1, 86_400);
    }
    String file = p.getProperty(RunProperties.TIMELINE);
    if (file != null && !file.isBlank()) {
      timeline = Paths.get(file.trim());
    }
    if (this == INSTANCE && inYcsbClient()) {
      Runtime.getRuntime().addShutdownHook(new Thread(this::atExit, "largekv-exit-status"));
    }
  }

  /**
   * True when this JVM is a YCSB client (its main class is YCSB's or largekv's): only then does the
   * outcome decide the exit status. A program that embeds the binding or the workload (a test, a
   * JMH benchmark) keeps its own.
   */
  static boolean inYcsbClient() {
    String main = System.getProperty("sun.java.command", "");
    return main.startsWith("site.ycsb.") || main.startsWith("io.largekv.client.");
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

  /** For the workload: this process verifies a key range ({@code largekv.verify_range}). */
  public void verifying(String range) {
    kind = Kind.VERIFY;
    verifiedRange = range;
  }

  public Kind kind() {
    return kind;
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

  // ------------------------------------------------------------------ operations

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

  /** One operation that started at {@code startNanos} ({@link System#nanoTime}) and ended now. */
  public void record(Operation op, long startNanos, boolean success) {
    long end = System.nanoTime();
    if (firstStart.get() == Long.MIN_VALUE && firstStart.compareAndSet(Long.MIN_VALUE, startNanos)) {
      // for bin/largekv's timed events, which count from a phase's first operation
      System.err.println(YcsbOutput.FIRST_OPERATION + (System.currentTimeMillis() - (end - startNanos) / 1_000_000) + " (ms since 1970)");
      startStatus();
    }
    lastEnd.accumulate(end);
    (success ? ok : failed).get(op).increment();
  }

  /** The error class of a failed operation, e.g. {@code READ:ReadTimeoutException}. */
  public void failedWith(Operation op, String errorClass) {
    failureClasses.computeIfAbsent(op.name() + ":" + errorClass, k -> new LongAdder()).increment();
  }

  /** Something else that makes the result unpublishable, e.g. client threads that never ran. */
  public void problem(String what) {
    otherProblems.add(what);
  }

  /** A row that could not be written after every retry: it is missing from the dataset. */
  public void rowLost() {
    lostRows.increment();
  }

  public void verified(boolean correct) {
    (correct ? verifiedOk : verifiedCorrupt).increment();
  }

  /** A read found no row; {@code keyNumber} is kept for the ranges of a verification (−1: unknown). */
  public void missing(long keyNumber) {
    verifiedMissing.increment();
    if (keyNumber >= 0) {
      missingKeys.add(keyNumber);
    }
  }

  /** A row of a verified range that could not be read after every retry. */
  public void unverified() {
    unverified.increment();
  }

  /** A missing or corrupt row rewritten ({@code largekv.repair=true}), or not. */
  public void repair(boolean done) {
    (done ? repaired : notRepaired).increment();
  }

  /**
   * Every client thread finished (the workload's cleanup, or the binding's last one): prints the
   * {@code [LARGEKV]} section and the result line, once.
   */
  public void finished() {
    if (finished.compareAndSet(false, true) && this == INSTANCE) {
      report(System.out, System.err);
    }
  }

  // ------------------------------------------------------------------ results

  public long successful() {
    return ok.values().stream().mapToLong(LongAdder::sum).sum();
  }

  public long failed() {
    return failed.values().stream().mapToLong(LongAdder::sum).sum();
  }

  public long lostRows() {
    return lostRows.sum();
  }

  /** Measured time in ms: the first operation's start to the last one's end (0 before any). */
  public long measuredMillis() {
    long start = firstStart.get();
    return start == Long.MIN_VALUE ? 0 : Math.max(0, (lastEnd.get() - start) / 1_000_000);
  }

  /** Why this run's result must not be published; empty when every check passed. */
  public List<String> problems() {
    List<String> p = new ArrayList<>(otherProblems);
    long lost = lostRows.sum();
    if (lost > 0) {
      p.add(lost + " row(s) lost: every retry of their insert failed");
    }
    if (kind == Kind.VERIFY) {
      long corrupt = verifiedCorrupt.sum();
      long missing = verifiedMissing.sum();
      long bad = corrupt + missing;
      boolean repairing = repaired.sum() + notRepaired.sum() > 0;
      if (bad > 0 && (!repairing || notRepaired.sum() > 0)) {
        p.add(missing + " row(s) missing and " + corrupt + " corrupt in " + verifiedRange
            + (repairing ? ", " + notRepaired.sum() + " of them could not be repaired" : ""));
      }
      if (unverified.sum() > 0) {
        p.add(unverified.sum() + " row(s) could not be read to verify them");
      }
    } else {
      long corrupt = verifiedCorrupt.sum();
      long missing = verifiedMissing.sum();
      if (corrupt + missing > 0) {
        p.add(corrupt + " corrupt and " + missing + " missing read(s)");
      }
    }
    long good = successful();
    long bad = failed();
    if (kind != Kind.LOAD && bad > 0 && bad > maxFailedFraction * (good + bad)) {
      p.add(String.format(Locale.ROOT, "%.2f %% of operations failed (%d of %d; %s=%s)",
          100.0 * bad / (good + bad), bad, good + bad, MAX_FAILED_FRACTION, trim(maxFailedFraction)));
    }
    if (kind == Kind.RUN && good + bad == 0) {
      p.add("no operation ran");
    }
    return p;
  }

  /** {@link ExitStatus#OK} or {@link ExitStatus#FAILED}, from {@link #problems()}. */
  public int exitStatus() {
    return problems().isEmpty() ? ExitStatus.OK : ExitStatus.FAILED;
  }

  /** The {@code [LARGEKV]} section. */
  public void printSummary(PrintStream out) {
    long good = successful();
    long bad = failed();
    long ms = measuredMillis();
    out.println("[LARGEKV], Operations, " + good);
    out.println("[LARGEKV], FailedOperations, " + bad);
    for (Operation op : Operation.values()) {
      long o = ok.get(op).sum();
      long f = failed.get(op).sum();
      if (o + f > 0) {
        out.println("[LARGEKV], Operations(" + op + "), " + o);
        out.println("[LARGEKV], FailedOperations(" + op + "), " + f);
      }
    }
    new TreeMap<>(failureClasses).forEach((k, v) -> out.println("[LARGEKV], Failed:" + k + ", " + v.sum()));
    out.println("[LARGEKV], MeasuredTime(ms), " + ms);
    out.println("[LARGEKV], Throughput(ops/sec), " + (ms == 0 ? "0.0"
        : String.format(Locale.ROOT, "%.1f", good * 1000.0 / ms)));
    out.println("[LARGEKV], LostRows, " + lostRows.sum());
    if (kind == Kind.VERIFY) {
      out.println("[LARGEKV], VerifiedRange, " + verifiedRange);
      out.println("[LARGEKV], RowsOK, " + verifiedOk.sum());
      out.println("[LARGEKV], RowsCorrupt, " + verifiedCorrupt.sum());
      out.println("[LARGEKV], RowsMissing, " + verifiedMissing.sum());
      out.println("[LARGEKV], RowsUnverified, " + unverified.sum());
      if (verifiedMissing.sum() > 0) {
        out.println("[LARGEKV], FirstMissingKeyRanges, " + missingKeys.ranges(20));
      }
      if (repaired.sum() + notRepaired.sum() > 0) {
        out.println("[LARGEKV], RowsRepaired, " + repaired.sum());
        out.println("[LARGEKV], RowsNotRepaired, " + notRepaired.sum());
      }
    }
    List<String> problems = problems();
    out.println("[LARGEKV], Result, " + (problems.isEmpty() ? "ok" : "FAILED: " + String.join("; ", problems)));
    out.println("[LARGEKV], ExitStatus, " + (problems.isEmpty() ? ExitStatus.OK : ExitStatus.FAILED));
  }

  /** The line on stderr that says whether the result stands. */
  public String resultLine() {
    List<String> problems = problems();
    String base = String.format(Locale.ROOT, "%d successful operations (%.1f/s over %.1f s), %d failed",
        successful(), measuredMillis() == 0 ? 0.0 : successful() * 1000.0 / measuredMillis(),
        measuredMillis() / 1000.0, failed());
    if (kind == Kind.VERIFY) {
      base = String.format(Locale.ROOT, "verified %s: %d rows ok, %d corrupt, %d missing%s, %d unverified%s; %s",
          verifiedRange, verifiedOk.sum(), verifiedCorrupt.sum(), verifiedMissing.sum(),
          verifiedMissing.sum() == 0 ? "" : " (first: " + missingKeys.ranges(5) + ")", unverified.sum(),
          repaired.sum() + notRepaired.sum() == 0 ? ""
              : ", " + repaired.sum() + " repaired, " + notRepaired.sum() + " not repaired", base);
    }
    return problems.isEmpty() ? "result ok: " + base : "result FAILED: " + String.join("; ", problems) + " (" + base + ")";
  }

  /** Prints the {@code [LARGEKV]} section on {@code out} and the result line on {@code err}. */
  public void report(PrintStream out, PrintStream err) {
    printSummary(out);
    out.flush();
    err.println("largekv: " + resultLine());
    err.flush();
  }

  /** The exit status: the run's, or {@link ExitStatus#ABORTED} when it ended before every thread finished. */
  private void atExit() {
    if (!finished.get()) {
      System.out.flush();
      System.err.println("largekv: the run ended before every client thread finished (a thread failed, YCSB gave "
          + "up, or the process was interrupted): there is no result; exit status " + ExitStatus.ABORTED);
      System.err.flush();
      Runtime.getRuntime().halt(ExitStatus.ABORTED);
    }
    int status = exitStatus();
    if (status != ExitStatus.OK) {
      Runtime.getRuntime().halt(status);
    }
  }

  // ------------------------------------------------------------------ status lines

  private void startStatus() {
    if (timeline != null) {
      Thread t = new Thread(this::timelineLoop, "largekv-timeline");
      t.setDaemon(true);
      t.start();
    }
    int interval = statusIntervalSeconds;
    if (interval <= 0 || !statusStarted.compareAndSet(false, true)) {
      return;
    }
    Thread t = new Thread(() -> statusLoop(interval), "largekv-status");
    t.setDaemon(true);
    t.start();
  }

  /**
   * {@value RunProperties#TIMELINE}: one line a second, what happened in it — {@code ms since 1970
   * (the second's end), successful, failed, verification failures, failures by class} — so that a
   * report can show errors over time and count them inside an event's window.
   */
  private void timelineLoop() {
    try (PrintStream out = new PrintStream(Files.newOutputStream(timeline), true, StandardCharsets.UTF_8)) {
      out.println("# end_ms,successful,failed,verification_failures,failures_by_class (OPERATION:Class=n;...)");
      long lastOk = 0;
      long lastFailed = 0;
      long lastBad = 0;
      Map<String, Long> lastClasses = new TreeMap<>();
      boolean last = false;
      while (!last) {
        try {
          Thread.sleep(1000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        last = finished.get() || Thread.currentThread().isInterrupted();
        long good = successful();
        long bad = failed();
        long verifyBad = verifiedCorrupt.sum() + verifiedMissing.sum();
        StringBuilder classes = new StringBuilder();
        for (Map.Entry<String, LongAdder> e : new TreeMap<>(failureClasses).entrySet()) {
          long now = e.getValue().sum();
          long delta = now - lastClasses.getOrDefault(e.getKey(), 0L);
          lastClasses.put(e.getKey(), now);
          if (delta > 0) {
            classes.append(classes.length() == 0 ? "" : ";").append(e.getKey()).append('=').append(delta);
          }
        }
        out.println(System.currentTimeMillis() + "," + (good - lastOk) + "," + (bad - lastFailed) + ","
            + (verifyBad - lastBad) + "," + classes);
        lastOk = good;
        lastFailed = bad;
        lastBad = verifyBad;
      }
    } catch (IOException e) {
      System.err.println("largekv: cannot write " + RunProperties.TIMELINE + "=" + timeline + ": " + e.getMessage());
    }
  }

  private void statusLoop(int intervalSeconds) {
    long started = System.nanoTime();
    long lastOk = 0;
    long lastFailed = 0;
    Map<String, Long> lastClasses = new TreeMap<>();
    try {
      while (true) {
        Thread.sleep(intervalSeconds * 1000L);
        long good = successful();
        long bad = failed();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
            "largekv: %d s: %d successful (%.0f/s), %d failed (%.0f/s) in the last %d s; %d successful, %d failed in all",
            (System.nanoTime() - started) / 1_000_000_000L, good - lastOk, (good - lastOk) / (double) intervalSeconds,
            bad - lastFailed, (bad - lastFailed) / (double) intervalSeconds, intervalSeconds, good, bad));
        if (bad > lastFailed) {
          List<String> classes = new ArrayList<>();
          for (Map.Entry<String, LongAdder> e : new TreeMap<>(failureClasses).entrySet()) {
            long now = e.getValue().sum();
            long delta = now - lastClasses.getOrDefault(e.getKey(), 0L);
            lastClasses.put(e.getKey(), now);
            if (delta > 0) {
              classes.add(e.getKey() + "=" + delta);
            }
          }
          if (!classes.isEmpty()) {
            sb.append(" [").append(String.join(", ", classes)).append(']');
          }
        }
        System.err.println(sb);
        lastOk = good;
        lastFailed = bad;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static String trim(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
