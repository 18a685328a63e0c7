package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.YcsbOutput;
import org.junit.jupiter.api.Test;

class SummaryTest {

  static final String SAMPLE = String.join("\n",
      "[OVERALL], RunTime(ms), 10016",
      "[OVERALL], Throughput(ops/sec), 6460.15",
      "[TOTAL_GCS_G1_Young_Generation], Count, 12",
      "[READ], Operations, 64242",
      "[READ], AverageLatency(us), 4267.45",
      "[READ], MinLatency(us), 381",
      "[READ], MaxLatency(us), 467967",
      "[READ], 50thPercentileLatency(us), 3221",
      "[READ], 95thPercentileLatency(us), 9279",
      "[READ], 99thPercentileLatency(us), 18127",
      "[READ], 99.9PercentileLatency(us), 70783",
      "[READ], Return=OK, 64240",
      "[READ], Return=NOT_FOUND, 2",
      "[VERIFY], Operations, 64240",
      "[VERIFY], Return=OK, 64238",
      "[VERIFY], Return=CORRUPT, 2",
      "[ERRORS], Return=READ:DriverTimeoutException, 3",
      "[LARGEKV], Operations, 64240",
      "[LARGEKV], FailedOperations, 5",
      "[LARGEKV], MeasuredTime(ms), 9800",
      "[LARGEKV], Throughput(ops/sec), 6555.1",
      "[LARGEKV], Result, FAILED: 2 corrupt and 0 missing read(s)",
      "[LARGEKV], ExitStatus, 1",
      "");

  @Test
  void summaryShowsSuccessfulThroughputFailuresAndAFailedPhase() {
    PhaseRunner.Result r = new PhaseRunner.Result(Phase.UNIFORM_READ, 1, YcsbOutput.parse(SAMPLE), null, null, "cmd",
        java.util.List.of("largekv: result FAILED: 2 corrupt and 0 missing read(s)"));
    String s = Summary.render(java.util.List.of(r));
    assertThat(s).contains("\n                          FAILED (exit status 1, FAILED): 2 corrupt and 0 missing read(s)\n")
        .contains("6,555").doesNotContain("6,460").contains("failed operations: 5 (not counted in ops/s)")
        .contains("READ").contains("64242")
        .contains("3.22").contains("70.78").contains("467.97")
        .contains("verified reads: ok=64238 corrupt=2 missing=0")
        .contains("errors: {READ:DriverTimeoutException=3}");
  }
}
