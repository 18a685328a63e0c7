package io.largekv.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.format.KeyValueFormat;
import io.largekv.run.RunCounters;
import io.largekv.run.RunOutcome;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * The workload's modes behind {@link LargeKeyValueWorkload}, as YCSB's client drives them, against
 * rows held in memory. The process's {@link RunOutcome} is shared, so counts are compared before
 * and after.
 */
class WorkloadModesTest {

  private static final KeyValueFormat FORMAT = KeyValueFormat.standard();

  @BeforeAll
  static void measurements() {
    Measurements.setProperties(new Properties()); // as YCSB's client does before Workload.init
  }

  /** A table in memory: key → value. */
  static final class MemoryDB extends DB {
    final Map<String, byte[]> rows = new ConcurrentHashMap<>();

    @Override
    public Status insert(String table, String key, Map<String, ByteIterator> values) {
      rows.put(key, values.get(LargeKeyValueWorkload.FIELD).toArray());
      return Status.OK;
    }

    @Override
    public Status update(String table, String key, Map<String, ByteIterator> values) {
      return insert(table, key, values);
    }

    @Override
    public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
      byte[] value = rows.get(key);
      if (value == null) {
        return Status.NOT_FOUND;
      }
      result.put(LargeKeyValueWorkload.FIELD, new ByteArrayByteIterator(value));
      return Status.OK;
    }

    @Override
    public Status scan(String table, String startkey, int n, Set<String> fields,
        Vector<HashMap<String, ByteIterator>> result) {
      return Status.NOT_IMPLEMENTED;
    }

    @Override
    public Status delete(String table, String key) {
      return rows.remove(key) == null ? Status.NOT_FOUND : Status.OK;
    }
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (String s : kv) {
      p.setProperty(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
    }
    return p;
  }

  /** Runs YCSB's threads one after the other until each says it is done (at most {@code max} operations each). */
  private static void drive(LargeKeyValueWorkload w, Properties p, DB db, int threads, boolean load, int max) {
    for (int i = 0; i < threads; i++) {
      Object t = w.initThread(p, i, threads);
      for (int ops = 0; ops < max && (load ? w.doInsert(db, t) : w.doTransaction(db, t)); ops++) {
        // the operation is the loop's condition
      }
    }
    w.cleanup();
  }

  private static boolean correct(MemoryDB db, long n) {
    byte[] expected = new byte[FORMAT.valueLength()];
    FORMAT.value(n, expected);
    return Arrays.equals(db.rows.get(FORMAT.key(n)), expected);
  }

  @Test
  void aLoadWritesItsShardAndAVerificationFindsAndRepairsExactlyTheBadRows() throws Exception {
    MemoryDB db = new MemoryDB();
    Properties load = props("dotransactions=false", "recordcount=300", "threadcount=3", "largekv.checkpoint=none");
    LargeKeyValueWorkload loader = new LargeKeyValueWorkload();
    loader.init(load);
    assertThat(load.getProperty("insertcount")).as("YCSB's count is the shard").isEqualTo("300");
    drive(loader, load, db, 3, true, 1000);
    assertThat(db.rows).hasSize(300);
    assertThat(correct(db, 0) && correct(db, 149) && correct(db, 299)).isTrue();

    db.rows.remove(FORMAT.key(17));
    db.rows.get(FORMAT.key(250))[3] ^= 1;
    RunCounters counters = RunOutcome.get().counters();
    long ok = counters.verifiedOk();
    long missing = counters.verifiedMissing();
    long corrupt = counters.verifiedCorrupt();
    long repaired = counters.repaired();
    Properties verify = props("recordcount=300", "threadcount=2", "largekv.verify_range=true", "largekv.repair=true");
    LargeKeyValueWorkload verifier = new LargeKeyValueWorkload();
    verifier.init(verify);
    assertThat(verify.getProperty("operationcount")).as("one read per key of the shard").isEqualTo("300");
    drive(verifier, verify, db, 2, false, 1000);
    assertThat(counters.verifiedOk() - ok).isEqualTo(298);
    assertThat(counters.verifiedMissing() - missing).isEqualTo(1);
    assertThat(counters.verifiedCorrupt() - corrupt).isEqualTo(1);
    assertThat(counters.repaired() - repaired).isEqualTo(2);
    assertThat(db.rows).hasSize(300);
    assertThat(correct(db, 17) && correct(db, 250)).isTrue();
  }

  @Test
  void aRunReadsAndVerifiesOnlyLoadedKeysAndInsertsBeyondThem() throws Exception {
    MemoryDB db = new MemoryDB();
    for (long n = 0; n < 100; n++) {
      byte[] v = new byte[FORMAT.valueLength()];
      FORMAT.value(n, v);
      db.rows.put(FORMAT.key(n), v);
    }
    RunCounters counters = RunOutcome.get().counters();
    long ok = counters.verifiedOk();
    long bad = counters.verifiedMissing() + counters.verifiedCorrupt();
    Properties run = props("recordcount=100", "operationcount=400", "threadcount=1", "readproportion=0.5",
        "updateproportion=0", "insertproportion=0.5", "requestdistribution=latest");
    LargeKeyValueWorkload runner = new LargeKeyValueWorkload();
    runner.init(run);
    drive(runner, run, db, 1, false, 400);
    long reads = counters.verifiedOk() - ok;
    long inserts = db.rows.size() - 100;
    assertThat(reads + inserts).isEqualTo(400);
    assertThat(reads).isPositive();
    assertThat(inserts).isPositive();
    assertThat(counters.verifiedMissing() + counters.verifiedCorrupt() - bad).isZero();
    assertThat(correct(db, 100 + inserts - 1)).as("the run's inserts continue the range").isTrue();
  }
}
