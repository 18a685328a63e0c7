package io.largekv.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.YcsbOutput;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A YCSB client's output read as its summary: largekv's section and YCSB's own, and what is not there. */
class ClientSummaryTest {

  private static final String OUTPUT = String.join("\n",
      "[OVERALL], RunTime(ms), 30011",
      "[READ], Operations, 1000",
      "[READ], Return=OK, 990",
      "[READ], Return=ERROR, 10",
      "[VERIFY], Return=OK, 980",
      "[VERIFY], Return=CORRUPT, 1",
      "[VERIFY], Return=MISSING, 2",
      "[ERRORS], Return=READ:DriverTimeoutException, 10",
      "[LARGEKV], Operations, 990",
      "[LARGEKV], FailedOperations, 10",
      "[LARGEKV], Operations(READ), 990",
      "[LARGEKV], FailedOperations(READ), 10",
      "[LARGEKV], WarmUpExcludedSeconds, 10",
      "[LARGEKV], CommonStartEpochMs, 1790000000000",
      "[LARGEKV], WarmUpEndEpochMs, 1790000010000",
      "[LARGEKV], EventLoopStalls, 2",
      "[LARGEKV], EventLoopStallMaxMs, 13.7",
      "[LARGEKV], EventLoopStallTotalMs, 20.1",
      "[LARGEKV], EventLoopStallMachineMs, 6.0",
      "[LARGEKV], EventLoopStallsOnTheMachine, 1",
      "[LARGEKV], EventLoopStallsAfterWarmUp, 1",
      "[LARGEKV], Result, FAILED: 1 corrupt and 2 missing read(s)",
      "");

  @Test
  void everyFigureTheReportReadsComesFromItsSection() {
    ClientSummary s = ClientSummary.of(YcsbOutput.parse(OUTPUT));
    assertThat(s.result()).isEqualTo("FAILED: 1 corrupt and 2 missing read(s)");
    assertThat(s.saysFailed()).isTrue();
    assertThat(s.failedOperations()).isEqualTo(10);
    assertThat(s.operationsByType()).isEqualTo(Map.of("READ", 990L));
    assertThat(s.warmUpExcludedSeconds()).isEqualTo(10);
    assertThat(s.commonStartEpochMs()).isEqualTo(1_790_000_000_000L);
    assertThat(s.warmUpEndEpochMs()).isEqualTo(1_790_000_010_000L);
    assertThat(s.stalls()).isEqualTo(new ClientSummary.Stalls(2, 13.7, 20.1, 6.0, 1L, 1L));
    assertThat(s.stalls().clientMs()).isCloseTo(14.1, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(s.stalls().describe()).isEqualTo("2, 20.1 ms: 6.0 ms the machine's, 14.1 ms the client's");
    assertThat(s.verified()).isEqualTo(new ClientSummary.Verified(980, 1, 2, 0));
    assertThat(s.errorsByOperation()).isEqualTo(Map.of("READ", 10L));
    assertThat(s.errors()).isEqualTo(10);
    assertThat(s.errorClasses()).isEqualTo(Map.of("READ:DriverTimeoutException", 10L));
    assertThat(s.nb5()).isNull();
  }

  @Test
  void aRunQueueWaitTheClientCouldNotReadIsNullAndTheStallsAreAllTheClients() {
    ClientSummary s = ClientSummary.of(YcsbOutput.parse(String.join("\n", "[LARGEKV], EventLoopStalls, 3",
        "[LARGEKV], EventLoopStallMaxMs, 42.1", "[LARGEKV], EventLoopStallTotalMs, 80.0",
        "[LARGEKV], EventLoopStallMachineMs, unavailable: no scheduling counts from the kernel (x)", "")));
    assertThat(s.stalls().machineMs()).isNull();
    assertThat(s.stalls().onTheMachine()).isNull();
    assertThat(s.stalls().clientMs()).isEqualTo(80.0);
    assertThat(s.stalls().describe()).isEqualTo("3, 80.0 ms (longest 42.1 ms), all the client's (the machine's share not read)");
    assertThat(ClientSummary.Stalls.merge(java.util.List.of(s.stalls(), new ClientSummary.Stalls(1, 11, 11, 5.0, 0L, 1L))))
        .isEqualTo(new ClientSummary.Stalls(4, 42.1, 91.0, null, null, null));
  }

  @Test
  void stallsOfSeveralClientsAddUpAndTheLongestIsTheLongestOfAny() {
    ClientSummary.Stalls a = new ClientSummary.Stalls(2, 13.5, 20.0, 6.0, 1L, 1L);
    ClientSummary.Stalls b = new ClientSummary.Stalls(3, 12.0, 30.5, 10.0, 2L, 2L);
    assertThat(ClientSummary.Stalls.merge(java.util.Arrays.asList(a, null, b)))
        .isEqualTo(new ClientSummary.Stalls(5, 13.5, 50.5, 16.0, 3L, 3L));
    assertThat(ClientSummary.Stalls.merge(java.util.List.of(b, a)).maxMs()).isEqualTo(13.5);
    // the client's share: what the machine's leaves, never below 0
    assertThat(ClientSummary.Stalls.merge(java.util.List.of(a, b)).clientMs()).isEqualTo(34.5);
    assertThat(new ClientSummary.Stalls(1, 5, 5, 7.0, 1L, 0L).clientMs()).isZero();
    assertThat(new ClientSummary.Stalls(0, 0, 0, 0.0, 0L, 0L).describe()).isEqualTo("0");
    // none counted: none, not 0 stalls
    assertThat(ClientSummary.Stalls.merge(java.util.Arrays.asList(null, null))).isNull();
    assertThat(ClientSummary.Stalls.merge(java.util.List.of())).isNull();
  }

  @Test
  void whatAClientDidNotPrintIsNullNotZero() {
    // a client killed before its summary: YCSB's status lines only
    ClientSummary s = ClientSummary.of(YcsbOutput.parse("2026-11-27 10:00:00:000 10 sec: 100 operations;\n"));
    assertThat(s.result()).isNull();
    assertThat(s.saysFailed()).isFalse();
    assertThat(s.failedOperations()).isNull();
    assertThat(s.loadRowsBefore()).isNull();
    assertThat(s.commonStartEpochMs()).isNull();
    assertThat(s.warmUpExcludedSeconds()).isNull();
    assertThat(s.warmUpEndEpochMs()).isNull();
    assertThat(s.stalls()).isNull();
    assertThat(s.verified()).isEqualTo(ClientSummary.Verified.NONE);
  }

  @Test
  void theMetricsLinesAreWhatTheReaderReads() {
    assertThat(ClientSummary.Metric.OPERATIONS.line(5L)).isEqualTo("[LARGEKV], Operations, 5");
    assertThat(ClientSummary.Metric.OPERATIONS.line("READ", 5)).isEqualTo("[LARGEKV], Operations(READ), 5");
    assertThat(ClientSummary.Metric.EVENT_LOOP_STALL_MAX_MS.oneDecimal(13.66)).isEqualTo(
        "[LARGEKV], EventLoopStallMaxMs, 13.7");
    assertThat(ClientSummary.failedLine("READ:X", 3)).isEqualTo("[LARGEKV], Failed:READ:X, 3");
    String printed = String.join("\n", ClientSummary.Metric.LOAD_ROWS_BEFORE.line(120_000L),
        ClientSummary.Metric.RESULT.line("ok"), "");
    ClientSummary s = ClientSummary.of(YcsbOutput.parse(printed));
    assertThat(s.loadRowsBefore()).isEqualTo(120_000L);
    assertThat(s.result()).isEqualTo("ok");
  }
}
