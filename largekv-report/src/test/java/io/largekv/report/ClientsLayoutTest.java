package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.Directories;
import io.largekv.report.files.ClientsLayout;
import io.largekv.report.render.HtmlReport;
import io.largekv.report.render.MarkdownReport;
import io.largekv.report.render.ReportFiles;
import io.largekv.results.RunSetup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A clients' results directory read as a report: its setup, and the clients a phase must have. */
class ClientsLayoutTest {

  private Path dir;

  @BeforeEach
  void tempDir() throws IOException {
    dir = Files.createTempDirectory("largekv-clients-layout").resolve("yb30b");
  }

  @AfterEach
  void cleanUp() throws IOException {
    Directories.deleteRecursively(dir.getParent());
  }

  /** A finished client: its command line, exit status and YCSB output. */
  private void client(String phase, String name, String command, int exit, String ycsb) throws IOException {
    Path c = dir.resolve(phase).resolve(name);
    Files.createDirectories(c);
    Files.writeString(c.resolve("command.txt"), command + "\n");
    Files.writeString(c.resolve("exit.txt"), exit + "\n");
    Files.writeString(c.resolve("ycsb.txt"), ycsb);
  }

  private static String command(String phase, String... props) {
    StringBuilder sb = new StringBuilder("/opt/largekv/bin/ycsb run yugabyte-ycql -P /etc/largekv/workloads/" + phase
        + " -s -p hosts=yb1 -p ycql.target=yugabyte");
    for (String p : props) {
      sb.append(" -p ").append(p);
    }
    return sb.toString();
  }

  @Test
  void theSetupComesFromTheClientsOwnFilesWithEachPhasesWarmUp() throws IOException {
    client("uniform-read", "client-0", command("large30b-uniform-read", "maxexecutiontime=1800", "client.count=2"), 0,
        "[LARGEKV], WarmUpExcludedSeconds, 10\n");
    client("uniform-read", "client-1", command("large30b-uniform-read", "maxexecutiontime=1800", "client.count=2"), 0,
        "[LARGEKV], WarmUpExcludedSeconds, 10\n");
    client("latest-read", "client-0", command("large30b-latest-read", "client.count=1"), 0,
        "[LARGEKV], WarmUpExcludedSeconds, 30\n");
    RunSetup p = ClientsLayout.setup(dir);
    assertThat(p.columns()).containsExactly("yb30b");
    assertThat(p.clientsLayout()).isTrue();
    assertThat(p.warmUpSeconds("uniform-read")).isEqualTo(10);
    assertThat(p.warmUpSeconds("latest-read")).isEqualTo(30);
    assertThat(p.warmUpSeconds("load")).isZero();
    assertThat(p.target("yb30b").hosts()).isEqualTo("yb1");
    assertThat(p.sizes().duration()).isEqualTo("1800 s");
    assertThat(p.phases()).containsExactlyInAnyOrder("uniform-read", "latest-read");
    // every client's own command, as it ran
    assertThat(p.commands()).extracting(io.largekv.results.Results.Command::phase)
        .containsOnly("uniform-read", "latest-read");
    assertThat(ClientsLayout.setup(dir.resolve("nothing-here"))).isNull();
  }

