package io.largekv.bench;

import io.largekv.results.Reason;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The CPU of a client's JVM compiler threads (HotSpot's C1 and C2 threads, by their names in
 * {@code /proc/<pid>/task}), read at each of its progress lines: what {@code --subtract} leaves out for
 * its figure without the JIT. 0 for a client that is not a JVM (latte). Unavailable, with the reason,
 * when a JVM's compiler threads were not found, or when they changed between two readings (HotSpot's
 * dynamic compiler threads starting or ending: a thread that ends takes CPU with it that no reading
 * saw, and that would flatter the figure).
 */
final class CompilerThreads {

  /** HotSpot's compiler threads as {@code /proc} and perf name them ({@code C2 CompilerThread0}, cut to 15 characters). */
  static final String NAME = "C[12] CompilerThre.*";
  private static final Pattern PATTERN = Pattern.compile(NAME);

  /** Their CPU seconds up to the last reading; NaN and why ({@code missing}) when unavailable. */
  record Cpu(double seconds, Reason missing) {
    static Cpu unavailable(String why) {
      return new Cpu(Double.NaN, Reason.unmeasured(why));
    }

    /** Why they are unavailable, in words; null when measured. */
    String unavailable() {
      return missing == null ? null : missing.words();
    }
  }

  private final Map<Long, Double> last = new HashMap<>();
  private Set<Long> threads;
  private Boolean java;
  /** The JVM read: the client process, or the one a launcher of it started. */
  private long jvm = -1;
  private String unavailable;

  /**
   * Reads the compiler threads of {@code pid}, or of the JVM it started when it is a launcher that
   * forks one (nothing when there is no JVM, or it has ended).
   */
  void read(long pid) {
    if (pid <= 0 || unavailable != null) {
      return;
    }
    if (java == null) {
      jvm = ProcessCpu.isJava(pid) ? pid : ProcessHandle.of(pid).stream().flatMap(ProcessHandle::descendants)
          .map(ProcessHandle::pid).filter(ProcessCpu::isJava).findFirst().orElse(-1L);
      java = jvm > 0;
    }
    if (!java) {
      return;
    }
    Map<Long, Double> now = ProcessCpu.threadSeconds(jvm, PATTERN);
    if (now != null) { // else the process has ended: its last reading stands
      add(now);
    }
  }

  /** A reading of a JVM's compiler threads: CPU seconds by thread id. */
  void add(Map<Long, Double> now) {
    java = true;
    if (unavailable != null) {
      return;
    }
    if (threads == null) {
      threads = Set.copyOf(now.keySet());
      if (threads.isEmpty()) {
        unavailable = "no compiler thread (C1 or C2 CompilerThread) found in the JVM";
      }
    } else if (!now.keySet().equals(threads)) {
      unavailable = "the JVM's compiler threads changed between two progress lines (dynamic compiler threads):"
          + " the CPU of one that ended was not seen whole";
    }
    last.putAll(now);
  }

  /** The JVM read ({@link #read}): the client's pid or a descendant's; −1 when none. */
  long jvm() {
    return jvm;
  }

  /**
   * Their CPU seconds as last read, each thread at its last reading (one that has ended counts
   * what was seen of it), for the rule of {@link SteadyWindow}: 0 for a process that is not a JVM,
   * NaN before a reading or when a JVM's compiler threads were not found.
   */
  double seenSeconds() {
    if (java == null) {
      return Double.NaN;
    }
    if (!java) {
      return 0;
    }
    if (threads == null || threads.isEmpty()) {
      return Double.NaN;
    }
    return last.values().stream().mapToDouble(Double::doubleValue).sum();
  }

  Cpu cpu() {
    if (java == null) {
      return Cpu.unavailable("the client was never read (no progress line)");
    }
    if (!java) {
      return new Cpu(0, null);
    }
    if (unavailable != null) {
      return Cpu.unavailable(unavailable);
    }
    if (threads == null) {
      return Cpu.unavailable("the JVM's threads could not be read");
    }
    return new Cpu(last.values().stream().mapToDouble(Double::doubleValue).sum(), null);
  }
}
