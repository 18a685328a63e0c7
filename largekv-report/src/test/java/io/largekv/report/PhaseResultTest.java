package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.largekv.common.YcsbOutput;
import io.largekv.results.ClientSummary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One phase run's merged figures (PhaseResult) from client directories written by hand: a client's
 * operations are so many a second, one interval a second, 2 ms each. Every expected value is worked
 * out from those rates.
 */
class PhaseResultTest {

  private static final long T0 = 1_790_000_000_000L;

  /** {@code client}'s {@code op}: {@code perSecond} operations in each of {@code seconds} 1-s intervals from {@code t0}. */
  static void ops(Path client, String op, long t0, int seconds, int perSecond) throws Exception {
    Path hdr = Files.createDirectories(client.resolve("hdr"));
    IntervalLogs.write(hdr.resolve(op + ".hdr"), t0, seconds, s -> {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(2_000, perSecond);
      return h;
    });
  }

  /** A client's exit status and YCSB output (its summary). */
  static Path finished(Path client, int exit, String ycsb) throws Exception {
    Files.createDirectories(client);
    Files.writeString(client.resolve("exit.txt"), exit + "\n");
    Files.writeString(client.resolve("ycsb.txt"), ycsb);
    return client;
  }

  /** One client reading 1,000 a second for 30 s from T0, with {@code ycsb} as its output. */
  private static Path thirtySeconds(Path run, String ycsb) throws Exception {
    ops(finished(run.resolve("client-0"), 0, ycsb), "READ", T0, 30, 1000);
    return run;
  }

  // ------------------------------------------------------------------ the charts' series

  @Test
  void theSeriesHaveASecondForEachSecondOfThePhase(@TempDir Path run) throws Exception {
    // EventReportTest's run: 60 s, 1,000 reads a second, 200 in 30-32 s (2 % of them 50 ms), then 950
    EventReportTest.writeRun(run);
    Files.write(run.resolve("client-0").resolve("timeline.csv"), List.of(
        "# end_ms,successful,failed,verification_failures,classes",
        (T0 + 1_000) + ",1000,6,0,READ:DriverTimeoutException=6", // the first second
        (T0 + 31_000) + ",200,40,0,READ:DriverTimeoutException=40",
        (T0 + 32_000) + ",200,7,0,READ:DriverTimeoutException=7",
        (T0 + 61_000) + ",0,9,0,READ:DriverTimeoutException=9"), // after the last interval: no second of the phase
        StandardCharsets.UTF_8);
    PhaseResult r = PhaseResult.load(run, 0);
    double[] failed = r.series().failed();
    assertThat(failed).hasSize(60);
    assertThat(failed[0]).isEqualTo(6.0);
    assertThat(failed[30]).isEqualTo(40.0);
    assertThat(failed[31]).isEqualTo(7.0);
    assertThat(Arrays.stream(failed).sum()).isEqualTo(6 + 40 + 7);

    double[] tp = r.series().throughput();
    assertThat(tp).hasSize(60);
    assertThat(tp[0]).isEqualTo(1000.0);
    assertThat(tp[30]).isEqualTo(200.0);
    assertThat(tp[59]).isEqualTo(950.0);

    double[] p99 = r.series().latency("READ", 99);
    assertThat(p99).hasSize(60);
    assertThat(p99[0]).isEqualTo(2.0); // 2,000 µs: exact at 3 significant digits
    assertThat(p99[59]).isEqualTo(2.0);
    // 30-32 s: 4 of 200 at 50 ms (2 %), so the slowest 1 % are 50 ms (within HdrHistogram's 0.1 %)
    assertThat(p99[31]).isCloseTo(50.0, within(0.05));
    assertThat(r.series().latency("READ", 50)[31]).isEqualTo(2.0);
    // an operation the phase did not do: a second of the length of the phase, each unknown
    double[] none = r.series().latency("UPDATE", 99);
    assertThat(none).hasSize(60);
    assertThat(Arrays.stream(none).allMatch(Double::isNaN)).isTrue();
  }

