package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.largekv.common.JavaRuntimes;
import io.largekv.testing.MissingTool;
import io.largekv.testing.PinningDB;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.Ycsb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * YCSB's client threads at the seeds' scale of concurrency (256 writers) against the real local
 * Cassandra: as virtual threads ({@code largekv.client_threads=virtual}) run by the driver's I/O
 * threads (the default {@code largekv.virtual_scheduler=io}) and on the JDK's own scheduler, and as
 * platform threads; client threads that block an I/O thread on purpose (counted as stalls, a hang
 * ended with exit status 3); and the clear refusal of virtual threads on an older Java.
 *
 * <p>The virtual-thread tests run on each Java release the I/O-thread scheduler supports
 * ({@code IoThreadScheduler.TESTED_JAVA_RELEASES}: 21 and 25), found by
 * {@link JavaRuntimes#release} ({@code LARGEKV_JAVA21_RELEASE_HOME}, {@code LARGEKV_JAVA25_RELEASE_HOME},
 * which {@code .ci/run} sets, or under {@code /usr/lib/jvm}); without one the test is skipped with
 * that reason (in CI it fails). Pinning is seen through JFR's {@code jdk.VirtualThreadPinned}
 * event, recorded at any duration, on both releases (Java 21 pins inside {@code synchronized} too;
 * 24+ only in native frames and class initialisers); in a normal run none may last 20 ms (JFR's
 * default threshold) or more, except while a class loads (see assertNoPinning), and the others are
 * printed. The request
 * timeout is raised to 30 s: the point is that 256 threads run without a failed operation, not how
 * a 2-core machine shared with the server keeps a 2 s timeout.
 */
@io.largekv.testing.MachineLock.Alone("the stall rule at its default on the product's JIT, which a busy machine rightly"
    + " charges to the client")
class ClientThreadsIT {

  private static final int THREADS = 256;
  private static final int ROWS = 10_000;
  private static final String CLIENT = "io.largekv.client.YcsbClient";
  /** A pinned virtual thread this long or longer fails a normal run: JFR's default threshold for the event. */
  private static final long PINNED_MS = 20;

  @TempDir
  Path tmp;

  /** A run of largekv's client and the virtual threads JFR saw pinned in it. */
  private record Run(Ycsb.Result result, List<RecordedEvent> pinned) {
    /** The pinned threads' stacks, for messages, one per line. */
    String pinnedStacks() {
      return pinned.stream().map(Run::stack).collect(Collectors.joining("\n"));
    }

    static String stack(RecordedEvent e) {
      String why = (e.hasField("blockingOperation") ? e.getString("blockingOperation") : "")
          + (e.hasField("pinnedReason") ? "; " + e.getString("pinnedReason") : "");
      return (why.isEmpty() ? "" : "[" + why + "] ") + (e.getStackTrace() == null ? "(no stack)" : e.getStackTrace().getFrames().stream()
          .map(f -> f.getMethod().getType().getName() + "." + f.getMethod().getName()).collect(Collectors.joining(" < ")));
    }

    /**
     * Pinned for at least {@value #PINNED_MS} ms, JFR's own default threshold for the event.
     * Shorter pins happen at a client's start and are the JDK's or the driver's, not largekv's:
     * on Java 25 a virtual thread meeting a contended class-loading lock under a VM call, for
     * 0.002–4 ms while the client's classes load; on Java 21 a thread parking on the driver's
     * prepared-statement cache lock (Guava's, inside its {@code synchronized} load) while
     * another stores a statement. When one holds an I/O thread long enough, the stall accounting
     * counts it. They are printed, not asserted.
     */
    List<String> pinnedLong() {
      pinned.stream().filter(e -> e.getDuration().toMillis() < PINNED_MS)
          .forEach(e -> System.out.println("ClientThreadsIT: short pin (" + e.getDuration().toNanos() / 1000 + " us): "
              + stack(e)));
      return pinned.stream().filter(e -> e.getDuration().toMillis() >= PINNED_MS).map(Run::stack).toList();
    }
  }

