package io.largekv.run;

import io.largekv.common.ExitStatus;
import io.largekv.jvm.ClientJit;
import io.largekv.jvm.EventLoopStalls;
import io.largekv.properties.PropertyValues;
import io.largekv.results.ClientSummary.Metric;
import io.largekv.results.ClientSummary;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.HdrHistogram.Histogram;

/**
 * Whether a run's result may be published, and the exit status that follows: the one owner of that
 * policy (docs/results.md). It judges {@link RunCounters}: status {@code 1}
 * ({@link ExitStatus#FAILED}) when rows were lost, a read was corrupt or missing, rows could not be
 * verified or repaired, more than {@value #MAX_FAILED_FRACTION} of a run's operations failed, a run
 * ran no operation, or something else was reported ({@link #problem}); else {@code 0}. The stalls
 * of the driver's I/O threads ({@link EventLoopStalls}) are printed with it, and fail it when those
 * after the client's warm-up ({@link ClientWarmUp}) may have moved a reported percentile.
 *
 * <p>Only successful operations ({@code Status.OK}) count as throughput. The {@code [LARGEKV]}
 * section it prints:
 *
 * <pre>
 *   [LARGEKV], Operations, 98812            successful operations
 *   [LARGEKV], FailedOperations, 1188
 *   [LARGEKV], MeasuredTime(ms), 30004      first operation's start to the last one's end
 *   [LARGEKV], Throughput(ops/sec), 3293.3  successful operations per second of measured time
 *   [LARGEKV], LoadRowsBefore, 120000       a load that continued its checkpoint: rows its earlier runs acknowledged
 *   [LARGEKV], WarmUpExcludedSeconds, 10    left out of YCSB's latency figures (ClientWarmUp)
 *   [LARGEKV], WarmUpExcludedOperations, 30121
 *   [LARGEKV], JitCpuMsAfterWarmUp, 412      the JIT compiler's CPU in the window after it (ClientJit)
 *   [LARGEKV], Result, FAILED: 1.2 % of operations failed (largekv.max_failed_fraction=0.01)
 *   [LARGEKV], ExitStatus, 1
 * </pre>
 */
public final class RunResult {

  /** Largest fraction of a run's operations that may fail (default 0.01: 1 %). */
  public static final String MAX_FAILED_FRACTION = "largekv.max_failed_fraction";
  static final double DEFAULT_MAX_FAILED_FRACTION = 0.01;

  /** What the process does: YCSB's load, its run, or largekv's verification of a key range. */
  public enum Kind { LOAD, RUN, VERIFY }

  private final RunCounters counters;
  private final EventLoopStalls stalls;
  private final ClientWarmUp warmUp;
  private final ClientJit jit;
  private final List<String> otherProblems = new CopyOnWriteArrayList<>();
  private volatile Kind kind = Kind.RUN;
  private volatile String verifiedRange;
  private volatile boolean repairing;
  private volatile long loadedBefore = -1;
  private volatile double maxFailedFraction = DEFAULT_MAX_FAILED_FRACTION;
  /** YCSB's reported figures by operation type, once the run finished ({@link ClientWarmUp#reportedFigures}). */
  private volatile Map<String, Histogram> figures = Map.of();

  RunResult(RunCounters counters, EventLoopStalls stalls, ClientWarmUp warmUp, ClientJit jit) {
    this.counters = counters;
    this.stalls = stalls;
    this.warmUp = warmUp;
    this.jit = jit;
  }

  void load() {
    kind = Kind.LOAD;
  }

  /**
   * This load continued a checkpoint: {@code rows} rows were acknowledged by its earlier runs, not
   * this one (printed as {@code [LARGEKV], LoadRowsBefore}; this run's counts leave them out).
   */
  public void loadedBefore(long rows) {
    loadedBefore = rows;
  }

  /** YCSB's reported figures, by operation type (µs): what the stall rule bounds the shift of. */
  void reportedFigures(Map<String, Histogram> figures) {
    this.figures = Collections.unmodifiableMap(new TreeMap<>(figures));
  }

  void maxFailedFraction(double fraction) {
    maxFailedFraction = fraction;
  }

  /**
   * This process verifies a key range ({@code largekv.verify_range}), described as {@code range},
   * and writes its missing and corrupt rows again when {@code repair} ({@code largekv.repair}).
   */
  public void verifying(String range, boolean repair) {
    kind = Kind.VERIFY;
    verifiedRange = range;
    repairing = repair;
  }

  public Kind kind() {
    return kind;
  }

  /** Something else that makes the result unpublishable, e.g. client threads that never ran. */
  public void problem(String what) {
    otherProblems.add(what);
  }

  /** Why this run's result must not be published; empty when every check passed. */
  public List<String> problems() {
    List<String> p = new ArrayList<>(otherProblems);
    long lost = counters.lostRows();
    if (lost > 0) {
      p.add(lost + " row(s) lost: every retry of their insert failed");
    }
    long corrupt = counters.verifiedCorrupt();
    long missing = counters.verifiedMissing();
    if (kind == Kind.VERIFY) {
      long notRepaired = counters.notRepaired();
      boolean repairing = counters.repaired() + notRepaired > 0;
      if (corrupt + missing > 0 && (!repairing || notRepaired > 0)) {
        p.add(missing + " row(s) missing and " + corrupt + " corrupt in " + verifiedRange
            + (repairing ? ", " + notRepaired + " of them could not be repaired" : ""));
      }
      if (counters.unverifiedRows() > 0) {
        p.add(counters.unverifiedRows() + " row(s) could not be read to verify them");
      }
    } else if (corrupt + missing > 0) {
      p.add(corrupt + " corrupt and " + missing + " missing read(s)");
    }
    long good = counters.successful();
    long bad = counters.failed();
    // not for loads and verifications: their failed attempts are retried, and they fail on the row
    // (lost, or not verified); a verification's reads of missing rows count as failed READs, so a
    // repair that wrote back more than 1 % of the range would fail although every row was repaired
    if (kind == Kind.RUN && bad > 0 && bad > maxFailedFraction * (good + bad)) {
      p.add(String.format(Locale.ROOT, "%.2f %% of operations failed (%d of %d; %s=%s)",
          100.0 * bad / (good + bad), bad, good + bad, MAX_FAILED_FRACTION, PropertyValues.written(maxFailedFraction)));
    }
    if (kind == Kind.RUN && good + bad == 0) {
      p.add("no operation ran");
    }
    stalls.problem(operationsInFigures(), figures).ifPresent(p::add);
    warmUp.problem().ifPresent(p::add);

    return p;
  }

