package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.YcsbOutput;
import io.largekv.harness.ClientResult;
import io.largekv.harness.ycsb.PhaseRunner;
import io.largekv.phase.Phase;
import io.largekv.report.PhaseResult;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryTest {

  private static final long T0 = 1_790_000_000_000L;

  /** A failed uniform read: YCSB's own throughput counts every operation, largekv's successful ones. */
  private static final String FAILED_READ = String.join("\n",
      "[OVERALL], Throughput(ops/sec), 7000.5",
      "[READ], Operations, 1000",
      "[VERIFY], Return=OK, 999",
      "[VERIFY], Return=MISSING, 1",
      "[ERRORS], Return=READ:ReadTimeoutException, 4",
      "[LARGEKV], FailedOperations, 4",
      "[LARGEKV], Throughput(ops/sec), 333.3",
      "[LARGEKV], Result, FAILED: 0 corrupt and 1 missing read(s)",
      "");

  /** A phase directory as PhaseRunner writes it: 10 one-second READ intervals of 100 reads each. */
  static Path phaseDir(Path dir) throws Exception {
    Path client = Files.createDirectories(dir.resolve("uniform-read").resolve("client-0").resolve("hdr"))
        .getParent();
    try (PrintStream ps = new PrintStream(client.resolve("hdr").resolve("READ.hdr").toFile())) {
      HistogramLogWriter w = new HistogramLogWriter(ps);
      w.outputStartTime(T0);
      w.setBaseTime(T0);
      w.outputLegend();
      for (int s = 0; s < 10; s++) {
        Histogram h = new Histogram(3);
        for (int i = 0; i < 100; i++) {
          h.recordValue(s < 2 ? 50_000 : 1_500 + i); // the first two seconds slow: the warm-up
        }
        w.outputIntervalHistogram(s, s + 1, h, 1.0);
      }
    }
    Files.writeString(client.resolve("ycsb.txt"), FAILED_READ);
    Files.writeString(client.resolve("stderr.txt"), YcsbOutput.FIRST_OPERATION + T0 + " (ms since 1970)\n");
    Files.writeString(client.resolve("exit.txt"), "1\n");
    return client.getParent();
  }

  @Test
  void summaryMeasuresAfterTheWarmupFromTheHdrLogsAndShowsTheFailure(@TempDir Path dir) throws Exception {
    Path phase = phaseDir(dir);
    ClientResult client = new ClientResult(Phase.UNIFORM_READ, 1,
        io.largekv.results.ClientSummary.of(YcsbOutput.parse(FAILED_READ)),
        phase.resolve("client-0/ycsb.txt"), phase.resolve("client-0/stderr.txt"), "cmd",
        List.of("largekv: result FAILED: 0 corrupt and 1 missing read(s)"),
        "connected to cluster 'c', 3 node(s), release_version 5.0.6, target cassandra, driver Apache Cassandra Java "
            + "Driver org.apache.cassandra:java-driver-core:4.19.3");
    String s = Summary.render(List.of(new Summary.Row(Phase.UNIFORM_READ, PhaseResult.load(phase, 2),
        List.of(client))), true);
    // 800 reads in the 8 s after a 2 s warm-up: 100/s, latencies of those seconds only
    assertThat(s).contains("uniform-read        100    8.0  READ                  800    1.55")
        .doesNotContain("7,000").doesNotContain(" 333 ").doesNotContain("50.0")
        .contains("\nuniform-read    FAILED (exit status 1, FAILED): 0 corrupt and 1 missing read(s)\n")
        .contains("\n                verified 1,000 reads: 999 ok, 0 corrupt, 1 missing; 4 failed operation(s); the"
            + " whole phase\n")
        .contains("errors: {READ:ReadTimeoutException=4}")
        .contains("\nConnected to cluster 'c', 3 node(s), release_version 5.0.6, target cassandra,")
        .contains("after each read phase's 2 s warm-up (a load: all of them)")
        .contains("Verified reads, failures and errors: the whole phase, warm-up included.")
        .contains("The client and the local Cassandra shared this machine's");
    assertThat(s.lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(120));
  }

  @Test
  void aLoadIsNotVerifiedAndAPhasesStallsAreOneLineWithTheMachinesShare(@TempDir Path dir) throws Exception {
    Path phase = phaseDir(dir);
    String ycsb = String.join("\n", "[LARGEKV], FailedOperations, 0", "[LARGEKV], EventLoopStalls, 13",
        "[LARGEKV], EventLoopStallMaxMs, 49.7", "[LARGEKV], EventLoopStallTotalMs, 223.6",
        "[LARGEKV], EventLoopStallMachineMs, 200.1", "[LARGEKV], EventLoopStallsOnTheMachine, 12",
        "[LARGEKV], EventLoopStallsAfterWarmUp, 0",
        "[LARGEKV], EventLoopStallWarning, 1 client stall(s), the start-up included (x)", "[LARGEKV], Result, ok", "");
    Files.writeString(phase.resolve("client-0/ycsb.txt"), ycsb);
    Files.writeString(phase.resolve("client-0/exit.txt"), "0\n");
    ClientResult client = new ClientResult(Phase.LOAD, 0,
        io.largekv.results.ClientSummary.of(YcsbOutput.parse(ycsb)), phase.resolve("client-0/ycsb.txt"),
        phase.resolve("client-0/stderr.txt"), "cmd",
        List.of("largekv: WARNING: 1 client stall(s), the start-up included (the client's share of each over"
            + " largekv.stall_ms=10: longest 18.9 ms, 18.9 ms in all) may have delayed 32 operation(s) (32 per stall:"
            + " threadcount): enough to move INSERT p99.9 (273.66 ms) by up to 18.90 ms"), "");
    String s = Summary.render(List.of(new Summary.Row(Phase.LOAD, PhaseResult.load(phase, 0), List.of(client))),
        false);
    assertThat(s).contains("\nload            not verified (a load writes;")
        .containsOnlyOnce("stalls of the driver's I/O threads: 13, 223.6 ms: 200.1 ms the machine's, 23.5 ms the"
            + " client's")
        .contains("warning [1]").contains("\n[1] warning: 1 client stall(s), the start-up included")
        .doesNotContain("shared this machine's").doesNotContain("verified 0");
    assertThat(s.lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(120));
  }
  @Test
  void aPhaseWithNothingMeasuredAfterItsWarmUpSaysUnavailableAndWhyNeverZero(@TempDir Path dir) throws Exception {
    // 10 s of reads, the client's cut stated at 9.5 s: the last interval straddles it, none starts after it
    Path phase = phaseDir(dir);
    String ycsb = "[LARGEKV], WarmUpEndEpochMs, " + (T0 + 9_500) + "\n[LARGEKV], Result, ok\n";
    Files.writeString(phase.resolve("client-0/ycsb.txt"), ycsb);
    Files.writeString(phase.resolve("client-0/exit.txt"), "0\n");
    ClientResult client = new ClientResult(Phase.UNIFORM_READ, 0,
        io.largekv.results.ClientSummary.of(YcsbOutput.parse(ycsb)), phase.resolve("client-0/ycsb.txt"),
        phase.resolve("client-0/stderr.txt"), "cmd", List.of(), "");
    String s = Summary.render(List.of(new Summary.Row(Phase.UNIFORM_READ, PhaseResult.load(phase, 9),
        List.of(client))), false);
    assertThat(s).contains("\nuniform-read          -      -  unavailable [1]\n")
        .contains("\n[1] ops/s, count and latency unavailable: the clients' histogram logs hold 1,000 operations,"
            + " none in an interval that\n    starts after the 9 s warm-up; run the phase longer")
        .doesNotContainPattern("uniform-read +0 ").doesNotContain("READ ");
    assertThat(s.lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(120));
  }
  @Test
  void anNb5LoadWhoseLogHoldsNoneOfItsInsertsIsUnavailableNotNoOperations(@TempDir Path dir) throws Exception {
    Path client = Files.createDirectories(dir.resolve("load").resolve("client-0"));
    Files.writeString(client.resolve("exit.txt"), "0\n");
    io.largekv.results.ClientSummary summary = new io.largekv.results.ClientSummary("ok", 0L, java.util.Map.of(), null,
        null, null, null, null, io.largekv.results.ClientSummary.Verified.NONE, java.util.Map.of(), java.util.Map.of(),
        new io.largekv.results.ClientSummary.Nb5("5.25.7", 4000L, "0"));
    io.largekv.report.files.ClientSummaryFile.write(client, summary);
    ClientResult result = new ClientResult(Phase.LOAD, 0, summary, client.resolve("nb5.txt"), client.resolve("nb5.txt"),
        "cmd", List.of(), "");
    String s = Summary.render(List.of(new Summary.Row(Phase.LOAD, PhaseResult.load(client.getParent(), 0),
        List.of(result))), false);
    assertThat(s).contains("\nload                  -      -  unavailable [1]\n")
        .contains("[1] ops/s, count and latency unavailable: nb5 completed 4,000 operations, its histogram log holds"
            + " none (nb5 5.25 leaves\n    its last interval out of the log)")
        .doesNotContain("no operations").doesNotContain("FAILED").doesNotContain("holds 0");
  }
}