  /**
   * largekv's client on {@code java} with bin/ycsb's JVM options, JFR recording every
   * {@code jdk.VirtualThreadPinned} event (any duration) into a file of this test's directory.
   */
  private Run client(Path java, String classpath, List<String> args) throws IOException, InterruptedException {
    Path jfr = Files.createTempFile(tmp, "client", ".jfr");
    List<String> jvm = new ArrayList<>(Ycsb.BIN_YCSB_JVM_OPTIONS);
    jvm.add("-XX:StartFlightRecording:filename=" + jfr + ",jdk.VirtualThreadPinned#threshold=0ms");
    Ycsb.Result r = Ycsb.run(java, jvm, classpath, CLIENT, args, null);
    List<RecordedEvent> pinned = Files.size(jfr) == 0 ? List.of() : RecordingFile.readAllEvents(jfr)
        .stream().filter(e -> e.getEventType().getName().equals("jdk.VirtualThreadPinned")).toList();
    return new Run(r, pinned);
  }

  /** Loads ROWS with THREADS virtual client threads on {@code java}, reads them all back verified. */
  private void loadAndReadVirtual(Path java, String keyspace) throws Exception {
    String hosts = SharedCassandra.get().contactPoint();
    List<String> common = List.of("ycql.target=cassandra", "ycql.replication_factor=1", "ycql.keyspace=" + keyspace,
        "recordcount=" + ROWS, "largekv.client_threads=virtual", "threadcount=" + THREADS,
        "ycql.request_timeout_ms=30000");
    Run load = client(java, Ycsb.classpath(), Ycsb.args("-load", hosts, common.toArray(new String[0])));
    checkLoad(load.result(), "client threads are virtual threads run by the driver's I/O threads", keyspace);
    assertNoPinning(load);
    assertMostWakeUpsOnIoThreads(load.result(), ROWS);
    assertStallLines(load.result());

    List<String> read = new ArrayList<>(common);
    // no warm-up cut: 10,000 reads can outlast the default 10 s on a loaded machine, and after a cut
    // one OS preemption of an I/O thread (256 reads in flight) fails the run; the rule's own test is
    // clientThreadsThatBlockTheirIoThreadAreCountedAsStallsAndFailTheRunAfterItsWarmUp
    read.addAll(List.of("operationcount=" + ROWS, "readproportion=1", "updateproportion=0", "verify=true",
        "largekv.warmup_s=0"));
    Run run = client(java, Ycsb.classpath(), Ycsb.args("-t", hosts, read.toArray(new String[0])));
    checkRead(run.result());
    assertNoPinning(run);
    assertMostWakeUpsOnIoThreads(run.result(), ROWS);
    assertStallLines(run.result());
  }

  /** Loads ROWS with THREADS platform threads (YCSB's own model) on {@code java}, reads them back verified. */
  private static void loadAndReadPlatform(Path java, String keyspace) throws Exception {
    String hosts = SharedCassandra.get().contactPoint();
    List<String> common = List.of("ycql.target=cassandra", "ycql.replication_factor=1", "ycql.keyspace=" + keyspace,
        "recordcount=" + ROWS, "largekv.client_threads=platform", "threadcount=" + THREADS,
        "ycql.request_timeout_ms=30000");
    checkLoad(Ycsb.run(java, Ycsb.classpath(), CLIENT, Ycsb.args("-load", hosts, common.toArray(new String[0]))),
        "YCSB Client", keyspace);
    List<String> read = new ArrayList<>(common);
    read.addAll(List.of("operationcount=" + ROWS, "readproportion=1", "updateproportion=0", "verify=true"));
    Ycsb.Result run = Ycsb.run(java, Ycsb.classpath(), CLIENT, Ycsb.args("-t", hosts, read.toArray(new String[0])));
    checkRead(run);
    // platform threads: no scheduler of largekv's, no stall lines
    assertThat(run.stdout).doesNotContain("EventLoopStalls");
  }

