package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The nb5 client of bench/run: the "not verified" copy leaves out exactly the uniform read's
 * per-read verifier (and fails when the workload no longer has it), and a run's report counts
 * only what nb5 says it completed, failing a read whose verification counts are not all ok.
 */
class Nb5BenchClientTest {

  private static final Path REPO = Paths.get(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath().normalize();

  @Test
  void theNotVerifiedCopyLeavesOutOnlyTheUniformReadsVerifier() throws Exception {
    String yaml = Files.readString(REPO.resolve("nosqlbench-workloads/yb_kv_large.yaml"));
    String copy = Nb5BenchClient.withoutUniformVerifier(yaml);
    assertThat(copy).doesNotContain("verifyRow('uniform_read'")
        .contains("verifyRow('latest_read'").contains("verifyRow('fixed_latest_read'")
        .contains("verifier-init: &verification");
    assertThat(yaml.length() - copy.length()).isEqualTo(Nb5BenchClient.UNIFORM_VERIFIER.length());
    assertThatThrownBy(() -> Nb5BenchClient.withoutUniformVerifier(copy))
        .hasMessageContaining("no longer has the uniform read's verifier");
  }

  @Test
  void aReadIsReportedFromNb5sOwnCountsAndFailsWithoutEveryReadVerified(@TempDir Path dir) throws Exception {
    BenchClient.Settings s = BenchClient.Settings.builder().ops(1000).concurrency(8).contactPoint("127.0.0.1:9042")
        .localDatacenter("datacenter1").repo(REPO).results(dir).build();
    Nb5BenchClient client = Nb5BenchClient.verified(REPO, "5.25.7");
    writeLog(dir, client, s);
    String progress = "uniform_read (pending,current,complete)=(0,0,1000) 100.00%\n";
    String counts = "yb_kv_large verified reads: uniform_read: 1000 ok, 0 missing, 0 corrupt, 0 not yet written\n"
        + "yb_kv_large verification: ok, every row read was present and correct\n";

    BenchClient.Report ok = client.report(BenchPhase.READ, output(dir, progress + counts), s);
    assertThat(ok.problem()).isNull();
    assertThat(ok.okOps()).isEqualTo(1000);
    // the log: 1000 reads of 2 ms over 2 s
    assertThat(ok.opsPerSecond()).isCloseTo(500, within(1.0));
    assertThat(ok.p99Ms()).isCloseTo(2.0, within(0.01));

    assertThat(client.report(BenchPhase.READ, output(dir, progress), s).problem())
        .isEqualTo("verification: 0 ok of 1000, 0 missing, 0 corrupt ()");
    assertThat(client.report(BenchPhase.READ, output(dir, progress.replace("1000)", "990)") + counts), s).problem())
        .isEqualTo("READ: nb5 completed 990 of 1000, 0 failed");
    String bad = "yb_kv_large verified reads: uniform_read: 998 ok, 1 missing, 1 corrupt, 0 not yet written\n"
        + "yb_kv_large verification FAILED: 1 row(s) missing, 1 corrupt\n";
    assertThat(client.report(BenchPhase.READ, output(dir, progress + bad), s).problem())
        .startsWith("verification: 998 ok of 1000, 1 missing, 1 corrupt");

    // not verified: no counts are expected, and none are claimed
    Nb5BenchClient unverified = Nb5BenchClient.unverified(REPO, "5.25.7", dir);
    writeLog(dir, unverified, s);
    assertThat(unverified.report(BenchPhase.READ, output(dir, progress), s).problem()).isNull();
    assertThat(unverified.name()).isEqualTo("nb5 5.25.7 not verified");
    assertThat(client.name()).isEqualTo("nb5 5.25.7 verified");
  }

  private static Path output(Path dir, String text) throws Exception {
    Path out = dir.resolve("r1-read-nb5.txt");
    Files.writeString(out, text, StandardCharsets.UTF_8);
    return out;
  }

  /** The histogram log the client's command asks nb5 for: two 1 s intervals of 500 reads of 2 ms (in ns). */
  private static void writeLog(Path dir, Nb5BenchClient client, BenchClient.Settings s) throws Exception {
    List<String> cmd = client.command(BenchPhase.READ, s);
    String spec = cmd.get(cmd.indexOf("--log-histograms") + 1);
    Path log = Path.of(spec.substring(0, spec.indexOf(':')));
    try (PrintStream ps = new PrintStream(Files.newOutputStream(log), true, StandardCharsets.UTF_8)) {
      HistogramLogWriter w = new HistogramLogWriter(ps);
      w.outputLogFormatVersion();
      w.outputStartTime(1_000_000);
      w.setBaseTime(1_000_000);
      w.outputLegend();
      for (int i = 0; i < 2; i++) {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(2_000_000, 500);
        h.setStartTimeStamp(1_000_000 + i * 1000L);
        h.setEndTimeStamp(1_001_000 + i * 1000L);
        h.setTag("successfor_uniform_read__select");
        w.outputIntervalHistogram(h);
      }
    }
  }
}
