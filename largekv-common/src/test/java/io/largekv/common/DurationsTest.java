package io.largekv.common;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class DurationsTest {

  @Test
  void durationsReadAsAPersonWouldSayThem() {
    assertThat(Durations.words(59.4)).isEqualTo("59 s");
    assertThat(Durations.words(60)).isEqualTo("1 min 0 s");
    assertThat(Durations.words(7380)).isEqualTo("2 h 3 min");
    assertThat(Durations.words(4.4 * 86_400)).isEqualTo("4 d 9 h");
  }
}
