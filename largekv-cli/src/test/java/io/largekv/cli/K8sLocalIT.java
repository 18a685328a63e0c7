package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.Directories;
import io.largekv.common.YcsbOutput;
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
  private static final int ROWS = 3000;

  @Test
  @Timeout(600)
  void threeClientsPerPhaseMergeIntoOneReportWithTheirSumAndOneStart() throws Exception {
    Path out = Files.createTempDirectory("largekv-k8s-local");
    try {
      File stdout = out.resolve("stdout.txt").toFile();
      File stderr = out.resolve("stderr.txt").toFile();
      Process p = new ProcessBuilder(REPO.resolve("bin/largekv").toString(), "k8s", "local", "--clients", "3",
          "--phases", "load,uniform-read", "--records", Integer.toString(ROWS), "--duration", "14", "--threads", "4",
          // the warm-up counts from the common start and must cover connecting: three clients beside
          // the server on a loaded 2-core machine took over 3 s
          "--run", "it", "--out", out.resolve("volume").toString(), "-p", "largekv.warmup_s=6",
          "-p", "largekv.start_barrier_margin_s=2",
          // a few measured seconds: one OS preemption of an I/O thread on the shared CI machine would fail
          // the stall rule (its own tests: ClientThreadsIT)
          "-p", "largekv.stall_ms=1000")
          .directory(REPO.toFile()).redirectOutput(stdout).redirectError(stderr).start();
      assertThat(p.waitFor(540, TimeUnit.SECONDS)).isTrue();
      String o = Files.readString(stdout.toPath(), StandardCharsets.UTF_8);
      String e = Files.readString(stderr.toPath(), StandardCharsets.UTF_8);
      Path run = out.resolve("volume/it");
      assertThat(p.exitValue()).as(o + e + podLogs(run)).isZero();
      String md = Files.readString(run.resolve("report.md"), StandardCharsets.UTF_8);
      assertThat(run.resolve("report.html")).exists();

      // the load: three shards, every row inserted once, the report's count the clients' sum
      long inserted = 0;
      for (YcsbOutput y : clients(run.resolve("load"))) {
        inserted += y.operations("INSERT");
        assertThat(y.returns("INSERT", "ERROR")).isZero();
      }
      assertThat(inserted).isEqualTo(ROWS);
      assertThat(CompareIT.row(md, "load", "operations")).containsExactly(Long.toString(ROWS));
      assertThat(CompareIT.row(md, "load", "status")).containsExactly("ok");

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
      Directories.deleteRecursively(out);
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
