package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Directories;
import io.largekv.common.YcsbOutput;
import io.largekv.report.HdrLog;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code bin/largekv k8s local --clients 3}: the pods' command as three local processes per phase
 * against the local Cassandra it starts, into the results volume's layout, merged into one report
 * whose counts are the clients' sum; the read clients start together (one common start). Then the
 * report fails closed when a client's directory is missing.
 */
class K8sLocalIT {

  private static final Path REPO = Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath();
  private static final int ROWS = 24_000;

  @Test
  @Timeout(1500)
  void threeClientsPerPhaseMergeIntoOneReportWithTheirSumAndOneStart() throws Exception {
    Path out = Files.createTempDirectory("largekv-k8s-local");
    Process p = null;
    try (LocalCassandra cassandra = LocalCassandra.builder().start()) {
      File stdout = out.resolve("stdout.txt").toFile();
      File stderr = out.resolve("stderr.txt").toFile();
      Path run = out.resolve("volume/it");
      // two threads a client: a load of 8,000 rows a client lasts seconds even on a fast machine, so
      // client 1 is killed mid-load
      p = new ProcessBuilder(REPO.resolve("bin/largekv").toString(), "k8s", "local", "--clients", "3",
          "--phases", "load,uniform-read", "--records", Integer.toString(ROWS), "--duration", "14", "--threads", "2",
          // the server outlives the run: every row is verified after it
          "--hosts", cassandra.contactPoint(), "--localdc", cassandra.localDatacenter(), "--target", "cassandra",
          "-p", "ycql.replication_factor=1",
          // a load client killed mid-load is run again, as the Job's backoffLimitPerIndex does
          "--retries", "1", "-p", "largekv.checkpoint_interval_ms=200",
          // the warm-up counts from the common start and must cover connecting: three clients beside
          // the server on a loaded 2-core machine took over 3 s
          "--run", "it", "--out", out.resolve("volume").toString(), "-p", "largekv.warmup_s=6",
          "-p", "largekv.start_barrier_margin_s=2",
          // a few measured seconds: one OS preemption of an I/O thread on the shared CI machine would fail
          // the stall rule (its own tests: ClientThreadsIT)
          "-p", "largekv.stall_ms=1000")
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
      assertThat(p.exitValue()).as(o + e + podLogs(run)).isZero();
      assertThat(e).contains("[load client 1] exit status 137 (exit 137): run again (1 of --retries 1)");
      String md = Files.readString(run.resolve("report.md"), StandardCharsets.UTF_8);
      assertThat(run.resolve("report.html")).exists();

      // the load: three shards; client 1's earlier attempt kept apart, its last continued the
      // checkpoint; every row inserted once, as the clients' summaries count them
      Path killed = run.resolve("load/client-1/attempt-1");
      assertThat(Files.readString(killed.resolve("exit.txt")).trim()).isEqualTo("137");
      long inserted = 0;
      long before = 0;
      for (YcsbOutput y : clients(run.resolve("load"))) {
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
      Path verifyLog = out.resolve("verify.txt");
      Process verify = new ProcessBuilder(REPO.resolve("bin/ycsb").toString(), "run", "yugabyte-ycql", "-P",
          "workloads/local-load", "-P", "workloads/verify", "-p", "recordcount=" + ROWS, "-p", "threadcount=4",
          "-p", "hosts=" + cassandra.contactPoint(), "-p", "ycql.localdc=" + cassandra.localDatacenter(),
          "-p", "ycql.target=cassandra", "-s").directory(REPO.toFile()).redirectErrorStream(true)
          .redirectOutput(verifyLog.toFile()).start();
      if (!verify.waitFor(300, TimeUnit.SECONDS)) {
        verify.destroyForcibly();
      }
      String verifyOutput = Files.readString(verifyLog, StandardCharsets.UTF_8);
      assertThat(verify.isAlive()).as(verifyOutput).isFalse();
      assertThat(verify.exitValue()).as(verifyOutput).isZero();
      assertThat(YcsbOutput.parse(verifyOutput).number("LARGEKV", "RowsOK")).isEqualTo(ROWS);

      // the reads: one common start, every read verified, the report's counters the clients' sum
      Set<Long> starts = new HashSet<>();
      long verified = 0;
      long summary = 0;
      long excluded = 0;
      for (YcsbOutput y : clients(run.resolve("uniform-read"))) {
        starts.add((long) y.number("LARGEKV", "CommonStartEpochMs"));
        verified += y.returns("VERIFY", "OK");
        assertThat(y.returns("VERIFY", "CORRUPT") + y.returns("VERIFY", "MISSING")).isZero();
        summary += y.operations("READ") + y.operations("UPDATE");
        excluded += (long) y.number("LARGEKV", "WarmUpExcludedOperations");
      }
      assertThat(starts).hasSize(1).allMatch(s -> s > 0);
      assertThat(verified).isPositive();
      assertThat(CompareIT.row(md, "uniform-read", "verified ok")).containsExactly(Long.toString(verified));
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

  private static List<YcsbOutput> clients(Path phase) throws Exception {
    List<YcsbOutput> out = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      Path c = phase.resolve("client-" + i);
      assertThat(Files.readString(c.resolve("exit.txt")).trim()).as(c.toString()).isEqualTo("0");
      out.add(YcsbOutput.parse(Files.readString(c.resolve("ycsb.txt"), StandardCharsets.UTF_8)));
    }
    return out;
  }
}
