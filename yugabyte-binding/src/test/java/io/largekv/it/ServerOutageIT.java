package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Directories;
import io.largekv.common.YcsbOutput;
import io.largekv.testing.Rows;
import io.largekv.testing.TestJit;
import io.largekv.testing.TestSessions;
import io.largekv.testing.Ycsb;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The server killed ({@code kill -9}) and started again under a running client, on a local
 * Cassandra of this test's own: a load rides through the outage and ends with an honest count;
 * {@code workloads/verify} then finds exactly the rows the server lost (checked against the
 * table itself) and repair leaves none missing; a run during an outage backs off instead of
 * spinning, counts only successful operations as throughput and recovers within seconds.
 *
 * <p>Figures are printed on stdout ({@code outage: ...}) for docs and notes; the assertions are
 * invariants that hold on a loaded machine.
 */
class ServerOutageIT {

  private static final String CLIENT = "io.largekv.client.YcsbClient";
  private static LocalCassandra server;
  private static CqlSession cql;

  @BeforeAll
  static void start() throws Exception {
    server = TestJit.cassandra().clusterName("largekv-outage").heap("768m").start();
    cql = TestSessions.open(server);
  }

  @AfterAll
  static void stop() {
    if (cql != null) {
      cql.close();
    }
    if (server != null) {
      server.close();
    }
  }

  /** The client as bin/ycsb runs it by default; see {@link #commandWith}. */
  private static List<String> command(String mode, String keyspace, String... more) {
    return commandWith(DEFAULT_THREADS, mode, keyspace, more);
  }

  /** bin/ycsb's default: virtual client threads run by the driver's I/O threads on a Java 21+ (CI has one). */
  private static final String DEFAULT_THREADS = "default";

  /**
   * The client with {@code threads}: {@value #DEFAULT_THREADS} as bin/ycsb runs it — on a Java 21+
   * (a missing one fails the test), its client threads virtual threads run by the driver's I/O
   * threads, which then see every request of the outage fail — or
   * {@code platform}: YCSB's platform threads on this Java (what a Java 17 runs).
   */
  private static List<String> commandWith(String threads, String mode, String keyspace, String... more) {
    Path thisJava = Path.of(System.getProperty("java.home"), "bin", "java");
    Path java = threads.equals(DEFAULT_THREADS) ? io.largekv.testing.MissingTool.java21OrLater() : thisJava;
    List<String> jvm = new ArrayList<>(List.of("-Xmx512m"));
    jvm.addAll(Ycsb.TEST_CLIENT_JVM_OPTIONS);
    List<String> cmd = Ycsb.javaCommand(java, jvm, Ycsb.classpath(), CLIENT);
    List<String> props = new ArrayList<>(List.of("ycql.target=cassandra", "ycql.replication_factor=1",
        "ycql.keyspace=" + keyspace, "ycql.localdc=datacenter1"));
    if (!threads.equals(DEFAULT_THREADS)) {
      props.add("largekv.client_threads=" + threads);
    }
    props.addAll(List.of(more));
    cmd.addAll(Ycsb.args(mode, server.contactPoint(), props.toArray(new String[0])));
    return cmd;
  }

  /**
   * The operations of each run through the outage: about 22 s of them on CI's 2 cores beside the
   * server, a quarter before the kill.
   */
  private static final long OUTAGE_RUN_OPERATIONS = 200_000;

  /** A client process whose stderr lines are kept with the time (ms) each arrived. */
  private static final class Client {
    final Process process;
    final List<long[]> statusAt = new CopyOnWriteArrayList<>();   // {arrival ms, successful, failed}
    final StringBuilder stderr = new StringBuilder();
    final Thread pump;
    final Path stdout;

