package io.largekv.client;

import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.util.Locale;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;

/**
 * The scheduler of largekv's virtual client threads: a virtual thread that the driver's I/O thread
 * wakes up (its response arrived) runs on that I/O thread at once, until it waits again; every
 * other wake-up (start, a timed wait of {@code -target}, a lock handed over) goes to the JDK's own
 * scheduler.
 *
 * <p>Why: with the JDK's scheduler every operation of a YCSB client thread is two hand-overs between
 * threads — the I/O thread completes the response and wakes a carrier thread of the JDK's pool, the
 * carrier runs the YCSB thread, which writes the next request and wakes the I/O thread to flush it.
 * On a machine whose cores the server or other clients keep busy, those wake-ups are a large
 * part of the client's CPU (docs/performance.md). Run on the I/O thread, the YCSB thread's next
 * request is queued on the loop that is already awake and flushed with the others of the same read
 * batch: the cost of an asynchronous client, with YCSB's synchronous {@code DB} interface and its
 * measurements (a latency is still the time from the call to its return, taken in the YCSB
 * thread). As in any asynchronous client, the responses of one read are handed out one after the
 * other, so an operation's latency includes the client's work on the responses read before it.
 *
 * <p>A virtual thread runs on an I/O thread only when that thread is one of the driver's I/O
 * threads (its thread class, named {@code <session>-io-<n>}) that carries no other virtual thread
 * at that moment. On Java 21–23 a virtual thread that waits inside a {@code synchronized} block
 * pins its carrier: on an I/O thread it would hold that thread while it waits, and if it waits for
 * a response that thread must read, until the request times out. largekv's binding and workload
 * never wait inside {@code synchronized} ({@code ClientThreadsIT} fails on any pinning, with
 * largekv's workload and with YCSB's CoreWorkload); a binding or workload of one's own that does
 * should run with {@code largekv.virtual_scheduler=jdk}.
 *
 * <p>The JDK has no public API for a virtual thread's scheduler: {@link #virtualThreads} uses the
 * constructor the JDK's own tests use, which needs {@code --add-opens java.base/java.lang=ALL-UNNAMED}
 * ({@code bin/ycsb} passes it). Without it, or on a JDK without that constructor, it returns null
 * and the caller falls back to the JDK's scheduler.
 */
public final class IoThreadScheduler implements Executor {

  /** The driver's I/O threads: {@code <session name>-io-<n>} (the DataStax driver 4.x's naming). */
  private static final Pattern IO_THREAD = Pattern.compile(".+-io-\\d+");
  /** The class of the driver's own threads, in each vendor's (relocated) driver. */
  private static final String DRIVER_THREAD_CLASS = ".BlockingOperation$InternalThread";

  /** Per platform thread: is it an I/O thread, and does it carry a virtual thread right now. */
  private static final class Carrier {
    final boolean io;
    boolean carrying;

    Carrier(Thread t) {
      this.io = isDriverIoThread(t.getClass().getName(), t.getName());
    }
  }

  /** A thread of the driver's I/O group: the driver's own thread class, named {@code <session>-io-<n>}. */
  static boolean isDriverIoThread(String threadClass, String threadName) {
    return threadClass.endsWith(DRIVER_THREAD_CLASS) && IO_THREAD.matcher(threadName).matches();
  }

  private static final ThreadLocal<Carrier> CARRIER = ThreadLocal.withInitial(() -> new Carrier(Thread.currentThread()));

  private final Executor others;
  private final LongAdder onIo = new LongAdder();
  private final LongAdder elsewhere = new LongAdder();

  IoThreadScheduler(Executor others) {
    this.others = others;
  }

  /** Wake-ups of virtual threads run on an I/O thread so far. */
  long onIoThreads() {
    return onIo.sum();
  }

  /** Wake-ups handed to the other scheduler so far (start, timed waits, locks, nested wake-ups). */
  long elsewhere() {
    return elsewhere.sum();
  }

  /** Where the wake-ups so far ran, for the run's output: "virtual client threads woke N times: ...". */
  String wakeUps() {
    long io = onIoThreads();
    long other = elsewhere();
    long all = io + other;
    return String.format(Locale.ROOT, "virtual client threads woke %,d times: %,d on the driver's I/O threads"
        + " (%.1f %%), %,d on the other scheduler (start, timed waits, locks)", all, io,
        all == 0 ? 0.0 : 100.0 * io / all, other);
  }

  @Override
  public void execute(Runnable continuation) {
    // a virtual thread's own ThreadLocal says io=false (its name is ClientThread-n); a carrier that
    // is running a virtual thread (Java 21 unparks from the carrier's identity) says carrying
    Carrier c = CARRIER.get();
    if (c.io && !c.carrying) {
      onIo.increment();
      c.carrying = true;
      try {
        continuation.run();
      } finally {
        c.carrying = false;
      }
    } else {
      elsewhere.increment();
      others.execute(continuation);
    }
  }

  /**
   * A scheduler whose other wake-ups go to the JDK's own scheduler of virtual threads (its carrier
   * threads make up for one blocked in file I/O or pinned), or null when this JVM does not let
   * largekv reach it (Java before 21, or {@code java.lang} not opened to this code).
   */
  static IoThreadScheduler create() {
    try {
      Field f = Class.forName("java.lang.VirtualThread").getDeclaredField("DEFAULT_SCHEDULER");
      f.setAccessible(true);
      return new IoThreadScheduler((Executor) f.get(null));
    } catch (ReflectiveOperationException | RuntimeException e) {
      // InaccessibleObjectException (a RuntimeException) when java.lang is not opened
      return null;
    }
  }

  /**
   * A factory of virtual threads scheduled by this scheduler, or null when this JVM does not allow
   * one (Java before 21, or {@code java.lang} not opened to this code).
   */
  ThreadFactory virtualThreads() {
    try {
      Class<?> builderClass = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder");
      Constructor<?> withScheduler = builderClass.getDeclaredConstructor(Executor.class);
      withScheduler.setAccessible(true);
      Object builder = withScheduler.newInstance(this);
      return (ThreadFactory) Class.forName("java.lang.Thread$Builder").getMethod("factory").invoke(builder);
    } catch (ReflectiveOperationException | RuntimeException e) {
      // InaccessibleObjectException (a RuntimeException) when java.lang is not opened
      return null;
    }
  }
}