  private static void checkLoad(Ycsb.Result load, String says, String keyspace) {
    assertThat(load.exitCode).as(load.toString()).isZero();
    assertThat(load.stderr).contains(says);
    // invariants, not exact counts: a request may time out on a busy machine (exit 0 allows 1 %)
    long inserted = load.returnCount("INSERT", "OK");
    assertThat(inserted + load.returnCount("INSERT", "ERROR")).as(load.toString()).isEqualTo(ROWS);
    CqlSession cql = SharedCassandra.session();
    // every acknowledged row is there (a timed-out insert may have been written too)
    assertThat(cql.execute("SELECT count(*) FROM " + keyspace + ".kv").one().getLong(0)).isBetween(inserted, (long) ROWS);
  }

  private static void checkRead(Ycsb.Result run) {
    assertThat(run.exitCode).as(run.toString()).isZero();
    long ok = run.returnCount("READ", "OK");
    assertThat(ok + run.returnCount("READ", "ERROR")).as(run.toString()).isEqualTo(ROWS);
    assertThat(run.returnCount("VERIFY", "OK")).isEqualTo(ok);
    assertThat(run.returnCount("VERIFY", "CORRUPT") + run.returnCount("VERIFY", "MISSING")).isZero();
    assertThat(run.metric("READ", "99thPercentileLatency(us)")).isPositive();
  }

  /**
   * Each operation's response wakes its client thread; with the default scheduler it runs on the
   * I/O thread that read the response. Not an exact count: a request that times out is woken by the
   * driver's timer, and a thread's start and its waits for the shared session by other threads.
   */
  private static void assertMostWakeUpsOnIoThreads(Ycsb.Result r, long operations) {
    assertThat(r.wakeUpsOnIoThreads()).as(r.toString()).isGreaterThanOrEqualTo(operations / 2);
  }

  /** The run's stall lines are there and agree with each other (their counts depend on the machine). */
  private static void assertStallLines(Ycsb.Result r) {
    double stalls = r.metric("LARGEKV", "EventLoopStalls");
    assertThat(stalls).as(r.toString()).isGreaterThanOrEqualTo(0);
    double max = r.metric("LARGEKV", "EventLoopStallMaxMs");
    double total = r.metric("LARGEKV", "EventLoopStallTotalMs");
    if (stalls == 0) {
      assertThat(max).isZero();
      assertThat(total).isZero();
    } else {
      // a stall is longer than largekv.stall_ms (10), and the line rounds it to 0.1 ms: just over 10 is "10.0"
      assertThat(max).as(r.toString()).isGreaterThanOrEqualTo(10);
      assertThat(total).isGreaterThanOrEqualTo(max);
    }
  }

  /** Java {@code release} exactly; without it the test is skipped, saying why (in CI it fails). */
  private static Path javaRelease(int release) {
    Optional<Path> java = JavaRuntimes.release(release);
    if (java.isEmpty()) {
      throw MissingTool.skipOrFail("no Java " + release + " runtime: set " + JavaRuntimes.releaseHomeEnv(release)
          + " (bash .ci/run provides one)");
    }
    return java.get();
  }

  /**
   * No virtual thread stayed pinned to its carrier for PINNED_MS or more (JFR's
   * jdk.VirtualThreadPinned), except while loading or initializing a class: a thread's first use of
   * a class, once per class and JVM, which no Java release lets a virtual thread unmount from, and
   * which on a busy machine can keep the threads that need the same class waiting for 20 ms and more
   * (CI saw it for HdrHistogram's and the driver's statement classes, now loaded at set-up:
   * YcsbClient.loadFirstOperationClasses, YcqlSession.loadOperationClasses). Those are printed; what
   * they hold an I/O thread is counted by the stall accounting, which the run's own rule judges.
   */
  private static void assertNoPinning(Run r) {
    List<String> pinned = r.pinnedLong();
    pinned.stream().filter(ClientThreadsIT::loadingAClass)
        .forEach(st -> System.out.println("ClientThreadsIT: long pin while loading a class: " + st));
    assertThat(pinned).filteredOn(st -> !loadingAClass(st)).as("pinned virtual threads:\n" + r.pinnedStacks()).isEmpty();
  }

