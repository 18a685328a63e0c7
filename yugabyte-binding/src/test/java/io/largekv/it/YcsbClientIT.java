package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.testing.SharedCassandra;
import io.largekv.testing.Ycsb;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Counts beyond YCSB 0.17's int through io.largekv.client.YcsbClient (what bin/ycsb runs): the
 * same workload, DB and YCSB output, long totals.
 */
class YcsbClientIT {

  @Test
  void loadsAThirtyBillionKeyShardInOneProcessUntilTheTimeLimit() throws Exception {
    // YCSB's no-op BasicDB: the client and workload path at full speed, stopped after 3 s; a load
    // stopped before its range is complete does not pass for a complete one (exit status 1)
    Ycsb.Result r = Ycsb.run(Ycsb.classpath(), "io.largekv.client.YcsbClient", List.of(
        "-load", "-db", "site.ycsb.BasicDB", "-p", "basicdb.verbose=false",
        "-p", "workload=io.largekv.workload.LargeKeyValueWorkload", "-p", "recordcount=30000000000",
        "-p", "maxexecutiontime=3", "-threads", "16", "-p", "largekv.checkpoint=none"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    assertThat(r.stderr).contains("long operation counts");
    assertThat(r.returnCount("INSERT", "OK")).as(r.toString()).isGreaterThan(1000);
    long inserted = (long) r.metric("LARGEKV", "Operations");
    assertThat(inserted).isEqualTo(r.returnCount("INSERT", "OK"));
    assertThat(r.stdout).contains("[LARGEKV], Result, FAILED: " + (30_000_000_000L - inserted)
        + " key(s) of [0, 30000000000) were not loaded (the load stopped early");
    assertThat(r.stderr).contains("largekv: load of key numbers [0, 30000000000): " + inserted + " inserted, 0 failed");
    assertThat(r.metric("OVERALL", "Throughput(ops/sec)")).isGreaterThan(100);
    // the same summary lines as YCSB's Client
    assertThat(r.stdout).contains("[TOTAL_GCs], Count, ").contains("[TOTAL_GC_TIME], Time(ms), ")
        .contains("[TOTAL_GC_TIME_%], Time(%), ").contains("[CLEANUP], Operations, 16");
    assertThat(r.stderr).contains("Command line: -load -db site.ycsb.BasicDB");
  }

  @Test
  void stockClientRefusesTheSameShardWithAClearLine() throws Exception {
    Ycsb.Result r = Ycsb.run(Ycsb.classpath(), List.of(
        "-load", "-db", "site.ycsb.BasicDB", "-p", "basicdb.verbose=false",
        "-p", "workload=io.largekv.workload.LargeKeyValueWorkload", "-p", "recordcount=30000000000"));
    assertThat(r.exitCode).isEqualTo(2);
    assertThat(r.stderr).contains("largekv: this client's shard has 30000000000 keys")
        .contains("client.count >= 14");
  }

  @Test
  void realServerLoadAndVerifiedRunNearThirtyBillion() throws Exception {
    var cassandra = SharedCassandra.get();
    List<String> common = List.of("-db", "io.largekv.ycsb.YugabyteYcqlDB", "-p",
        "workload=io.largekv.workload.LargeKeyValueWorkload", "-p", "hosts=" + cassandra.contactPoint(),
        "-p", "ycql.target=cassandra", "-p", "ycql.replication_factor=1", "-p", "ycql.keyspace=it_long",
        "-p", "recordcount=30000000000", "-p", "insertstart=29999999500");
    var load = new java.util.ArrayList<>(common);
    load.add(0, "-load");
    Ycsb.Result l = Ycsb.run(Ycsb.classpath(), "io.largekv.client.YcsbClient", load);
    assertThat(l.exitCode).as(l.toString()).isZero();
    assertThat(l.returnCount("INSERT", "OK")).isEqualTo(500);
    var run = new java.util.ArrayList<>(common);
    run.addAll(List.of("-t", "-p", "operationcount=3000000000", "-p", "maxexecutiontime=10",
        "-p", "readproportion=1", "-p", "updateproportion=0", "-threads", "4"));
    Ycsb.Result t = Ycsb.run(Ycsb.classpath(), "io.largekv.client.YcsbClient", run);
    assertThat(t.exitCode).as(t.toString()).isZero();
    // one session, so one collection after its start-up, however many client threads share it
    assertThat(t.stderr.lines().filter(s -> s.startsWith("yugabyte-ycql: one full collection after the start-up")))
        .as(t.stderr).hasSize(1);
    assertThat(t.returnCount("VERIFY", "OK")).isGreaterThan(50).isEqualTo(t.returnCount("READ", "OK"));
    assertThat(t.returnCount("VERIFY", "CORRUPT") + t.returnCount("VERIFY", "MISSING")).isZero();
  }
}
