package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.largekv.common.JavaRuntimes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code largekv.client_threads=virtual}: YCSB's client threads as virtual threads (Java 21+),
 * against the real local Cassandra; and the clear refusal on an older Java.
 *
 * <p>The Java 21+ runtime: {@link JavaRuntimes#java21OrLater()} ({@code LARGEKV_JAVA21_HOME}, this
 * JVM, or the newest under {@code /usr/lib/jvm}). {@code .ci/run} always sets one; without any, the
 * run test is skipped with that reason.
 */
class VirtualClientThreadsIT {

  private static final String KEYSPACE = "it_virtual";

  @Test
  void loadsAndReadsVerifiedOnVirtualThreads() throws Exception {
    Optional<Path> java = JavaRuntimes.java21OrLater();
    if (java.isEmpty()) {
      Assumptions.abort("no Java 21+ runtime: set LARGEKV_JAVA21_HOME (bash .ci/run provides one)");
    }
    String hosts = SharedCassandra.get().contactPoint();
    List<String> common = List.of("ycql.target=cassandra", "ycql.replication_factor=1", "ycql.keyspace=" + KEYSPACE,
        "recordcount=20000", "largekv.client_threads=virtual", "threadcount=32");
    Ycsb.Result load = Ycsb.run(java.get(), Ycsb.classpath(), "io.largekv.client.YcsbClient",
        Ycsb.args("-load", hosts, common.toArray(new String[0])));
    assertThat(load.exitCode).as(load.toString()).isZero();
    assertThat(load.stderr).contains("client threads are virtual threads");
    assertThat(load.returnCount("INSERT", "OK")).as(load.toString()).isEqualTo(20000);
    CqlSession cql = SharedCassandra.session();
    assertThat(cql.execute("SELECT count(*) FROM " + KEYSPACE + ".kv").one().getLong(0)).isEqualTo(20000);

    List<String> read = new ArrayList<>(common);
    read.addAll(List.of("operationcount=20000", "readproportion=1", "updateproportion=0", "verify=true"));
    Ycsb.Result run = Ycsb.run(java.get(), Ycsb.classpath(), "io.largekv.client.YcsbClient",
        Ycsb.args("-t", hosts, read.toArray(new String[0])));
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.returnCount("READ", "OK")).as(run.toString()).isEqualTo(20000);
    assertThat(run.returnCount("VERIFY", "OK")).isEqualTo(20000);
    assertThat(run.returnCount("VERIFY", "CORRUPT") + run.returnCount("VERIFY", "MISSING")).isZero();
    assertThat(run.metric("READ", "99thPercentileLatency(us)")).isPositive();
  }

  @Test
  void olderJavaIsRefusedWithOneLineAndNoDdl() throws Exception {
    Assumptions.assumeTrue(Runtime.version().feature() < 21, "the test JVM is Java 21+: nothing to refuse");
    String keyspace = "it_virtual_refused";
    Ycsb.Result r = Ycsb.run(Ycsb.classpath(), "io.largekv.client.YcsbClient", Ycsb.args("-load",
        SharedCassandra.get().contactPoint(), "ycql.target=cassandra", "ycql.keyspace=" + keyspace,
        "recordcount=10", "largekv.client_threads=virtual"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.stderr.strip()).startsWith("largekv: largekv.client_threads=virtual needs Java 21 or later, this is Java "
        + Runtime.version().feature()).doesNotContain("\n").doesNotContain("Exception");
    assertThat(SharedCassandra.session().execute("SELECT keyspace_name FROM system_schema.keyspaces"
        + " WHERE keyspace_name = '" + keyspace + "'").one()).isNull();
  }
}
