package io.largekv.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Where a warm-up ends: from the clients' common start when they have one, else their first operation. */
class WarmUpTest {

  private static final long T0 = 1_790_000_000_000L;

  @Test
  void theRuleCountsFromTheCommonStartWhenThereIsOne() {
    assertThat(WarmUp.endMs(T0, T0 + 3_000, 10)).isEqualTo(T0 + 10_000);
    assertThat(WarmUp.endMs(0, T0 + 3_000, 10)).isEqualTo(T0 + 13_000);
    // no warm-up: the figures start at the start
    assertThat(WarmUp.endMs(T0, T0 + 3_000, 0)).isEqualTo(T0);
    // a common start of 1 ms since 1970 is still one
    assertThat(WarmUp.endMs(1, T0, 2)).isEqualTo(2_001);
  }
}
