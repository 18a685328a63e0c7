package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Directories;
import io.largekv.format.KeyValueFormat;
import io.largekv.testing.FailingDB;
import io.largekv.testing.Rows;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.Ycsb;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A result never looks better than it is, on the real local Cassandra: clients started at once on
 * a fresh table load every row; a client thread that cannot start or dies stops the run with a
 * non-zero exit status; a client killed in the middle of a load continues from its checkpoint with
 * no gap; a foreign table is never dropped.
 */
class FailClosedIT {

  private static final KeyValueFormat FORMAT = KeyValueFormat.standard();
  /** A WARN line of the driver's own logger (in a vendor's jar, or relocated in largekv's shaded one). */
  private static final java.util.regex.Pattern DRIVER_WARNING =
      java.util.regex.Pattern.compile("^\\d\\d:\\d\\d:\\d\\d \\[[^\\]]+\\] WARN (\\S+\\.)?com\\.datastax\\.oss\\.driver\\.");
  private static final String CLIENT = "io.largekv.client.YcsbClient";
  private static LocalCassandra cassandra;
  private static CqlSession cql;

  @BeforeAll
  static void start() {
    cassandra = SharedCassandra.get();
    cql = SharedCassandra.session();
  }

  private static List<String> args(String mode, String keyspace, String... more) {
    return Ycsb.onCassandra(mode, cassandra, keyspace, more);
  }

  private static Set<Long> missingRows(String keyspace, long n) {
    return Rows.missing(cql, keyspace, n);
  }

  @Test
  void clientsStartedAtOnceOnAFreshTableLoadEveryRow() throws Exception {
    String keyspace = "it_concurrent";
    int clients = 4;
    List<Process> processes = new ArrayList<>();
    List<Path> outputs = new ArrayList<>();
    Path dir = Files.createTempDirectory("largekv-concurrent");
    try {
      for (int c = 0; c < clients; c++) {
        List<String> cmd = Ycsb.javaCommand(Path.of(System.getProperty("java.home"), "bin", "java"),
            List.of("-Xmx256m"), Ycsb.classpath(), CLIENT);
        cmd.addAll(args("-load", keyspace, "recordcount=4000", "threadcount=8", "client.count=" + clients,
            "client.index=" + c, "largekv.client_threads=platform"));
        Path out = dir.resolve("client-" + c + ".txt");
        outputs.add(out);
        processes.add(new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start());
      }
      long total = 0;
      for (int c = 0; c < clients; c++) {
        assertThat(processes.get(c).waitFor(240, TimeUnit.SECONDS)).isTrue();
        String out = Files.readString(outputs.get(c), StandardCharsets.UTF_8);
        assertThat(processes.get(c).exitValue()).as(out).isZero();
        assertThat(out).contains("[LARGEKV], Result, ok");
        // no exception of the client's own; the driver's WARN lines of its background tasks (CI once
        // logged "Uncaught exception in scheduled task (StacklessClosedChannelException: null)" from an
        // I/O thread mid-load) are not the run's: what they cost is in the counts and the verification
        assertThat(out.lines().filter(l -> l.contains("Exception") && !DRIVER_WARNING.matcher(l).find()))
            .as(out).isEmpty();
        total += Long.parseLong(out.replaceAll("(?s).*\\[LARGEKV\\], Operations, (\\d+).*", "$1"));
      }
      assertThat(total).isEqualTo(4000);
      assertThat(missingRows(keyspace, 4000)).isEmpty();
      Ycsb.Result verify = Ycsb.run(Ycsb.classpath(), args("-t", keyspace, "recordcount=4000", "threadcount=8",
          "largekv.verify_range=true"));
      assertThat(verify.exitCode).as(verify.toString()).isZero();
      assertThat(verify.metric("LARGEKV", "RowsOK")).isEqualTo(4000);
    } finally {
      processes.forEach(Process::destroyForcibly);
      Directories.deleteRecursively(dir);
    }
  }

