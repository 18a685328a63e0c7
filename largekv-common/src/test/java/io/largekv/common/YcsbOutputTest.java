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
    assertThat(o.number("LARGEKV", "Throughput(ops/sec)")).isEqualTo(6555.1);
    assertThat(o.required("LARGEKV", "Throughput(ops/sec)")).isEqualTo(6555.1);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> o.required("LARGEKV", "NoSuchLine"))
        .isInstanceOf(IllegalStateException.class).hasMessage("no number in a [LARGEKV], NoSuchLine line");
    assertThat(o.text("LARGEKV", "Result")).isEqualTo("FAILED: 2 corrupt and 0 missing read(s)");
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

  @Test
  void largekvsStatusLineIsReadIntoItsFigures() {
    YcsbOutput.Status run = YcsbOutput.status("largekv: 40 s of 600 s: 8455 successful (8455/s), 14 failed (14/s) in the"
        + " last 1 s; 551208 successful, 96 failed in all; 540110 reads verified (2 corrupt, 1 missing)"
        + " [READ:NoNodeAvailableException=14, UPDATE:X=1]");
    assertThat(run).isEqualTo(new YcsbOutput.Status(40, 600, 8455, 14, 1, 551208, 96, 540110L, 3, null, null, null));
    assertThat(run.lastRate()).isEqualTo(8455.0);
    YcsbOutput.Status load = YcsbOutput.status("largekv: 20 s: 3990 successful (3990/s), 0 failed (0/s) in the last 1 s;"
        + " 80000 successful, 0 failed in all; 80000 of 1000000 keys (8.0%), 4000 keys/s over the last 20 s, ETA 3 min 50 s");
    assertThat(load).isEqualTo(new YcsbOutput.Status(20, 0, 3990, 0, 1, 80000, 0, null, 0, 80000L, 1000000L,
        "3 min 50 s"));
    YcsbOutput.Status noRate = YcsbOutput.status("largekv: 1 s: 0 successful (0/s), 0 failed (0/s) in the last 1 s; 0"
        + " successful, 0 failed in all; 0 of 20000 keys (0.0%), rate unavailable (no operation yet), ETA unavailable"
        + " (no rate yet)");
    assertThat(noRate.eta()).isEqualTo("unavailable (no rate yet)");
    assertThat(noRate.keysPlanned()).isEqualTo(20000L);
    assertThat(YcsbOutput.status("largekv: load of key numbers [0, 1000): 1000 inserted, 0 failed")).isNull();
    assertThat(YcsbOutput.status("2026-11-23 05:13:02:080 30 sec: 52705 operations;")).isNull();
  }

  @Test
  void ycsbsStatusLineGivesItsBusiestOperationAndItsP99() {
    String line = "2026-11-28 20:21:31:184 10 sec: 47128 operations; 6849 current ops/sec [READ: Count=6813, Max=27615,"
        + " Min=716, Avg=4646.49, 90=7039, 99=18847, 99.9=25871, 99.99=27615] [VERIFY: Count=6817, Max=2113, Min=0,"
        + " Avg=0.57, 90=0, 99=1, 99.9=65, 99.99=2113] [UPDATE: Count=35, Max=16023, Min=2304, Avg=7377.83, 90=11167,"
        + " 99=16023, 99.9=16023, 99.99=16023] ";
    assertThat(YcsbOutput.busiestOperation(line)).satisfies(e -> {
      assertThat(e.getKey()).isEqualTo("READ");
      assertThat(e.getValue()).containsExactly(6813, 18847);
    });
    assertThat(YcsbOutput.busiestOperation("2026-11-28 20:21:21:251 0 sec: 0 operations ")).isNull();
    assertThat(YcsbOutput.busiestOperation("x 1 sec: 5 operations; [READ-FAILED: Count=5, Max=1, Min=1, Avg=1, 90=1,"
        + " 99=1, 99.9=1, 99.99=1]")).isNull();
  }

  @Test
  void statusLinesOfYcsbAndLargekvAreRecognisedAndReadOneWay() {
    String ycsb = "2026-11-23 05:13:02:080 30 sec: 52705 operations; 2423.1 current ops/sec; est completion in 14 days "
        + "[READ: Count=24110]";
    String ycsbNotTen = "2026-11-23 05:13:03:080 31 sec: 55000 operations; 2300 current ops/sec; [READ: Count=2300]";
    String largekv = "largekv: 40 s: 0 successful (0/s), 14 failed (14/s) in the last 1 s; 551208 successful, 96 failed "
        + "in all [READ:NoNodeAvailableException=14]";
    String planned = "largekv: 30 s of 600 s: 5 successful (5/s), 1 failed (1/s) in the last 1 s; 90 successful, 2 failed"
        + " in all";
    String plannedNotTen = "largekv: 31 s of 600 s: 5 successful (5/s), 0 failed (0/s) in the last 1 s; 95 successful,"
        + " 2 failed in all";
    String load = "largekv: 20 s: 3990 successful (3990/s), 0 failed (0/s) in the last 1 s; 80000 successful, 0 failed"
        + " in all; 80000 of 1000000 keys (8.0%), 4000 keys/s over the last 20 s, ETA 3 min 50 s";
    String async = "async 7 sec: 1200 operations;";
    String other = "largekv: load of key numbers [0, 1000): 1000 inserted, 0 failed";

    assertThat(YcsbOutput.isStatusLine(ycsb)).isTrue();
    assertThat(YcsbOutput.isStatusLine(largekv)).isTrue();
    assertThat(YcsbOutput.isStatusLine(async)).isTrue();
    assertThat(YcsbOutput.isStatusLine(other)).isFalse();
    assertThat(YcsbOutput.atTenSeconds(ycsb)).isTrue();
    assertThat(YcsbOutput.atTenSeconds(largekv)).isTrue();
    assertThat(YcsbOutput.atTenSeconds(ycsbNotTen)).isFalse();
    assertThat(YcsbOutput.operationsSoFar(ycsb)).isEqualTo(52705);
    assertThat(YcsbOutput.lastInterval(largekv)).containsExactly(0, 14);
    assertThat(YcsbOutput.isStatusLine(planned)).isTrue();
    assertThat(YcsbOutput.atTenSeconds(planned)).isTrue();
    assertThat(YcsbOutput.atTenSeconds(plannedNotTen)).isFalse();
    assertThat(YcsbOutput.lastInterval(planned)).containsExactly(5, 1);
    assertThat(YcsbOutput.isStatusLine(load)).isTrue();
    assertThat(YcsbOutput.lastInterval(load)).containsExactly(3990, 0);
    assertThat(YcsbOutput.lastInterval(ycsb)).isNull();
    assertThat(YcsbOutput.lastInterval(other)).isNull();
    assertThat(YcsbOutput.operationsSoFar(async)).isEqualTo(1200);
    assertThat(YcsbOutput.operationsSoFar(largekv)).isEqualTo(-1);
    assertThat(YcsbOutput.withoutCompletionEstimate(ycsb))
        .isEqualTo("2026-11-23 05:13:02:080 30 sec: 52705 operations; 2423.1 current ops/sec [READ: Count=24110]");
  }
}
