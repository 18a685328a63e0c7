package io.largekv.workload;

import static io.largekv.workload.LargeKeyValueWorkload.OPERATION_COUNT;

import io.largekv.run.RunCounters;
import java.util.Properties;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * Verify ({@code run} with {@code largekv.verify_range=true}, workloads/verify): every key of the
 * shard is read once, sharded and split among threads like the load, and verified; with
 * {@code largekv.repair=true} missing and corrupt rows are written again.
 */
final class VerifyMode extends WorkloadMode {

  private final boolean repair;

  /** Sets YCSB's own {@code operationcount} in {@code p} to the shard: one read per key. */
  VerifyMode(WorkloadSettings settings, Properties p) {
    super(settings);
    this.repair = settings.repair;
    // YCSB's Client reads operationcount after Workload.init
    p.setProperty(OPERATION_COUNT, Long.toString(settings.shard));
    outcome.result().verifying("key numbers " + range.describeShard(), repair);
  }

  @Override
  void startThread(ThreadState t, int id, int count) {
    assignShare(t, id, count);
  }

  /**
   * Reads the thread's next key of the range and verifies it; a read that fails is retried like an
   * insert, then counted as unverified. With {@code largekv.repair=true} a missing or corrupt row
   * is written again.
   */
  @Override
  boolean next(DB db, ThreadState t) {
    if (t.next >= t.end) {
      return false;
    }
    long n = t.next++;
    String key = format.key(n);
    for (int attempt = 0; ; attempt++) {
      t.result.clear();
      long start = startIfNoBinding();
      Status s = db.read(table, key, null, t.result);
      recordIfNoBinding(RunCounters.Operation.READ, start, s.isOk());
      Status verdict = check(n, s, t.result, n);
      if (verdict != null) {
        if (verdict != Status.OK && repair) {
          counters.repair(insertWithRetries(db, t, n));
        }
        return true;
      }
      if (attempt >= retries) {
        counters.unverified();
        System.err.println("largekv: read of key number " + n + " failed " + (attempt + 1) + " times ("
            + s.getName() + "); the row is not verified");
        return true;
      }
      pauseBeforeRetry(attempt);
    }
  }

  @Override
  void finish() {
    reportKeysLeft("verified (the verification stopped early)");
  }
}
