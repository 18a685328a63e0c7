package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.format.KeyValueFormat;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.Ycsb;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The binding and the workload end to end through YCSB 0.17's own Client, on the real local
 * Cassandra: load, read back every row verified, each distribution, scan, delete, key numbers
 * near 3·10^10 and two sharded clients.
 */
class LargeKeyValueIT {

  private static LocalCassandra cassandra;
  private static CqlSession cql;
  private static final KeyValueFormat FORMAT = KeyValueFormat.standard();

  @BeforeAll
  static void start() {
    cassandra = SharedCassandra.get();
    cql = SharedCassandra.session();
  }

  private static List<String> args(String mode, String keyspace, String... more) {
    List<String> consistency = new ArrayList<>(List.of("ycql.write_consistency=ONE", "ycql.read_consistency=ONE"));
    consistency.addAll(List.of(more));
    return Ycsb.onCassandra(mode, cassandra, keyspace, consistency.toArray(new String[0]));
  }

  /** Reads every key number in [from, to) straight from the server and checks it byte for byte. */
  private static void assertAllRowsPresentAndCorrect(String keyspace, long from, long to) {
    var ps = cql.prepare("SELECT v FROM " + keyspace + ".kv WHERE k = ?");
    for (long n = from; n < to; n++) {
      Row row = cql.execute(ps.bind(FORMAT.key(n))).one();
      assertThat(row).as("row of key number %d", n).isNotNull();
      ByteBuffer v = row.getByteBuffer(0);
      assertThat(FORMAT.valueMatches(n, v)).as("value of key number %d", n).isTrue();
    }
  }

  private static long rowCount(String keyspace) {
    return cql.execute("SELECT count(*) FROM " + keyspace + ".kv").one().getLong(0);
  }

