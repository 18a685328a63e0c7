package io.largekv.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class YcsbOutputTest {

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
  void parsesYcsbsSections() {
    YcsbOutput o = YcsbOutput.parse("Loading workload...\n" + SAMPLE);
    assertThat(o.ycsbThroughput()).isEqualTo(6460.15);
    assertThat(o.successfulThroughput()).isEqualTo(6555.1);
    assertThat(o.failedOperations()).isEqualTo(5);
    assertThat(o.result()).isEqualTo("FAILED: 2 corrupt and 0 missing read(s)");
    assertThat(o.runtimeMs()).isEqualTo(10016);
    assertThat(o.operations("READ")).isEqualTo(64242);
    assertThat(o.percentileUs("READ", "50")).isEqualTo(3221);
    assertThat(o.percentileUs("READ", "99.9")).isEqualTo(70783);
    assertThat(o.maxUs("READ")).isEqualTo(467967);
    assertThat(o.returns("READ", "NOT_FOUND")).isEqualTo(2);
    assertThat(o.returns("VERIFY", "MISSING")).isZero();
    assertThat(o.returnCodes("ERRORS")).containsEntry("READ:DriverTimeoutException", 3L);
    assertThat(o.operations("UPDATE")).isZero();
    assertThat(o.percentileUs("UPDATE", "99")).isNaN();
  }
}
