package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.format.KeyValueFormat;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.TestSessions;
import io.largekv.testing.Ycsb;
import io.largekv.ycsb.YugabyteYcqlDB;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/** The binding's operations, error mapping, layouts and targets on the real local Cassandra. */
class BindingFeaturesIT {

  private static final KeyValueFormat FORMAT = KeyValueFormat.standard();

  private static YugabyteYcqlDB open(LocalCassandra c, String... kv) throws Exception {
    Properties p = new Properties();
    p.setProperty("hosts", c.contactPoint());
    p.setProperty("ycql.target", "cassandra");
    p.setProperty("ycql.replication_factor", "1");
    for (String s : kv) {
      p.setProperty(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
    }
    YugabyteYcqlDB db = new YugabyteYcqlDB();
    db.setProperties(p);
    db.init();
    return db;
  }

  @Test
  void allFiveOperationsOnTheKvLayout() throws Exception {
    LocalCassandra c = SharedCassandra.get();
    YugabyteYcqlDB db = open(c, "ycql.keyspace=it_ops");
    try {
      for (long n = 0; n < 50; n++) {
        Map<String, ByteIterator> v = Map.of("field0", new ByteArrayByteIterator(FORMAT.value(n)));
        assertThat(db.insert("ignored", FORMAT.key(n), v)).isEqualTo(Status.OK);
      }
      Map<String, ByteIterator> row = new HashMap<>();
      assertThat(db.read("kv", FORMAT.key(7), null, row)).isEqualTo(Status.OK);
      assertThat(row.keySet()).containsExactly("v");
      assertThat(row.get("v").toArray()).isEqualTo(FORMAT.value(7));

      assertThat(db.update("kv", FORMAT.key(7), Map.of("v", new ByteArrayByteIterator(FORMAT.value(8)))))
          .isEqualTo(Status.OK);
      row.clear();
      db.read("kv", FORMAT.key(7), null, row);
      assertThat(row.get("v").toArray()).isEqualTo(FORMAT.value(8));

      assertThat(db.delete("kv", FORMAT.key(7))).isEqualTo(Status.OK);
      row.clear();
      assertThat(db.read("kv", FORMAT.key(7), null, row)).isEqualTo(Status.NOT_FOUND);
      assertThat(row).isEmpty();

      // token order: start at the row with the lowest token, read the next 10 of the 49 left
      String first;
      try (var cql = TestSessions.open(c)) {
        first = cql.execute("SELECT k FROM it_ops.kv LIMIT 1").one().getString(0);
      }
      Vector<HashMap<String, ByteIterator>> rows = new Vector<>();
      assertThat(db.scan("kv", first, 10, null, rows)).isEqualTo(Status.OK);
      assertThat(rows).hasSize(10);
      // token order: the first row is the start key (ByteIterators are read once, so check it first)
      assertThat(new String(rows.get(0).get("k").toArray(), java.nio.charset.StandardCharsets.US_ASCII))
          .isEqualTo(first);
      rows.get(0).get("k").reset();
      for (HashMap<String, ByteIterator> r : rows) {
        long n = FORMAT.keyNumber(new String(r.get("k").toArray(), java.nio.charset.StandardCharsets.US_ASCII));
        assertThat(n).isBetween(0L, 49L);
        assertThat(r.get("v").toArray()).isEqualTo(FORMAT.value(n));
      }
    } finally {
      db.cleanup();
    }
  }

  @Test
  void unavailableReplicasAreErrorsCountedByClass() throws Exception {
    LocalCassandra c = SharedCassandra.get();
    com.datastax.oss.driver.api.core.CqlSession cql = SharedCassandra.session();
    cql.execute("DROP KEYSPACE IF EXISTS it_errors");
    Ycsb.Result load = Ycsb.run(Ycsb.classpath(), Ycsb.args("-load", c.contactPoint(), "ycql.target=cassandra",
        "ycql.replication_factor=1", "ycql.keyspace=it_errors", "recordcount=200", "ycql.write_consistency=ONE"));
    assertThat(load.exitCode).as(load.toString()).isZero();
    assertThat(load.returnCount("INSERT", "OK")).isEqualTo(200);
    // QUORUM reads of RF 3 on a single node are refused before a run starts (ServerChecks): the replicas
    // go missing during the run instead, when its operations have begun: the keyspace is altered to RF 3
    // once the run's own connections have sent 100 requests (its set-up sends a few dozen)
    java.util.Set<String> before = connections(cql).keySet();
    java.util.concurrent.CompletableFuture<Long> altered = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
      long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(120);
      while (System.nanoTime() < deadline) {
        long requests = connections(cql).entrySet().stream().filter(e -> !before.contains(e.getKey()))
            .mapToLong(Map.Entry::getValue).sum();
        if (requests >= 100) {
          cql.execute("ALTER KEYSPACE it_errors WITH replication = {'class': 'NetworkTopologyStrategy', "
              + "'datacenter1': 3}");
          return requests;
        }
        try {
          Thread.sleep(20);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return -1L;
        }
      }
      return -1L;
    });
    Ycsb.Result run = Ycsb.run(Ycsb.classpath(), Ycsb.args("-t", c.contactPoint(), "ycql.target=cassandra",
        "ycql.keyspace=it_errors", "recordcount=200", "operationcount=1000000", "maxexecutiontime=8",
        "target=300", "threadcount=4", "readproportion=0.9", "updateproportion=0.1",
        "ycql.read_consistency=QUORUM", "ycql.write_consistency=ONE", "largekv.warmup_s=0"));
    assertThat(altered.get(30, java.util.concurrent.TimeUnit.SECONDS)).as("the keyspace was altered during the run: "
        + run).isPositive();
    // most reads failed: the run's result fails (largekv.max_failed_fraction, 1 %)
    assertThat(run.exitCode).as(run.toString()).isEqualTo(1);
    assertThat(run.text("LARGEKV", "Result")).startsWith("FAILED: ").contains("% of operations failed");
    long errors = run.returnCount("READ", "ERROR");
    assertThat(errors).as(run.toString()).isPositive();
    assertThat(run.returnCount("ERRORS", "READ:UnavailableException")).as(run.toString()).isEqualTo(errors);
    assertThat(run.returnCount("UPDATE", "OK")).isGreaterThan(0);
    assertThat(run.returnCount("UPDATE", "ERROR")).isZero();
    // only successful operations are throughput
    assertThat(run.metric("LARGEKV", "Operations")).isEqualTo(run.returnCount("UPDATE", "OK")
        + run.returnCount("READ", "OK"));
    assertThat(run.metric("LARGEKV", "FailedOperations")).isEqualTo(errors);
    assertThat(run.metric("LARGEKV", "Failed:READ:UnavailableException")).isEqualTo(errors);
    // failed reads are not verified, neither counted as corrupt nor missing
    assertThat(run.returnCount("VERIFY", "CORRUPT") + run.returnCount("VERIFY", "MISSING")).isZero();
    cql.execute("DROP KEYSPACE IF EXISTS it_errors");
  }

  /** Each client connection the server has (address:port) and the requests it has served. */
  private static Map<String, Long> connections(com.datastax.oss.driver.api.core.CqlSession cql) {
    Map<String, Long> out = new HashMap<>();
    for (com.datastax.oss.driver.api.core.cql.Row row : cql.execute(
        "SELECT address, port, request_count FROM system_views.clients")) {
      out.put(row.getInetAddress("address") + ":" + row.getInt("port"), row.getLong("request_count"));
    }
    return out;
  }

  @Test
  void usertableLayoutWithYcsbsCoreWorkload() throws Exception {
    LocalCassandra c = SharedCassandra.get();
    List<String> common = List.of("ycql.target=cassandra", "ycql.replication_factor=1",
        "ycql.keyspace=it_usertable", "ycql.layout=usertable", "recordcount=300", "fieldcount=4",
        "fieldlength=32", "workload=site.ycsb.workloads.CoreWorkload", "threadcount=4", "dataintegrity=true");
    Ycsb.Result load = Ycsb.run(Ycsb.classpath(), Ycsb.args("-load", c.contactPoint(), common.toArray(new String[0])));
    assertThat(load.exitCode).as(load.toString()).isZero();
    assertThat(load.returnCount("INSERT", "OK")).isEqualTo(300);
    var runArgs = Ycsb.args("-t", c.contactPoint(), common.toArray(new String[0]));
    runArgs.addAll(List.of("-p", "operationcount=400", "-p", "readproportion=0.5", "-p", "updateproportion=0.3",
        "-p", "scanproportion=0.2"));
    Ycsb.Result run = Ycsb.run(Ycsb.classpath(), runArgs);
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.returnCount("READ", "OK")).isGreaterThan(100);
    // CoreWorkload's own integrity check over every field it reads back
    assertThat(run.returnCount("VERIFY", "OK")).as(run.toString()).isEqualTo(run.returnCount("READ", "OK"));
    assertThat(run.returnCount("SCAN", "OK")).isGreaterThan(30);
    assertThat(run.returnCount("UPDATE", "OK")).isGreaterThan(50);
  }

  @Test
  void yugabytesPartitionAwarePolicyFallsBackToItsParentAgainstANonYugabyteServerAndEveryRowReadsBack() throws Exception {
    LocalCassandra c = SharedCassandra.get();
    YugabyteYcqlDB db = open(c, "ycql.target=yugabyte", "ycql.keyspace=it_pa", "ycql.replication_factor=1");
    try {
      for (long n = 0; n < 20; n++) {
        assertThat(db.insert("kv", FORMAT.key(n), Map.of("v", new ByteArrayByteIterator(FORMAT.value(n)))))
            .isEqualTo(Status.OK);
      }
      for (long n = 0; n < 20; n++) {
        Map<String, ByteIterator> row = new HashMap<>();
        assertThat(db.read("kv", FORMAT.key(n), Set.of("v"), row)).isEqualTo(Status.OK);
        assertThat(row.get("v").toArray()).isEqualTo(FORMAT.value(n));
      }
    } finally {
      db.cleanup();
    }
  }
}