  @Test
  void loadThenReadEveryRowBackVerified() throws Exception {
    Ycsb.Result load = Ycsb.run(Ycsb.classpath(), args("-load", "it_load",
        "recordcount=2000", "threadcount=8"));
    assertThat(load.exitCode).as(load.toString()).isZero();
    assertThat(load.returnCount("INSERT", "OK")).as(load.toString()).isEqualTo(2000);
    assertThat(load.stderr).contains("largekv: load of key numbers [0, 2000): 2000 inserted, 0 failed");
    assertThat(rowCount("it_load")).isEqualTo(2000);
    assertAllRowsPresentAndCorrect("it_load", 0, 2000);
    // every key is exactly 50 bytes, every value 256
    for (Row r : cql.execute("SELECT k, v FROM it_load.kv LIMIT 100")) {
      assertThat(r.getString(0)).hasSize(50);
      assertThat(r.getByteBuffer(1).remaining()).isEqualTo(256);
    }

    Ycsb.Result run = Ycsb.run(Ycsb.classpath(), args("-t", "it_load", "recordcount=2000",
        "operationcount=3000", "threadcount=8", "readproportion=1", "updateproportion=0"));
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.returnCount("READ", "OK")).isEqualTo(3000);
    assertThat(run.returnCount("VERIFY", "OK")).as(run.toString()).isEqualTo(3000);
    assertThat(run.returnCount("VERIFY", "CORRUPT")).isZero();
    assertThat(run.returnCount("VERIFY", "MISSING")).isZero();
    assertThat(run.stderr).contains("largekv: result ok: 3000 successful operations");
    assertThat(run.text("LARGEKV", "Result")).isEqualTo("ok");
  }

  @Test
  void everyDistributionReadsOnlyLoadedOrNewlyInsertedKeys() throws Exception {
    Ycsb.Result load = Ycsb.run(Ycsb.classpath(), args("-load", "it_dist", "recordcount=1000",
        "threadcount=4"));
    assertThat(load.exitCode).as(load.toString()).isZero();
    for (String distribution : List.of("uniform", "latest", "recent")) {
      Ycsb.Result run = Ycsb.run(Ycsb.classpath(), args("-t", "it_dist", "recordcount=1000",
          "operationcount=2000", "threadcount=4", "requestdistribution=" + distribution,
          "recentcount=100", "readproportion=0.8", "updateproportion=0.1", "insertproportion=0.1"));
      assertThat(run.exitCode).as(run.toString()).isZero();
      long reads = run.returnCount("READ", "OK");
      assertThat(reads).as(distribution + "\n" + run).isGreaterThan(1400);
      assertThat(run.returnCount("VERIFY", "OK")).as(distribution).isEqualTo(reads);
      assertThat(run.returnCount("VERIFY", "CORRUPT")).as(distribution).isZero();
      assertThat(run.returnCount("VERIFY", "MISSING")).as(distribution).isZero();
      assertThat(run.returnCount("INSERT", "OK")).as(distribution).isGreaterThan(100);
      assertThat(run.returnCount("UPDATE", "OK")).as(distribution).isGreaterThan(100);
    }
    // each run's inserts start after the loaded range (as YCSB's CoreWorkload: at recordcount),
    // never over it, and are all correct
    long total = rowCount("it_dist");
    assertThat(total).isGreaterThan(1100);
    assertAllRowsPresentAndCorrect("it_dist", 0, total);
  }

  @Test
  void scansAreVerifiedInTokenOrder() throws Exception {
    Ycsb.Result load = Ycsb.run(Ycsb.classpath(), args("-load", "it_scan", "recordcount=500"));
    assertThat(load.exitCode).as(load.toString()).isZero();
    Ycsb.Result run = Ycsb.run(Ycsb.classpath(), args("-t", "it_scan", "recordcount=500",
        "operationcount=50", "readproportion=0", "updateproportion=0", "scanproportion=1",
        "maxscanlength=20"));
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.returnCount("SCAN", "OK")).isEqualTo(50);
    assertThat(run.returnCount("VERIFY", "OK")).as(run.toString()).isGreaterThanOrEqualTo(50);
    assertThat(run.returnCount("VERIFY", "CORRUPT")).isZero();
  }

  @Test
  void corruptedAndDeletedRowsAreReported() throws Exception {
    Ycsb.Result load = Ycsb.run(Ycsb.classpath(), args("-load", "it_bad", "recordcount=20"));
    assertThat(load.exitCode).as(load.toString()).isZero();
    // overwrite every row with its neighbour's value, then delete half of them
    var put = cql.prepare("UPDATE it_bad.kv SET v = ? WHERE k = ?");
    for (long n = 0; n < 20; n++) {
      cql.execute(put.bind(ByteBuffer.wrap(FORMAT.value(n + 1)), FORMAT.key(n)));
    }
    for (long n = 0; n < 20; n += 2) {
      cql.execute("DELETE FROM it_bad.kv WHERE k = '" + FORMAT.key(n) + "'");
    }
    Ycsb.Result run = Ycsb.run(Ycsb.classpath(), args("-t", "it_bad", "recordcount=20",
        "operationcount=400", "readproportion=1", "updateproportion=0"));
    // a run that read corrupt and missing rows is not a result
    assertThat(run.exitCode).as(run.toString()).isEqualTo(1);
    assertThat(run.text("LARGEKV", "Result")).startsWith("FAILED: " + run.returnCount("VERIFY", "CORRUPT")
        + " corrupt and " + run.returnCount("VERIFY", "MISSING") + " missing read(s)");
    assertThat(run.returnCount("VERIFY", "OK")).isZero();
    assertThat(run.returnCount("VERIFY", "CORRUPT")).isGreaterThan(100);
    assertThat(run.returnCount("VERIFY", "MISSING")).isGreaterThan(100);
    assertThat(run.returnCount("READ", "NOT_FOUND")).isEqualTo(run.returnCount("VERIFY", "MISSING"));
    assertThat(run.returnCount("VERIFY", "CORRUPT") + run.returnCount("VERIFY", "MISSING")).isEqualTo(400);
  }

  @Test
  void keyNumbersNearThirtyBillionAreWrittenAndRead() throws Exception {
    long start = 29_999_999_000L;
    Ycsb.Result load = Ycsb.run(Ycsb.classpath(), args("-load", "it_big", "recordcount=30000000000",
        "insertstart=" + start, "insertcount=1000", "threadcount=4"));
    assertThat(load.exitCode).as(load.toString()).isZero();
    assertThat(load.returnCount("INSERT", "OK")).isEqualTo(1000);
    assertAllRowsPresentAndCorrect("it_big", start, start + 1000);
    assertThat(cql.execute("SELECT k FROM it_big.kv WHERE k = '" + FORMAT.key(29_999_999_999L) + "'").one())
        .isNotNull();
    for (String distribution : List.of("uniform", "latest")) {
      Ycsb.Result run = Ycsb.run(Ycsb.classpath(), args("-t", "it_big", "recordcount=30000000000",
          "insertstart=" + start, "insertcount=1000", "operationcount=500",
          "requestdistribution=" + distribution, "readproportion=1", "updateproportion=0"));
      assertThat(run.exitCode).as(run.toString()).isZero();
      assertThat(run.returnCount("VERIFY", "OK")).as(distribution + "\n" + run).isEqualTo(500);
    }
  }

  @Test
  void twoShardsCoverTheRangeExactly() throws Exception {
    for (int index = 0; index < 2; index++) {
      Ycsb.Result load = Ycsb.run(Ycsb.classpath(), args("-load", "it_shards", "recordcount=1001",
          "client.count=2", "client.index=" + index, "threadcount=3"));
      assertThat(load.exitCode).as(load.toString()).isZero();
      assertThat(load.returnCount("INSERT", "OK")).isEqualTo(index == 0 ? 500 : 501);
    }
    assertThat(rowCount("it_shards")).isEqualTo(1001);
    Set<String> keys = new HashSet<>();
    cql.execute("SELECT k FROM it_shards.kv").forEach(r -> keys.add(r.getString(0)));
    for (long n = 0; n < 1001; n++) {
      assertThat(keys).contains(FORMAT.key(n));
    }
    assertAllRowsPresentAndCorrect("it_shards", 0, 1001);
  }

  @Test
  void readsAndVerifiesADatasetLoadedByYbSampleApps() throws Exception {
    // rows as yb-sample-apps CassandraKeyValue --nouuid --value_size 256 writes them: random filler
    cql.execute("CREATE KEYSPACE IF NOT EXISTS it_sampleapps WITH replication = "
        + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
    cql.execute("CREATE TABLE IF NOT EXISTS it_sampleapps.kv (k varchar PRIMARY KEY, v blob)");
    var put = cql.prepare("INSERT INTO it_sampleapps.kv (k, v) VALUES (?, ?)");
    java.util.Random random = new java.util.Random(5);
    for (long n = 0; n < 300; n++) {
      byte[] v = io.largekv.format.SampleAppsFormatTest.toolValue(n, 256, random);
      cql.execute(put.bind("key:" + n, ByteBuffer.wrap(v)));
    }
    // one damaged row
    byte[] bad = io.largekv.format.SampleAppsFormatTest.toolValue(7, 256, random);
    bad[200] ^= 1;
    cql.execute(put.bind("key:7", ByteBuffer.wrap(bad)));
    Ycsb.Result run = Ycsb.run(Ycsb.classpath(), args("-t", "it_sampleapps", "valueformat=yb-sample-apps",
        "recordcount=300", "operationcount=3000", "readproportion=1", "updateproportion=0",
        "ycql.create_schema=false"));
    // the damaged row fails the run
    assertThat(run.exitCode).as(run.toString()).isEqualTo(1);
    long corrupt = run.returnCount("VERIFY", "CORRUPT");
    assertThat(corrupt).as(run.toString()).isGreaterThan(0).isLessThan(40); // ~3000/300 reads hit key 7
    assertThat(run.returnCount("VERIFY", "OK") + corrupt).isEqualTo(3000);
    assertThat(run.returnCount("VERIFY", "MISSING")).isZero();
  }
}
