package io.largekv.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * The request distributions over sequence numbers: where each one's keys fall and which are the most
 * read. Counts over many draws, with bounds far wider than chance moves them (never an exact count).
 */
class KeyChooserTest {

  private static final int DRAWS = 200_000;

  @Test
  void uniformReadsOnlyTheLoadedKeysEachAboutEquallyAndNeverThisRunsInserts() {
    KeyChooser c = KeyChooser.uniform();
    ThreadLocalRandom r = ThreadLocalRandom.current();
    long[] counts = new long[10];
    for (int i = 0; i < DRAWS; i++) {
      long s = c.next(10, 1_000, r);
      assertThat(s).isBetween(0L, 9L);
      counts[(int) s]++;
    }
    for (long n : counts) {
      assertThat(n).isBetween(DRAWS / 10 - 2_000L, DRAWS / 10 + 2_000L);
    }
  }

  @Test
  void latestReadsTheNewestReadableKeyTheMostAndFallsOffWithAge() {
    KeyChooser c = KeyChooser.latest(ZipfianRank.YCSB_THETA);
    ThreadLocalRandom r = ThreadLocalRandom.current();
    long n = 1_000;
    long[] counts = new long[(int) n];
    for (int i = 0; i < DRAWS; i++) {
      long s = c.next(500, n, r);
      assertThat(s).isBetween(0L, n - 1);
      counts[(int) s]++;
    }
    // the newest key (n - 1, possibly this run's insert) is read as often as the zipfian's top rank: 1/zeta(n)
    double top = 1 / new Zeta(ZipfianRank.YCSB_THETA).of(n);
    assertThat((double) counts[(int) n - 1] / DRAWS).isCloseTo(top, org.assertj.core.data.Offset.offset(0.01));
    assertThat(counts[(int) n - 1]).isGreaterThan(counts[(int) n - 2]).isGreaterThan(counts[0]);
    // the second newest as the second rank: 2^-theta of the first
    assertThat((double) counts[(int) n - 2] / counts[(int) n - 1]).isCloseTo(Math.pow(2, -ZipfianRank.YCSB_THETA),
        org.assertj.core.data.Offset.offset(0.05));
  }

  @Test
  void recentReadsUniformlyTheNewestWindowOfReadableKeysOrAllOfThemWhenFewer() {
    ThreadLocalRandom r = ThreadLocalRandom.current();
    KeyChooser c = KeyChooser.recent(100);
    long[] counts = new long[100];
    for (int i = 0; i < DRAWS; i++) {
      long s = c.next(500, 1_000, r);
      assertThat(s).isBetween(900L, 999L);
      counts[(int) (s - 900)]++;
    }
    for (long n : counts) {
      assertThat(n).isBetween(DRAWS / 100 - 600L, DRAWS / 100 + 600L);
    }
    // fewer readable keys than the window: every one of them
    boolean[] seen = new boolean[10];
    for (int i = 0; i < 10_000; i++) {
      long s = c.next(5, 10, r);
      assertThat(s).isBetween(0L, 9L);
      seen[(int) s] = true;
    }
    assertThat(seen).containsOnly(true);
  }
}