  // ------------------------------------------------------------------ the seconds every client measured

  @Test
  void theSteadySecondsAreTheWholeSecondsEveryClientMeasured(@TempDir Path run) throws Exception {
    // client-0: 30 s from T0; client-1 connected 5.5 s later and measured 19 s (to 24.5 s), 1,000 a second each
    ops(finished(run.resolve("client-0"), 0, ""), "READ", T0, 30, 1000);
    ops(finished(run.resolve("client-1"), 0, ""), "READ", T0 + 5_500, 19, 1000);
    PhaseResult r = PhaseResult.load(run, 0);
    // whole seconds in which both measured: 6 s (the first after 5.5 s) to 23 s (the last before 24.5 s)
    double[] steady = r.series().steadyThroughputs();
    assertThat(steady).hasSize(24 - 6);
    assertThat(steady).containsOnly(2000.0);
    // the seconds around: client-1's intervals straddle them, half of one in each
    assertThat(r.series().throughput()[5]).isEqualTo(1000 + 500.0);
    assertThat(r.series().throughput()[24]).isEqualTo(1000 + 500.0);
    assertThat(r.clientMeasuredSeconds()).containsExactly(30.0, 19.0);
    assertThat(r.clientThroughputs()).containsExactly(30_000 / 30.0, 19_000 / 19.0);
  }

  @Test
  void aSingleClientsSteadySecondsStartAtTheFirstWholeSecondAfterTheCut(@TempDir Path tmp) throws Exception {
    // no warm-up: every one of the 30 seconds
    PhaseResult all = PhaseResult.load(thirtySeconds(tmp.resolve("all"), ""), 0);
    assertThat(all.series().steadyThroughputs()).hasSize(30).containsOnly(1000.0);
    assertThat(all.clientMeasuredSeconds()).containsExactly(30.0);
    assertThat(all.clientThroughputs()).containsExactly(1000.0);
    // the client cut at 10.5 s: 11 s to 29 s
    PhaseResult cut = PhaseResult.load(thirtySeconds(tmp.resolve("cut"), "[LARGEKV], WarmUpEndEpochMs, "
        + (T0 + 10_500) + "\n"), 10);
    assertThat(cut.series().steadyThroughputs()).hasSize(30 - 11).containsOnly(1000.0);
    // the interval that straddles the cut (10 s to 11 s) counts neither its reads nor its seconds: the
    // client measured the 19 s from 11 s, at its 1,000 a second
    assertThat(cut.count("READ")).isEqualTo(19 * 1000);
    assertThat(cut.clientMeasuredSeconds()).containsExactly(19.0);
    assertThat(cut.measuredSeconds()).isEqualTo(19.0);
    assertThat(cut.throughput()).isEqualTo(1000.0);
    assertThat(cut.clientThroughputs()).containsExactly(1000.0);
  }

  // ------------------------------------------------------------------ time zero and the warm-up's cut

  @Test
  void clientsThatReadBeforeTheCommonStartAreMeasuredFromIt(@TempDir Path run) throws Exception {
    // the clients' common start came 2 s after this client's first interval (nb5's pods read while waiting)
    PhaseResult r = PhaseResult.load(thirtySeconds(run, "[LARGEKV], CommonStartEpochMs, " + (T0 + 2_000) + "\n"), 0);
    assertThat(r.startMs).isEqualTo(T0 + 2_000);
    assertThat(r.cutMs).isEqualTo(T0 + 2_000);
    double[] tp = r.series().throughput();
    assertThat(tp).hasSize(28); // 2 s to 30 s
    assertThat(tp[0]).isEqualTo(3000.0); // the first second holds the 2 s before it too
    // so the steady seconds leave it out: 1 s to 27 s after the common start
    assertThat(r.series().steadyThroughputs()).hasSize(27).containsOnly(1000.0);
  }

