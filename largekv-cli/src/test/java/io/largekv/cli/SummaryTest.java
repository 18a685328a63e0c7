package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.YcsbOutput;
import java.util.List;
import org.junit.jupiter.api.Test;

class SummaryTest {

  /** A failed uniform read: YCSB's own throughput counts every operation, largekv's successful ones. */
  private static final String FAILED_READ = String.join("\n",
      "[OVERALL], Throughput(ops/sec), 7000.5",
      "[READ], Operations, 1000",
      "[READ], 50thPercentileLatency(us), 1500",
      "[READ], 95thPercentileLatency(us), 4000",
      "[READ], 99thPercentileLatency(us), 9000",
      "[READ], 99.9PercentileLatency(us), 20000",
      "[READ], MaxLatency(us), 123456",
      "[VERIFY], Return=OK, 999",
      "[VERIFY], Return=MISSING, 1",
      "[ERRORS], Return=READ:ReadTimeoutException, 4",
      "[LARGEKV], FailedOperations, 4",
      "[LARGEKV], Throughput(ops/sec), 333.3",
      "[LARGEKV], Result, FAILED: 0 corrupt and 1 missing read(s)",
      "");

  @Test
  void summaryShowsSuccessfulThroughputFailuresAndAFailedPhase() {
    PhaseRunner.Result r = new PhaseRunner.Result(Phase.UNIFORM_READ, 1, YcsbOutput.parse(FAILED_READ), null, null,
        "cmd", List.of("largekv: result FAILED: 0 corrupt and 1 missing read(s)"),
        "connected to cluster 'c', 3 node(s), release_version 5.0.6, target cassandra, driver Apache Cassandra Java "
            + "Driver org.apache.cassandra:java-driver-core:4.19.3");
    String s = Summary.render(List.of(r));
    assertThat(s).contains("\n                          FAILED (exit status 1, FAILED): 0 corrupt and 1 missing read(s)\n")
        .contains(" 333 ").doesNotContain("7,000").contains("failed operations: 4 (not counted in ops/s)")
        .contains("READ").contains("1000").contains("1.50").contains("20.00").contains("123.46")
        .contains("verified reads: ok=999 corrupt=0 missing=1")
        .contains("errors: {READ:ReadTimeoutException=4}")
        .contains("\nconnected to cluster 'c', 3 node(s), release_version 5.0.6, target cassandra, driver Apache Cassandra "
            + "Java Driver org.apache.cassandra:java-driver-core:4.19.3\n");
  }
}