  @Test
  void readPhasesOfTheirOwnLengthsAreEachSaidInTheOrderTheyRan() throws Exception {
    client("uniform-read", "client-0", command("large30b-uniform-read", "maxexecutiontime=65"), 0, "");
    client("latest-read", "client-0", command("large30b-latest-read", "maxexecutiontime=95"), 0, "");
    Files.setLastModifiedTime(dir.resolve("latest-read/client-0/command.txt"),
        java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 60_000));
    assertThat(ClientsLayout.setup(dir).sizes().duration()).isEqualTo("uniform-read 65 s, latest-read 95 s");
  }

  @Test
  void aPhaseFailsWhenAClientTheCommandsCountIsMissingOrAStrayOneIsThere() throws IOException {
    // YCSB takes the last -p: the user's client.count=1 is overridden by the command's own 3
    String cmd = command("large30b-uniform-read", "client.count=1", "client.count=3");
    client("uniform-read", "client-0", cmd, 0, "");
    client("uniform-read", "client-2", cmd, 0, "");
    client("uniform-read", "client-7", cmd, 0, "");
    PhaseResult r = PhaseResult.load(dir.resolve("uniform-read"), 0);
    assertThat(r.missingClients).containsExactly(1);
    assertThat(r.clientProblems).containsExactly("client-7 is beyond client.count=3");
    assertThat(r.failed()).isTrue();
  }

  @Test
  void clientsThatDisagreeOnTheirCountFailThePhaseAndAFailedClientSaysWhy() throws IOException {
    client("load", "client-0", command("large30b", "client.count=2"), 0, "");
    client("load", "client-1", command("large30b", "client.count=1"), 1, "");
    Files.writeString(dir.resolve("load/client-1/stderr.txt"), "largekv: start barrier: ready\nlargekv: start"
        + " barrier: not every client of the phase was ready within 900 s\n");
    PhaseResult r = PhaseResult.load(dir.resolve("load"), 0);
    assertThat(r.clientProblems).containsExactly("the clients' commands disagree on client.count [1, 2]");
    assertThat(r.failureReasons).containsExactly("client-1: start barrier: not every client of the phase was ready"
        + " within 900 s");
    assertThat(r.failed()).isTrue();
  }

  @Test
  void aLoadClientRunAgainCountsEachRowOnceAndKeepsEveryLatency() throws Exception {
    // client-0 ran once; client-1 was killed (its log's last line half written) and its pod run
    // again: the last attempt continued with 6,500 rows acknowledged before; its earlier attempt
    // logged 7,000 inserts, 500 of them after the checkpoint, done again by the last attempt
    String cmd = command("large30b", "client.count=2");
    client("load", "client-0", cmd, 0, "[LARGEKV], Operations, 7000\n");
    HdrMergeTest.writeLog(Files.createDirectories(dir.resolve("load/client-0/hdr")), "INSERT.hdr", 1, 5_000,
        new org.HdrHistogram.Histogram(3));
    Path attempt = Files.createDirectories(dir.resolve("load/client-1/attempt-1/hdr"));
    Files.writeString(dir.resolve("load/client-1/attempt-1/command.txt"), cmd + "\n");
    org.HdrHistogram.Histogram all = new org.HdrHistogram.Histogram(3);
    HdrMergeTest.writeLog(attempt, "INSERT.hdr", 2, 80_000, all);
    Files.writeString(attempt.resolve("INSERT.hdr"), "8.000,1.000,79.9,HISTFAAAAC", java.nio.file.StandardOpenOption.APPEND);
    // its seconds: 3 operations failed (a killed attempt printed no summary); the last line half written
    Files.writeString(dir.resolve("load/client-1/attempt-1/timeline.csv"), "# end_ms,ok,failed,verify_failed,classes\n"
        + "1000,900,0,0,\n2000,880,3,0,INSERT:WriteTimeoutException=3\n3000,87");
    client("load", "client-1", cmd, 0, "[LARGEKV], Operations, 7000\n[LARGEKV], LoadRowsBefore, 6500\n");
    HdrMergeTest.writeLog(Files.createDirectories(dir.resolve("load/client-1/hdr")), "INSERT.hdr", 3, 5_000, all);

    PhaseResult r = PhaseResult.load(dir.resolve("load"), 0);
    assertThat(r.failed()).isFalse();
    assertThat(r.count("INSERT")).isEqualTo(7000 + 7000 + 6500);
    // latencies: every operation measured, the killed attempt's slow ones too
    assertThat(r.histogram("INSERT").getTotalCount()).isEqualTo(21_000);
    assertThat(r.histogram("INSERT").getMaxValue()).isGreaterThanOrEqualTo(all.getMaxValue());
    assertThat(r.reruns).containsExactly("client-1 ran 2 times (attempt-1 killed (no exit status)); its last"
        + " continued with 6500 rows acknowledged before; 3 operations failed in the earlier attempts");
    assertThat(r.errors()).isEqualTo(3);
    assertThat(r.errorClasses()).containsEntry("INSERT:WriteTimeoutException", 3L);
    assertThat(r.clientThroughputs()[1] * r.clientMeasuredSeconds()[1]).isCloseTo(13_500, org.assertj.core.data.Offset.offset(1.0));

    // the killed attempt logged fewer than it acknowledged (its last second never reached the log):
    // the count is never more than the logs hold
    Files.writeString(dir.resolve("load/client-1/ycsb.txt"), "[LARGEKV], LoadRowsBefore, 9000\n");
    assertThat(PhaseResult.load(dir.resolve("load"), 0).count("INSERT")).isEqualTo(21_000);

    // earlier attempts whose last did not continue a load's checkpoint (a read client run again):
    // its operations cannot be counted once, and the phase fails
    Files.writeString(dir.resolve("load/client-1/ycsb.txt"), "[LARGEKV], Operations, 7000\n");
    PhaseResult read = PhaseResult.load(dir.resolve("load"), 0);
    assertThat(read.clientProblems).containsExactly("client-1 holds earlier attempts (attempt-<k>/) but its last did"
        + " not continue a load's checkpoint (no LoadRowsBefore): its operations cannot be counted once");
    assertThat(read.failed()).isTrue();
  }

  @Test
  void anExpectedPhaseThatNoClientRanIsAFailedRowNotLeftOut() throws Exception {
    // a Kubernetes run whose read Job was never applied: only the load's clients wrote their files
    client("load", "client-0", command("large30b", "client.count=1"), 0, "[LARGEKV], Operations, 7000\n");
    HdrMergeTest.writeLog(Files.createDirectories(dir.resolve("load/client-0/hdr")), "INSERT.hdr", 1, 5_000,
        new org.HdrHistogram.Histogram(3));
    assertThat(Report.load(dir).failedCells()).isEmpty(); // without --phases: the phases that are there
    Report r = Report.load(dir, List.of("load", "uniform-read"));
    assertThat(r.phases).containsExactly("load", "uniform-read");
    assertThat(r.failedCells()).containsExactly("uniform-read on yb30b");
    assertThat(io.largekv.report.render.ReportTables.main(r.results(), "uniform-read").get("status")).containsExactly("FAILED (not run)");
    assertThat(MarkdownReport.render(r)).contains("uniform-read");
    ReportFiles.write(r, dir);
    assertThat(ResultsCheck.check(dir).runs().get(0).setup().layout()).isEqualTo("clients");
    HtmlReport.render(r);

    // nothing ran at all
    Path none = Files.createDirectories(dir.getParent().resolve("empty-run"));
    assertThat(Report.load(none, List.of("load")).failedCells()).containsExactly("load on empty-run");
    ReportFiles.write(Report.load(none, List.of("load")), none);
    assertThat(ResultsCheck.check(none).verdict().failedCells()).containsExactly("load on empty-run");
  }
  @Test
  void aPhaseThatMeasuredNothingAfterItsWarmUpSaysUnavailableNeverZero() throws Exception {
    // 3 s of reads, the client's cut at 2.5 s: its last interval straddles the cut, no interval starts after it
    long t0 = 1_790_000_000_000L;
    client("uniform-read", "client-0", command("large30b-uniform-read", "maxexecutiontime=3"), 0,
        "[LARGEKV], WarmUpExcludedSeconds, 2\n[LARGEKV], WarmUpEndEpochMs, " + (t0 + 2_500) + "\n"
            + "[LARGEKV], Result, ok\n");
    PhaseResultTest.ops(dir.resolve("uniform-read/client-0"), "READ", t0, 3, 1000);
    var table = io.largekv.report.render.ReportTables.main(Report.load(dir).results(), "uniform-read");
    assertThat(table.get("status")).containsExactly("ok");
    assertThat(table.get("throughput (ops/s)")).containsExactly(io.largekv.report.render.ReportTables.UNMEASURED);
    assertThat(table.get("operations")).containsExactly("0"); // a count: none after the warm-up
    assertThat(table.get("measured seconds")).containsExactly("-");
  }
  @Test
  void aPhaseWhoseClientsRecordedNoOperationFailsAndSaysSo() throws Exception {
    client("uniform-read", "client-0", command("large30b-uniform-read", "maxexecutiontime=60"), 0,
        "[LARGEKV], Result, ok\n");
    Report r = Report.load(dir);
    assertThat(r.failedCells()).containsExactly("uniform-read on yb30b");
    assertThat(io.largekv.report.render.ReportTables.main(r.results(), "uniform-read").get("status"))
        .containsExactly("FAILED (exit codes [0]; no client recorded an operation)");
  }
}