  @Test
  void aClientThreadThatCannotStartFailsTheRun() throws Exception {
    // a binding whose DB.init() fails in every other thread: YCSB's own Client drops those threads
    // and would go on with the rest; the run's result must not pass
    Ycsb.Result r = Ycsb.run(Ycsb.classpathWithTestClasses(), List.of("-load", "-db", FailingDB.class.getName(),
        "-p", "failingdb.init=odd", "-p", "workload=io.largekv.workload.LargeKeyValueWorkload",
        "-p", "recordcount=400", "-p", "threadcount=4", "-p", "largekv.checkpoint=none"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(1);
    assertThat(r.text("LARGEKV", "Result")).contains("only 2 of 4 client threads ran")
        .contains("200 key(s) of [0, 400) were not loaded");
  }

  @Test
  void aClientThreadThatDiesEndsTheRunWithoutAResult() throws Exception {
    // YCSB's ClientThread calls System.exit(0) when an operation throws
    Ycsb.Result r = Ycsb.run(Ycsb.classpathWithTestClasses(), List.of("-load", "-db", FailingDB.class.getName(),
        "-p", "failingdb.insert=throw", "-p", "workload=io.largekv.workload.LargeKeyValueWorkload",
        "-p", "recordcount=400", "-p", "threadcount=4", "-p", "largekv.checkpoint=none"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(3);
    assertThat(r.stderr).contains("largekv: the run ended before every client thread finished");
    assertThat(r.stdout).doesNotContain("[LARGEKV], Result, ok");
  }

  @Test
  void aClientKilledInTheMiddleOfALoadContinuesWithNoGap() throws Exception {
    String keyspace = "it_resume";
    Path work = Files.createTempDirectory("largekv-resume");
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    List<String> clientArgs = args("-load", keyspace, "recordcount=30000", "threadcount=8",
        "largekv.checkpoint_interval_ms=200", "largekv.client_threads=platform");
    List<String> cmd = Ycsb.javaCommand(java, List.of("-Xmx256m"), Ycsb.classpath(), CLIENT);
    cmd.addAll(clientArgs);
    try {
      Path checkpoint = work.resolve("largekv-checkpoints").resolve(keyspace + ".kv-0-30000-client0of1.checkpoint");
      Process first = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
          .redirectOutput(work.resolve("first.txt").toFile()).start();
      // kill -9 once the checkpoint shows progress (the default location, in the working directory)
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (progress(checkpoint) < 3000 && first.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThat(first.isAlive()).as(Files.readString(work.resolve("first.txt"))).isTrue();
      first.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      long saved = progress(checkpoint);
      assertThat(saved).isBetween(3000L, 29_999L);

      Ycsb.Result second = Ycsb.run(java, Ycsb.classpath(), CLIENT, clientArgs, work);
      assertThat(second.exitCode).as(second.toString()).isZero();
      assertThat(second.stderr).contains("largekv: resuming the load from checkpoint largekv-checkpoints/"
          + keyspace + ".kv-0-30000-client0of1.checkpoint: " + saved + " keys were done");
      long inserted = (long) second.metric("LARGEKV", "Operations");
      assertThat(inserted).as("fewer inserts than a full reload").isEqualTo(30_000 - saved);
      // the rows the killed run acknowledged, for a report that counts each row once
      assertThat(second.metric("LARGEKV", "LoadRowsBefore")).isEqualTo(saved);
      assertThat(missingRows(keyspace, 30_000)).as("rows missing after the resumed load").isEmpty();
      assertThat(work.resolve("largekv-checkpoints")).as("the complete load removes its checkpoint").doesNotExist();
      Ycsb.Result verify = Ycsb.run(Ycsb.classpath(), args("-t", keyspace, "recordcount=30000", "threadcount=8",
          "largekv.verify_range=true"));
      assertThat(verify.exitCode).as(verify.toString()).isZero();
      assertThat(verify.metric("LARGEKV", "RowsOK")).isEqualTo(30_000);
    } finally {
      Directories.deleteRecursively(work);
    }
  }

  /** Keys the checkpoint counts as done (sum over threads of next − start), 0 when absent. */
  private static long progress(Path checkpoint) {
    try {
      if (!Files.exists(checkpoint)) {
        return 0;
      }
      List<String> lines = Files.readAllLines(checkpoint);
      int threads = Integer.parseInt(lines.stream().filter(l -> l.startsWith("threads=")).findFirst().orElseThrow()
          .substring(8));
      long done = 0;
      for (int t = 0; t < threads; t++) {
        String prefix = "thread." + t + "=";
        long next = Long.parseLong(lines.stream().filter(l -> l.startsWith(prefix)).findFirst().orElseThrow()
            .substring(prefix.length()));
        long start = t * (30_000L / threads) + Math.min(t, 30_000L % threads);
        done += next - start;
      }
      return done;
    } catch (java.io.IOException | RuntimeException e) {
      return 0; // being replaced: read again
    }
  }

  @Test
  void dropTableRefusesATableThatIsNotALargekvLayout() throws Exception {
    cql.execute("CREATE KEYSPACE IF NOT EXISTS it_foreign WITH replication = "
        + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
    cql.execute("CREATE TABLE IF NOT EXISTS it_foreign.kv (k varchar PRIMARY KEY, balance int)");
    cql.execute("INSERT INTO it_foreign.kv (k, balance) VALUES ('alice', 10)");
    Ycsb.Result r = Ycsb.run(Ycsb.classpath(), args("-load", "it_foreign", "recordcount=10",
        "ycql.drop_table=true", "largekv.checkpoint=none"));
    assertThat(r.exitCode).as(r.toString()).isEqualTo(2);
    assertThat(r.largekvLines()).hasSize(1);
    assertThat(r.largekvLines().get(0)).contains("table it_foreign.kv exists with columns")
        .contains("ycql.drop_table=true refuses to drop it");
    assertThat(r.stderr).doesNotContain("DROP TABLE");
    assertThat(cql.execute("SELECT balance FROM it_foreign.kv WHERE k = 'alice'").one().getInt(0)).isEqualTo(10);
  }
}
