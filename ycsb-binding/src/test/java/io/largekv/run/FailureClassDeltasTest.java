package io.largekv.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.run.RunCounters.Operation;
import org.junit.jupiter.api.Test;

class FailureClassDeltasTest {

  @Test
  void eachCallGivesTheFailuresByClassSinceTheLastOneInNameOrder() {
    RunCounters counters = new RunCounters(ms -> { });
    FailureClassDeltas deltas = new FailureClassDeltas(counters);
    assertThat(deltas.sinceLastCall()).isEmpty();
    counters.failedWith(Operation.READ, "ReadTimeoutException");
    counters.failedWith(Operation.READ, "NoNodeAvailableException");
    counters.failedWith(Operation.READ, "NoNodeAvailableException");
    assertThat(deltas.sinceLastCall())
        .containsExactly("READ:NoNodeAvailableException=2", "READ:ReadTimeoutException=1");
    assertThat(deltas.sinceLastCall()).isEmpty();
    counters.failedWith(Operation.UPDATE, "WriteTimeoutException");
    counters.failedWith(Operation.READ, "ReadTimeoutException");
    assertThat(deltas.sinceLastCall()).containsExactly("READ:ReadTimeoutException=1", "UPDATE:WriteTimeoutException=1");
  }

  @Test
  void theFirstOperationIsToldOnceWithItsStartInMillisecondsSince1970() {
    long[] told = new long[2];
    RunCounters counters = new RunCounters(ms -> {
      told[0]++;
      told[1] = ms;
    });
    long before = System.currentTimeMillis();
    counters.record(Operation.READ, System.nanoTime(), true);
    counters.record(Operation.READ, System.nanoTime(), false);
    assertThat(told[0]).isEqualTo(1);
    assertThat(told[1]).isBetween(before - 1, System.currentTimeMillis());
    assertThat(counters.successful()).isEqualTo(1);
    assertThat(counters.failed()).isEqualTo(1);
  }
}
