package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.cli.CompareIT;
import io.largekv.common.Directories;
import io.largekv.common.YcsbOutput;
import io.largekv.report.files.ClientSummaryFile;
import io.largekv.report.files.HdrLog;
import io.largekv.results.ClientSummary;
import io.largekv.testing.Nb5Executable;
import io.largekv.testing.TestJit;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code bin/largekv k8s local --clients 3}: the pods' command as three local processes per phase
 * against a local Cassandra, into the results volume's layout, merged into one report whose counts
 * are the clients' sum; the read clients start together (one common start). Then the report fails
 * closed when a client's directory is missing. The same with nb5's pods ({@code --harness nb5},
 * a real nb5), and their schema step failing in client 0.
 */
@Timeout(1500)
class K8sLocalIT {

  private static final Path REPO = Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath();
  private static final int ROWS = 24_000;
  private static final int NB5_ROWS = 4_000;
  /** One server for both tests: each writes its own keyspace. */
  private static LocalCassandra cassandra;

  @BeforeAll
  static void startServer() throws Exception {
    cassandra = TestJit.cassandra().start();
  }

  @AfterAll
  static void stopServer() {
    if (cassandra != null) {
      cassandra.close();
    }
  }

  @Test
  void threeClientsPerPhaseMergeIntoOneReportWithTheirSumAndOneStart() throws Exception {
    Path out = Files.createTempDirectory("largekv-k8s-local");
    Process p = null;
    try {
      File stdout = out.resolve("stdout.txt").toFile();
      File stderr = out.resolve("stderr.txt").toFile();
      Path run = out.resolve("volume/it");
      int metricsPort;
      try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
        metricsPort = free.getLocalPort();
      }
      // two threads a client: a load of 8,000 rows a client lasts seconds even on a fast machine, so
      // client 1 is killed mid-load
      p = new ProcessBuilder(REPO.resolve("bin/largekv").toString(), "k8s", "local", "--clients", "3",
          "--phases", "load,uniform-read", "--records", Integer.toString(ROWS), "--duration", "18", "--threads", "2",
          // the server outlives the run: every row is verified after it
          "--hosts", cassandra.contactPoint(), "--localdc", cassandra.localDatacenter(), "--target", "cassandra",
          "-p", "ycql.replication_factor=1",
          // a load client killed mid-load is run again, as the Job's backoffLimitPerIndex does
          "--retries", "1", "-p", "largekv.checkpoint_interval_ms=200",
          // each pod its own metrics port of this machine, the first plus its index
          "--metrics-port", Integer.toString(metricsPort),
          // the warm-up counts from the common start and must cover connecting: three clients beside
          // the server on a loaded 2-core machine took over 3 s, once in a CI run 6.1 s (8 s measured)
          "--run", "it", "--out", out.resolve("volume").toString(), "-p", "largekv.warmup_s=10",
          "-p", "largekv.start_barrier_margin_s=2",
          // three client JVMs and the server on 2 cores: each client's JIT, still compiling after the
          // warm-up, holds its I/O threads 11-23 ms on its compile-queue lock while the machine keeps
          // the compiler thread that holds it waiting for a CPU (the kernel's off-CPU stacks show it),
          // which the stall rule rightly charges to the client: 4 of 12 runs failed at 10 ms beside a
          // busy core. This test is about merging clients; the rule at its default is
          // ClientThreadsIT's and every idle-machine IT's (docs/testing.md)
          "-p", JudgedStalls.BUSY_MACHINE)
          .directory(REPO.toFile()).redirectOutput(stdout).redirectError(stderr).start();
      // kill -9 client 1's JVM once it logged 500 inserts (its checkpoint is saved every 200 ms):
      // its pod "fails" mid-load
      Path log = run.resolve("load/client-1/hdr/INSERT.hdr");
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(400);
      while (logged(log) < 500 && p.isAlive() && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      List<ProcessHandle> client1 = p.descendants().filter(h -> h.info().commandLine().orElse("")
          .matches(".*/java .*client\\.index=1( .*|$)")).toList();
      assertThat(client1).as("client 1's java, mid-load").hasSize(1);
      client1.get(0).destroyForcibly();
      assertThat(p.waitFor(600, TimeUnit.SECONDS)).isTrue();
      String o = Files.readString(stdout.toPath(), StandardCharsets.UTF_8);
      String e = Files.readString(stderr.toPath(), StandardCharsets.UTF_8);
      assertThat(p.exitValue()).as(JudgedStalls.told(run::resolve) + o + e + podLogs(run)).isZero();
      ConsoleWidth.check(o);
      ConsoleWidth.check(e);
      assertThat(e).contains("[load client 1] exit status 137 (exit 137): run again (1 of --retries 1)");
      String md = Files.readString(run.resolve("report.md"), StandardCharsets.UTF_8);
      assertThat(run.resolve("report.html")).exists();
      assertThat(io.largekv.report.ResultsCheck.check(run).verdict().ok()).isTrue();
      // every pod served its metrics at its own port (the one run again too), labelled with its index
      assertThat(Files.readString(run.resolve("prometheus-targets.json"))).contains("127.0.0.1:" + metricsPort,
          "127.0.0.1:" + (metricsPort + 1), "127.0.0.1:" + (metricsPort + 2));
      for (String phase : List.of("load", "uniform-read")) {
        for (int i = 0; i < 3; i++) {
          assertThat(Files.readString(run.resolve(phase + "/client-" + i + "/stderr.txt"))).as(phase + " client " + i)
              .contains("largekv: metrics at http://127.0.0.1:" + (metricsPort + i) + "/metrics");
          assertThat(Files.readString(run.resolve(phase + "/client-" + i + "/command.txt")))
              .contains("largekv.metrics_labels=run=it,phase=" + phase + ",client=" + i).contains("ycql.target=cassandra");
        }
      }

      // the load: three shards; client 1's earlier attempt kept apart, its last continued the
      // checkpoint; every row inserted once, as the clients' summaries count them
      Path killed = run.resolve("load/client-1/attempt-1");
      assertThat(Files.readString(killed.resolve("exit.txt")).trim()).isEqualTo("137");
      long inserted = 0;
      long before = 0;
      for (YcsbOutput y : clients(run.resolve("load"), 3, "ycsb.txt")) {
        inserted += y.operations("INSERT");
        assertThat(y.returns("INSERT", "ERROR")).isZero();
        before += Double.isNaN(y.number("LARGEKV", "LoadRowsBefore")) ? 0 : (long) y.number("LARGEKV", "LoadRowsBefore");
      }
      assertThat(before).as("rows the killed attempt acknowledged").isPositive();
      assertThat(inserted + before).isEqualTo(ROWS);
      // the report's count is the raw logs': the last attempts' inserts, and the killed attempt's
      // logged inserts up to the rows it acknowledged (those after its checkpoint were done again)
      long lastLogged = 0;
      for (int i = 0; i < 3; i++) {
        lastLogged += logged(run.resolve("load/client-" + i + "/hdr/INSERT.hdr"));
      }
      long earlierLogged = logged(killed.resolve("hdr/INSERT.hdr"));
      long reported = Long.parseLong(CompareIT.row(md, "load", "operations").get(0));
      assertThat(reported).isEqualTo(lastLogged + Math.min(earlierLogged, before)).isLessThanOrEqualTo(ROWS);
      assertThat(CompareIT.row(md, "load", "status")).containsExactly("ok");
      assertThat(CompareIT.row(md, "load", "clients run again").get(0))
          .startsWith("client-1 ran 2 times (attempt-1 exit 137); its last continued with " + before + " rows");
      // no gap: every row of the load reads back byte for byte
      verifyEveryRow(ROWS, List.of(), out.resolve("verify.txt"));

      // the reads: one common start, every read verified, the report's counters the clients' sum
      Set<Long> starts = new HashSet<>();
      long verified = 0;
      long summary = 0;
      long excluded = 0;
      Set<Long> cuts = new HashSet<>();
      for (YcsbOutput y : clients(run.resolve("uniform-read"), 3, "ycsb.txt")) {
        starts.add((long) y.required("LARGEKV", "CommonStartEpochMs"));
        verified += y.returns("VERIFY", "OK");
        assertThat(y.returns("VERIFY", "CORRUPT") + y.returns("VERIFY", "MISSING")).isZero();
        summary += y.operations("READ") + y.operations("UPDATE");
        excluded += (long) y.required("LARGEKV", "WarmUpExcludedOperations");
        // every client cut its figures at the same instant: the common start plus its warm-up
        cuts.add((long) y.required("LARGEKV", "WarmUpEndEpochMs") - (long) y.required("LARGEKV", "CommonStartEpochMs")
            - 1000 * (long) y.required("LARGEKV", "WarmUpExcludedSeconds"));
      }
      assertThat(cuts).containsExactly(0L);
      assertThat(starts).hasSize(1).allMatch(s -> s > 0);
      assertThat(verified).isPositive();
      assertThat(CompareIT.row(md, "uniform-read", "verified ok (the whole phase)")).containsExactly(Long.toString(verified));
      assertThat(CompareIT.row(md, "uniform-read", "verification failures (corrupt + missing)")).containsExactly("0");
      // the merged HdrHistogram logs after the same cut as the clients' summaries: their sum (an
      // interval that straddles the cut by a millisecond's rounding may fall on either side)
      long merged = 0;
      merged += Long.parseLong(CompareIT.row(md, "uniform-read", "operations").get(0));
      merged += Long.parseLong(CompareIT.row(md, "uniform-read", "UPDATE operations").get(0));
      assertThat(merged).isBetween(summary, summary + excluded);
      assertThat(CompareIT.row(md, "uniform-read", "throughput per client (ops/s)").get(0).split(" / ")).hasSize(3);

      // a client's directory gone (a pod whose results never reached the volume): the phase fails
      Directories.deleteRecursively(run.resolve("uniform-read/client-1"));
      Process again = new ProcessBuilder(REPO.resolve("bin/largekv").toString(), "report", run.toString())
          .directory(REPO.toFile()).redirectErrorStream(true).start();
      String text = new String(again.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(again.waitFor(120, TimeUnit.SECONDS)).isTrue();
      String after = Files.readString(run.resolve("report.md"), StandardCharsets.UTF_8);
      assertThat(CompareIT.row(after, "uniform-read", "status").get(0)).as(text).startsWith("FAILED")
          .contains("missing: client-1");
      assertThat(CompareIT.row(after, "load", "status")).containsExactly("ok");
    } finally {
      // nothing outlives the test on the shared machine: k8s local and its clients
      if (p != null && p.isAlive()) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
      Directories.deleteRecursively(out);
    }
  }

  @Test
  void nb5PodsShardTheLoadAndMeasureOneWindowThenFailTogetherWhenTheSchemaFails() throws Exception {
    Path nb5 = Nb5Executable.configured();
    Path out = Files.createTempDirectory("largekv-k8s-local-nb5");
    try {
      Path conf = out.resolve("slow-machine.conf");
      // a busy 2-core machine: PREPARE and requests may take longer than the driver's 2 s
      Files.writeString(conf, "datastax-java-driver {\n  basic.request.timeout = 30 seconds\n}\n");
      Path volume = out.resolve("volume");
      List<String> common = List.of("k8s", "local", "--harness", "nb5", "--clients", "2", "--records",
          Integer.toString(NB5_ROWS), "--duration", "10", "--threads", "2", "--hosts", cassandra.contactPoint(),
          "--localdc", cassandra.localDatacenter(), "--target", "cassandra", "-p", "nb5.rf=1",
          "-p", "nb5.driverconfig=" + conf, "-p", "largekv.start_barrier_margin_s=2", "-p", "largekv.warmup_s=4",
          "--out", volume.toString());
      List<String> ok = new ArrayList<>(common);
      ok.addAll(List.of("--phases", "load,uniform-read", "--run", "nb5", "-p", "ycql.keyspace=k8s_nb5"));
      Finished run = largekv(nb5, ok, out.resolve("ok"));
      Path dir = volume.resolve("nb5");
      assertThat(run.exit).as(run.output + podLogs(dir)).isZero();
      String md = Files.readString(dir.resolve("report.md"), StandardCharsets.UTF_8);
      assertThat(md).contains("**harness nb5**: nb5 5.17.9 (bin/largekv nb5-client");
      assertThat(io.largekv.report.ResultsCheck.check(dir).runs().get(0).setup().harnesses()).containsExactly("nb5");

      // the load: two shards of one schema step; the report's count is the clients' sum, every row
      long inserted = 0;
      long completed = 0;
      for (ClientSummary y : summaries(dir.resolve("load"), 2)) {
        inserted += y.operationsByType().get("INSERT");
        completed += y.nb5().completedOperations();
      }
      assertThat(completed).isEqualTo(NB5_ROWS);
      assertThat(inserted).isEqualTo(NB5_ROWS);
      assertThat(CompareIT.row(md, "load", "operations")).containsExactly(Long.toString(inserted));
      assertThat(dir.resolve("load/schema.txt")).exists();
      assertThat(Files.readString(dir.resolve("load/client-1/command.txt"))).contains(" nb5-client --phase load ")
          .endsWith("-p client.count=2 -p client.index=1\n");
      // no gap: every row nb5 loaded reads back byte for byte through the YCSB binding
      verifyEveryRow(NB5_ROWS, List.of("-p", "ycql.keyspace=k8s_nb5"), out.resolve("verify.txt"));

      // the reads: both clients were reading before the one common start, and both measured after
      // the warm-up's end; the report's count (all operations) is the clients' logs after that cut
      Set<Long> starts = new HashSet<>();
      long verified = 0;
      for (ClientSummary y : summaries(dir.resolve("uniform-read"), 2)) {
        starts.add(y.commonStartEpochMs());
        verified += y.verified().ok();
        assertThat(y.verified().corrupt() + y.verified().missing()).isZero();
      }
      assertThat(starts).hasSize(1).allMatch(t -> t > 0);
      long start = starts.iterator().next();
      long cut = start + 4_000;
      long afterCut = 0;
      for (int i = 0; i < 2; i++) {
        Path c = dir.resolve("uniform-read/client-" + i);
        long first = Files.readAllLines(c.resolve("stderr.txt")).stream().mapToLong(YcsbOutput::firstOperationMs)
            .filter(ms -> ms > 0).findFirst().orElse(Long.MAX_VALUE);
        assertThat(first).as("client %d's first read, before the common start", i).isLessThan(start);
        List<HdrLog.Interval> reads = HdrLog.readKilled(c.resolve("hdr/READ.hdr").toFile());
        assertThat(reads.stream().mapToLong(x -> x.endMs).max().orElse(0)).as("client %d measured after the warm-up",
            i).isGreaterThan(cut);
        afterCut += HdrLog.merge(List.of(reads), cut).getTotalCount();
        Path updates = c.resolve("hdr/UPDATE.hdr"); // yb_kv_large's writes among the reads
        if (Files.exists(updates)) {
          afterCut += HdrLog.merge(List.of(HdrLog.readKilled(updates.toFile())), cut).getTotalCount();
        }
      }
      assertThat(verified).isPositive();
      assertThat(CompareIT.row(md, "uniform-read", "verified ok (the whole phase)")).containsExactly(Long.toString(verified));
      assertThat(CompareIT.row(md, "uniform-read", "operations")).containsExactly(Long.toString(afterCut));
      assertThat(CompareIT.row(md, "uniform-read", "status")).containsExactly("ok");

      // client 0's schema step fails (a keyspace name CQL refuses): client 1 does not wait for the
      // barrier's timeout, both fail naming why, and the read phase is not run
      List<String> bad = new ArrayList<>(common);
      bad.addAll(List.of("--run", "bad", "-p", "ycql.keyspace=bad-name"));
      Finished failed = largekv(nb5, bad, out.resolve("bad"));
      Path badDir = volume.resolve("bad");
      assertThat(failed.exit).as(failed.output + podLogs(badDir)).isEqualTo(1);
      ClientSummary c0 = ClientSummaryFile.read(badDir.resolve("load/client-0"));
      ClientSummary c1 = ClientSummaryFile.read(badDir.resolve("load/client-1"));
      assertThat(c0.result()).startsWith("FAILED: nb5's schema step exited");
      assertThat(c1.result()).startsWith("FAILED: start barrier: client.index 0 of the phase failed before the start");
      String badMd = Files.readString(badDir.resolve("report.md"), StandardCharsets.UTF_8);
      assertThat(CompareIT.row(badMd, "load", "status").get(0)).startsWith("FAILED");
      assertThat(CompareIT.row(badMd, "uniform-read", "status").get(0)).startsWith("FAILED (not run)");
      // every phase of the bad run failed: the load ran and failed, the reads never ran
      assertThat(io.largekv.report.ResultsCheck.check(badDir).verdict().failedCells()).contains("load on bad",
          "uniform-read on bad").allMatch(c -> c.endsWith(" on bad"));
    } finally {
      Directories.deleteRecursively(out);
    }
  }

  /** {@code workloads/verify} reads rows [0, rows) back through the YCSB binding: every one intact. */
  private static void verifyEveryRow(int rows, List<String> more, Path log) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(REPO.resolve("bin/ycsb").toString(), "run", "yugabyte-ycql", "-P",
        "workloads/local-load", "-P", "workloads/verify", "-p", "recordcount=" + rows, "-p", "threadcount=4",
        "-p", "hosts=" + cassandra.contactPoint(), "-p", "ycql.localdc=" + cassandra.localDatacenter(),
        "-p", "ycql.target=cassandra", "-s"));
    cmd.addAll(more);
    Process verify = new ProcessBuilder(cmd).directory(REPO.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    if (!verify.waitFor(300, TimeUnit.SECONDS)) {
      verify.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(verify.isAlive()).as(output).isFalse();
    assertThat(verify.exitValue()).as(output).isZero();
    assertThat(YcsbOutput.parse(output).number("LARGEKV", "RowsOK")).isEqualTo(rows);
  }

  private record Finished(int exit, String output) {}

  /** {@code bin/largekv ARGS} with the real nb5 (5.17.9), to its end (both outputs in {@code log}). */
  private static Finished largekv(Path nb5, List<String> args, Path log) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(REPO.resolve("bin/largekv").toString()));
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(REPO.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    Nb5Executable.environment(pb.environment(), nb5, "5.17.9");
    Process p = pb.start();
    try {
      boolean done = p.waitFor(600, TimeUnit.SECONDS);
      String output = Files.readString(log, StandardCharsets.UTF_8);
      assertThat(done).as("bin/largekv finished within 600 s:\n" + output).isTrue();
      return new Finished(p.exitValue(), output);
    } finally {
      if (p.isAlive()) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
    }
  }