  @Test
  void aPhaseWithoutAWarmUpMeasuresFromItsFirstOperationAfterTheCommonStart(@TempDir Path tmp) throws Exception {
    // the common start 5 s before the first interval: a load's figures start at its first operation
    PhaseResult load = PhaseResult.load(thirtySeconds(tmp.resolve("load"), "[LARGEKV], CommonStartEpochMs, "
        + (T0 - 5_000) + "\n"), 0);
    assertThat(load.startMs).isEqualTo(T0);
    // the first operation the client reported came 0.5 s before its first interval, at the common start's
    // instant: time zero is that first operation
    Path first = thirtySeconds(tmp.resolve("first"), "[LARGEKV], CommonStartEpochMs, " + T0 + "\n");
    Files.writeString(first.resolve("client-0").resolve("stderr.txt"), YcsbOutput.FIRST_OPERATION + (T0 - 500) + "\n");
    assertThat(PhaseResult.load(first, 0).startMs).isEqualTo(T0 - 500);
  }

  @Test
  void aWarmUpCountsFromTheCommonStart(@TempDir Path tmp) throws Exception {
    // the common start 3 s before the first interval, a 10-s warm-up: the cut at 7 s after T0
    PhaseResult read = PhaseResult.load(thirtySeconds(tmp.resolve("read"), "[LARGEKV], CommonStartEpochMs, "
        + (T0 - 3_000) + "\n"), 10);
    assertThat(read.startMs).isEqualTo(T0 - 3_000);
    assertThat(read.cutMs).isEqualTo(T0 + 7_000);
    assertThat(read.warmupMs).isEqualTo(10_000);
    assertThat(read.count("READ")).isEqualTo(23 * 1000); // the intervals from 7 s to 29 s
    // a common start of 0 is none: the warm-up counts from the first interval
    PhaseResult zero = PhaseResult.load(thirtySeconds(tmp.resolve("zero"), "[LARGEKV], CommonStartEpochMs, 0\n"), 10);
    assertThat(zero.startMs).isEqualTo(T0);
    assertThat(zero.cutMs).isEqualTo(T0 + 10_000);
  }

  @Test
  void theCutIsTheEarliestInstantAClientStates(@TempDir Path run) throws Exception {
    // client-0 states none (0), client-1 cut at 10.5 s: the cut is client-1's, not the rule's 10 s
    ops(finished(run.resolve("client-0"), 0, "[LARGEKV], WarmUpEndEpochMs, 0\n"), "READ", T0, 30, 1000);
    ops(finished(run.resolve("client-1"), 0, "[LARGEKV], WarmUpEndEpochMs, " + (T0 + 10_500) + "\n"), "READ", T0,
        30, 1000);
    PhaseResult r = PhaseResult.load(run, 10);
    assertThat(r.cutMs).isEqualTo(T0 + 10_500);
    assertThat(r.count("READ")).isEqualTo(2 * 19 * 1000); // the intervals from 11 s on, both clients
  }

  @Test
  void aRunWhoseOperationsAllFellInTheWarmUpMeasuredNothing(@TempDir Path tmp) throws Exception {
    // 10 s of reads: a 10-s warm-up ends where the last interval ends
    Path ten = tmp.resolve("ten");
    ops(finished(ten.resolve("client-0"), 0, ""), "READ", T0, 10, 1000);
    assertThat(PhaseResult.load(ten, 10).measured()).isFalse();
    assertThat(PhaseResult.load(ten, 9).measured()).isTrue();
  }

