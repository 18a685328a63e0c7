package io.largekv.client;

import io.largekv.jvm.EventLoopStalls;
import io.largekv.jvm.ThreadSchedule;
import io.largekv.run.RunProperties;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.LongAdder;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

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
 * <p>Every inline run is timed and a run longer than {@code largekv.stall_ms} is recorded in
 * {@link EventLoopStalls} as a stall of that I/O thread, with the part of it that was the machine's
 * doing (its wait for a CPU, {@link Carrier#machineShare}); {@link EventLoopWatchdog} watches the
 * runs in progress for a hang and reads the thread's schedule while they last.
 *
 * <p>The JDK has no public API for a virtual thread's scheduler: {@link #setUp} uses the
 * constructor the JDK's own tests use, which needs {@code --add-opens java.base/java.lang=ALL-UNNAMED}
 * ({@code bin/ycsb} passes it), and a private field of {@code java.lang.VirtualThread}. So it runs
 * only on the Java feature releases CI tests it on ({@link #TESTED_JAVA_RELEASES}); on any other,
 * without the option, or on a JDK without that API, {@link #setUp} says why and the caller runs the
 * JDK's scheduler.
 */
public final class IoThreadScheduler implements Executor {

  /** The driver's I/O threads: {@code <session name>-io-<n>} (the DataStax driver 4.x's naming). */
  private static final Pattern IO_THREAD = Pattern.compile(".+-io-\\d+");
  /** The class of the driver's own threads, in each vendor's (relocated) driver. */
  private static final String DRIVER_THREAD_CLASS = ".BlockingOperation$InternalThread";

  /** The Java feature releases on which CI runs the client tests with this scheduler (.ci/run). */
  static final List<Integer> TESTED_JAVA_RELEASES = List.of(21, 25);

  /** {@link Carrier#runSince} of a carrier that runs no client thread. */
  static final long IDLE = Long.MIN_VALUE;

  /**
   * Per platform thread: is it an I/O thread, and since when it carries a virtual thread
   * ({@link System#nanoTime}; {@link #IDLE} when it carries none), for the watchdog too.
   */
  static final class Carrier {
    final Thread thread;
    final boolean io;
    volatile long runSince = IDLE;
    /** The scheduler whose {@link #ioCarriers} lists this carrier. */
    IoThreadScheduler watchedBy;
    /** How the kernel schedules an I/O thread; null for any other thread. */
    final ThreadSchedule schedule;
    /** Its wait for a CPU, read by the I/O thread itself ({@link #baseline}); null for any other thread. */
    final ThreadSchedule.WaitCounter waits;
    /**
     * The I/O thread's own: its time on a CPU and its wait for one when last read (ns; -1: never)
     * and when (nanoTime).
     */
    long baseCpu = -1;
    long baseWait = -1;
    long baseSlices = -1;
    long baseAt;
    /** Its reading during a run ({@link #mark}), with the run's {@link #runSince}; null before. */
    volatile Mark mark;

    /** Made by the thread {@code t} itself (a thread-local's initial value). */
    Carrier(Thread t) {
      this.thread = t;
      this.io = isDriverIoThread(t.getClass().getName(), t.getName());
      this.schedule = io ? ThreadSchedule.ofCurrentThread() : null;
      this.waits = schedule == null ? null : schedule.waitCounter();
    }

    /**
     * At the start of a run at {@code now} (the I/O thread, the hot path): the wait for a CPU read
     * again when the last reading is {@link #BASELINE_NANOS} old, so that a stall's machine share
     * ({@link #machineShare}) counts from at most that long before the run began. At most a
     * thousand reads a second, half a microsecond each.
     */
    void baseline(long now) {
      if (waits != null && now - baseAt >= BASELINE_NANOS) {
        waits.read();
        baseCpu = waits.onCpuNanos();
        baseWait = waits.waitNanos();
        baseSlices = waits.slices();
        baseAt = now;
      }
    }

    /**
     * The machine's share of the run from {@code since} to {@code end}, read after its end (ns; the
     * I/O thread itself): the larger of two lower bounds, -1 when neither could be read. The wait for
     * a CPU since the last {@link #baseline}, less the time from that reading to the run's start and
     * from the run's end to this reading (a wait then was not the run's); and, from the watchdog's
     * {@link #mark} during the run, the machine's share the kernel's full counts show
     * ({@link #machineSinceMark}), less the time from the run's end to the reading.
     */
    long machineShare(long since, long end) {
      long fromBaseline = -1;
      if (waits != null && baseWait >= 0 && waits.read()) {
        long w = waits.waitNanos();
        fromBaseline = Math.max(0, w - baseWait - (since - baseAt) - (System.nanoTime() - end));
        lastSplit = String.format(java.util.Locale.ROOT, "from %.1f ms before it began: %.1f ms on a CPU, %.1f ms"
            + " waiting for one", (since - baseAt) / 1e6, (waits.onCpuNanos() - baseCpu) / 1e6, (w - baseWait) / 1e6);
        if (baseSlices >= 0 && waits.slices() == baseSlices) {
          long offCpu = offCpuNeverSwitched(since, end, baseCpu, ThreadSchedule.onCpuNowNanos());
          fromBaseline = Math.max(fromBaseline, offCpu);
          lastSplit += String.format(java.util.Locale.ROOT, ", never off its CPU: %.1f ms of it neither on a CPU nor"
              + " waiting for one (interrupts, steal)", offCpu / 1e6);
        } else if (baseSlices >= 0 && waits.slices() > baseSlices) {
          lastSplit += String.format(java.util.Locale.ROOT, ", off its CPU %d time(s)", waits.slices() - baseSlices);
        }
      }
      long fromMark = machineSinceMark(since, end);
      if (fromBaseline < 0 && fromMark < 0) {
        lastSplit = "not read";
      }
      return Math.max(fromBaseline, fromMark);
    }

    /**
     * The time of the run from {@code since} to {@code end} that the thread, never taken off its CPU
     * from the baseline to now (its slices unchanged: it neither waited, slept nor blocked), spent
     * neither on a CPU nor waiting for one: the kernel's interrupt work (which it counts apart where
     * it accounts interrupt time) or the hypervisor's steal — the machine's, ns, at least 0. A lower
     * bound: the CPU from the baseline's reading ({@code baseCpu}, which lags the thread's clock) to
     * now ({@code cpuNow}, the clock itself, after the run's end) is at least the run's.
     */
    static long offCpuNeverSwitched(long since, long end, long baseCpu, long cpuNow) {
      return Math.max(0, (end - since) - (cpuNow - baseCpu));
    }

    /**
     * Reads how the kernel scheduled the I/O thread, during the run that started at {@code since}
     * (the watchdog's look, off the I/O thread): what {@link #machineSinceMark} starts from. Once
     * per run; a reading that the run's end overtook is dropped.
     */
    void mark(long since) {
      Mark m = mark;
      if (schedule == null || m != null && m.runSince() == since) {
        return;
      }
      ThreadSchedule.Reading r = schedule.read();
      if (r != null && runSince == since) {
        mark = new Mark(since, r);
      }
    }

    /**
     * The machine's share of the run that started at {@code since}, from its mark to now (ns,
     * {@link ThreadSchedule.Reading#machineNanosSince}): within the run, so the machine's share of
     * it is at least this; -1 when the run has no mark (it ended before the watchdog looked) or the
     * kernel gives no reading. Called by the I/O thread itself at the end of a stall.
     */
    long machineSinceMark(long since, long end) {
      Mark m = mark;
      if (m == null || m.runSince() != since) {
        return -1;
      }
      ThreadSchedule.Reading now = schedule.read();
      if (now == null) {
        return -1;
      }
      lastSplit = String.format(java.util.Locale.ROOT, "%s; the watchdog's reading %.1f ms into it, then %s", lastSplit,
          (m.reading().atNanos() - since) / 1e6, now.since(m.reading()));
      long share = now.machineNanosSince(m.reading());
      return share < 0 ? -1 : Math.max(0, share - (now.atNanos() - end));
    }

    /** How {@link #machineShare} last split a stall, in words (the I/O thread's own). */
    String lastSplit = "";
  }

  /** How the kernel had scheduled an I/O thread ({@code reading}) during the run that started at {@code runSince}. */
  record Mark(long runSince, ThreadSchedule.Reading reading) {}

  /** The I/O threads that have run a client thread, for {@link EventLoopWatchdog}. */
  private final List<Carrier> ioCarriers = new CopyOnWriteArrayList<>();

  /** A run that has lasted this long gets the kernel's counts of its thread read by the watchdog (ns): its mark. */
  static final long MARK_AFTER_NANOS = 1_000_000;
  /** How old an I/O thread's reading of its wait for a CPU may be when a run starts (ns). */
  static final long BASELINE_NANOS = 1_000_000;
  /** The virtual threads made by {@link #virtualThreads}, for the watchdog's stacks. */
  private final List<Thread> clientThreads = new CopyOnWriteArrayList<>();

  /** A thread of the driver's I/O group: the driver's own thread class, named {@code <session>-io-<n>}. */
  static boolean isDriverIoThread(String threadClass, String threadName) {
    return threadClass.endsWith(DRIVER_THREAD_CLASS) && IO_THREAD.matcher(threadName).matches();
  }

  private static final ThreadLocal<Carrier> CARRIER = ThreadLocal.withInitial(() -> new Carrier(Thread.currentThread()));

  private final Executor others;
  private final EventLoopStalls stalls;
  private final LongAdder onIo = new LongAdder();
  private final LongAdder elsewhere = new LongAdder();

  IoThreadScheduler(Executor others, EventLoopStalls stalls) {
    this.others = others;
    this.stalls = stalls;
  }

  /** The I/O threads that have run a client thread so far. */
  List<Carrier> ioCarriers() {
    return ioCarriers;
  }

  /** The client threads this scheduler runs. */
  List<Thread> clientThreads() {
    return clientThreads;
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
    // is running a virtual thread (Java 21 unparks from the carrier's identity) has a runSince
    Carrier c = CARRIER.get();
    if (c.io && c.runSince == IDLE) {
      onIo.increment();
      if (c.watchedBy != this) {
        c.watchedBy = this; // once per I/O thread
        ioCarriers.add(c);
      }
      long since = System.nanoTime();
      c.baseline(since);
      c.runSince = since;
      try {
        continuation.run();
      } finally {
        long end = System.nanoTime();
        long took = end - since;
        c.runSince = IDLE;
        if (stalls.isStall(took)) {
          // rare: the machine's share is read here, after the run (the reading's own time is not the run's)
          stalls.record(took, c.machineShare(since, end), c.lastSplit);
        }
      }
    } else {
      elsewhere.increment();
      others.execute(continuation);
    }
  }

  /**
   * This scheduler, with its other wake-ups going to the JDK's own scheduler of virtual threads (its
   * carrier threads make up for one blocked in file I/O or pinned), and its factory of virtual
   * threads; or, when this JVM must run the JDK's scheduler instead, why, in words for one line.
   */
  record SetUp(IoThreadScheduler scheduler, ThreadFactory threads, String whyNot) {
    static SetUp not(String why) {
      return new SetUp(null, null, why);
    }
  }

  /** See {@link SetUp}; {@code javaFeature}: this JVM's feature release (a parameter for tests). */
  static SetUp setUp(int javaFeature, EventLoopStalls stalls) {
    if (!TESTED_JAVA_RELEASES.contains(javaFeature)) {
      return SetUp.not("largekv runs them there only on the Java releases its tests run that on ("
          + TESTED_JAVA_RELEASES.stream().map(String::valueOf).collect(Collectors.joining(", ")) + "), this is Java "
          + javaFeature);
    }
    String doing = "java.lang.VirtualThread.DEFAULT_SCHEDULER";
    try {
      Field f = Class.forName("java.lang.VirtualThread").getDeclaredField("DEFAULT_SCHEDULER");
      f.setAccessible(true);
      IoThreadScheduler scheduler = new IoThreadScheduler((Executor) f.get(null), stalls);
      doing = "the constructor ThreadBuilders.VirtualThreadBuilder(Executor)";
      Class<?> builderClass = Class.forName("java.lang.ThreadBuilders$VirtualThreadBuilder");
      Constructor<?> withScheduler = builderClass.getDeclaredConstructor(Executor.class);
      withScheduler.setAccessible(true);
      Object builder = withScheduler.newInstance(scheduler);
      ThreadFactory factory = (ThreadFactory) Class.forName("java.lang.Thread$Builder").getMethod("factory")
          .invoke(builder);
      return new SetUp(scheduler, r -> {
        Thread t = factory.newThread(r);
        scheduler.clientThreads.add(t);
        return t;
      }, null);
    } catch (InaccessibleObjectException e) {
      return SetUp.not("java.lang is not opened to largekv (" + RunProperties.VIRTUAL_SCHEDULER + "=io needs"
          + " --add-opens java.base/java.lang=ALL-UNNAMED, which bin/ycsb passes)");
    } catch (ReflectiveOperationException | RuntimeException e) {
      return SetUp.not("this JDK (" + Runtime.version() + ") lacks the JDK-internal " + doing + " it uses (" + e + ")");
    }
  }
}
