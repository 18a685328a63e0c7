package io.largekv.jvm;

import io.largekv.common.ProcStat;
import io.largekv.common.WarmUp;
import io.largekv.results.ClientSummary.Metric;
import java.io.PrintStream;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The CPU the client JVM's JIT compiler used in the window YCSB's figures cover, after the client's
 * warm-up ({@code io.largekv.run.ClientWarmUp}): the one owner of that figure (docs/ycsb-workload.md, "The client's
 * warm-up").
 *
 * <p>The JIT compiles the client's hot path in its first seconds, and on a client whose cores are
 * few or busy it goes on much longer: on one CPU, reading at 5,000/s, its compiler threads still
 * used 10 % of that CPU in the minute after a 10-s warm-up, and 2 % in the minute after a 30-s one
 * (docs/performance.md). That CPU is taken from the driver's I/O threads, and the responses on them
 * wait. This class reads the compiler threads' CPU time (Linux: {@code /proc/self/task/TID/stat} of
 * the threads named {@code C1/C2 CompilerThread}) when the warm-up ends and when the run finishes,
 * and reports what they used in between ({@code [LARGEKV], JitCpuMsAfterWarmUp}). When that is at
 * least {@value #WARN_SHARE_PERCENT} % of the window's CPU time (its length times the processors
 * the JVM sees), a warning says so: the reported latencies may still carry the client's warm-up,
 * and a longer {@code largekv.warmup_s} leaves more of it out. It changes no result: a stall of the
 * I/O threads that could have moved a reported percentile fails the run on its own
 * ({@link EventLoopStalls}).
 *
 * <p>A compiler thread the JVM ends in the window (it starts and ends them as the compile queue
 * grows and shrinks) takes the CPU it used after the warm-up with it: the figure is then a lower
 * bound. Where there is no {@code /proc} there is no figure.
 */
public final class ClientJit {

  /** The share of the window's CPU time (%) from which the JIT's compiling is worth a warning. */
  static final double WARN_SHARE_PERCENT = 1.0;

  private final Supplier<Map<Long, Long>> compilerCpuMillis;
  private final LongSupplier nanoTime;
  private final int processors;
  private final Object lock = new Object();
  // guarded by lock; null: not marked
  private Map<Long, Long> from;
  private long fromNanos;
  private Map<Long, Long> to;
  private long toNanos;

  /** This JVM's compiler threads. */
  public static ClientJit ofThisJvm() {
    return new ClientJit(ClientJit::compilerThreadsCpuMillis, System::nanoTime,
        Runtime.getRuntime().availableProcessors());
  }

  /**
   * @param compilerCpuMillis CPU ms used so far by each compiler thread (by thread id), null when
   *     unknown
   */
  ClientJit(Supplier<Map<Long, Long>> compilerCpuMillis, LongSupplier nanoTime, int processors) {
    this.compilerCpuMillis = compilerCpuMillis;
    this.nanoTime = nanoTime;
    this.processors = processors;
  }

  /** The warm-up ended: the window YCSB's figures cover begins. */
  public void warmUpEnded() {
    Map<Long, Long> now = compilerCpuMillis.get();
    synchronized (lock) {
      from = now;
      fromNanos = nanoTime.getAsLong();
    }
  }

  /** The warm-up is in the figures after all (nothing ran after it): there is no window of its own. */
  public void warmUpIncluded() {
    synchronized (lock) {
      from = null;
    }
  }

  /** Every client thread finished: the window ends. */
  public void runFinished() {
    Map<Long, Long> now = compilerCpuMillis.get();
    synchronized (lock) {
      if (to == null) {
        to = now;
        toNanos = nanoTime.getAsLong();
      }
    }
  }

  /**
   * CPU ms the compiler threads used in the window after the warm-up: each thread's growth, a thread
   * started in it whole; empty without a window, or where the threads' CPU cannot be read.
   */
  public Optional<Long> cpuMillisAfterWarmUp() {
    synchronized (lock) {
      if (from == null || to == null) {
        return Optional.empty();
      }
      long ms = 0;
      for (Map.Entry<Long, Long> e : to.entrySet()) {
        ms += Math.max(0, e.getValue() - from.getOrDefault(e.getKey(), 0L));
      }
      return Optional.of(ms);
    }
  }

  /** The {@code [LARGEKV]} line, when there is a window after the warm-up. */
  public void print(PrintStream out) {
    cpuMillisAfterWarmUp().ifPresent(ms -> out.println(Metric.JIT_CPU_MS_AFTER_WARM_UP.line(ms)));
  }

  /** The warning, when the JIT's compiling after the warm-up is worth one. */
  public Optional<String> warning() {
    Optional<Long> ms = cpuMillisAfterWarmUp();
    long windowNanos;
    synchronized (lock) {
      windowNanos = toNanos - fromNanos;
    }
    if (ms.isEmpty() || windowNanos <= 0) {
      return Optional.empty();
    }
    double share = 100.0 * ms.get() * 1_000_000 / ((double) windowNanos * processors);
    if (share < WARN_SHARE_PERCENT) {
      return Optional.empty();
    }
    return Optional.of(String.format(Locale.ROOT, "the client JVM's JIT compiler used %.1f s of CPU in the %.1f s after"
        + " the client's warm-up (%.1f %% of the %d CPU(s) it sees): CPU taken from the driver's I/O threads, so the"
        + " reported latencies may still carry the client's warm-up; a longer %s leaves more of it out",
        ms.get() / 1000.0, windowNanos / 1e9, share, processors, WarmUp.PROPERTY));
  }

  /**
   * CPU ms (user + system) of each of this JVM's compiler threads ({@code C1 CompilerThread},
   * {@code C2 CompilerThread}, a JVMCI compiler's; Linux truncates a thread's name to 15 characters),
   * by thread id; null where {@code /proc/self/task} cannot be read.
   */
  static Map<Long, Long> compilerThreadsCpuMillis() {
    Map<Long, Long> cpu = ProcStat.threadTicks(Paths.get("/proc/self/task"), ClientJit::isCompilerThread);
    if (cpu != null) {
      cpu.replaceAll((thread, ticks) -> millis(ticks));
    }
    return cpu;
  }

  /**
   * Whether a thread's name as Linux shows it (its {@code comm}: at most 15 characters) is a JIT
   * compiler's: HotSpot's {@code C1 CompilerThread0}, {@code C2 CompilerThread1} and a JVMCI
   * compiler's {@code JVMCI CompilerThread0} all read {@code ... CompilerThre}.
   */
  static boolean isCompilerThread(String comm) {
    return comm.contains("Compiler");
  }

  /** CPU clock ticks ({@link ProcStat#TICKS_PER_SECOND}) in ms. */
  static long millis(long ticks) {
    return ticks * 1000 / ProcStat.TICKS_PER_SECOND;
  }
}
