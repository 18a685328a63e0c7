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
 * YCSB's client threads at the seeds' scale of concurrency (256 writers) against the real local
 * Cassandra: as virtual threads ({@code largekv.client_threads=virtual}, Java 21+) and as platform
 * threads; and the clear refusal of virtual threads on an older Java.
 *
 * <p>The Java 21+ runtime: {@link JavaRuntimes#java21OrLater()} ({@code LARGEKV_JAVA21_HOME}, this
 * JVM, or the newest under {@code /usr/lib/jvm}). {@code .ci/run} always sets one (a Java 21, where a
 * virtual thread blocked in {@code synchronized} pins its carrier: every run here prints pinning with
 * {@code -Djdk.tracePinnedThreads=full}, and none may appear); without any, the virtual-thread test is
 * skipped with that reason. The request timeout is raised to 30 s: the point is that 256 threads
 * run without a failed operation, not how a 2-core machine shared with the server keeps a 2 s
 * timeout.
 */
class ClientThreadsIT {

  private static final int THREADS = 256;
  private static final int ROWS = 20_000;

  /** Loads ROWS with THREADS client threads of {@code kind}, reads them all back verified. */
  private static void loadAndRead(Path java, String kind, String keyspace) throws Exception {
    String hosts = SharedCassandra.get().contactPoint();
    List<String> common = List.of("ycql.target=cassandra", "ycql.replication_factor=1", "ycql.keyspace=" + keyspace,
        "recordcount=" + ROWS, "largekv.client_threads=" + kind, "threadcount=" + THREADS,
        "ycql.request_timeout_ms=30000");
    Ycsb.Result load = Ycsb.run(java, Ycsb.classpath(), "io.largekv.client.YcsbClient",
        Ycsb.args("-load", hosts, common.toArray(new String[0])));
    assertThat(load.exitCode).as(load.toString()).isZero();
    assertThat(load.stderr).contains(kind.equals("virtual") ? "client threads are virtual threads" : "YCSB Client");
    assertThat(load.returnCount("INSERT", "ERROR")).as(load.toString()).isZero();
    assertThat(load.returnCount("INSERT", "OK")).as(load.toString()).isEqualTo(ROWS);
    CqlSession cql = SharedCassandra.session();
    assertThat(cql.execute("SELECT count(*) FROM " + keyspace + ".kv").one().getLong(0)).isEqualTo(ROWS);
    assertNoPinning(load);

    List<String> read = new ArrayList<>(common);
    read.addAll(List.of("operationcount=" + ROWS, "readproportion=1", "updateproportion=0", "verify=true"));
    Ycsb.Result run = Ycsb.run(java, Ycsb.classpath(), "io.largekv.client.YcsbClient",
        Ycsb.args("-t", hosts, read.toArray(new String[0])));
    assertThat(run.exitCode).as(run.toString()).isZero();
    long ok = run.returnCount("READ", "OK");
    assertThat(run.returnCount("READ", "ERROR")).as(run.toString()).isZero();
    assertThat(ok).as(run.toString()).isEqualTo(ROWS);
    assertThat(run.returnCount("VERIFY", "OK")).isEqualTo(ok);
    assertThat(run.returnCount("VERIFY", "CORRUPT") + run.returnCount("VERIFY", "MISSING")).isZero();
    assertThat(run.metric("READ", "99thPercentileLatency(us)")).isPositive();
    assertNoPinning(run);
  }

  /** A virtual thread pinned while it parks prints its stack with {@code -Djdk.tracePinnedThreads} (Java 21–23). */
  private static void assertNoPinning(Ycsb.Result r) {
    assertThat(r.stdout + r.stderr).as("pinned virtual threads").doesNotContain("reason:MONITOR")
        .doesNotContain("<== monitors");
  }

  @Test
  void twoHundredFiftySixVirtualThreadsLoadAndReadVerifiedWithoutPinning() throws Exception {
    Optional<Path> java = JavaRuntimes.java21OrLater();
    if (java.isEmpty()) {
      Assumptions.abort("no Java 21+ runtime: set LARGEKV_JAVA21_HOME (bash .ci/run provides one)");
    }
    loadAndRead(java.get(), "virtual", "it_virtual");
  }

  @Test
  void twoHundredFiftySixPlatformThreadsLoadAndReadVerified() throws Exception {
    loadAndRead(Path.of(System.getProperty("java.home"), "bin", "java"), "platform", "it_platform");
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
