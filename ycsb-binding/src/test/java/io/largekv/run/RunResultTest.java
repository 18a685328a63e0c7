package io.largekv.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.YcsbOutput;
import io.largekv.results.ClientSummary;
import io.largekv.run.RunCounters.Operation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class RunResultTest {

  private static RunOutcome outcome(String... kv) {
    Properties p = new Properties();
    for (String s : kv) {
      p.setProperty(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
    }
    RunOutcome o = new RunOutcome();
    o.configure(p);
    return o;
  }

  private static String summary(RunOutcome o) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    o.result().printSummary(new PrintStream(out, true, StandardCharsets.UTF_8));
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void onlySuccessfulOperationsAreThroughputAndTheFailedFractionDecides() {
    RunOutcome o = outcome();
    long start = System.nanoTime();
    for (int i = 0; i < 990; i++) {
      o.counters().record(Operation.READ, start, true);
    }
    for (int i = 0; i < 10; i++) {
      o.counters().record(Operation.READ, start, false);
      o.counters().failedWith(Operation.READ, "ReadTimeoutException");
    }
    assertThat(o.counters().successful()).isEqualTo(990);
    assertThat(o.counters().failed()).isEqualTo(10);
    assertThat(o.result().problems()).isEmpty(); // exactly 1 %
    assertThat(o.result().exitStatus()).isZero();
    o.counters().record(Operation.UPDATE, start, false);
    assertThat(o.result().problems()).containsExactly("1.10 % of operations failed (11 of 1001; largekv.max_failed_fraction=0.01)");
    assertThat(o.result().exitStatus()).isEqualTo(1);
    String s = summary(o);
    assertThat(s).contains("[LARGEKV], Operations, 990\n").contains("[LARGEKV], FailedOperations, 11\n")
        .contains("[LARGEKV], Failed:READ:ReadTimeoutException, 10\n").contains("[LARGEKV], Operations(UPDATE), 0\n")
        .contains("[LARGEKV], FailedOperations(UPDATE), 1\n").contains("[LARGEKV], ExitStatus, 1\n")
        .contains("[LARGEKV], Result, FAILED: 1.10 % of operations failed");
    long ms = o.counters().measuredMillis();
    assertThat(s).contains("[LARGEKV], MeasuredTime(ms), " + ms + "\n");
    // what the report reads back of it: the same record
    ClientSummary read = ClientSummary.of(YcsbOutput.parse(s));
    assertThat(read.failedOperations()).isEqualTo(11);
    assertThat(read.operationsByType()).containsEntry("READ", 990L).containsEntry("UPDATE", 0L);
    assertThat(read.result()).startsWith("FAILED: 1.10 %");
    assertThat(read.saysFailed()).isTrue();
    assertThat(read.loadRowsBefore()).isNull(); // not a load that continued a checkpoint: never 0
  }

  @Test
  void aLoadFailsOnALostRowNotOnRetriedAttempts() {
    RunOutcome o = outcome("dotransactions=false");
    long start = System.nanoTime();
    o.counters().record(Operation.INSERT, start, false);
    o.counters().record(Operation.INSERT, start, true);
    assertThat(o.result().problems()).isEmpty();
    o.counters().rowLost();
    assertThat(o.result().problems()).containsExactly("1 row(s) lost: every retry of their insert failed");
    assertThat(summary(o)).contains("[LARGEKV], LostRows, 1\n");
  }

  @Test
  void aRunFailsOnCorruptOrMissingReadsAndOnNoOperationAtAll() {
    RunOutcome o = outcome();
    assertThat(o.result().problems()).containsExactly("no operation ran");
    o.counters().record(Operation.READ, System.nanoTime(), true);
    o.counters().verified(false);
    o.counters().missing(-1);
    assertThat(o.result().problems()).containsExactly("1 corrupt and 1 missing read(s)");
  }

  @Test
  void aVerificationPassesWhenEveryBadRowWasRepaired() {
    RunOutcome o = outcome();
    o.result().verifying("key numbers [0, 100)", true);
    for (long k : new long[] {7, 8, 9, 40, 99}) {
      o.counters().missing(k);
    }
    o.counters().verified(false);
    assertThat(o.result().problems()).containsExactly("5 row(s) missing and 1 corrupt in key numbers [0, 100)");
    assertThat(summary(o)).contains("[LARGEKV], FirstMissingKeyRanges, 7-9 40 99\n");
    for (int i = 0; i < 6; i++) {
      o.counters().repair(true);
    }
    assertThat(o.result().problems()).isEmpty();
    o.counters().repair(false);
    assertThat(o.result().problems()).containsExactly("5 row(s) missing and 1 corrupt in key numbers [0, 100), 1 of them "
        + "could not be repaired");
    o.counters().unverified();
    assertThat(o.result().problems()).hasSize(2).last().isEqualTo("1 row(s) could not be read to verify them");
    assertThat(o.result().resultLine()).startsWith("result FAILED: ").contains("0 rows ok, 1 corrupt, 5 missing (first: 7-9 40 99)");
  }

  /** A repair that found nothing to repair says so (0), and a plain verification prints no repair counts. */
  @Test
  void aRepairPrintsItsCountsWhenThereWasNothingToRepair() {
    RunOutcome repair = outcome();
    repair.result().verifying("key numbers [0, 10)", true);
    repair.counters().verified(true);
    assertThat(summary(repair)).contains("[LARGEKV], RowsRepaired, 0\n").contains("[LARGEKV], RowsNotRepaired, 0\n");
    assertThat(repair.result().exitStatus()).isZero();
    assertThat(repair.result().resultLine()).startsWith("result ok: ").contains("0 unverified, 0 repaired, 0 not repaired;");
    RunOutcome verify = outcome();
    verify.result().verifying("key numbers [0, 10)", false);
    verify.counters().verified(true);
    assertThat(summary(verify)).contains("[LARGEKV], RowsOK, 1\n").doesNotContain("RowsRepaired");
    assertThat(verify.result().resultLine()).doesNotContain("repaired");
  }

  /**
   * A repair that wrote back more than 1 % of its range: the reads of the missing rows count as
   * failed READs, but the verification is judged by its rows (ServerOutageIT: 661 of 60,000 rows
   * lost in a kill, all repaired, exit 1 from the failed fraction before).
   */
  @Test
  void aRepairOfMoreThanOnePercentOfTheRangeIsJudgedByItsRows() {
    RunOutcome o = outcome();
    o.result().verifying("key numbers [0, 1000)", true);
    long start = System.nanoTime();
    for (long k = 0; k < 1000; k++) {
      boolean present = k % 20 != 0; // 5 % missing
      o.counters().record(Operation.READ, start, present);
      if (present) {
        o.counters().verified(true);
      } else {
        o.counters().missing(k);
      }
    }
    assertThat(o.result().problems()).containsExactly("50 row(s) missing and 0 corrupt in key numbers [0, 1000)");
    for (int i = 0; i < 50; i++) {
      o.counters().repair(true);
    }
    assertThat(o.result().problems()).isEmpty();
    assertThat(o.result().exitStatus()).isZero();
    assertThat(summary(o)).contains("[LARGEKV], FailedOperations(READ), 50\n").contains("[LARGEKV], RowsRepaired, 50\n");
    // a read that failed every retry still fails the verification: the row is not verified
    o.counters().unverified();
    assertThat(o.result().problems()).containsExactly("1 row(s) could not be read to verify them");
  }

  @Test
  void missingKeysKeepTheSmallestAndPrintRanges() {
    MissingKeys m = new MissingKeys(5);
    for (long k : new long[] {50, 3, 4, 5, 9, 1, 100}) {
      m.add(k);
    }
    assertThat(m.ranges(10)).isEqualTo("1 3-5 9");
    assertThat(m.ranges(2)).isEqualTo("1 3-5 ...");
    assertThat(new MissingKeys(3).ranges(3)).isEmpty();
  }

  @Test
  void theRunResultPrintsTheLinesAndTheWarningWithoutFailing() {
    RunOutcome o = new RunOutcome();
    Properties p = new Properties();
    p.setProperty("threadcount", "8");
    o.eventLoopStalls().watch(p);
    for (int i = 0; i < 200; i++) {
      o.counters().record(Operation.READ, System.nanoTime(), true); // the first one: measuring
    }
    o.eventLoopStalls().record(30 * 1_000_000L);
    assertThat(o.result().problems()).isEmpty();
    assertThat(o.result().exitStatus()).isZero();
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    o.result().printSummary(new PrintStream(b, true, StandardCharsets.UTF_8));
    assertThat(b.toString(StandardCharsets.UTF_8)).contains("[LARGEKV], EventLoopStalls, 1\n")
        .contains("[LARGEKV], EventLoopStallWarning, 1 client stall(s), the start-up included").contains("[LARGEKV], Result, ok");
  }

  /** {@code n} reads: most at 1–3 ms, {@code tail} of them spread 20 µs apart from 40 ms up (µs, as YCSB's). */
  private static Histogram reads(int n, int tail, long tailStepUs) {
    Histogram h = new Histogram(3);
    for (int i = 0; i < n - tail; i++) {
      h.recordValue(1_000 + i % 2_000);
    }
    for (int i = 0; i < tail; i++) {
      h.recordValue(40_000 + tailStepUs * i);
    }
    return h;
  }

  /**
   * Stalls after the warm-up are judged against YCSB's reported figures: within the stated precision
   * the run passes and its summary shows the bound, which the report's parser reads past; beyond
   * it the run fails (exit status 1) saying by how much the percentile may have moved.
   */
  @Test
  void stallsAfterTheWarmUpFailTheRunOnlyWhenTheyCouldMoveAReportedPercentileBeyondItsPrecision() {
    RunOutcome o = outcome();
    Properties p = new Properties();
    p.setProperty("threadcount", "32");
    p.setProperty("hdrhistogram.percentiles", "50,95,99,99.9");
    o.eventLoopStalls().watch(p);
    for (int i = 0; i < 100_000; i++) {
      o.counters().record(Operation.READ, System.nanoTime(), true); // the first one: measuring
    }
    o.eventLoopStalls().warmUpEnded();
    o.eventLoopStalls().record(13_700_000L);
    o.eventLoopStalls().record(12_000_000L);
    // dense: 64 reads below the p99.9 is 1.3 ms lower, within 5 % of it
    o.result().reportedFigures(Map.of("READ", reads(100_000, 2_000, 20)));
    assertThat(o.result().problems()).isEmpty();
    String passed = summary(o);
    assertThat(passed).contains("[LARGEKV], EventLoopStallsAfterWarmUp, 2\n")
        .containsPattern("\\[LARGEKV\\], EventLoopStallShiftUs\\(READ\\), 13[0-9]{2}\n")
        .contains("[LARGEKV], Result, ok\n").contains("[LARGEKV], ExitStatus, 0\n");
    ClientSummary read = ClientSummary.of(YcsbOutput.parse(passed));
    assertThat(read.saysFailed()).isFalse();
    assertThat(read.stalls().count()).isEqualTo(2);
    // sparse: 64 reads below it is below the tail, and the stalls' time in all bounds the shift
    Histogram sparse = reads(100_000, 200, 1_000);
    o.result().reportedFigures(Map.of("READ", sparse));
    long q = sparse.getValueAtPercentile(99.9);
    assertThat(o.result().exitStatus()).isEqualTo(1);
    assertThat(o.result().problems()).singleElement().asString().startsWith("2 client stall(s) after the warm-up"
        + " (the client's share of each over largekv.stall_ms=10: longest 13.7 ms").contains("enough to move READ p99.9 (")
        .endsWith("beyond the 5 % a percentile is stated to: that percentile may have moved");
    String failed = summary(o);
    // the stalls' time in all (25.7 ms), and the reported value's bucket (YCSB reports its highest value)
    assertThat(failed).contains("[LARGEKV], EventLoopStallShiftUs(READ), " + (25_700 + q - sparse.lowestEquivalentValue(q))
        + "\n")
        .contains("[LARGEKV], ExitStatus, 1\n");
    assertThat(ClientSummary.of(YcsbOutput.parse(failed)).result()).startsWith("FAILED: 2 client stall(s)");
  }
}
