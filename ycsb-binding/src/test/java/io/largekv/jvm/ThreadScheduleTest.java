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
class ThreadScheduleTest {

  @Test
  void theCountsAreSchedstatsFirstTwoFieldsAndStatussVoluntarySwitches() {
    assertThat(ThreadSchedule.schedstat("1330508499 715821357 199\n")).containsExactly(1_330_508_499L, 715_821_357L);
    assertThatThrownBy(() -> ThreadSchedule.schedstat("12 34")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not a schedstat line");
    String status = "Name:\tjava\nState:\tS (sleeping)\nvoluntary_ctxt_switches:\t42\nnonvoluntary_ctxt_switches:\t7\n";
    assertThat(ThreadSchedule.voluntarySwitches(status)).isEqualTo(42);
    assertThat(ThreadSchedule.runnable(status)).isFalse();
    assertThat(ThreadSchedule.runnable("State:\tR (running)\n")).isTrue();
    assertThatThrownBy(() -> ThreadSchedule.voluntarySwitches("Name:\tjava\n"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /**
   * The machine's share from another thread's reading to the thread's own. The kernel counts a wait
   * or a time on a CPU when it ends, so another thread's reading may miss the one in progress: runnable
   * then and never giving its CPU up since, all but its time on a CPU was the machine's (a wait, or
   * stolen); asleep then, the wait since is whole and the machine's; runnable then and blocked since,
   * the counts cannot tell.
   */
  @Test
  void theMachinesShareIsTheOffCpuTimeOfARunnableThreadThatNeverBlockedAndTheWaitOfOneAsleepAtTheStart() {
    ThreadSchedule.Reading mark = new ThreadSchedule.Reading(1_000_000_000L, 5_000_000L, 2_000_000L, 10, true);
    // 30 ms later: 4 ms on a CPU, 20 ms waiting, 6 ms neither (stolen), no voluntary switch
    ThreadSchedule.Reading end = new ThreadSchedule.Reading(1_030_000_000L, 9_000_000L, 22_000_000L, 10, true);
    assertThat(end.machineNanosSince(mark)).isEqualTo(26_000_000L);
    // a wait in progress at the mark, missed by it, counted by the end: the off-CPU time still bounds it
    ThreadSchedule.Reading missed = new ThreadSchedule.Reading(1_030_000_000L, 9_000_000L, 40_000_000L, 10, true);
    assertThat(missed.machineNanosSince(mark)).isEqualTo(26_000_000L);
    // runnable at the mark, blocked since: cannot tell
    ThreadSchedule.Reading blocked = new ThreadSchedule.Reading(1_030_000_000L, 9_000_000L, 22_000_000L, 11, true);
    assertThat(blocked.machineNanosSince(mark)).isEqualTo(-1);
    // asleep at the mark, woken since: its wait since is whole, the rest may have been its sleep
    ThreadSchedule.Reading asleep = new ThreadSchedule.Reading(1_000_000_000L, 5_000_000L, 2_000_000L, 10, false);
    assertThat(end.machineNanosSince(asleep)).isEqualTo(20_000_000L);
    // never negative
    ThreadSchedule.Reading same = new ThreadSchedule.Reading(1_000_000_000L, 5_000_000L, 2_000_000L, 10, true);
    assertThat(same.machineNanosSince(mark)).isZero();
  }

  /**
   * The thread's own reader counts the times the kernel put it on a CPU: a sleep takes it off and
   * brings it back (one more at least); its CPU clock runs ahead of schedstat's lagging count.
   */
  @Test
  void theWaitCounterCountsTheTimesTheThreadCameBackToACpu() throws Exception {
    ThreadSchedule mine = ThreadSchedule.ofCurrentThread();
    Assumptions.assumeTrue(mine.available(), "Linux gives each thread's scheduling counts: " + mine.whyNot());
    ThreadSchedule.WaitCounter counter = mine.waitCounter();
    assertThat(counter.read()).isTrue();
    long before = counter.slices();
    long cpuBefore = counter.onCpuNanos();
    assertThat(before).isPositive();
    Thread.sleep(20);
    assertThat(counter.read()).isTrue();
    assertThat(counter.slices()).isGreaterThan(before);
    assertThat(ThreadSchedule.onCpuNowNanos()).isGreaterThanOrEqualTo(counter.onCpuNanos())
        .isGreaterThanOrEqualTo(cpuBefore);
  }

  /** A thread that competes for the CPUs with more busy threads than CPUs: it waits, and never blocks. */
  @Test
  void aThreadCompetingForTheCpusWaitsAndItsOffCpuTimeIsTheMachines() throws Exception {
    ThreadSchedule mine = ThreadSchedule.ofCurrentThread();
    Assumptions.assumeTrue(mine.available(), "Linux gives each thread's scheduling counts: " + mine.whyNot());
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
    ThreadSchedule.Reading before;
    ThreadSchedule.Reading after;
    long readEnd;
    try {
      before = mine.read();
      long until = System.nanoTime() + 300_000_000L;
      long spins = 0;
      while (System.nanoTime() < until) {
        spins++;
      }
      after = mine.read();
      readEnd = System.nanoTime();
      assertThat(spins).isPositive();
    } finally {
      stop.set(true);
      for (Thread t : busy) {
        t.join();
      }
    }
    assertThat(after.waitNanos()).isGreaterThan(before.waitNanos());
    // both readings its own: nothing in progress missed; it never blocked, or the counts cannot tell
    long machine = after.machineNanosSince(before);
    if (machine >= 0) {
      // the wait is read after each reading's time: a few microseconds apart, unless the kernel took the
      // CPU in between (these busy threads make it likely), when the later reading's wait also holds what it
      // counted up to the reading's end
      assertThat(machine + (readEnd - after.atNanos()) + 1_000_000)
          .isGreaterThanOrEqualTo(after.waitNanos() - before.waitNanos());
      assertThat(machine).isLessThanOrEqualTo(after.atNanos() - before.atNanos());
    } else {
      assertThat(after.voluntarySwitches()).isGreaterThan(before.voluntarySwitches());
    }
  }

  @Test
  void whereLinuxGivesNoCountsItSaysWhyAndReadsNothing(@TempDir Path dir) throws Exception {
    ThreadSchedule none = ThreadSchedule.of(dir.resolve("no-such-link"));
    assertThat(none.available()).isFalse();
    assertThat(none.whyNot()).startsWith("no scheduling counts from the kernel (").contains("no-such-link");
    assertThat(none.read()).isNull();
    Path link = Files.createSymbolicLink(dir.resolve("thread-self"), Path.of("no-such-pid/task/1"));
    assertThat(ThreadSchedule.of(link).available()).isFalse();
  }
}
