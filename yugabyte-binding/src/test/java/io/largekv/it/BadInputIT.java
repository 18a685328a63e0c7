package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.Ycsb;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every kind of bad input through YCSB's real Client: one line naming the property and what is
 * accepted, exit status 2, no stack trace, and no DDL executed (the keyspace each case names is
 * never created).
 */
class BadInputIT {

  private static LocalCassandra cassandra;
  private static CqlSession cql;

  @BeforeAll
  static void start() {
    cassandra = SharedCassandra.get();
    cql = SharedCassandra.session();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "unknown target       | ycql.target=mongo                    | ycql.target=mongo is not accepted; accepted values: yugabyte, cassandra, scylla",
      "unknown layout       | ycql.layout=wide                     | ycql.layout=wide is not accepted; accepted values: kv, usertable",
      "unknown consistency  | ycql.read_consistency=MAYBE          | ycql.read_consistency=MAYBE is not accepted; accepted values: ONE,",
      "write-only level     | ycql.write_consistency=SERIAL        | ycql.write_consistency=SERIAL is not accepted",
      "malformed hosts      | hosts=127.0.0.1:99999                | hosts=127.0.0.1:99999 is not accepted; accepted values: host or host:port",
      "empty host entry     | hosts=127.0.0.1,,x                   | hosts=127.0.0.1,,x is not accepted",
      "negative rf          | ycql.replication_factor=-1           | ycql.replication_factor=-1 is not accepted; accepted values: an integer in 1..100",
      "negative connections | ycql.connections_per_host=-2         | ycql.connections_per_host=-2 is not accepted",
      "negative timeout     | ycql.request_timeout_ms=-100         | ycql.request_timeout_ms=-100 is not accepted",
      "bad boolean          | ycql.create_schema=yes               | ycql.create_schema=yes is not accepted; accepted values: true, false",
      "yugabyte compaction  | ycql.target=yugabyte;ycql.compaction=LeveledCompactionStrategy | ycql.compaction applies to ycql.target=cassandra or scylla",
      "negative recordcount | recordcount=-5                       | recordcount=-5 is not accepted; accepted values: a whole number >= 0",
      "negative insertstart | insertstart=-1                       | insertstart=-1 is not accepted",
      "unknown distribution | requestdistribution=zipf;-t          | requestdistribution=zipf is not accepted; accepted values: uniform, latest, recent",
      "bad proportion       | readproportion=1.5;-t                | readproportion=1.5 is not accepted; accepted values: a number in 0..1",
      "bad client index     | client.count=2;client.index=2        | client.index=2 is not accepted; accepted values: an integer in 0..1",
      "unknown valueformat  | valueformat=json                     | valueformat=json is not accepted; accepted values: largekv, yb-sample-apps",
      "unreachable host     | hosts=127.0.0.1:1                    | cannot connect to hosts=127.0.0.1:1",
      "missing keyspace     | ycql.create_schema=false             | does not exist and ycql.create_schema=false",
      "wrong localdc 32 threads | ycql.localdc=nowhere;threadcount=32 | ycql.localdc=nowhere is not accepted; accepted values: a datacenter of this cluster: datacenter1",
      "rf above the nodes   | ycql.replication_factor=3            | ycql.replication_factor=3 is more than the 1 node of datacenter datacenter1",
      "consistency unmet    | ycql.read_consistency=TWO            | ycql.read_consistency=TWO needs 2 replicas and the keyspace has 1 that can answer",
      "scylla each_quorum   | ycql.target=scylla;ycql.read_consistency=EACH_QUORUM | ycql.read_consistency=EACH_QUORUM is not accepted with ycql.target=scylla",
      "unknown compaction   | ycql.compaction=NoSuchStrategy       | ycql.compaction=NoSuchStrategy is not accepted; accepted values: SizeTieredCompactionStrategy",
      "misspelled property  | ycql.replication_factr=1             | ycql.replication_factr is not a known property; did you mean ycql.replication_factor?",
      "misspelled largekv   | largekv.repiar=true;-t               | largekv.repiar is not a known property; did you mean largekv.repair?",
      "renamed property     | largekv.clientthreads=virtual        | largekv.clientthreads was renamed largekv.client_threads",
      "zero threads         | threadcount=0                        | threadcount=0 is not accepted; accepted values: an integer in 1..",
      "negative target      | target=-5                            | target=-5 is not accepted; accepted values: a number of operations per second >= 0",
      "repair without verify | largekv.repair=true;-t              | largekv.repair=true rewrites rows a verification finds",
      "verify on a load     | largekv.verify_range=true            | largekv.verify_range=true reads the loaded range",
      "unset secret         | ycql.username=u;ycql.password=env:LARGEKV_TEST_UNSET | ycql.password=env:LARGEKV_TEST_UNSET: the environment variable LARGEKV_TEST_UNSET is not set",
  })
  void oneLineNonZeroExitNoDdl(String name, String props, String expected) throws Exception {
    String keyspace = "bad_" + name.trim().replace(' ', '_').replace('-', '_').replaceAll("[0-9]", "");
    List<String> settings = new ArrayList<>(List.of("ycql.target=cassandra", "ycql.replication_factor=1",
        "ycql.keyspace=" + keyspace, "recordcount=10"));
    String mode = "-load";
    for (String p : props.trim().split(";")) {
      if (p.equals("-t")) {
        mode = "-t";
      } else {
        settings.add(p);
      }
    }
    List<String> args = Ycsb.args(mode, cassandra.contactPoint(), settings.toArray(new String[0]));
    // properties given later win: a case's own hosts= replaces the server's
    Ycsb.Result r = Ycsb.run(Ycsb.classpath(), args);
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    List<String> ours = Arrays.stream(r.stderr.split("\n")).filter(l -> l.startsWith("largekv:")).toList();
    assertThat(ours).as(r.toString()).hasSize(1);
    assertThat(ours.get(0)).contains(expected);
    assertThat(r.stderr).as("no stack trace").doesNotContain("\tat ");
    assertThat(r.stdout + r.stderr).as("no DDL").doesNotContain("CREATE ");
    assertThat(cql.getMetadata().getKeyspace(keyspace)).as("keyspace %s must not exist", keyspace).isEmpty();
    assertThat(cql.execute("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = '"
        + keyspace + "'").one()).isNull();
  }

  /**
   * bin/ycsb as a user types it, with a command line YCSB's own Client would answer with its usage
   * and exit status 0: one line naming what is accepted, exit status 2, nothing connected.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', value = {
      "no workload       | run;yugabyte-ycql;-p;ycql.keyspace=bad_no_workload          | workload is not set; accepted: -P FILE",
      "unknown option    | load;yugabyte-ycql;-P;workloads/local-load;-x;8             | unknown option -x; accepted: -P FILE, -p NAME=VALUE, -threads N",
      "-p without value  | load;yugabyte-ycql;-P;workloads/local-load;-p;ycql.keyspace | -p ycql.keyspace is not accepted; accepted values: -p NAME=VALUE",
      "option at the end | load;yugabyte-ycql;-P;workloads/local-load;-threads         | -threads needs a value",
      "missing -P file   | load;yugabyte-ycql;-P;workloads/no-such-file                | -P workloads/no-such-file: cannot read the workload file",
  })
  void aCommandLineYcsbWouldAcceptWithExitZeroIsBadInput(String name, String args, String expected) throws Exception {
    Path repo = Path.of(System.getProperty("largekv.repo.dir"));
    List<String> words = Arrays.asList(args.trim().split(";"));
    // bin/ycsb COMMAND DATABASE, the server, then the case's options (the last word stays last)
    List<String> cmd = new ArrayList<>(List.of(repo.resolve("bin/ycsb").toString()));
    cmd.addAll(words.subList(0, 2));
    cmd.addAll(List.of("-p", "hosts=" + cassandra.contactPoint(), "-p", "ycql.target=cassandra"));
    cmd.addAll(words.subList(2, words.size()));
    Ycsb.Result r = Ycsb.command(cmd, repo);
    String all = String.join(" ", cmd) + "\n" + r;
    assertThat(r.exitCode).as(all).isEqualTo(2);
    // besides the launcher's own "client Java" line
    List<String> ours = Arrays.stream(r.stderr.split("\n"))
        .filter(l -> l.startsWith("largekv:") && !l.startsWith("largekv: client Java:")).toList();
    assertThat(ours).as(all).hasSize(1);
    assertThat(ours.get(0)).startsWith("largekv: " + expected);
    assertThat(r.stdout + r.stderr).as("not YCSB's usage, nothing connected")
        .doesNotContain("Usage:").doesNotContain("connected to").doesNotContain("\tat ");
  }

  @Test
  void tableOptionsTheServerRefusesLeaveNothingBehind() throws Exception {
    // a class name the binding cannot check: the server refuses CREATE TABLE after the keyspace
    // was created; the keyspace goes again and the line names the property
    String keyspace = "bad_refused_table";
    Ycsb.Result r = Ycsb.run(Ycsb.classpath(), Ycsb.args("-load", cassandra.contactPoint(), "ycql.target=cassandra",
        "ycql.replication_factor=1", "ycql.keyspace=" + keyspace, "recordcount=10", "threadcount=8",
        "ycql.compaction=org.example.NoSuchStrategy"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    List<String> ours = Arrays.stream(r.stderr.split("\n")).filter(l -> l.startsWith("largekv:")).toList();
    assertThat(ours).as(r.toString()).hasSize(1);
    assertThat(ours.get(0)).startsWith("largekv: ycql.compaction=org.example.NoSuchStrategy: the server refused CREATE TABLE")
        .endsWith("; nothing was left behind");
    assertThat(r.stderr).as("no stack trace").doesNotContain("\tat ");
    assertThat(cql.execute("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = '"
        + keyspace + "'").one()).isNull();
  }
}
