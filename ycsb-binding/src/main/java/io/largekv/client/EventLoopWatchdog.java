package io.largekv.client;

import io.largekv.common.ExitStatus;
import io.largekv.jvm.EventLoopStalls;
import io.largekv.run.ProcessExit;
import java.lang.reflect.Field;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Watches the driver's I/O threads while they run client threads ({@link IoThreadScheduler}): a
 * platform thread that looks every {@value #PERIOD_MS} ms at each I/O thread's run in progress.
 *
 * <ul>
 *   <li>A run that has lasted a millisecond ({@link IoThreadScheduler#MARK_AFTER_NANOS}) and has no
 *       mark yet: it reads how the kernel has scheduled the I/O thread, once
 *       ({@link IoThreadScheduler.Carrier#mark}), so that should the run become a stall, the time the
 *       thread then spent off a CPU without blocking (waiting for one, or its virtual CPU stolen by a
 *       hypervisor) is known and charged to the machine: the kernel's full counts, which a run's
 *       start cannot afford to read ({@link IoThreadScheduler.Carrier#baseline} reads the wait alone).
 *   <li>The first stall it sees while it lasts (a run longer than {@code largekv.stall_ms}, from the
 *       run's first operation on), and the first after the client's warm-up (those in the reported
 *       figures): it prints the client thread's stack, so the cause of the stalls that
 *       {@link EventLoopStalls} counts can be found.
 *   <li>A run longer than {@code largekv.hang_ms} (2 s by default): the I/O thread is not coming
 *       back; every response on it waits, and the run would hang or time out. It prints one line and
 *       the client thread's stack, and ends the process with exit status 3 ({@link ExitStatus#ABORTED}):
 *       the run has no result.
 * </ul>
 *
 * <p>The client thread that runs on an I/O thread is found through {@code VirtualThread}'s private
 * field {@code carrierThread} ({@code java.lang} is open to largekv whenever its scheduler runs);
 * should that fail, the I/O thread's own stack is printed.
 */
final class EventLoopWatchdog implements Runnable {

  static final long PERIOD_MS = 2;

  private final IoThreadScheduler scheduler;
  private final EventLoopStalls stalls;
  private final Field carrierThread;
  /** Whether a stall's stack was shown: before the client's warm-up ended [0], after it [1]. */
  private final boolean[] stackShown = new boolean[2];

  /** A watchdog that looks only when {@link #look} is called (tests); {@link #start} runs one. */
  EventLoopWatchdog(IoThreadScheduler scheduler, EventLoopStalls stalls) {
    this.scheduler = scheduler;
    this.stalls = stalls;
    this.carrierThread = carrierThreadField();
  }

  /** Starts the watchdog of {@code scheduler}'s I/O threads, a daemon thread. */
  static Thread start(IoThreadScheduler scheduler, EventLoopStalls stalls) {
    Thread t = new Thread(new EventLoopWatchdog(scheduler, stalls), "largekv-event-loop-watchdog");
    t.setDaemon(true);
    t.start();
    return t;
  }

  @Override
  public void run() {
    while (!Thread.currentThread().isInterrupted()) {
      try {
        Thread.sleep(PERIOD_MS);
      } catch (InterruptedException e) {
        return;
      }
      look(System.nanoTime());
    }
  }

  /** One look at every I/O thread's run in progress, at {@code now} (nanoTime). */
  void look(long now) {
    for (IoThreadScheduler.Carrier c : scheduler.ioCarriers()) {
      long since = c.runSince;
      if (since == IoThreadScheduler.IDLE) {
        continue;
      }
      if (now - since >= IoThreadScheduler.MARK_AFTER_NANOS) {
        c.mark(since);
      }
      long ms = TimeUnit.NANOSECONDS.toMillis(now - since);
      if (ms > stalls.hangMs()) {
        hang(c, since, ms);
      } else if (ms > stalls.boundMs() && stalls.isMeasuring()) {
        int steady = stalls.afterWarmUp() ? 1 : 0;
        if (stackShown[steady]) {
          continue;
        }
        RunStack stack = stackOfRun(c, since);
        if (stack != null) {
          stackShown[steady] = true;
          System.err.println(String.format(Locale.ROOT, "largekv: event-loop stall%s: %s has run on the driver's I/O"
              + " thread %s for %d ms (largekv.stall_ms=%d); every response on that thread waits meanwhile. Its"
              + " stack (the first stall's, and the first after the client's warm-up; a garbage-collection pause of"
              + " the client JVM makes one too, and the run's end tells those apart):%s",
              steady == 1 ? " after the client's warm-up" : "", stack.who(), c.thread.getName(), ms,
              stalls.boundMs(), stack.frames()));
        }
      }
    }
  }

  /** The I/O thread did not come back: one line with the stack, exit status 3. */
  private void hang(IoThreadScheduler.Carrier c, long since, long ms) {
    RunStack stack = stackOfRun(c, since);
    if (stack == null) {
      return; // it came back just now
    }
    ProcessExit.end(ExitStatus.ABORTED, String.format(Locale.ROOT, "event-loop hang: %s has run on the driver's I/O"
        + " thread %s for %d ms without giving it back (largekv.hang_ms=%d): every response on that thread waits, so"
        + " the run cannot go on and has no result; exit status %d. Its stack:%s", stack.who(), c.thread.getName(), ms,
        stalls.hangMs(), ExitStatus.ABORTED, stack.frames()));
  }

  /** Who ran on a stalled I/O thread, and its stack ({@code \n\tat frame} lines). */
  private record RunStack(String who, String frames) {}

  /**
   * The stack of the client thread on {@code c} (the I/O thread's own when it cannot be told), or
   * null when {@code c}'s run since {@code since} ended meanwhile: the stack is then not that run's.
   */
  private RunStack stackOfRun(IoThreadScheduler.Carrier c, long since) {
    Thread client = clientOn(c.thread);
    StackTraceElement[] stack = client != null ? client.getStackTrace() : c.thread.getStackTrace();
    if (c.runSince != since) {
      return null;
    }
    StringBuilder frames = new StringBuilder();
    for (StackTraceElement e : stack) {
      frames.append("\n\tat ").append(e);
    }
    return new RunStack(client != null ? "client thread " + client.getName() : "a client thread", frames.toString());
  }

  /** The client thread mounted on {@code carrier} now, or null when it cannot be told. */
  private Thread clientOn(Thread carrier) {
    if (carrierThread == null) {
      return null;
    }
    for (Thread t : scheduler.clientThreads()) {
      try {
        if (carrierThread.get(t) == carrier) {
          return t;
        }
      } catch (IllegalAccessException | IllegalArgumentException e) {
        return null;
      }
    }
    return null;
  }

  private static Field carrierThreadField() {
    try {
      Field f = Class.forName("java.lang.VirtualThread").getDeclaredField("carrierThread");
      f.setAccessible(true);
      return f;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
