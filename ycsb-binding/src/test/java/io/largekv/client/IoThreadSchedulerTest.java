package io.largekv.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.internal.core.util.concurrent.BlockingOperation;
import io.largekv.jvm.EventLoopStalls;
import java.util.Properties;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Where {@link IoThreadScheduler} runs a wake-up, with plain tasks in place of virtual threads'
 * continuations (the build's Java 17 has none; {@code ClientThreadsIT} runs the real thing on a
 * Java 21+ against the local Cassandra): at once on a driver I/O thread that carries nothing, on the
 * other executor everywhere else — never two continuations at once on one carrier.
 */
class IoThreadSchedulerTest {

  /** Records the tasks handed to the other executor instead of running them. */
  private static final class Others implements java.util.concurrent.Executor {
    final List<Runnable> tasks = new ArrayList<>();

    @Override
    public synchronized void execute(Runnable task) {
      tasks.add(task);
    }
  }

  /** Waits for {@code latch} in a thread of the test (an interruption ends the wait, as the test ends). */
  private static void await(java.util.concurrent.CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The tests of the machine's share need Linux's per-thread scheduling counts. */
  private static void assumeSchedulingCounts() {
    Assumptions.assumeTrue(java.nio.file.Files.exists(java.nio.file.Path.of("/proc/thread-self/schedstat")),
        "Linux gives each thread's scheduling counts");
  }

  /** A plain platform thread. */
  private static Thread named(String name, Runnable body) {
    Thread t = new Thread(body, name);
    t.start();
    return t;
  }

  /** A thread of the driver's own kind, as its I/O group makes them ({@code BlockingOperation$InternalThread}). */
  private static Thread driverThread(String name, Runnable body) {
    Thread t = new BlockingOperation.SafeThreadFactory().newThread(body);
    t.setName(name);
    t.start();
    return t;
  }

  @Test
  void aWakeUpOnAnIdleIoThreadRunsThereAtOnce() throws Exception {
    Others others = new Others();
    IoThreadScheduler scheduler = new IoThreadScheduler(others, new EventLoopStalls());
    AtomicReference<String> ranOn = new AtomicReference<>();
    driverThread("s0-io-3", () -> scheduler.execute(() -> ranOn.set(Thread.currentThread().getName()))).join();
    assertThat(ranOn.get()).isEqualTo("s0-io-3");
    assertThat(others.tasks).isEmpty();
    assertThat(scheduler.onIoThreads()).isEqualTo(1);
    assertThat(scheduler.elsewhere()).isZero();
  }

  @Test
  void aWakeUpFromAnIoThreadThatCarriesOneAlreadyGoesElsewhere() throws Exception {
    Others others = new Others();
    IoThreadScheduler scheduler = new IoThreadScheduler(others, new EventLoopStalls());
    List<String> ran = new ArrayList<>();
    Runnable inner = () -> ran.add("inner");
    // a continuation running on the I/O thread wakes another one (Java 21 does that from the carrier)
    driverThread("s0-io-0", () -> scheduler.execute(() -> {
      ran.add("outer");
      scheduler.execute(inner);
    })).join();
    assertThat(ran).containsExactly("outer");
    assertThat(others.tasks).containsExactly(inner);
    // the carrier is free again afterwards
    driverThread("s0-io-0", () -> scheduler.execute(() -> ran.add("next"))).join();
    assertThat(ran).containsExactly("outer", "next");
    assertThat(scheduler.onIoThreads()).isEqualTo(2);
    assertThat(scheduler.elsewhere()).isEqualTo(1);
    assertThat(scheduler.wakeUps()).isEqualTo("virtual client threads woke 3 times: 2 on the driver's I/O threads"
        + " (66.7 %), 1 on the other scheduler (start, timed waits, locks)");
  }

  @Test
  void wakeUpsFromOtherThreadsGoToTheOtherExecutor() throws Exception {
    Others others = new Others();
    IoThreadScheduler scheduler = new IoThreadScheduler(others, new EventLoopStalls());
    List<String> ran = new ArrayList<>();
    // the driver's admin and timer threads, and names that merely look alike
    for (String name : List.of("s0-admin-0", "s0-timer-0", "s0-io-", "io-1", "s0-io-1x")) {
      driverThread(name, () -> scheduler.execute(() -> ran.add(name))).join();
    }
    // the client's main thread starting threads, the JDK's timed-wait unparker, and a thread of
    // another kind that happens to carry an I/O thread's name
    for (String name : List.of("main", "VirtualThread-unparker", "s0-io-0")) {
      named(name, () -> scheduler.execute(() -> ran.add(name))).join();
    }
    assertThat(ran).isEmpty();
    assertThat(others.tasks).hasSize(8);
    assertThat(scheduler.elsewhere()).isEqualTo(8);
    assertThat(scheduler.onIoThreads()).isZero();
  }

  @Test
  void aContinuationThatThrowsLeavesTheCarrierFree() throws Exception {
    Others others = new Others();
    IoThreadScheduler scheduler = new IoThreadScheduler(others, new EventLoopStalls());
    List<String> ran = new ArrayList<>();
    driverThread("s1-io-2", () -> {
      try {
        scheduler.execute(() -> {
          throw new IllegalStateException("boom");
        });
      } catch (IllegalStateException expected) {
        // the JDK's continuation runner does not throw; a task here may
      }
      scheduler.execute(() -> ran.add("after"));
    }).join();
    assertThat(ran).containsExactly("after");
    assertThat(others.tasks).isEmpty();
  }

  @Test
  void aLongRunOnAnIoThreadIsAStallAndTheWatchdogSeesItWhileItLasts() throws Exception {
    EventLoopStalls stalls = stallsOver20Ms();
    IoThreadScheduler scheduler = new IoThreadScheduler(new Others(), stalls);
    java.util.concurrent.CountDownLatch inside = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    Thread io = driverThread("s0-io-1", () -> {
      scheduler.execute(() -> { }); // short: no stall
      scheduler.execute(() -> {
        inside.countDown();
        await(release);
      });
    });
    inside.await();
    assertThat(scheduler.ioCarriers()).singleElement().satisfies(c -> {
      assertThat(c.thread).isSameAs(io);
      assertThat(c.runSince).isNotEqualTo(IoThreadScheduler.IDLE);
    });
    Thread.sleep(50);
    // the watchdog, looking now, sees the run in progress and prints the stack once
    java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
    java.io.PrintStream was = System.err;
    System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      EventLoopWatchdog watchdog = new EventLoopWatchdog(scheduler, stalls);
      watchdog.look(System.nanoTime());
      watchdog.look(System.nanoTime());
    } finally {
      System.setErr(was);
    }
    assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8))
        .containsOnlyOnce("largekv: event-loop stall: a client thread has run on the driver's I/O thread s0-io-1 for ")
        .contains("(largekv.stall_ms=20)").contains("CountDownLatch.await");
    release.countDown();
    io.join();
    assertThat(scheduler.ioCarriers().get(0).runSince).isEqualTo(IoThreadScheduler.IDLE);
    // the held run is a stall (the short one before it too, should a busy machine have kept it off a CPU)
    assertThat(stalls.stalls()).isBetween(1L, 2L);
    assertThat(stalls.maxMs()).isGreaterThanOrEqualTo(50);
    assertThat(stalls.totalMs()).isGreaterThanOrEqualTo(stalls.maxMs());
  }

  /** The kernel's schedstat of this process's thread named {@code name}: {on a CPU ns, waiting for a CPU ns}. */
  private static long[] schedstat(String name) throws java.io.IOException {
    try (java.nio.file.DirectoryStream<java.nio.file.Path> tasks =
        java.nio.file.Files.newDirectoryStream(java.nio.file.Path.of("/proc/self/task"))) {
      for (java.nio.file.Path t : tasks) {
        if (java.nio.file.Files.readString(t.resolve("comm")).strip().equals(name)) {
          String[] f = java.nio.file.Files.readString(t.resolve("schedstat")).strip().split(" ");
          return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
        }
      }
    }
    throw new AssertionError("no thread " + name);
  }

  private static EventLoopStalls stallsOver20Ms() {
    EventLoopStalls stalls = new EventLoopStalls();
    Properties p = new Properties();
    p.setProperty("largekv.stall_ms", "20");
    p.setProperty("threadcount", "4");
    stalls.watch(p);
    stalls.measuring();
    return stalls;
  }

  /**
   * A run that computes on an I/O thread while twice as many busy threads as the machine has CPUs
   * compete for them: the time it waits for a CPU after the watchdog's look is the machine's share
   * (at least what the kernel's own reading of that thread shows between the look and the run's
   * end), the time it computes the client's (at least its CPU time over the same span): still a
   * stall of the client's, as computing is.
   */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void aRunWaitingForACpuOnABusyMachineHasTheWaitAsTheMachinesShareAndItsComputingAsTheClients() throws Exception {
    assumeSchedulingCounts();
    EventLoopStalls stalls = stallsOver20Ms();
    IoThreadScheduler scheduler = new IoThreadScheduler(new Others(), stalls);
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    List<Thread> busy = new ArrayList<>();
    for (int i = 0; i < 2 * Runtime.getRuntime().availableProcessors(); i++) {
      busy.add(named("busy-" + i, () -> {
        while (!stop.get()) {
          Thread.onSpinWait();
        }
      }));
    }
    java.util.concurrent.CountDownLatch inside = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.atomic.AtomicBoolean end = new java.util.concurrent.atomic.AtomicBoolean();
    Thread io = driverThread("s0-io-7", () -> scheduler.execute(() -> {
      inside.countDown();
      long spins = 0;
      while (!end.get()) {
        spins++; // the client's code, computing
      }
      assertThat(spins).isPositive();
    }));
    try {
      inside.await();
      Thread.sleep(5);
      new EventLoopWatchdog(scheduler, stalls).look(System.nanoTime()); // the mark
      long[] from = schedstat("s0-io-7");
      Thread.sleep(300);
      long[] to = schedstat("s0-io-7");
      end.set(true);
      io.join();
      long waitedNs = to[1] - from[1];
      long ranNs = to[0] - from[0];
      assertThat(waitedNs).as("the kernel's reading: the thread waited for a CPU").isPositive();
      assertThat(stalls.stalls()).isEqualTo(1);
      assertThat(stalls.unread()).isZero();
      // the test's own reading counts whole a wait that straddles it, the scheduler's only the part
      // after its mark: they may differ by one wait, at most one scheduling slice (3 ms here)
      assertThat(stalls.machineMs()).isGreaterThanOrEqualTo(waitedNs / 1e6 - 3).isLessThanOrEqualTo(stalls.totalMs());
      assertThat(stalls.totalMs() - stalls.machineMs()).as("the client's share").isGreaterThanOrEqualTo(ranNs / 1e6);
      assertThat(stalls.onTheMachine()).isZero(); // it computed for more than 20 ms: the client's
    } finally {
      end.set(true);
      stop.set(true);
      for (Thread t : busy) {
        t.join();
      }
    }
  }

  /**
   * A run blocked in client code (here a latch; a pinned wait, a blocking file read alike) is not
   * waiting for a CPU: it stays the client's, and the machine's share is at most the thread's wait
   * for a CPU as the kernel counts it over the whole run.
   */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void aRunBlockedInClientCodeStaysTheClientsStall() throws Exception {
    assumeSchedulingCounts();
    EventLoopStalls stalls = stallsOver20Ms();
    IoThreadScheduler scheduler = new IoThreadScheduler(new Others(), stalls);
    java.util.concurrent.CountDownLatch ready = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch start = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch inside = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch after = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch read = new java.util.concurrent.CountDownLatch(1);
    Thread io = driverThread("s0-io-8", () -> {
      ready.countDown();
      await(start); // asleep before its run, while the kernel's count is read
      scheduler.execute(() -> {
        inside.countDown();
        await(release);
      });
      after.countDown();
      await(read); // alive until its schedstat is read
    });
    ready.await();
    Thread.sleep(5);
    long[] from = schedstat("s0-io-8"); // the whole run after it: asleep, its count has nothing in progress
    start.countDown();
    inside.await();
    Thread.sleep(5);
    new EventLoopWatchdog(scheduler, stalls).look(System.nanoTime());
    Thread.sleep(200);
    release.countDown();
    after.await();
    long[] to = schedstat("s0-io-8");
    read.countDown();
    io.join();
    assertThat(stalls.stalls()).isEqualTo(1);
    assertThat(stalls.unread()).isZero();
    assertThat(stalls.machineMs()).as(scheduler.ioCarriers().get(0).lastSplit)
        .isLessThanOrEqualTo((to[1] - from[1]) / 1e6);
    assertThat(stalls.onTheMachine()).isZero();
  }

  /**
   * A run that sleeps 30 ms in client code, no watchdog looking: the I/O thread's own reading of its
   * wait for a CPU at the run's start (its baseline) splits it, and the sleep is the client's.
   */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void aStallNoWatchdogSawIsSplitByTheIoThreadsOwnBaselineAndASleepIsTheClients() throws Exception {
    assumeSchedulingCounts();
    EventLoopStalls stalls = stallsOver20Ms();
    IoThreadScheduler scheduler = new IoThreadScheduler(new Others(), stalls);
    driverThread("s0-io-9", () -> scheduler.execute(() -> {
      try {
        Thread.sleep(30); // asleep, not runnable, for at least 30 ms; its wait for a CPU after it is the machine's
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    })).join();
    assertThat(stalls.stalls()).isEqualTo(1);
    assertThat(stalls.unread()).isZero();
    assertThat(stalls.onTheMachine()).isZero();
    assertThat(stalls.totalMs() - stalls.machineMs()).as("the client's share").isGreaterThanOrEqualTo(30.0);
    // the sleep took it off its CPU: no share of the machine's from never leaving it
    assertThat(scheduler.ioCarriers().get(0).lastSplit).containsPattern("off its CPU [1-9][0-9]* time\\(s\\)")
        .doesNotContain("never off its CPU");
  }

  /**
   * A run that computes, no watchdog looking: whether or not the kernel took it off its CPU (a busy
   * machine may), the machine's share never takes the CPU the run itself used: the client's share is
   * at least the CPU the run measured from its start to its end.
   */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void aComputingRunKeepsItsCpuAsTheClientsShareWhetherOrNotItLeftItsCpu() throws Exception {
    assumeSchedulingCounts();
    EventLoopStalls stalls = stallsOver20Ms();
    IoThreadScheduler scheduler = new IoThreadScheduler(new Others(), stalls);
    java.util.concurrent.atomic.AtomicLong cpuInRun = new java.util.concurrent.atomic.AtomicLong();
    driverThread("s0-io-10", () -> scheduler.execute(() -> {
      long cpu0 = io.largekv.jvm.ThreadSchedule.onCpuNowNanos();
      long wall0 = System.nanoTime();
      long spins = 0;
      while (System.nanoTime() - wall0 < 40_000_000L) {
        spins++; // the client's code, computing for 40 ms of wall time
      }
      assertThat(spins).isPositive();
      cpuInRun.set(io.largekv.jvm.ThreadSchedule.onCpuNowNanos() - cpu0);
    })).join();
    assertThat(stalls.stalls()).isEqualTo(1);
    String split = scheduler.ioCarriers().get(0).lastSplit;
    assertThat(split).containsAnyOf("never off its CPU", "off its CPU");
    assertThat(stalls.totalMs() - stalls.machineMs()).as(split).isGreaterThanOrEqualTo(cpuInRun.get() / 1e6);
  }

  @Test
  void neverOffItsCpuTheRunsTimeNeitherOnACpuNorWaitingIsTheMachines() {
    // a 20-ms run whose thread used 5 ms of CPU from the baseline's reading to now: 15 ms were interrupts or steal
    assertThat(IoThreadScheduler.Carrier.offCpuNeverSwitched(1_000_000L, 21_000_000L, 100_000_000L, 105_000_000L))
        .isEqualTo(15_000_000L);
    // its CPU covers the run: nothing the machine's, never less than nothing
    assertThat(IoThreadScheduler.Carrier.offCpuNeverSwitched(1_000_000L, 21_000_000L, 100_000_000L, 125_000_000L))
        .isZero();
  }

  @Test
  void onlyTheTestedJavaReleasesRunItAndAnyOtherSaysWhy() {
    EventLoopStalls stalls = new EventLoopStalls();
    for (int untested : new int[] {17, 22, 23, 24, 26}) {
      IoThreadScheduler.SetUp s = IoThreadScheduler.setUp(untested, stalls);
      assertThat(s.scheduler()).isNull();
      assertThat(s.threads()).isNull();
      assertThat(s.whyNot()).isEqualTo("largekv runs them there only on the Java releases its tests run that on"
          + " (21, 25), this is Java " + untested);
    }
  }

  @Test
  void onAJdkWithoutTheInternalApiItSaysWhichPartIsMissing() {
    Assumptions.assumeTrue(Runtime.version().feature() < 21, "the build's Java is 21+");
    // a tested release number, but this JVM (the build's Java 17) has no java.lang.VirtualThread
    IoThreadScheduler.SetUp s = IoThreadScheduler.setUp(21, new EventLoopStalls());
    assertThat(s.scheduler()).isNull();
    assertThat(s.whyNot()).startsWith("this JDK (" + Runtime.version() + ") lacks the JDK-internal "
        + "java.lang.VirtualThread.DEFAULT_SCHEDULER it uses (java.lang.ClassNotFoundException");
  }
}