    Client(List<String> cmd, Path stdout) throws Exception {
      this.stdout = stdout;
      process = new ProcessBuilder(cmd).redirectOutput(stdout.toFile()).start();
      pump = new Thread(() -> {
        try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(),
            StandardCharsets.UTF_8))) {
          String line;
          while ((line = r.readLine()) != null) {
            synchronized (stderr) {
              stderr.append(line).append('\n');
            }
            long[] second = YcsbOutput.lastInterval(line);
            if (second != null) {
              statusAt.add(new long[] {System.currentTimeMillis(), second[0], second[1]});
            }
          }
        } catch (java.io.IOException e) {
          // the process ended
        }
      });
      pump.start();
    }

    /** Successful operations so far, as its status lines counted them. */
    long successful() {
      return statusAt.stream().mapToLong(s -> s[1]).sum();
    }

    Ycsb.Result await() throws Exception {
      assertThat(process.waitFor(300, TimeUnit.SECONDS)).isTrue();
      pump.join();
      String err;
      synchronized (stderr) {
        err = stderr.toString();
      }
      return new Ycsb.Result(process.exitValue(), Files.readString(stdout), err);
    }
  }

  private static Set<Long> missingRows(String keyspace, long n) {
    return Rows.missing(cql, keyspace, n);
  }

  /** {@code 10-12 4000}: the ranges verify prints, from an independent set of key numbers. */
  private static String ranges(Set<Long> keys, int max) {
    List<String> out = new ArrayList<>();
    long from = -1;
    long to = -1;
    for (long k : keys) {
      if (from >= 0 && k == to + 1) {
        to = k;
        continue;
      }
      if (from >= 0) {
        out.add(from == to ? Long.toString(from) : from + "-" + to);
      }
      from = k;
      to = k;
    }
    if (from >= 0) {
      out.add(from == to ? Long.toString(from) : from + "-" + to);
    }
    return out.size() > max ? String.join(" ", out.subList(0, max)) + " ..." : String.join(" ", out);
  }

  /**
   * The killed load's rows: the server is killed at a quarter of them acknowledged, so three quarters
   * are still to write (and the outage's 3 s down plus its restart fall inside the load).
   */
  private static final long LOAD_ROWS = 20_000;

  /** The killed load's client threads, over which the load splits its key range. */
  private static final int LOAD_THREADS = 16;

  @Test
  void serverKilledDuringALoadVerifyFindsExactlyTheLostRowsAndRepairLeavesNone() throws Exception {
    String keyspace = "it_crash_load";
    long rows = LOAD_ROWS;
    Path work = Files.createTempDirectory("largekv-outage-load");
    try {
      Path checkpoint = work.resolve("load.checkpoint");
      Client load = new Client(command("-load", keyspace, "recordcount=" + rows, "threadcount=" + LOAD_THREADS, "-s",
          "status.interval=1", "largekv.checkpoint=" + checkpoint, "largekv.checkpoint_interval_ms=200"),
          work.resolve("load.txt"));
      // kill -9 the server once a quarter of the rows are acknowledged, start it again 3 s later
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
      while (acknowledged(checkpoint) < rows / 4 && load.process.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      assertThat(load.process.isAlive()).isTrue();
      server.node().kill();
      Thread.sleep(3000);
      server.node().start();
      Ycsb.Result l = load.await();

      // the load's own account: every key either inserted or reported lost, and the exit status says which
      Matcher done = Pattern.compile("largekv: load of key numbers \\[0, " + rows + "\\): (\\d+) inserted, (\\d+) failed")
          .matcher(l.stderr);
      assertThat(done.find()).as(l.toString()).isTrue();
      long inserted = Long.parseLong(done.group(1));
      long lost = Long.parseLong(done.group(2));
      assertThat(inserted + lost).isEqualTo(rows);
      assertThat(l.metric("LARGEKV", "LostRows")).isEqualTo(lost);
      assertThat(l.exitCode).as(l.toString()).isEqualTo(lost == 0 ? 0 : 1);

      // verify finds exactly the rows that are not in the table
      Set<Long> missing = missingRows(keyspace, rows);
      List<String> verify = command("-t", keyspace, "recordcount=" + rows, "threadcount=16",
          "largekv.verify_range=true");
      Ycsb.Result v = new Client(verify, work.resolve("verify.txt")).await();
      System.out.printf("outage: load of %d rows, server killed at %d acknowledged: %d inserted, %d lost by the client,"
          + " %d missing in the table after the restart (acknowledged, then lost by the server)%n", rows, rows / 4,
          inserted, lost, missing.size());
      assertThat(v.metric("LARGEKV", "RowsMissing")).as(v.toString()).isEqualTo(missing.size());
      assertThat(v.metric("LARGEKV", "RowsCorrupt")).isZero();
      assertThat(v.metric("LARGEKV", "RowsOK")).isEqualTo(rows - missing.size());
      assertThat(v.exitCode).isEqualTo(missing.isEmpty() ? 0 : 1);
      if (!missing.isEmpty()) {
        assertThat(v.text("LARGEKV", "FirstMissingKeyRanges")).isEqualTo(ranges(missing, 20));
      }

      // repair writes them again: nothing missing, every row verifies
      List<String> repair = new ArrayList<>(verify);
      repair.addAll(List.of("-p", "largekv.repair=true"));
      Ycsb.Result r = new Client(repair, work.resolve("repair.txt")).await();
      assertThat(r.exitCode).as(r.toString()).isZero();
      assertThat(r.metric("LARGEKV", "RowsRepaired")).isEqualTo(missing.size());
      assertThat(missingRows(keyspace, rows)).isEmpty();
      Ycsb.Result again = new Client(verify, work.resolve("verify-again.txt")).await();
      assertThat(again.exitCode).as(again.toString()).isZero();
      assertThat(again.metric("LARGEKV", "RowsOK")).isEqualTo(rows);
    } finally {
      Directories.deleteRecursively(work);
    }
  }

  /** Keys the load's checkpoint counts as acknowledged ({@link #LOAD_THREADS} threads over the key range). */
  private static long acknowledged(Path checkpoint) {
    try {
      long done = 0;
      List<String> lines = Files.readAllLines(checkpoint);
      int threads = LOAD_THREADS;
      long rows = LOAD_ROWS;
      for (int t = 0; t < threads; t++) {
        String prefix = "thread." + t + "=";
        for (String line : lines) {
          if (line.startsWith(prefix)) {
            done += Long.parseLong(line.substring(prefix.length())) - t * (rows / threads);
          }
        }
      }
      return done;
    } catch (java.io.IOException | RuntimeException e) {
      return 0;
    }
  }

  /**
   * Both kinds of client threads ride through one outage side by side (one kill and restart for both),
   * each on its own keyspace, each judged on its own output.
   */
  @Test
  void aRunDuringAnOutageBacksOffCountsOnlySuccessesAndRecoversWithinSeconds() throws Exception {
    List<String> kinds = List.of(DEFAULT_THREADS, "platform");
    Path work = Files.createTempDirectory("largekv-outage-run");
    int threads = 16;
    List<Client> runs = new ArrayList<>();
    try {
      List<Client> loads = new ArrayList<>();
      for (String kind : kinds) {
        loads.add(new Client(commandWith(kind, "-load", "it_outage_run_" + kind, "recordcount=20000",
            "threadcount=16", "largekv.checkpoint=none"), work.resolve("load-" + kind + ".txt")));
      }
      for (Client load : loads) {
        Ycsb.Result l = load.await();
        assertThat(l.exitCode).as(l.toString()).isZero();
      }

      // bounded by a count, not a time: the run must outlast the restart, which took 40 s on a loaded
      // 2-core machine (a 50-s run ended first) and 5.7 s on CI, and a run that fails its operations
      // while the server is down (about one per thread and second) barely moves its count: whatever the
      // outage lasts, three quarters of the operations are left for after it. maxexecutiontime only
      // bounds a run that hangs
      for (String kind : kinds) {
        runs.add(new Client(commandWith(kind, "-t", "it_outage_run_" + kind, "recordcount=20000",
            "operationcount=" + OUTAGE_RUN_OPERATIONS, "threadcount=" + threads, "maxexecutiontime=240", "-s",
            "status.interval=1",
            "readproportion=0.95", "updateproportion=0.05",
            // YCSB's per-operation counts are compared with largekv's over the whole run (the
            // warm-up's cut: ClientWarmUpTest, ClientThreadsIT)
            "largekv.warmup_s=0"), work.resolve("run-" + kind + ".txt")));
      }
      // the kill once both runs did a quarter of their operations
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (runs.stream().anyMatch(r -> r.successful() < OUTAGE_RUN_OPERATIONS / 4 && r.process.isAlive())
          && System.nanoTime() < deadline) {
        Thread.sleep(100);
      }
      for (Client run : runs) {
        assertThat(run.process.isAlive()).isTrue();
      }
      long killedAt = System.currentTimeMillis();
      server.node().kill();
      Thread.sleep(5000);
      server.node().start();
      long openAt = System.currentTimeMillis();
      for (int i = 0; i < kinds.size(); i++) {
        checkOutageRun(kinds.get(i), runs.get(i), threads, killedAt, openAt);
      }
    } finally {
      runs.forEach(r -> r.process.destroyForcibly());
      Directories.deleteRecursively(work);
    }
  }

  private static void checkOutageRun(String kind, Client run, int threads, long killedAt, long openAt)
      throws Exception {
    Ycsb.Result r = run.await();
    // failures while no server ran: bounded per thread and second (a spinning client: thousands)
    long failedDuring = 0;
    long lastBefore = 0;
    for (long[] s : run.statusAt) {
      if (s[0] > killedAt + 1000 && s[0] <= openAt) {
        failedDuring += s[2];
      }
    }
    double outageSeconds = (openAt - killedAt) / 1000.0;
    double perThreadSecond = failedDuring / (threads * outageSeconds);
    // recovery: the first second after the port opened with successful operations again
    long recoveredAt = -1;
    for (long[] s : run.statusAt) {
      if (s[0] > openAt && s[1] > 0) {
        recoveredAt = s[0];
        break;
      }
    }
    for (long[] s : run.statusAt) {
      if (s[0] < killedAt) {
        lastBefore = s[1];
      }
    }
    System.out.printf("outage: server down %.1f s under %d " + kind + " client threads: %d failed operations while down "
        + "(%.2f per thread and second); first successful second %.1f s after the CQL port opened; "
        + "%d successful/s just before the kill%n", outageSeconds, threads, failedDuring, perThreadSecond,
        (recoveredAt - openAt) / 1000.0, lastBefore);
    assertThat(perThreadSecond).as(kind + "\n" + r.stderr).isLessThan(10);
    assertThat(recoveredAt).as(kind + ": successful operations again after the restart\n" + r.stderr).isPositive();

    // only successful operations are throughput; YCSB's own [OVERALL] counts failures too
    long ok = (long) r.metric("LARGEKV", "Operations");
    long failed = (long) r.metric("LARGEKV", "FailedOperations");
    assertThat(failed).as(kind).isPositive();
    assertThat(ok).isEqualTo((long) (r.metric("READ", "Operations") + r.metric("UPDATE", "Operations")));
    assertThat(failed).isEqualTo((long) (r.metricOrZeroWithoutSection("READ-FAILED", "Operations")
        + r.metricOrZeroWithoutSection("UPDATE-FAILED", "Operations")));
    double measured = r.metric("LARGEKV", "MeasuredTime(ms)");
    assertThat(r.metric("LARGEKV", "Throughput(ops/sec)")).isCloseTo(ok * 1000.0 / measured,
        org.assertj.core.data.Offset.offset(0.1));
    assertThat(r.metric("VERIFY", "Operations")).isPositive();
    assertThat(r.returnCount("VERIFY", "CORRUPT") + r.returnCount("VERIFY", "MISSING")).isZero();
    // the exit status follows the failed fraction (largekv.max_failed_fraction, 1 %)
    boolean tooMany = failed > 0.01 * (ok + failed);
    assertThat(r.exitCode).as(r.text("LARGEKV", "Result")).isEqualTo(tooMany ? 1 : 0);
    if (tooMany) {
      assertThat(r.text("LARGEKV", "Result")).contains("of operations failed");
    }
  }

}
