package io.largekv.bench;

import io.largekv.common.ProcStat;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

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
