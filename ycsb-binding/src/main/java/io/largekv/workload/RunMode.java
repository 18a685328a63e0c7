package io.largekv.workload;

import io.largekv.run.RunCounters;
import io.largekv.value.BufferedValue;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * Run: read / update / insert / scan in the given proportions ({@link OperationMix}); keys by
 * {@code requestdistribution} = {@code uniform} | {@code latest} | {@code recent}. Updates and
 * inserts write each key's canonical value, so verification holds during mixed runs; reads and
 * scans are verified unless {@code verify=false}.
 */
final class RunMode extends WorkloadMode {

  private final double readUpTo;
  private final double updateUpTo;
  private final double insertUpTo;
  private final int maxScanLength;
  private final KeyChooser chooser;
  private final boolean verify;
  /** The run's inserts: new key numbers beyond the loaded range, and which are acknowledged. */
  private final InsertSequence runInserts;

  RunMode(WorkloadSettings settings) {
    super(settings);
    OperationMix mix = settings.mix;
    readUpTo = mix.readUpTo;
    updateUpTo = mix.updateUpTo;
    insertUpTo = mix.insertUpTo;
    maxScanLength = mix.maxScanLength;
    chooser = mix.chooser;
    verify = settings.verify;
    runInserts = new InsertSequence(range.count);
  }

  @Override
  boolean next(DB db, ThreadState t) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    double op = random.nextDouble();
    if (op < readUpTo) {
      read(db, t, random);
    } else if (op < updateUpTo) {
      update(db, t, random);
    } else if (op < insertUpTo) {
      insert(db, t);
    } else {
      scan(db, random);
    }
    return true;
  }

  private long chooseKeyNumber(ThreadLocalRandom random) {
    long s = chooser.next(range.count, runInserts.acknowledgedBelow(), random);
    return range.keyOfSequence(s);
  }

  private void read(DB db, ThreadState t, ThreadLocalRandom random) {
    long n = chooseKeyNumber(random);
    t.result.clear();
    long start = startIfNoBinding();
    Status s = db.read(table, format.key(n), null, t.result);
    recordIfNoBinding(RunCounters.Operation.READ, start, s.isOk());
    if (verify) {
      check(n, s, t.result, -1);
    }
    // errors are counted by YCSB and the binding, not verified
  }

  private void update(DB db, ThreadState t, ThreadLocalRandom random) {
    long n = chooseKeyNumber(random);
    format.value(n, t.value.array());
    long start = startIfNoBinding();
    Status s = db.update(table, format.key(n), t.values);
    recordIfNoBinding(RunCounters.Operation.UPDATE, start, s.isOk());
    t.value.reset();
  }

  private void insert(DB db, ThreadState t) {
    long s = runInserts.next();
    try {
      insertWithRetries(db, t, range.keyOfSequence(s));
    } finally {
      runInserts.acknowledge(s);
    }
  }

  private void scan(DB db, ThreadLocalRandom random) {
    long n = chooseKeyNumber(random);
    int length = 1 + random.nextInt(maxScanLength);
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>(length);
    long start = startIfNoBinding();
    Status s = db.scan(table, format.key(n), length, null, rows);
    recordIfNoBinding(RunCounters.Operation.SCAN, start, s.isOk());
    if (!verify || !s.isOk()) {
      return;
    }
    for (HashMap<String, ByteIterator> row : rows) {
      long started = System.nanoTime();
      long keyNumber = removeKey(row);
      if (keyNumber < 0) {
        continue; // a row some other tool wrote: not ours to verify
      }
      boolean ok = row.size() == 1 && format.valueMatches(keyNumber, BufferedValue.bytes(row.values().iterator().next()));
      reportVerification(ok ? Status.OK : LargeKeyValueWorkload.CORRUPT, System.nanoTime() - started);
      counters.verified(ok);
    }
  }

  /**
   * A scanned row holds its key as one of its fields (YCSB's scan returns whole rows; the name of
   * the key column is the binding's business): the field that spells a key of this format is
   * removed and its key number returned, −1 when there is none.
   */
  private long removeKey(Map<String, ByteIterator> row) {
    for (Map.Entry<String, ByteIterator> field : row.entrySet()) {
      ByteIterator v = field.getValue();
      if (v.bytesLeft() > LargeKeyValueWorkload.MAX_KEY_BYTES) {
        continue;
      }
      byte[] b = v.toArray();
      v.reset();
      long n = format.keyNumber(new String(b, StandardCharsets.ISO_8859_1));
      if (n >= 0) {
        row.remove(field.getKey());
        return n;
      }
    }
    return -1;
  }
}