  /** A pinned thread's stack (Run.stack) that waits for a class's loading or initialization. */
  static boolean loadingAClass(String stack) {
    return stack.contains("Waited for initialization of ") || stack.contains("java.lang.ClassLoader.loadClass")
        || stack.contains("jdk.internal.loader.") || stack.contains("java.lang.Class.forName");
  }

  @ParameterizedTest(name = "Java {0}")
  @ValueSource(ints = {21, 25})
  void twoHundredFiftySixVirtualThreadsLoadAndReadVerifiedWithoutPinning(int release) throws Exception {
    loadAndReadVirtual(javaRelease(release), "it_virtual_" + release);
  }

  /**
   * YCSB's CoreWorkload on the usertable layout, virtual threads run by the I/O threads: reads and
   * updates of field subsets make the binding prepare statements while the run goes on, and scans
   * page. None of it may pin (on Java 21 a wait inside a monitor pins the I/O thread that must read
   * the answer); every read passes CoreWorkload's own integrity check.
   */
  @ParameterizedTest(name = "Java {0}")
  @ValueSource(ints = {21, 25})
  void coreWorkloadOnUsertableWithFieldSubsetsAndScansRunsOnIoThreadsWithoutPinning(int release) throws Exception {
    Path java = javaRelease(release);
    String hosts = SharedCassandra.get().contactPoint();
    List<String> common = new ArrayList<>(List.of("ycql.target=cassandra", "ycql.replication_factor=1",
        "ycql.keyspace=it_virtual_usertable_" + release, "ycql.layout=usertable",
        "workload=site.ycsb.workloads.CoreWorkload", "recordcount=2000", "fieldcount=4", "fieldlength=32",
        "threadcount=32", "dataintegrity=true", "readallfields=false", "writeallfields=false",
        "ycql.request_timeout_ms=30000"));
    Run load = client(java, Ycsb.classpath(), Ycsb.args("-load", hosts, common.toArray(new String[0])));
    assertThat(load.result().exitCode).as(load.result().toString()).isZero();
    assertThat(load.result().returnCount("INSERT", "OK") + load.result().returnCount("INSERT", "ERROR"))
        .as(load.result().toString()).isEqualTo(2000);
    assertNoPinning(load);
    // no warm-up cut (see loadAndReadVirtual)
    common.addAll(List.of("operationcount=3000", "readproportion=0.5", "updateproportion=0.3", "scanproportion=0.2",
        "largekv.warmup_s=0"));
    Run run = client(java, Ycsb.classpath(), Ycsb.args("-t", hosts, common.toArray(new String[0])));
    Ycsb.Result r = run.result();
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.stderr).contains("client threads are virtual threads run by the driver's I/O threads");
    long done = 0;
    for (String op : List.of("READ", "UPDATE", "SCAN")) {
      assertThat(r.returnCount(op, "OK")).as(op + "\n" + r).isPositive();
      done += r.returnCount(op, "OK") + r.returnCount(op, "ERROR");
    }
    assertThat(done).as(r.toString()).isEqualTo(3000);
    assertThat(r.returnCount("VERIFY", "OK")).as(r.toString()).isEqualTo(r.returnCount("READ", "OK"));
    assertNoPinning(run);
    assertMostWakeUpsOnIoThreads(r, 3000);
  }

  /**
   * Client threads that block the I/O thread they run on, on purpose ({@link PinningDB}: a class
   * initialiser that sleeps 50 ms after every 300th read's response): JFR sees them pinned, the
   * stall accounting counts them, the first stall's stack is printed once, the run still finishes
   * every operation. Each stall may delay all 16 reads in flight by 50 ms, one read in 19: far more
   * than the 1 % above the reported p99, which they can move by 50 ms, beyond the 5 % of it a
   * percentile is stated to. In a run shorter than its warm-up (whose figures include the client's
   * start-up) the output warns that the stalls may have moved the reported p99; after the warm-up
   * the same stalls fail the run (exit status 1), the bound on the shift printed beside the figure.
   */
  @ParameterizedTest(name = "Java {0}")
  @ValueSource(ints = {21, 25})
  void clientThreadsThatBlockTheirIoThreadAreCountedAsStallsAndFailTheRunAfterItsWarmUp(int release)
      throws Exception {
    Path java = javaRelease(release);
    String keyspace = pinningKeyspace(java);
    Run run = client(java, Ycsb.classpathWithTestClasses(), pinningReads(keyspace, "pinningdb.every=300",
        "pinningdb.ms=50"));
    Ycsb.Result r = run.result();
    // 3,000 reads end inside the default 10 s warm-up: the figures include the start-up, the stalls warn
    assertThat(r.metric("LARGEKV", "WarmUpExcludedSeconds")).as(r.toString()).isZero();
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.returnCount("READ", "OK") + r.returnCount("READ", "ERROR")).as(r.toString()).isEqualTo(3000);
    assertThat(r.metric("LARGEKV", "EventLoopStalls")).as(r.toString()).isBetween(1.0, 3000.0);
    assertThat(r.metric("LARGEKV", "EventLoopStallMaxMs")).as(r.toString()).isGreaterThanOrEqualTo(50);
    assertThat(r.text("LARGEKV", "EventLoopStallWarning")).as(r.toString())
        .contains("client stall(s), the start-up included").contains("enough to move ").contains("READ p99 (")
        // each reported percentile (p95 and p99 here) is judged: one or both may be named
        .containsPattern("beyond the 5 % a percentile is stated to: th(at percentile|ose percentiles) may have moved$");
    // a client thread asleep on its I/O thread is not waiting for a CPU: the machine's share is the rest
    assertThat(r.metric("LARGEKV", "EventLoopStallMachineMs")).as(r.toString()).isNotNaN()
        .isLessThan(r.metric("LARGEKV", "EventLoopStallTotalMs"));
    assertShiftBeyondPrecision(r);
    assertThat(r.largekvLines()).as(r.toString()).filteredOn(l -> l.startsWith("largekv: WARNING: ")).hasSize(1);
    // the first stall's stack, once (the first may be the client's own start-up: a class loading, a resize
    // of YCSB's HdrHistogram)
    assertThat(r.stderr).as(r.toString()).containsOnlyOnce("largekv: event-loop stall: client thread ClientThread-");
    assertThat(run.pinnedLong()).as(r.toString()).anyMatch(st -> st.contains("PinningDB$Sleeper.<clinit>"));

    // 4 s of reads with a 1 s warm-up: the stalls after it are in the reported figures, and fail the run
    Ycsb.Result after = Ycsb.run(java, Ycsb.BIN_YCSB_JVM_OPTIONS, Ycsb.classpathWithTestClasses(), CLIENT,
        pinningReads(keyspace, "pinningdb.every=300", "pinningdb.ms=50", "operationcount=100000000",
            "maxexecutiontime=4", "largekv.warmup_s=1"), null);
    assertThat(after.exitCode).as(after.toString()).isEqualTo(1);
    assertThat(after.metric("LARGEKV", "WarmUpExcludedSeconds")).as(after.toString()).isEqualTo(1);
    assertThat(after.metric("LARGEKV", "EventLoopStallsAfterWarmUp")).as(after.toString()).isGreaterThanOrEqualTo(1);
    assertThat(after.text("LARGEKV", "Result")).as(after.toString()).startsWith("FAILED: ")
        .contains("client stall(s) after the warm-up (the client's share of each over largekv.stall_ms=10")
        .contains("enough to move ").contains("READ p99 (").contains("beyond the 5 % a percentile is stated to");
    assertShiftBeyondPrecision(after);
    // YCSB's READ figures are the reads after the warm-up: the whole run's, less the ones left out
    assertThat(after.metric("READ", "Operations")).as(after.toString()).isEqualTo(after.metric("LARGEKV",
        "Operations(READ)") + after.metric("LARGEKV", "FailedOperations(READ)")
        - after.metric("LARGEKV", "WarmUpExcludedOperations") - after.metricOrZeroWithoutSection("READ-FAILED", "Operations"));
    assertThat(after.stderr).as(after.toString()).contains("largekv: event-loop stall after the client's warm-up:");
    // the JIT compiler's CPU in the same window is reported beside them (ClientJit: its compiler threads' CPU)
    assertThat(after.metric("LARGEKV", "JitCpuMsAfterWarmUp")).as(after.toString()).isGreaterThanOrEqualTo(0);
  }

  /**
   * The bound printed beside READ's figures ({@code [LARGEKV], EventLoopStallShiftUs(READ)}, µs) is
   * more than 5 % of its reported p99, and at most the stalls' time in all and a bucket of the value.
   */
  private static void assertShiftBeyondPrecision(Ycsb.Result r) {
    double shiftUs = r.metric("LARGEKV", "EventLoopStallShiftUs(READ)");
    double p99Us = r.metric("READ", "99thPercentileLatency(us)");
    assertThat(shiftUs).as(r.toString()).isGreaterThan(0.05 * p99Us)
        .isLessThanOrEqualTo(r.metric("LARGEKV", "EventLoopStallTotalMs") * 1000 + 100 + p99Us / 1000);
  }


  /**
   * A client thread that never gives its I/O thread back (a class initialiser that sleeps 10
   * minutes): the watchdog ends the run after largekv.hang_ms with one line, the stack and exit
   * status 3, instead of a hang.
   */
  @ParameterizedTest(name = "Java {0}")
  @ValueSource(ints = {21, 25})
  void aClientThreadThatNeverGivesItsIoThreadBackEndsTheRunWithExitThree(int release) throws Exception {
    Path java = javaRelease(release);
    String keyspace = pinningKeyspace(java);
    Ycsb.Result r = Ycsb.run(java, Ycsb.BIN_YCSB_JVM_OPTIONS, Ycsb.classpathWithTestClasses(), CLIENT,
        pinningReads(keyspace, "pinningdb.every=200", "pinningdb.ms=600000", "largekv.hang_ms=2000"), null);
    assertThat(r.exitCode).as(r.toString()).isEqualTo(3);
    assertThat(r.stderr).as(r.toString()).containsOnlyOnce("largekv: event-loop hang: client thread ClientThread-")
        .contains("largekv.hang_ms=2000").contains("PinningDB$Sleeper.<clinit>");
    assertThat(r.stdout).doesNotContain("[LARGEKV], Result, ok");
  }

  /**
   * 3,000 reads of {@link #pinningKeyspace}'s rows through {@link PinningDB}, 16 virtual client threads,
   * then {@code more} (how often and how long PinningDB blocks).
   */
  private static List<String> pinningReads(String keyspace, String... more) {
    List<String> props = new ArrayList<>(List.of("ycql.target=cassandra", "ycql.replication_factor=1",
        "ycql.keyspace=" + keyspace, "recordcount=2000", "operationcount=3000", "readproportion=1",
        "updateproportion=0", "threadcount=16", "largekv.client_threads=virtual", "ycql.request_timeout_ms=30000",
        "db=" + PinningDB.class.getName()));
    props.addAll(List.of(more));
    return Ycsb.args("-t", SharedCassandra.get().contactPoint(), props.toArray(new String[0]));
  }

  /** The keyspace the pinning and hang tests read, on both releases: they only read it. */
  private static final String PINNING_KEYSPACE = "it_pinning";

  /** Whether {@link #PINNING_KEYSPACE} is loaded; guarded by the class. */
  private static boolean pinningKeyspaceLoaded;

  /**
   * {@link #PINNING_KEYSPACE}, loaded by the first test that needs it (with its {@code java}), in
   * whichever order the tests run: those tests assert on their reads only, and a load whose exit
   * status is not 0 fails the test that made it, and the next one tries again.
   */
  private static synchronized String pinningKeyspace(Path java) throws Exception {
    if (!pinningKeyspaceLoaded) {
      loadSmall(java, PINNING_KEYSPACE);
      pinningKeyspaceLoaded = true;
    }
    return PINNING_KEYSPACE;
  }

  /** 2,000 rows into {@code keyspace}, with 16 virtual client threads on {@code java}. */
  private static void loadSmall(Path java, String keyspace) throws Exception {
    Ycsb.Result load = Ycsb.run(java, Ycsb.classpath(), CLIENT, Ycsb.args("-load", SharedCassandra.get().contactPoint(),
        "ycql.target=cassandra", "ycql.replication_factor=1", "ycql.keyspace=" + keyspace, "recordcount=2000",
        "threadcount=16", "largekv.client_threads=virtual", "ycql.request_timeout_ms=30000"));
    assertThat(load.exitCode).as(load.toString()).isZero();
  }

  /**
   * The JDK's own scheduler: chosen with {@code largekv.virtual_scheduler=jdk}, and the fallback,
   * said in one line with its true reason, when the JVM does not open {@code java.lang} to largekv
   * (a launcher other than bin/ycsb); both load every row.
   */
  @ParameterizedTest(name = "Java {0}")
  @ValueSource(ints = {21, 25})
  void virtualThreadsOnTheJdkSchedulerWhenChosenOrWhenJavaLangIsNotOpen(int release) throws Exception {
    Path java = javaRelease(release);
    String hosts = SharedCassandra.get().contactPoint();
    int rows = 2_000;
    String[] common = {"ycql.target=cassandra", "ycql.replication_factor=1", "recordcount=" + rows,
        "largekv.client_threads=virtual", "threadcount=32"};
    List<String> chosen = new ArrayList<>(List.of(common));
    chosen.addAll(List.of("ycql.keyspace=it_virtual_jdk_" + release, "largekv.virtual_scheduler=jdk"));
    Ycsb.Result jdk = Ycsb.run(java, Ycsb.classpath(), CLIENT, Ycsb.args("-load", hosts, chosen.toArray(new String[0])));
    List<String> plain = new ArrayList<>(List.of(common));
    plain.add("ycql.keyspace=it_virtual_not_opened_" + release);
    Ycsb.Result notOpened = Ycsb.run(java, List.of(), Ycsb.classpath(), CLIENT,
        Ycsb.args("-load", hosts, plain.toArray(new String[0])), null);
    for (Ycsb.Result r : List.of(jdk, notOpened)) {
      assertThat(r.exitCode).as(r.toString()).isZero();
      assertThat(r.stderr).as(r.toString()).contains("client threads are virtual threads on the JDK's scheduler")
          .doesNotContain("virtual client threads woke");
      assertThat(r.returnCount("INSERT", "OK") + r.returnCount("INSERT", "ERROR")).as(r.toString()).isEqualTo(rows);
      assertThat(r.stdout).doesNotContain("EventLoopStalls");
    }
    assertThat(jdk.largekvLines()).noneMatch(l -> l.contains("not on the driver's I/O threads"));
    assertThat(notOpened.largekvLines()).filteredOn(l -> l.contains("not on the driver's I/O threads")).singleElement()
        .asString().contains("java.lang is not opened to largekv").contains("--add-opens java.base/java.lang=ALL-UNNAMED");
  }

  @Test
  void twoHundredFiftySixPlatformThreadsLoadAndReadVerified() throws Exception {
    loadAndReadPlatform(Path.of(System.getProperty("java.home"), "bin", "java"), "it_platform");
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