  /** Operations an HdrHistogram interval log holds, 0 when absent (or while its line is half written). */
  private static long logged(Path hdr) {
    try {
      long n = 0;
      // (a killed attempt's, or one being written: its last line may be half written)
      for (HdrLog.Interval i : HdrLog.readKilled(hdr.toFile())) {
        n += i.histogram.getTotalCount();
      }
      return n;
    } catch (java.io.IOException | RuntimeException e) {
      return 0;
    }
  }

  /** Every client process's output (what kubectl logs would show), for a failure's message. */
  private static String podLogs(Path run) throws Exception {
    StringBuilder sb = new StringBuilder();
    if (Files.isDirectory(run)) {
      try (var files = Files.walk(run)) {
        for (Path f : files.filter(x -> x.getFileName().toString().matches("pod-\\d+\\.log")).sorted().toList()) {
          sb.append("\n--- ").append(f).append('\n').append(Files.readString(f, StandardCharsets.UTF_8));
        }
      }
    }
    return sb.toString();
  }

  /** Each of the phase's {@code count} nb5 clients exited 0: its summary (client-summary.json). */
  private static List<ClientSummary> summaries(Path phase, int count) throws Exception {
    List<ClientSummary> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Path c = phase.resolve("client-" + i);
      assertThat(Files.readString(c.resolve("exit.txt")).trim()).as(c.toString()).isEqualTo("0");
      assertThat(c.resolve("client-summary.json")).isRegularFile();
      out.add(ClientSummaryFile.read(c));
    }
    return out;
  }

  /** Each of the phase's {@code count} clients exited 0: its summary ({@code ycsb.txt}). */
  private static List<YcsbOutput> clients(Path phase, int count, String summary) throws Exception {
    List<YcsbOutput> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Path c = phase.resolve("client-" + i);
      assertThat(Files.readString(c.resolve("exit.txt")).trim()).as(c.toString()).isEqualTo("0");
      out.add(YcsbOutput.parse(Files.readString(c.resolve(summary), StandardCharsets.UTF_8)));
    }
    return out;
  }
}