  @Test
  void anNb5LoadWhoseLogHoldsNoneOfTheInsertsItCompletedIsUnmeasuredNotFailed(@TempDir Path tmp) throws Exception {
    // nb5 5.25 left its only interval out of the log of a 2-s load: its verdict (exit 0, every insert of its
    // share completed) decides; its figures are unavailable
    Path nb5 = Files.createDirectories(tmp.resolve("nb5").resolve("client-0"));
    Files.writeString(nb5.resolve("exit.txt"), "0\n");
    io.largekv.report.files.ClientSummaryFile.write(nb5, new ClientSummary("ok", 0L, Map.of(), null, null, null, null,
        null, ClientSummary.Verified.NONE, Map.of(), Map.of(), new ClientSummary.Nb5("5.25.7", 4000L, "0")));
    PhaseResult r = PhaseResult.load(nb5.getParent(), 0);
    assertThat(r.logs).isEmpty();
    assertThat(r.noOperationRecorded()).isFalse();
    assertThat(r.failed()).isFalse();
    assertThat(r.measured()).isFalse();
    // a YCSB client that logged nothing did nothing that can be counted: failed, whatever its exit status
    Path ycsb = finished(tmp.resolve("ycsb").resolve("client-0"), 0, "[LARGEKV], Result, ok\n");
    PhaseResult y = PhaseResult.load(ycsb.getParent(), 0);
    assertThat(y.noOperationRecorded()).isTrue();
    assertThat(y.failed()).isTrue();
    // and so did an nb5 that completed none
    Path none = Files.createDirectories(tmp.resolve("none").resolve("client-0"));
    Files.writeString(none.resolve("exit.txt"), "0\n");
    io.largekv.report.files.ClientSummaryFile.write(none, new ClientSummary("ok", 0L, Map.of(), null, null, null, null,
        null, ClientSummary.Verified.NONE, Map.of(), Map.of(), new ClientSummary.Nb5("5.25.7", 0L, "0")));
    assertThat(PhaseResult.load(none.getParent(), 0).failed()).isTrue();
  }

  @Test
  void aRunWhoseOnlyIntervalAfterTheCutStartedBeforeItMeasuredNothing(@TempDir Path tmp) throws Exception {
    // three 1-s intervals, the cut stated at 2.5 s (an nb5 client's, which no interval boundary meets):
    // the last interval straddles it, so no operation is counted after the warm-up, and no second is
    // either: unavailable, never 0 ops/s over the half second after the cut
    Path three = tmp.resolve("three");
    ops(finished(three.resolve("client-0"), 0, "[LARGEKV], WarmUpEndEpochMs, " + (T0 + 2_500) + "\n"), "READ", T0,
        3, 1000);
    PhaseResult r = PhaseResult.load(three, 2);
    assertThat(r.endMs).isGreaterThan(r.cutMs);
    assertThat(r.count("READ")).isZero();
    assertThat(r.measured()).isFalse();
    assertThat(r.clientMeasuredSeconds()).containsExactly(0.0);
    assertThat(r.clientThroughputs()[0]).isNaN();
  }

  // ------------------------------------------------------------------ the clients a phase must have

  @Test
  void aClientWithoutACommandIsNotACountThatDisagrees(@TempDir Path run) throws Exception {
    Path c0 = finished(run.resolve("client-0"), 0, "");
    Files.writeString(c0.resolve("command.txt"), "bin/ycsb run x -p client.count=2\n");
    ops(c0, "READ", T0, 5, 100);
    ops(finished(run.resolve("client-1"), 0, ""), "READ", T0, 5, 100); // no command.txt
    PhaseResult r = PhaseResult.load(run, 0);
    assertThat(r.clientProblems).isEmpty();
    assertThat(r.missingClients).isEmpty();
    assertThat(r.failed()).isFalse();
  }

