package io.largekv.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeyRangeTest {

  @Test
  void shardsTileTheRangeWithoutGapsOrOverlap() {
    for (int clients : new int[] {1, 2, 3, 7, 16}) {
      long expectedStart = 100;
      long total = 0;
      for (int i = 0; i < clients; i++) {
        KeyRange r = new KeyRange(100, 1001, i, clients);
        assertThat(r.shardStart()).isEqualTo(expectedStart);
        expectedStart = r.shardEnd();
        total += r.shardSize();
        assertThat(r.shardSize()).isBetween(1001L / clients, 1001L / clients + 1);
      }
      assertThat(expectedStart).isEqualTo(1101);
      assertThat(total).isEqualTo(1001);
    }
  }

  @Test
  void thirtyBillionInSixteenShardsFitsYcsbsIntCounter() {
    long end = 0;
    for (int i = 0; i < 16; i++) {
      KeyRange r = new KeyRange(0, 30_000_000_000L, i, 16);
      assertThat(r.shardStart()).isEqualTo(end);
      assertThat(r.shardSize()).isEqualTo(1_875_000_000L).isLessThan(Integer.MAX_VALUE);
      end = r.shardEnd();
    }
    assertThat(end).isEqualTo(30_000_000_000L);
  }

  @Test
  void runInsertsOfDifferentClientsNeverCollideNorTouchTheLoadedRange() {
    Set<Long> seen = new HashSet<>();
    for (int i = 0; i < 3; i++) {
      KeyRange r = new KeyRange(10, 100, i, 3);
      assertThat(r.keyOfSequence(0)).isEqualTo(10);
      assertThat(r.keyOfSequence(99)).isEqualTo(109);
      for (long s = 100; s < 200; s++) {
        long key = r.keyOfSequence(s);
        assertThat(key).isGreaterThanOrEqualTo(110);
        assertThat(seen.add(key)).isTrue();
      }
    }
  }

  @Test
  void theBoundsOfAValidRangeAreAcceptedAndOnePastThemRefused() {
    KeyRange zero = new KeyRange(0, 0, 0, 1);
    assertThat(zero.describeShard()).isEqualTo("[0, 0)");
    assertThat(new KeyRange(10, 5, 1, 2).describeShard()).isEqualTo("[12, 15)");
    new KeyRange(Long.MAX_VALUE - 5, 5, 0, 1);
    for (long[] bad : new long[][] {{-1, 1, 0, 1}, {0, -1, 0, 1}, {0, 1, 0, 0}, {0, 1, -1, 1}, {0, 1, 1, 1},
        {Long.MAX_VALUE - 5, 6, 0, 1}}) {
      org.assertj.core.api.Assertions.assertThatThrownBy(() -> new KeyRange(bad[0], bad[1], (int) bad[2],
          (int) bad[3])).as(java.util.Arrays.toString(bad)).isInstanceOf(IllegalArgumentException.class);
    }
  }
}
