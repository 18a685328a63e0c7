package io.largekv.workload;

import io.largekv.format.RowFormat;
import io.largekv.run.RunCounters;
import io.largekv.run.RunOutcome;
import io.largekv.value.BufferedValue;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * What {@link LargeKeyValueWorkload} does in one mode — {@link LoadMode}, {@link RunMode},
 * {@link VerifyMode} — and what every mode does with a row: insert it with retries, verify a read,
 * count the operation when the binding does not. A mode reports to {@link RunOutcome}; it never
 * ends the process.
 */
abstract class WorkloadMode {

  final WorkloadSettings settings;
  final RowFormat format;
  final String table;
  final KeyRange range;
  final RunOutcome outcome;
  final RunCounters counters;
  private final Measurements measurements;
  /** {@code insertretries}: how many times a failed write or verifying read is tried again. */
  final int retries;
  private final long retryIntervalMs;
  /** The client threads that started. */
  private final List<ThreadState> threadStates = new CopyOnWriteArrayList<>();

  WorkloadMode(WorkloadSettings settings) {
    this.settings = settings;
    this.format = settings.format;
    this.table = settings.table;
    this.range = settings.range;
    this.retries = settings.retries;
    this.retryIntervalMs = settings.retryIntervalMs;
    this.outcome = RunOutcome.get();
    this.counters = outcome.counters();
    this.measurements = Measurements.getMeasurements();
  }

  /** YCSB's {@code initThread}: thread {@code id} of {@code count}. */
  final ThreadState initThread(int id, int count) {
    ThreadState t = new ThreadState(this, format.valueLength());
    threadStates.add(t);
    startThread(t, id, count);
    return t;
  }

  /** What a mode sets up in a new thread's state; nothing by default. */
  void startThread(ThreadState t, int id, int count) {}

  /** One operation of YCSB's {@code doInsert} or {@code doTransaction}; false: the thread is done. */
  abstract boolean next(DB db, ThreadState t);

  /** YCSB's {@code cleanup}, once every client thread ended: the result goes to {@link RunOutcome}. */
  final void cleanup() {
    if (threadStates.size() < settings.expectedThreads) {
      // YCSB drops a client thread whose DB.init() fails and goes on with the others
      outcome.result().problem("only " + threadStates.size() + " of " + settings.expectedThreads + " client threads "
          + "ran (the others failed to start; see the errors above)");
    }
    finish();
    outcome.finished();
  }

  /** What a mode checks and reports at the end, before the result; nothing by default. */
  void finish() {}

  // ---------------------------------------------------------------- this client's shard (load, verify)

  /** Gives thread {@code id} of {@code count} its contiguous share of the shard. */
  final void assignShare(ThreadState t, int id, int count) {
    t.thread = id;
    t.start = range.threadStart(id, count);
    t.next = t.start;
    t.end = range.threadEnd(id, count);
  }

  /** A problem when keys of the shard were not done: "... were not {@code notDone}". */
  final void reportKeysLeft(String notDone) {
    long left = range.shardSize() - threadStates.stream().mapToLong(t -> t.next - t.start).sum();
    if (left > 0) {
      outcome.result().problem(left + " key(s) of " + range.describeShard() + " were not " + notDone);
    }
  }

  // ---------------------------------------------------------------- rows

  /**
   * Inserts key number n's row; a failure is retried {@code insertretries} times after a pause
   * that starts at {@code insertretryinterval} ms and doubles up to 10 s (about a minute in all by
   * default, so a server restart loses nothing). A row still not written is reported and lost.
   */
  final boolean insertWithRetries(DB db, ThreadState t, long n) {
    String key = format.key(n);
    format.value(n, t.value.array());
    for (int attempt = 0; ; attempt++) {
      long start = startIfNoBinding();
      Status s = db.insert(table, key, t.values);
      t.value.reset();
      boolean ok = s != null && s.isOk();
      recordIfNoBinding(RunCounters.Operation.INSERT, start, ok);
      if (ok) {
        return true;
      }
      if (attempt >= retries) {
        counters.rowLost();
        System.err.println("largekv: insert of key number " + n + " failed " + (attempt + 1)
            + " times (" + (s == null ? "null" : s.getName()) + "); the row is missing");
        return false;
      }
      pauseBeforeRetry(attempt);
    }
  }

  final void pauseBeforeRetry(int attempt) {
    long pause = Math.min(LargeKeyValueWorkload.MAX_RETRY_PAUSE_MS, retryIntervalMs << Math.min(20, attempt));
    try {
      Thread.sleep(pause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * When an operation starts ({@link System#nanoTime}), for {@link #recordIfNoBinding}; 0 when the
   * binding records it, which reads its own clock (a clock read per operation saved).
   */
  final long startIfNoBinding() {
    return outcome.recordedByBinding() ? 0 : System.nanoTime();
  }

  /** Operations are counted once: by the yugabyte-ycql binding, or here with any other binding. */
  final void recordIfNoBinding(RunCounters.Operation op, long start, boolean ok) {
    if (!outcome.recordedByBinding()) {
      counters.record(op, start, ok);
    }
  }

  /**
   * Verifies one read of key number n; returns OK, CORRUPT, MISSING, or null when the read failed.
   * {@code missingKey}: the key number kept when the row is missing (−1: not kept).
   */
  final Status check(long n, Status s, Map<String, ByteIterator> result, long missingKey) {
    if (s == Status.NOT_FOUND || (s.isOk() && result.isEmpty())) {
      reportVerification(LargeKeyValueWorkload.MISSING, 0);
      counters.missing(missingKey);
      return LargeKeyValueWorkload.MISSING;
    }
    if (!s.isOk()) {
      return null;
    }
    long started = System.nanoTime();
    boolean ok = result.size() == 1 && format.valueMatches(n, BufferedValue.bytes(result.values().iterator().next()));
    reportVerification(ok ? Status.OK : LargeKeyValueWorkload.CORRUPT, System.nanoTime() - started);
    counters.verified(ok);
    return ok ? Status.OK : LargeKeyValueWorkload.CORRUPT;
  }

  /** {@code [VERIFY], Return=OK|CORRUPT|MISSING} and the verification's time in YCSB's output. */
  final void reportVerification(Status status, long nanos) {
    measurements.measure(LargeKeyValueWorkload.VERIFY_MEASUREMENT, (int) (nanos / 1000));
    measurements.reportStatus(LargeKeyValueWorkload.VERIFY_MEASUREMENT, status);
  }
}