  @Test
  void aLocalNodeThatEndedOnItsOwnFailsThePhaseWhateverItsClientsSaw(@TempDir Path run) throws Exception {
    thirtySeconds(run, "");
    io.largekv.report.files.NodesFile.write(run.resolve(io.largekv.results.ResultsLayout.NODES), List.of(
        io.largekv.report.files.NodesFile.running(1, "127.0.0.1", T0, 10, 5),
        io.largekv.report.files.NodesFile.endedOnItsOwn(2, "127.0.0.2", T0, "with exit code 1 at 2026-11-29T16:35:46Z"
            + " (not by an event); its first error: java.io.IOException: Cannot allocate memory; its log: "
            + "cassandra-node2.log")));
    PhaseResult r = PhaseResult.load(run, 0);
    assertThat(r.exitCodes).containsOnly(0);
    assertThat(r.clientProblems).isEmpty();
    assertThat(r.failed()).isTrue();
    assertThat(r.nodesEndedOnTheirOwn()).containsExactly("node 2 (127.0.0.2) ended on its own: with exit code 1 at "
        + "2026-11-29T16:35:46Z (not by an event); its first error: java.io.IOException: Cannot allocate memory; its "
        + "log: cassandra-node2.log");
    assertThat(r.nodes).extracting(io.largekv.report.files.NodeRecord::endedOnItsOwn).containsExactly(false, true);

    // the same nodes all running: not failed
    io.largekv.report.files.NodesFile.write(run.resolve(io.largekv.results.ResultsLayout.NODES), List.of(
        io.largekv.report.files.NodesFile.running(1, "127.0.0.1", T0, 10, 5),
        io.largekv.report.files.NodesFile.notCounted(2, "127.0.0.2", T0, null)));
    assertThat(PhaseResult.load(run, 0).failed()).isFalse();
  }

  @Test
  void theClientWhoseIndexIsTheCountIsBeyondIt(@TempDir Path run) throws Exception {
    for (int i = 0; i < 3; i++) {
      Path c = finished(run.resolve("client-" + i), 0, "");
      Files.writeString(c.resolve("command.txt"), "bin/ycsb run x -p client.count=2\n");
      ops(c, "READ", T0, 5, 100);
    }
    PhaseResult r = PhaseResult.load(run, 0);
    // client.count=2: client-0 and client-1
    assertThat(r.clientProblems).containsExactly("client-2 is beyond client.count=2");
    assertThat(r.missingClients).isEmpty();
    assertThat(r.failed()).isTrue();
  }

  @Test
  void aFailedClientsReasonIsItsLastLineShortenedPast300Characters(@TempDir Path tmp) throws Exception {
    Path silent = tmp.resolve("silent");
    finished(silent.resolve("client-0"), 1, "");
    assertThat(PhaseResult.load(silent, 0).failureReasons).containsExactly("client-0: no reason written");

    String three00 = "x".repeat(300);
    Path exact = tmp.resolve("exact");
    finished(exact.resolve("client-0"), 1, "");
    Files.writeString(exact.resolve("client-0").resolve("stderr.txt"), "largekv: " + three00 + "\n");
    assertThat(PhaseResult.load(exact, 0).failureReasons).containsExactly("client-0: " + three00);

    Path longer = tmp.resolve("longer");
    finished(longer.resolve("client-0"), 1, "");
    Files.writeString(longer.resolve("client-0").resolve("stderr.txt"), "largekv: " + three00 + "yz\n");
    assertThat(PhaseResult.load(longer, 0).failureReasons).containsExactly("client-0: " + three00 + "... (the whole"
        + " line: " + longer.resolve("client-0").resolve("stderr.txt") + ")");
  }

  // ------------------------------------------------------------------ the main operation

