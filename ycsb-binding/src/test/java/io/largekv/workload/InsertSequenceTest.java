package io.largekv.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class InsertSequenceTest {

  @Test
  void highWaterMarkWaitsForTheOldestInFlightInsert() {
    InsertSequence s = new InsertSequence(1000);
    assertThat(s.acknowledgedBelow()).isEqualTo(1000);
    long a = s.next();
    long b = s.next();
    long c = s.next();
    s.acknowledge(b);
    s.acknowledge(c);
    assertThat(s.acknowledgedBelow()).isEqualTo(1000);
    s.acknowledge(a);
    assertThat(s.acknowledgedBelow()).isEqualTo(1003);
  }

  @Test
  void concurrentInsertsAllBecomeVisible() throws Exception {
    InsertSequence s = new InsertSequence(5_000_000_000L);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    for (int t = 0; t < 8; t++) {
      pool.submit(() -> {
        for (int i = 0; i < 20_000; i++) {
          s.acknowledge(s.next());
        }
      });
    }
    pool.shutdown();
    assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
    s.acknowledge(s.next()); // a last one from a single thread advances over everything
    assertThat(s.acknowledgedBelow()).isEqualTo(5_000_000_000L + 160_001);
  }

  @Test
  void aFlagIsClearedOnceCountedSoTheWindowCanWrapAndAnInsertAWindowAheadIsRefused() {
    InsertSequence s = new InsertSequence(0);
    for (long i = 0; i < InsertSequence.WINDOW; i++) {
      s.acknowledge(s.next());
    }
    assertThat(s.acknowledgedBelow()).isEqualTo(InsertSequence.WINDOW);
    // the next window: its first slot is the first of the last one, now clear
    long first = s.next();
    s.acknowledge(s.next());
    assertThat(s.acknowledgedBelow()).isEqualTo(first);
    s.acknowledge(first);
    assertThat(s.acknowledgedBelow()).isEqualTo(first + 2);
    // a whole window ahead of the oldest unacknowledged one cannot be told apart from it
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.acknowledge(first + 2 + InsertSequence.WINDOW))
        .isInstanceOf(IllegalStateException.class);
    s.acknowledge(first + 1 + InsertSequence.WINDOW); // just inside
  }
}
