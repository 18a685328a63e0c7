package io.largekv.bench;

import io.largekv.common.ProcStat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * CPU time of a live process from {@code /proc/<pid>/stat}: user + system time of all its threads,
 * in seconds (clock ticks of {@value #TICKS_PER_SECOND} Hz, the Linux USER_HZ).
 */
final class ProcessCpu {

  static final int TICKS_PER_SECOND = ProcStat.TICKS_PER_SECOND;

  private ProcessCpu() {}

  /**
   * Busy CPU seconds of the whole machine since boot, all cores (/proc/stat: user, nice, system,
   * irq, softirq, steal), or NaN when unknown.
   */
  static double machineSeconds() {
    try {
      for (String line : Files.readAllLines(Paths.get("/proc/stat"))) {
        if (line.startsWith("cpu ")) {
          String[] f = line.trim().split("\\s+");
          long busy = 0;
          for (int i : new int[] {1, 2, 3, 6, 7, 8}) {
            busy += Long.parseLong(f[i]);
          }
          return busy / (double) TICKS_PER_SECOND;
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return Double.NaN;
  }

  /**
   * utime + stime in seconds of each thread of {@code pid} whose name ({@code /proc/<pid>/task/<tid>/stat}'s
   * comm, at most 15 characters) matches {@code name}, by thread id; empty when none does, null when
   * the process is gone. A thread that ends between the listing and its read is left out.
   */
  static Map<Long, Double> threadSeconds(long pid, Pattern name) {
    Map<Long, Long> ticks = ProcStat.threadTicks(Paths.get("/proc", Long.toString(pid), "task"), name.asMatchPredicate());
    if (ticks == null) {
      return null;
    }
    Map<Long, Double> seconds = new HashMap<>();
    ticks.forEach((thread, t) -> seconds.put(thread, t / (double) TICKS_PER_SECOND));
    return seconds;
  }

  /** Whether {@code pid} runs a {@code java} executable ({@code /proc/<pid>/exe}); false when unknown. */
  static boolean isJava(long pid) {
    try {
      return Files.readSymbolicLink(Paths.get("/proc", Long.toString(pid), "exe")).getFileName().toString().equals("java");
    } catch (IOException | UnsupportedOperationException e) {
      return false;
    }
  }

  /** utime + stime of {@code pid} in seconds, or NaN when the process is gone. */
  static double seconds(long pid) {
    Path stat = Paths.get("/proc", Long.toString(pid), "stat");
    try {
      return ProcStat.cpuTicks(Files.readString(stat)) / (double) TICKS_PER_SECOND;
    } catch (IOException | RuntimeException gone) {
      return Double.NaN;
    }
  }
}
