package io.largekv.results;

import io.largekv.common.YcsbOutput;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What one client process says of its phase, whichever harness ran it: the figures the report takes
 * from each client beside its HdrHistogram logs. YCSB's client with largekv's binding prints them as
 * the {@code [LARGEKV]} section of its output ({@link Metric}: the one owner of those names) beside
 * YCSB's own sections, which stay as YCSB prints them; an nb5 client writes this record itself
 * ({@link ResultsLayout#CLIENT_SUMMARY}).
 *
 * @param result the client's verdict: {@code ok} or {@code FAILED: WHY}; null when it printed none
 *     (it did not finish)
 * @param failedOperations operations that failed, whole phase; null when not printed
 * @param operationsByType successful operations by type ({@code READ} → n), whole phase
 * @param loadRowsBefore a load that continued its checkpoint: the rows its earlier attempts acknowledged
 * @param commonStartEpochMs the clients' common start ({@code largekv.start_barrier}), ms since 1970
 * @param warmUpExcludedSeconds the seconds its figures left out at the start
 * @param warmUpEndEpochMs where it cut them ({@link io.largekv.common.WarmUp#endMs}), ms since 1970;
 *     null when it left nothing out
 * @param stalls its event-loop stalls; null when it does not count them
 * @param verified the rows its reads verified
 * @param errorsByOperation failed operations by type ({@code READ} → n)
 * @param errorClasses failed operations by type and class ({@code READ:DriverTimeoutException} → n)
 * @param nb5 an nb5 client's own: nb5's version, what it completed and how it exited; null for YCSB
 */
public record ClientSummary(String result, Long failedOperations, Map<String, Long> operationsByType,
    Long loadRowsBefore, Long commonStartEpochMs, Long warmUpExcludedSeconds, Long warmUpEndEpochMs, Stalls stalls,
    Verified verified, Map<String, Long> errorsByOperation, Map<String, Long> errorClasses, Nb5 nb5) {

  /** The rows reads verified: correct, corrupt, missing, and (nb5) read before they were written. */
  public record Verified(long ok, long corrupt, long missing, long notYetWritten) {
    public static final Verified NONE = new Verified(0, 0, 0, 0);
  }

  /**
   * The stalls of the driver's I/O threads while client threads ran on them (docs/ycsb-binding.md,
   * "Stalls of the driver's I/O threads"): how many, the longest and all together (ms of wall time);
   * of that time, the machine's share ({@code machineMs}: the I/O threads waiting for a CPU, null
   * when the kernel gave no reading) and so the client's; the stalls that are the machine's alone
   * (their client share is not over the bound; null when not printed) and the client's own after the
   * warm-up, which the rule judges (null when the figures keep the warm-up).
   */
  public record Stalls(long count, double maxMs, double totalMs, Double machineMs, Long onTheMachine,
      Long clientAfterWarmUp) {

    /** Several clients' or runs' stalls together; null when none counted them. */
    public static Stalls merge(List<Stalls> all) {
      Stalls sum = null;
      for (Stalls s : all) {
        if (s != null) {
          sum = sum == null ? s : new Stalls(sum.count + s.count, Math.max(sum.maxMs, s.maxMs), sum.totalMs + s.totalMs,
              sum.machineMs == null || s.machineMs == null ? null : sum.machineMs + s.machineMs,
              sum.onTheMachine == null || s.onTheMachine == null ? null : sum.onTheMachine + s.onTheMachine,
              sum.clientAfterWarmUp == null || s.clientAfterWarmUp == null ? null
                  : sum.clientAfterWarmUp + s.clientAfterWarmUp);
        }
      }
      return sum;
    }

    /** The client's share of the stalls' time, ms: all of it when the machine's is not known. */
    public double clientMs() {
      return machineMs == null ? totalMs : Math.max(0, totalMs - machineMs);
    }

    /**
     * {@code 0}, or {@code 13, 223.6 ms: 200.1 ms the machine's, 23.5 ms the client's}, or
     * without the machine's share {@code 3, 80.0 ms (longest 42.1 ms), all the client's (...)}.
     */
    public String describe() {
      if (count == 0) {
        return "0";
      }
      if (machineMs == null) {
        return String.format(Locale.ROOT, "%d, %.1f ms (longest %.1f ms), all the client's (the machine's share not"
            + " read)", count, totalMs, maxMs);
      }
      return String.format(Locale.ROOT, "%d, %.1f ms: %.1f ms the machine's, %.1f ms the client's", count,
          totalMs, machineMs, clientMs());
    }
  }

  /** An nb5 client's own figures. */
  public record Nb5(String version, Long completedOperations, String exitStatus) {}

  /** A client that printed nothing (it did not start, or was killed). */
  public static final ClientSummary NONE = new ClientSummary(null, null, Map.of(), null, null, null, null, null,
      Verified.NONE,
      Map.of(), Map.of(), null);

  /** YCSB's operation types, whose sections hold {@code Return=ERROR}. */
  private static final List<String> OPERATIONS = List.of("INSERT", "READ", "UPDATE", "SCAN", "DELETE");

  /** The {@code [LARGEKV]} metrics the binding prints: their names, once. */
  public enum Metric {
    OPERATIONS("Operations"),
    FAILED_OPERATIONS("FailedOperations"),
    MEASURED_TIME_MS("MeasuredTime(ms)"),
    THROUGHPUT("Throughput(ops/sec)"),
    LOST_ROWS("LostRows"),
    LOAD_ROWS_BEFORE("LoadRowsBefore"),
    WARM_UP_EXCLUDED_SECONDS("WarmUpExcludedSeconds"),
    WARM_UP_EXCLUDED_OPERATIONS("WarmUpExcludedOperations"),
    WARM_UP_END_EPOCH_MS("WarmUpEndEpochMs"),
    COMMON_START_EPOCH_MS("CommonStartEpochMs"),
    JIT_CPU_MS_AFTER_WARM_UP("JitCpuMsAfterWarmUp"),
    EVENT_LOOP_STALLS("EventLoopStalls"),
    EVENT_LOOP_STALL_MAX_MS("EventLoopStallMaxMs"),
    EVENT_LOOP_STALL_TOTAL_MS("EventLoopStallTotalMs"),
    /** The machine's share of the stalls' time (the I/O threads waiting for a CPU), ms; or {@code unavailable: WHY}. */
    EVENT_LOOP_STALL_MACHINE_MS("EventLoopStallMachineMs"),
    /** Stalls whose machine's share was not read: all the client's. */
    EVENT_LOOP_STALLS_UNREAD("EventLoopStallsUnread"),
    /** Stalls whose client share is not over the bound: the machine's. */
    EVENT_LOOP_STALLS_ON_THE_MACHINE("EventLoopStallsOnTheMachine"),
    EVENT_LOOP_STALLS_IN_JVM_PAUSES("EventLoopStallsInJvmPauses"),
    EVENT_LOOP_STALLS_AFTER_WARM_UP("EventLoopStallsAfterWarmUp"),
    /** Per operation type: the most the stalls judged could have moved its highest reported percentile, µs. */
    EVENT_LOOP_STALL_SHIFT_US("EventLoopStallShiftUs"),
    EVENT_LOOP_STALL_WARNING("EventLoopStallWarning"),
    VERIFIED_RANGE("VerifiedRange"),
    ROWS_OK("RowsOK"),
    ROWS_CORRUPT("RowsCorrupt"),
    ROWS_MISSING("RowsMissing"),
    ROWS_UNVERIFIED("RowsUnverified"),
    FIRST_MISSING_KEY_RANGES("FirstMissingKeyRanges"),
    ROWS_REPAIRED("RowsRepaired"),
    ROWS_NOT_REPAIRED("RowsNotRepaired"),
    RESULT("Result"),
    EXIT_STATUS("ExitStatus");

    /** Its name in the output. */
    public final String metric;

    Metric(String metric) {
      this.metric = metric;
    }

    /** Its line: {@code [LARGEKV], Operations, 98812}. */
    public String line(Object value) {
      return "[" + SECTION + "], " + metric + ", " + value;
    }

    /** Its line with one decimal: {@code [LARGEKV], EventLoopStallMaxMs, 13.7}. */
    public String oneDecimal(double value) {
      return line((Object) String.format(Locale.ROOT, "%.1f", value));
    }

    /** An operation type's line: {@code [LARGEKV], Operations(READ), 97803}. */
    public String line(String operation, long value) {
      return "[" + SECTION + "], " + metric + "(" + operation + "), " + value;
    }
  }

  /** The section's name. */
  public static final String SECTION = "LARGEKV";
  /** The section's line of an error class's failures: {@code [LARGEKV], Failed:READ:DriverTimeoutException, 78}. */
  public static String failedLine(String errorClass, long n) {
    return "[" + SECTION + "], Failed:" + errorClass + ", " + n;
  }

  /** The summary in a YCSB client's output ({@code ycsb.txt}): its [LARGEKV] section and YCSB's own. */
  public static ClientSummary of(YcsbOutput out) {
    Map<String, Long> errors = new LinkedHashMap<>();
    Map<String, Long> done = new LinkedHashMap<>();
    for (String op : OPERATIONS) {
      double d = out.number(SECTION, Metric.OPERATIONS.metric + "(" + op + ")");
      if (!Double.isNaN(d)) {
        done.put(op, (long) d);
      }
      long n = out.returns(op, "ERROR");
      if (n > 0) {
        errors.put(op, n);
      }
    }
    String version = out.text("NB5", "Version");
    return new ClientSummary(out.text(SECTION, Metric.RESULT.metric), whole(out, Metric.FAILED_OPERATIONS), done,
        whole(out, Metric.LOAD_ROWS_BEFORE), whole(out, Metric.COMMON_START_EPOCH_MS),
        whole(out, Metric.WARM_UP_EXCLUDED_SECONDS), whole(out, Metric.WARM_UP_END_EPOCH_MS),
        stalls(out),
        new Verified(out.returns("VERIFY", "OK"), out.returns("VERIFY", "CORRUPT"), out.returns("VERIFY", "MISSING"),
            out.returns("VERIFY", "NOT_YET_WRITTEN")),
        errors, out.returnCodes("ERRORS"),
        version == null ? null : new Nb5(version, whole(out, "NB5", "CompletedOperations"), out.text("NB5",
            "ExitStatus")));
  }

  /**
   * The stall lines, when the client printed the three it always prints (it counts stalls); null
   * otherwise. The machine's share is null when the client gave none (an older client, or
   * {@code unavailable: ...}).
   */
  private static Stalls stalls(YcsbOutput out) {
    double n = out.number(SECTION, Metric.EVENT_LOOP_STALLS.metric);
    double max = out.number(SECTION, Metric.EVENT_LOOP_STALL_MAX_MS.metric);
    double total = out.number(SECTION, Metric.EVENT_LOOP_STALL_TOTAL_MS.metric);
    if (Double.isNaN(n) || Double.isNaN(max) || Double.isNaN(total)) {
      return null;
    }
    double machine = out.number(SECTION, Metric.EVENT_LOOP_STALL_MACHINE_MS.metric);
    return new Stalls((long) n, max, total, Double.isNaN(machine) ? null : machine,
        whole(out, Metric.EVENT_LOOP_STALLS_ON_THE_MACHINE), whole(out, Metric.EVENT_LOOP_STALLS_AFTER_WARM_UP));
  }

  private static Long whole(YcsbOutput out, Metric f) {
    return whole(out, SECTION, f.metric);
  }

  /** A whole number the output holds; null when it does not. */
  private static Long whole(YcsbOutput out, String section, String metric) {
    double v = out.number(section, metric);
    return Double.isNaN(v) ? null : (long) v;
  }

  /** Failed operations of every type ({@link #errorsByOperation}). */
  public long errors() {
    return errorsByOperation.values().stream().mapToLong(Long::longValue).sum();
  }

  /** Whether the client said it failed ({@code FAILED: ...}). */
  public boolean saysFailed() {
    return result != null && result.startsWith("FAILED");
  }
}