  /** The operations in YCSB's latency figures, successful and failed: the run's, less the client's warm-up. */
  private long operationsInFigures() {
    return counters.successful() + counters.failed() - warmUp.excludedOperations();
  }

  /** {@link ExitStatus#OK} or {@link ExitStatus#FAILED}, from {@link #problems()}. */
  public int exitStatus() {
    return problems().isEmpty() ? ExitStatus.OK : ExitStatus.FAILED;
  }

  /** The {@code [LARGEKV]} section. */
  public void printSummary(PrintStream out) {
    long good = counters.successful();
    long bad = counters.failed();
    long ms = counters.measuredMillis();
    out.println(Metric.OPERATIONS.line(good));
    out.println(Metric.FAILED_OPERATIONS.line(bad));
    for (RunCounters.Operation op : RunCounters.Operation.values()) {
      long o = counters.successful(op);
      long f = counters.failed(op);
      if (o + f > 0) {
        out.println(Metric.OPERATIONS.line(op.toString(), o));
        out.println(Metric.FAILED_OPERATIONS.line(op.toString(), f));
      }
    }
    counters.failuresByClass().forEach((k, v) -> out.println(ClientSummary.failedLine(k, v)));
    out.println(Metric.MEASURED_TIME_MS.line(ms));
    out.println(Metric.THROUGHPUT.line(ms == 0 ? "0.0"
        : String.format(Locale.ROOT, "%.1f", good * 1000.0 / ms)));
    out.println(Metric.LOST_ROWS.line(counters.lostRows()));
    if (loadedBefore >= 0) {
      out.println(Metric.LOAD_ROWS_BEFORE.line(loadedBefore));
    }
    warmUp.print(out);
    jit.print(out);
    stalls.print(out, operationsInFigures(), figures);
    if (kind == Kind.VERIFY) {
      out.println(Metric.VERIFIED_RANGE.line(verifiedRange));
      out.println(Metric.ROWS_OK.line(counters.verifiedOk()));
      out.println(Metric.ROWS_CORRUPT.line(counters.verifiedCorrupt()));
      out.println(Metric.ROWS_MISSING.line(counters.verifiedMissing()));
      out.println(Metric.ROWS_UNVERIFIED.line(counters.unverifiedRows()));
      if (counters.verifiedMissing() > 0) {
        out.println(Metric.FIRST_MISSING_KEY_RANGES.line(counters.missingKeyRanges(20)));
      }
      // a repair prints its counts even when it found nothing to repair
      if (repairing) {
        out.println(Metric.ROWS_REPAIRED.line(counters.repaired()));
        out.println(Metric.ROWS_NOT_REPAIRED.line(counters.notRepaired()));
      }
    }
    List<String> problems = problems();
    out.println(Metric.RESULT.line(problems.isEmpty() ? "ok" : "FAILED: " + String.join("; ", problems)));
    out.println(Metric.EXIT_STATUS.line(problems.isEmpty() ? ExitStatus.OK : ExitStatus.FAILED));
  }

  /** The line on stderr that says whether the result stands. */
  public String resultLine() {
    List<String> problems = problems();
    long good = counters.successful();
    long ms = counters.measuredMillis();
    String base = String.format(Locale.ROOT, "%d successful operations (%.1f/s over %.1f s), %d failed",
        good, ms == 0 ? 0.0 : good * 1000.0 / ms, ms / 1000.0, counters.failed());
    if (kind == Kind.VERIFY) {
      long missing = counters.verifiedMissing();
      long repaired = counters.repaired();
      long notRepaired = counters.notRepaired();
      base = String.format(Locale.ROOT, "verified %s: %d rows ok, %d corrupt, %d missing%s, %d unverified%s; %s",
          verifiedRange, counters.verifiedOk(), counters.verifiedCorrupt(), missing,
          missing == 0 ? "" : " (first: " + counters.missingKeyRanges(5) + ")", counters.unverifiedRows(),
          repairing ? ", " + repaired + " repaired, " + notRepaired + " not repaired" : "", base);
    }
    return problems.isEmpty() ? "result ok: " + base : "result FAILED: " + String.join("; ", problems) + " (" + base + ")";
  }

  /** Prints the {@code [LARGEKV]} section on {@code out} and the result line on {@code err}. */
  public void report(PrintStream out, PrintStream err) {
    printSummary(out);
    out.flush();
    err.println("largekv: " + resultLine());
    String warmUpLine = warmUp.line(counters.measuredMillis());
    if (warmUpLine != null) {
      err.println("largekv: " + warmUpLine);
    }
    jit.warning().ifPresent(w -> err.println("largekv: WARNING: " + w));
    stalls.warning(operationsInFigures(), figures).ifPresent(w -> err.println("largekv: WARNING: " + w));
    stalls.judgedStalls().forEach(l -> err.println("largekv: " + l));
    err.flush();
  }
}
