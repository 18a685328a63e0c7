package io.largekv.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(60)
class RunQueueWaitTest {

  @Test
  void theWaitIsSchedstatsSecondField() {
    assertThat(RunQueueWait.parse("1330508499 715821357 199\n")).isEqualTo(715_821_357L);
    assertThatThrownBy(() -> RunQueueWait.parse("12 34")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a schedstat line");
  }

  /** A thread that waits for a CPU while more busy threads than CPUs compete: its reading grows. */
  @Test
  void aThreadCompetingForTheCpusWaitsAndItsReadingGrows() throws Exception {
    RunQueueWait mine = RunQueueWait.ofCurrentThread();
    Assumptions.assumeTrue(mine.available(), "Linux gives each thread's run-queue wait: " + mine.whyNot());
    long before = mine.nanos();
    int cpus = Runtime.getRuntime().availableProcessors();
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    Thread[] busy = new Thread[2 * cpus];
    for (int i = 0; i < busy.length; i++) {
      busy[i] = new Thread(() -> {
        while (!stop.get()) {
          Thread.onSpinWait();
        }
      });
      busy[i].start();
    }
    try {
      long until = System.nanoTime() + 300_000_000L;
      long spins = 0;
      while (System.nanoTime() < until) {
        spins++;
      }
      assertThat(spins).isPositive();
    } finally {
      stop.set(true);
      for (Thread t : busy) {
        t.join();
      }
    }
    assertThat(mine.nanos()).isGreaterThan(before);
  }

  @Test
  void whereLinuxGivesNoReadingItSaysWhyAndReadsMinusOne(@TempDir Path dir) throws Exception {
    RunQueueWait none = RunQueueWait.of(dir.resolve("no-such-link"));
    assertThat(none.available()).isFalse();
    assertThat(none.whyNot()).startsWith("no run-queue wait from the kernel (").contains("no-such-link");
    assertThat(none.nanos()).isEqualTo(-1);
    Path link = Files.createSymbolicLink(dir.resolve("thread-self"), Path.of("no-such-pid/task/1"));
    assertThat(RunQueueWait.of(link).available()).isFalse();
  }
}
