package io.largekv.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** A figure a test reads from a client's output is there, or the test fails: never NaN, which AssertJ's bounds pass. */
@Timeout(10)
class YcsbResultTest {

  private static final Ycsb.Result RUN = new Ycsb.Result(0, String.join("\n", "[OVERALL], Throughput(ops/sec), 812.5",
      "[READ], Operations, 1000", "[READ-FAILED], Operations, 3", "[LARGEKV], Operations, 1000", ""), "");

  @Test
  void aMissingLineFailsTheTestThatReadsItNamingTheLine() {
    assertThat(RUN.metric("OVERALL", "Throughput(ops/sec)")).isEqualTo(812.5);
    assertThatThrownBy(() -> RUN.metric("READ", "99thPercentileLatency(us)")).isInstanceOf(AssertionError.class)
        .hasMessageStartingWith("no number in a [READ], 99thPercentileLatency(us) line of the output");
    assertThatThrownBy(() -> RUN.metric("VERIFY", "Operations")).isInstanceOf(AssertionError.class);
  }

  @Test
  void aSectionYcsbPrintsOnlyWhenItCountsSomethingIsZeroWhenAbsent() {
    assertThat(RUN.metricOrZeroWithoutSection("READ-FAILED", "Operations")).isEqualTo(3);
    assertThat(RUN.metricOrZeroWithoutSection("UPDATE-FAILED", "Operations")).isZero();
    // present, without the line asked for: a failure, not 0
    assertThatThrownBy(() -> RUN.metricOrZeroWithoutSection("READ-FAILED", "AverageLatency(us)"))
        .isInstanceOf(AssertionError.class);
  }
}