  @Test
  void theMainOperationIsReadElseTheMostFrequent(@TempDir Path tmp) throws Exception {
    Path read = tmp.resolve("read");
    ops(finished(read.resolve("client-0"), 0, ""), "READ", T0, 5, 100);
    ops(read.resolve("client-0"), "UPDATE", T0, 5, 900);
    assertThat(PhaseResult.load(read, 0).mainOperation()).isEqualTo("READ"); // though UPDATE is more frequent

    Path update = tmp.resolve("update");
    ops(finished(update.resolve("client-0"), 0, ""), "INSERT", T0, 5, 100);
    ops(update.resolve("client-0"), "UPDATE", T0, 5, 900);
    assertThat(PhaseResult.load(update, 0).mainOperation()).isEqualTo("UPDATE");

    // a tie: the first by name, the same every time the report is made
    Path tie = tmp.resolve("tie");
    ops(finished(tie.resolve("client-0"), 0, ""), "INSERT", T0, 5, 500);
    ops(tie.resolve("client-0"), "UPDATE", T0, 5, 500);
    assertThat(PhaseResult.load(tie, 0).mainOperation()).isEqualTo("INSERT");

    Path none = tmp.resolve("none");
    finished(none.resolve("client-0"), 3, "");
    assertThat(PhaseResult.load(none, 0).mainOperation()).isNull();
  }

  // ------------------------------------------------------------------ the clients' summaries, merged

  @Test
  void theClientsCountsAreAddedUp(@TempDir Path run) throws Exception {
    finished(run.resolve("client-0"), 0, "[VERIFY], Return=OK, 10\n[VERIFY], Return=CORRUPT, 2\n"
        + "[VERIFY], Return=MISSING, 3\n[VERIFY], Return=NOT_YET_WRITTEN, 4\n[READ], Return=ERROR, 5\n"
        + "[ERRORS], Return=READ:DriverTimeoutException, 5\n"
        + "[LARGEKV], EventLoopStalls, 2\n[LARGEKV], EventLoopStallMaxMs, 40.5\n[LARGEKV], EventLoopStallTotalMs, 52.5\n");
    finished(run.resolve("client-1"), 0, "[VERIFY], Return=OK, 20\n[VERIFY], Return=CORRUPT, 1\n"
        + "[VERIFY], Return=MISSING, 1\n[VERIFY], Return=NOT_YET_WRITTEN, 1\n[READ], Return=ERROR, 2\n"
        + "[ERRORS], Return=READ:DriverTimeoutException, 1\n[ERRORS], Return=READ:ReadFailureException, 1\n");
    PhaseResult r = PhaseResult.load(run, 0);
    assertThat(r.verified()).isEqualTo(new ClientSummary.Verified(10 + 20, 2 + 1, 3 + 1, 4 + 1));
    assertThat(r.errors()).isEqualTo(5 + 2);
    assertThat(r.errorClasses()).isEqualTo(Map.of("READ:DriverTimeoutException", 5L + 1,
        "READ:ReadFailureException", 1L));
    // client-1 does not count stalls: client-0's alone
    assertThat(r.stalls()).isEqualTo(new ClientSummary.Stalls(2, 40.5, 52.5, null, null, null));
  }

  @Test
  void aRerunWithoutFailuresSaysNoneFailed(@TempDir Path run) throws Exception {
    // client-0's first attempt was killed after 5 s of 100 inserts a second, none failed; its last
    // continued with 500 rows acknowledged before
    Path client = run.resolve("client-0");
    Path attempt = Files.createDirectories(client.resolve("attempt-1"));
    ops(attempt, "INSERT", T0, 5, 100);
    Files.writeString(attempt.resolve("timeline.csv"), "# end_ms,ok,failed,verify_failed,classes\n"
        + (T0 + 1_000) + ",100,0,0,\n" + (T0 + 2_000) + ",100,0,0,\n");
    ops(finished(client, 0, "[LARGEKV], LoadRowsBefore, 500\n"), "INSERT", T0 + 10_000, 5, 100);
    PhaseResult r = PhaseResult.load(run, 0);
    assertThat(r.reruns).containsExactly("client-0 ran 2 times (attempt-1 killed (no exit status)); its last"
        + " continued with 500 rows acknowledged before");
    assertThat(r.errors()).isZero();
    assertThat(r.count("INSERT")).isEqualTo(500 + 500); // the 500 acknowledged, and the last attempt's
  }
}
