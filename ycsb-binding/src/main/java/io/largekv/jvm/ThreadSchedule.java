package io.largekv.jvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How the kernel scheduled one thread so far: its time runnable but waiting for a CPU (the run
 * queue: the cores ran something else), from Linux's {@code /proc/<pid>/task/<tid>/schedstat}; how
 * often it gave its CPU up itself — blocked, slept, waited for I/O or a page — and whether it is
 * running or runnable now, from its {@code status} ({@code voluntary_ctxt_switches}, {@code State});
 * and its time on a CPU, from the JVM ({@code ThreadMXBean}: the kernel's thread CPU clock, which
 * counts the time on a CPU in progress too, where schedstat counts it only when it ends). The one
 * reader of those files: the stall rule ({@link EventLoopStalls}) charges to the machine what was
 * not the client's doing.
 *
 * <p>A thread's wall time is its time on a CPU, its wait for one, the time it was blocked, and, in
 * a virtual machine, the time the hypervisor gave its virtual CPU to someone else (steal: the
 * kernel leaves it out of the time on a CPU). Between two readings with no voluntary switch, the
 * thread runnable at the first, it never blocked: all of the wall time but its time on a CPU was the
 * machine's.
 *
 * <p>Made by the thread itself ({@link #ofCurrentThread}: its id is found through
 * {@code /proc/thread-self}), read by it or by any other thread ({@link #read}).
 */
public final class ThreadSchedule {

  /**
   * What the kernel said of the thread at {@code atNanos} ({@link System#nanoTime}); {@code runnable}:
   * its state was running or runnable ({@code R}), not asleep or blocked.
   */
  public record Reading(long atNanos, long onCpuNanos, long waitNanos, long voluntarySwitches, boolean runnable) {

    /**
     * The machine's share of the time from {@code earlier}, a reading by another thread, to this
     * one, the thread's own, ns; -1 when the counts cannot tell. The kernel adds a wait for a CPU
     * to the count only when the wait ends, and a time on a CPU only when it ends: read by another
     * thread, a reading misses the wait or the time on a CPU in progress. So: asleep at
     * {@code earlier}, it was waiting for nothing, and the wait since is the machine's; runnable at
     * {@code earlier} and never gave its CPU up since, it never blocked, and all of the time since
     * but its time on a CPU (counted in full or more) was the machine's (a wait, or its CPU stolen by
     * a hypervisor); runnable and blocked since, the counts cannot tell.
     */
    public long machineNanosSince(Reading earlier) {
      if (!earlier.runnable) {
        return Math.max(0, waitNanos - earlier.waitNanos);
      }
      if (voluntarySwitches != earlier.voluntarySwitches) {
        return -1;
      }
      return Math.max(0, (atNanos - earlier.atNanos) - (onCpuNanos - earlier.onCpuNanos));
    }

    /** What the kernel counted from {@code earlier} to this reading, in words: {@code 3.2 ms on a CPU, 8.0 ms waiting for one, not blocked}. */
    public String since(Reading earlier) {
      return String.format(java.util.Locale.ROOT, "%.1f ms on a CPU, %.1f ms waiting for one, %s",
          (onCpuNanos - earlier.onCpuNanos) / 1e6, (waitNanos - earlier.waitNanos) / 1e6,
          !earlier.runnable ? "asleep at the first reading" : voluntarySwitches != earlier.voluntarySwitches
              ? "blocked " + (voluntarySwitches - earlier.voluntarySwitches) + " time(s)" : "never blocked");
    }
  }

  /** Where the kernel says which thread the reader is: {@code <pid>/task/<tid>}. */
  private static final Path THREAD_SELF = Path.of("/proc/thread-self");
  private static final java.lang.management.ThreadMXBean THREADS =
      java.lang.management.ManagementFactory.getThreadMXBean();
  private static final String VOLUNTARY = "voluntary_ctxt_switches:";
  private static final String STATE = "State:";

  private final Path task;
  private final String whyNot;
  /** The JVM's id of the thread. */
  private final long threadId;

  private ThreadSchedule(Path task, String whyNot, long threadId) {
    this.task = task;
    this.whyNot = whyNot;
    this.threadId = threadId;
  }

  /** The calling thread's; {@link #available()} false (with {@link #whyNot()}) where Linux does not give it. */
  public static ThreadSchedule ofCurrentThread() {
    return of(THREAD_SELF);
  }

  /** The thread {@code threadSelf} names (a {@code /proc/thread-self} link; tests give others). */
  static ThreadSchedule of(Path threadSelf) {
    long id = Thread.currentThread().getId();
    try {
      if (!THREADS.isThreadCpuTimeSupported() || !THREADS.isThreadCpuTimeEnabled()) {
        throw new IllegalStateException("the JVM measures no thread's CPU time");
      }
      Path task = Path.of("/proc").resolve(Files.readSymbolicLink(threadSelf));
      ThreadSchedule s = new ThreadSchedule(task, null, id);
      s.readOrThrow();
      return s;
    } catch (IOException | RuntimeException e) {
      return new ThreadSchedule(null, "no scheduling counts from the kernel (" + threadSelf + ": " + e + ")", id);
    }
  }

  /** True when the kernel gives this thread's counts. */
  public boolean available() {
    return task != null;
  }

  /** Why the counts are not available; null when they are. */
  public String whyNot() {
    return whyNot;
  }

  /**
   * A reader of this thread's time on a CPU and wait for one alone, for the thread's own hot path:
   * one {@code pread} of schedstat on a file kept open (about half a microsecond); null when not
   * available. Not for other threads: it is not thread-safe.
   */
  public WaitCounter waitCounter() {
    if (task == null) {
      return null;
    }
    try {
      return new WaitCounter(java.nio.channels.FileChannel.open(task.resolve("schedstat")));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** See {@link #waitCounter()}. */
  public static final class WaitCounter {
    private final java.nio.channels.FileChannel schedstat;
    private final java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocateDirect(96);

    private WaitCounter(java.nio.channels.FileChannel schedstat) {
      this.schedstat = schedstat;
    }

    /** The thread's time on a CPU when last {@link #read}, ns. */
    private long onCpu = -1;
    /** The thread's wait for a CPU when last {@link #read}, ns. */
    private long wait = -1;
    /** The times the thread was put on a CPU, when last {@link #read}: unchanged, it never left its CPU. */
    private long slices = -1;

    /** Reads the thread's counts (the thread's own: none in progress); false when they cannot be read. */
    public boolean read() {
      try {
        buffer.clear();
        int n = schedstat.read(buffer, 0);
        int i = 0;
        long[] v = new long[3];
        for (int f = 0; f < 3; f++) {
          boolean digits = false;
          for (; i < n; i++) {
            byte b = buffer.get(i);
            if (b < '0' || b > '9') {
              break;
            }
            v[f] = v[f] * 10 + (b - '0');
            digits = true;
          }
          if (!digits) {
            onCpu = -1;
            wait = -1;
            slices = -1;
            return false;
          }
          i++; // the space
        }
        onCpu = v[0];
        wait = v[1];
        slices = v[2];
        return true;
      } catch (IOException | RuntimeException e) {
        onCpu = -1;
        wait = -1;
        slices = -1;
        return false;
      }
    }

    /**
     * The times the kernel had put the thread on a CPU at the last {@link #read} (schedstat's third
     * field: one more each time it comes back after a wait, a sleep or a block); -1 when it failed.
     */
    public long slices() {
      return slices;
    }

    /**
     * The time on a CPU at the last {@link #read}, as schedstat counts it (without the time on a CPU
     * in progress: up to a scheduler tick short), ns; -1 when it failed.
     */
    public long onCpuNanos() {
      return onCpu;
    }

    /** The wait for a CPU at the last {@link #read}, ns; -1 when it failed. */
    public long waitNanos() {
      return wait;
    }
  }

  /**
   * The calling thread's time on a CPU now, including the time on a CPU in progress (the clock the
   * kernel keeps for the thread, which schedstat's first field lags by up to a scheduler tick), ns.
   */
  public static long onCpuNowNanos() {
    return THREADS.getCurrentThreadCpuTime();
  }

  /** The thread's counts now; null when they cannot be read (not available, or the thread ended). */
  public Reading read() {
    if (task == null) {
      return null;
    }
    try {
      return readOrThrow();
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The thread's own reading takes its time first, then its CPU time; another thread's the reverse:
   * so the time between two readings is never longer, nor the time on a CPU between them shorter,
   * than they were, and the time off a CPU between a reading of another thread and the thread's own
   * is never more than it was.
   */
  private Reading readOrThrow() throws IOException {
    boolean own = Thread.currentThread().getId() == threadId;
    long at = own ? System.nanoTime() : 0;
    long cpu = own ? THREADS.getCurrentThreadCpuTime() : 0;
    long[] sched = schedstat(new String(Files.readAllBytes(task.resolve("schedstat")), StandardCharsets.US_ASCII));
    String status = new String(Files.readAllBytes(task.resolve("status")), StandardCharsets.US_ASCII);
    if (!own) {
      cpu = THREADS.getThreadCpuTime(threadId);
      at = System.nanoTime();
      if (cpu < 0) {
        throw new IllegalStateException("the thread ended");
      }
    }
    return new Reading(at, cpu, sched[1], voluntarySwitches(status), runnable(status));
  }

  /** schedstat's first two fields: {@code <on a CPU, ns> <waiting for a CPU, ns> <time slices>}. */
  static long[] schedstat(String line) {
    String[] f = line.trim().split(" ");
    if (f.length < 3) {
      throw new IllegalArgumentException("not a schedstat line: " + line.trim());
    }
    return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
  }

  /** Whether status's {@code State} is {@code R} (running or runnable). */
  static boolean runnable(String status) {
    for (String line : status.split("\n")) {
      if (line.startsWith(STATE)) {
        return line.substring(STATE.length()).trim().startsWith("R");
      }
    }
    throw new IllegalArgumentException("no " + STATE + " in the thread's status");
  }

  /** status's {@code voluntary_ctxt_switches}. */
  static long voluntarySwitches(String status) {
    for (String line : status.split("\n")) {
      if (line.startsWith(VOLUNTARY)) {
        return Long.parseLong(line.substring(VOLUNTARY.length()).trim());
      }
    }
    throw new IllegalArgumentException("no " + VOLUNTARY + " in the thread's status");
  }
}
