package io.largekv.run;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongConsumer;

/**
 * What the run does once its first operation was recorded (the warm-up's timer, the line
 * {@code bin/largekv}'s events count from, the status and timeline threads), run on a platform
 * thread started before any operation, never by the thread that recorded it.
 *
 * <p>That thread is a client thread, which largekv's client runs on a driver I/O thread. Starting a
 * thread there (a native call) or writing a line to stderr (a lock, and a pipe that may be full) holds
 * that event loop, and every response it should read waits: the warm-up timer's start alone stalled a
 * loop for 18 ms. The recording thread only stores the time and unparks the waiting thread.
 */
final class FirstOperationTasks {

  static final String THREAD_NAME = "largekv-first-operation";

  private final LongConsumer tasks;
  private final AtomicBoolean ran = new AtomicBoolean();
  private final CountDownLatch done = new CountDownLatch(1);
  private volatile Thread thread;
  /** The first operation's start in ms since 1970; {@link Long#MIN_VALUE} until then. */
  private volatile long firstOperationMs = Long.MIN_VALUE;

  /** {@code tasks}: told the first operation's start (ms since 1970), once. */
  FirstOperationTasks(LongConsumer tasks) {
    this.tasks = tasks;
  }

  /** Starts the thread that will run the tasks (once; before the run's operations). */
  synchronized void start() {
    if (thread != null || ran.get()) {
      return;
    }
    Thread t = new Thread(this::awaitFirstOperation, THREAD_NAME);
    t.setDaemon(true);
    thread = t;
    t.start();
  }

  /**
   * The first operation started at {@code epochMillis}: hands it to the thread, or runs the tasks here
   * when none was started (a run that was never configured, e.g. a unit test's).
   */
  void firstOperation(long epochMillis) {
    firstOperationMs = epochMillis;
    Thread t = thread;
    if (t != null) {
      LockSupport.unpark(t);
    } else {
      run(epochMillis);
    }
  }

  private void awaitFirstOperation() {
    long ms;
    while ((ms = firstOperationMs) == Long.MIN_VALUE) {
      LockSupport.park(this);
    }
    run(ms);
  }

  private void run(long epochMillis) {
    if (!ran.compareAndSet(false, true)) {
      return;
    }
    try {
      tasks.accept(epochMillis);
    } finally {
      done.countDown();
    }
  }

  /**
   * The run finished: when a first operation was recorded, waits (at most {@code seconds}) until its
   * tasks ran, so that the warm-up and the lines they print come before the run's summary. False when
   * they had not run by then.
   */
  boolean awaitTasks(long seconds) throws InterruptedException {
    return firstOperationMs == Long.MIN_VALUE || done.await(seconds, TimeUnit.SECONDS);
  }
}
