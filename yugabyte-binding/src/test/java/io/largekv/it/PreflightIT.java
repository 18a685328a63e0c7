package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.Ycsb;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code -p largekv.check=true} through YCSB's real Client against a real Cassandra: the report of
 * what the server has and what a run would do, the verdict as the exit status, and nothing created
 * (the keyspace it names is absent afterwards), whether the settings would work or not.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class PreflightIT {

  @Test
  void settingsThatWorkSayWhatTheRunWouldCreateAndCreateNothing() throws Exception {
    LocalCassandra c = SharedCassandra.get();
    String keyspace = "it_check_ok";
    Ycsb.Result r = Ycsb.run(Ycsb.classpath(), Ycsb.onCassandra("-load", c, keyspace, "largekv.check=true",
        "recordcount=100", "threadcount=16"));
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.stdout).as(r.toString()).contains("largekv check:")
        .containsPattern("server +Apache Cassandra 5\\.0\\.\\d+, cluster '")
        .contains("datacenter1: 1 node (1 up)")
        .contains("would run: CREATE KEYSPACE IF NOT EXISTS " + keyspace
            + " WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 1}")
        .contains("would run: CREATE TABLE IF NOT EXISTS " + keyspace + ".kv")
        .containsPattern("ok +replication +keyspace " + keyspace + " would be created")
        .contains("a run would start (exit status 0)");
    assertThat(r.stdout).doesNotContain("FAIL ");
    assertThat(r.stderr).doesNotContain("yugabyte-ycql: CREATE").doesNotContain("\tat ");
    assertAbsent(keyspace);
  }

  @Test
  void settingsTheClusterCannotMeetFailEachCheckAndCreateNothing() throws Exception {
    LocalCassandra c = SharedCassandra.get();
    String keyspace = "it_check_refused";
    Ycsb.Result r = Ycsb.run(Ycsb.classpath(), Ycsb.onCassandra("-t", c, keyspace, "largekv.check=true",
        "ycql.replication_factor=3", "recordcount=1000", "operationcount=100", "threadcount=8"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stdout).as(r.toString()).containsPattern("FAIL +replication +ycql.replication_factor=3 is more than the 1 node of"
        + " datacenter datacenter1")
        .containsPattern("FAIL +read consistency +ycql.read_consistency=QUORUM needs 2 replicas")
        .contains("a run would be refused: 3 checks FAILED (exit status 2)");
    List<String> ours = Arrays.stream(r.stderr.split("\n")).filter(l -> l.startsWith("largekv:")).toList();
    assertThat(ours).as(r.toString()).containsExactly("largekv: check: a run with these settings would be refused: "
        + "ycql.replication_factor=3 is more than the 1 node of datacenter datacenter1: the server would accept the"
        + " keyspace and hold fewer copies than that, and fail every QUORUM write it cannot place; accepted:"
        + " ycql.replication_factor=1..1, or more nodes in datacenter1");
    assertAbsent(keyspace);
  }

  @Test
  void anExistingKeyspaceIsJudgedByItsOwnReplication() throws Exception {
    LocalCassandra c = SharedCassandra.get();
    CqlSession cql = SharedCassandra.session();
    String keyspace = "it_check_existing";
    cql.execute("CREATE KEYSPACE IF NOT EXISTS " + keyspace
        + " WITH replication = {'class': 'NetworkTopologyStrategy', 'datacenter1': 1}");
    try {
      // the user's RF 3 is not what the keyspace has: said; QUORUM of its 1 replica is met
      Ycsb.Result r = Ycsb.run(Ycsb.classpath(), Ycsb.onCassandra("-load", c, keyspace, "largekv.check=true",
          "ycql.replication_factor=3", "recordcount=100", "threadcount=4"));
      assertThat(r.exitCode).as(r.toString()).isZero();
      assertThat(r.stdout).as(r.toString()).contains(keyspace + " exists: replication {class=org.apache.cassandra.locator."
          + "NetworkTopologyStrategy, datacenter1=1}")
          // the check's report wraps a long value under its value column: the warning may span lines
          .containsPattern("warn +replication +keyspace " + keyspace + " exists with replication [^\\n]*\\s+"
              + "ycql.replication_factor=3 applies only to a keyspace this client creates")
          .containsPattern("ok +write consistency +QUORUM");
      assertThat(cql.getMetadata().getKeyspace(keyspace).orElseThrow().getTables()).isEmpty();
      // and a level its 1 replica cannot meet refuses the run, before its table is created
      Ycsb.Result refused = Ycsb.run(Ycsb.classpath(), Ycsb.onCassandra("-load", c, keyspace,
          "ycql.write_consistency=TWO", "recordcount=100", "threadcount=4"));
      assertThat(refused.exitCode).as(refused.toString()).isEqualTo(2);
      assertThat(refused.stderr).contains("largekv: ycql.write_consistency=TWO needs 2 replicas and the keyspace has 1"
          + " that can answer (RF 1 in datacenter1 on 1 node)").doesNotContain("yugabyte-ycql: CREATE");
      cql.refreshSchema();
      assertThat(cql.getMetadata().getKeyspace(keyspace).orElseThrow().getTables()).isEmpty();
    } finally {
      cql.execute("DROP KEYSPACE IF EXISTS " + keyspace);
    }
  }

  private static void assertAbsent(String keyspace) {
    CqlSession cql = SharedCassandra.session();
    assertThat(cql.execute("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = '"
        + keyspace + "'").one()).as("keyspace %s must not exist", keyspace).isNull();
  }
}
