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
 * Cassandra: as virtual threads ({@code largekv.client_threads=virtual}, Java 21+) run by the
 * driver's I/O threads (the default {@code largekv.virtual_scheduler=io}) and on the JDK's own
 * scheduler, and as platform threads; and the clear refusal of virtual threads on an older Java.
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
    assertThat(load.stderr).contains(kind.equals("virtual")
        ? "client threads are virtual threads run by the driver's I/O threads" : "YCSB Client");
    // invariants, not exact counts: a request may time out on a busy machine (exit 0 allows 1 %)
    long inserted = load.returnCount("INSERT", "OK");
    assertThat(inserted + load.returnCount("INSERT", "ERROR")).as(load.toString()).isEqualTo(ROWS);
    CqlSession cql = SharedCassandra.session();
    // every acknowledged row is there (a timed-out insert may have been written too)
    assertThat(cql.execute("SELECT count(*) FROM " + keyspace + ".kv").one().getLong(0)).isBetween(inserted, (long) ROWS);
    assertNoPinning(load);
    if (kind.equals("virtual")) {
      assertMostWakeUpsOnIoThreads(load, ROWS);
    }

    List<String> read = new ArrayList<>(common);
    read.addAll(List.of("operationcount=" + ROWS, "readproportion=1", "updateproportion=0", "verify=true"));
    Ycsb.Result run = Ycsb.run(java, Ycsb.classpath(), "io.largekv.client.YcsbClient",
        Ycsb.args("-t", hosts, read.toArray(new String[0])));
    assertThat(run.exitCode).as(run.toString()).isZero();
    long ok = run.returnCount("READ", "OK");
    assertThat(ok + run.returnCount("READ", "ERROR")).as(run.toString()).isEqualTo(ROWS);
    assertThat(run.returnCount("VERIFY", "OK")).isEqualTo(ok);
    assertThat(run.returnCount("VERIFY", "CORRUPT") + run.returnCount("VERIFY", "MISSING")).isZero();
    assertThat(run.metric("READ", "99thPercentileLatency(us)")).isPositive();
    assertNoPinning(run);
    if (kind.equals("virtual")) {
      assertMostWakeUpsOnIoThreads(run, ROWS);
    }
  }

  /**
   * Each operation's response wakes its client thread; with the default scheduler it runs on the
   * I/O thread that read the response. Not an exact count: a request that times out is woken by the
   * driver's timer, and a thread's start and its waits for the shared session by other threads.
   */
  private static void assertMostWakeUpsOnIoThreads(Ycsb.Result r, long operations) {
    assertThat(r.wakeUpsOnIoThreads()).as(r.toString()).isGreaterThanOrEqualTo(operations / 2);
  }

  /** The Java 21+ runtime; without one the test is skipped, saying why (in CI it fails). */
  private static Optional<Path> java21OrLater() {
    Optional<Path> java = JavaRuntimes.java21OrLater();
    if (java.isEmpty()) {
      throw MissingTool.skipOrFail("no Java 21+ runtime: set LARGEKV_JAVA21_HOME (bash .ci/run provides one)");
    }
    return java;
  }

  /** A virtual thread pinned while it parks prints its stack with {@code -Djdk.tracePinnedThreads} (Java 21–23). */
  private static void assertNoPinning(Ycsb.Result r) {
    assertThat(r.stdout + r.stderr).as("pinned virtual threads").doesNotContain("reason:MONITOR")
        .doesNotContain("<== monitors");
  }

  @Test
  void twoHundredFiftySixVirtualThreadsLoadAndReadVerifiedWithoutPinning() throws Exception {
    Optional<Path> java = java21OrLater();
    loadAndRead(java.get(), "virtual", "it_virtual");
  }

  /**
   * YCSB's CoreWorkload on the usertable layout, virtual threads run by the I/O threads: reads and
   * updates of field subsets make the binding prepare statements while the run goes on, and scans
   * page. None of it may wait inside a monitor (on Java 21 that pins the I/O thread that must read
   * the answer); every read passes CoreWorkload's own integrity check.
   */
  @Test
  void coreWorkloadOnUsertableWithFieldSubsetsAndScansRunsOnIoThreadsWithoutPinning() throws Exception {
    Optional<Path> java = java21OrLater();
    String hosts = SharedCassandra.get().contactPoint();
    List<String> common = new ArrayList<>(List.of("ycql.target=cassandra", "ycql.replication_factor=1",
        "ycql.keyspace=it_virtual_usertable", "ycql.layout=usertable", "workload=site.ycsb.workloads.CoreWorkload",
        "recordcount=2000", "fieldcount=4", "fieldlength=32", "threadcount=32", "dataintegrity=true",
        "readallfields=false", "writeallfields=false", "ycql.request_timeout_ms=30000"));
    Ycsb.Result load = Ycsb.run(java.get(), Ycsb.classpath(), "io.largekv.client.YcsbClient",
        Ycsb.args("-load", hosts, common.toArray(new String[0])));
    assertThat(load.exitCode).as(load.toString()).isZero();
    assertThat(load.returnCount("INSERT", "OK") + load.returnCount("INSERT", "ERROR")).as(load.toString())
        .isEqualTo(2000);
    assertNoPinning(load);
    common.addAll(List.of("operationcount=3000", "readproportion=0.5", "updateproportion=0.3", "scanproportion=0.2"));
    Ycsb.Result run = Ycsb.run(java.get(), Ycsb.classpath(), "io.largekv.client.YcsbClient",
        Ycsb.args("-t", hosts, common.toArray(new String[0])));
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.stderr).contains("client threads are virtual threads run by the driver's I/O threads");
    long done = 0;
    for (String op : List.of("READ", "UPDATE", "SCAN")) {
      assertThat(run.returnCount(op, "OK")).as(op + "\n" + run).isPositive();
      done += run.returnCount(op, "OK") + run.returnCount(op, "ERROR");
    }
    assertThat(done).as(run.toString()).isEqualTo(3000);
    assertThat(run.returnCount("VERIFY", "OK")).as(run.toString()).isEqualTo(run.returnCount("READ", "OK"));
    assertNoPinning(run);
    assertMostWakeUpsOnIoThreads(run, 3000);
  }

  /**
   * The JDK's own scheduler: chosen with {@code largekv.virtual_scheduler=jdk}, and the fallback,
   * said in one line, when the JVM does not open {@code java.lang} to largekv (a launcher other than
   * bin/ycsb); both load every row.
   */
  @Test
  void virtualThreadsOnTheJdkSchedulerWhenChosenOrWhenJavaLangIsNotOpen() throws Exception {
    Optional<Path> java = java21OrLater();
    String hosts = SharedCassandra.get().contactPoint();
    int rows = 2_000;
    String[] common = {"ycql.target=cassandra", "ycql.replication_factor=1", "recordcount=" + rows,
        "largekv.client_threads=virtual", "threadcount=32"};
    List<String> chosen = new ArrayList<>(List.of(common));
    chosen.addAll(List.of("ycql.keyspace=it_virtual_jdk", "largekv.virtual_scheduler=jdk"));
    Ycsb.Result jdk = Ycsb.run(java.get(), Ycsb.classpath(), "io.largekv.client.YcsbClient",
        Ycsb.args("-load", hosts, chosen.toArray(new String[0])));
    List<String> plain = new ArrayList<>(List.of(common));
    plain.add("ycql.keyspace=it_virtual_not_opened");
    Ycsb.Result notOpened = Ycsb.run(java.get(), List.of(), Ycsb.classpath(), "io.largekv.client.YcsbClient",
        Ycsb.args("-load", hosts, plain.toArray(new String[0])), null);
    for (Ycsb.Result r : List.of(jdk, notOpened)) {
      assertThat(r.exitCode).as(r.toString()).isZero();
      assertThat(r.stderr).as(r.toString()).contains("client threads are virtual threads on the JDK's scheduler")
          .doesNotContain("virtual client threads woke");
      assertThat(r.returnCount("INSERT", "OK") + r.returnCount("INSERT", "ERROR")).as(r.toString()).isEqualTo(rows);
      assertNoPinning(r);
    }
    assertThat(jdk.largekvLines()).noneMatch(l -> l.contains("does not let largekv schedule"));
    assertThat(notOpened.largekvLines()).filteredOn(l -> l.contains("does not let largekv schedule")).singleElement()
        .asString().contains("--add-opens java.base/java.lang=ALL-UNNAMED");
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
