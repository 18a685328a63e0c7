package io.largekv.common;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A Linux process's or thread's CPU time from its {@code /proc/<pid>/stat} or
 * {@code /proc/<pid>/task/<tid>/stat} line: the one parser of that line for the bench's client and
 * server CPU and the client's own JIT figure.
 */
public final class ProcStat {

  /** Linux's USER_HZ ({@code getconf CLK_TCK}): the unit of a task's utime and stime. */
  public static final int TICKS_PER_SECOND = 100;

  private ProcStat() {}

  /**
   * utime + stime in clock ticks: the 14th and 15th fields, counted after the command name in
   * parentheses (field 2, which may hold spaces and parentheses: the fields resume after the last ')').
   */
  public static long cpuTicks(String statLine) {
    String[] f = statLine.substring(statLine.lastIndexOf(')') + 2).split(" ");
    // f[0] is the 3rd field (state): utime is the 14th, stime the 15th
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }

  /**
   * utime + stime in clock ticks of each thread in {@code tasks} (a {@code /proc/<pid>/task}
   * directory) whose name {@code name} accepts (its comm, from the stat line: at most 15
   * characters), by thread id; null when the directory cannot be read (the process is gone). A
   * thread that ends while it is read is left out.
   */
  public static Map<Long, Long> threadTicks(Path tasks, Predicate<String> name) {
    Map<Long, Long> ticks = new HashMap<>();
    try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
      for (Path t : threads) {
        try {
          String stat = Files.readString(t.resolve("stat"));
          if (name.test(stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')')))) {
            ticks.put(Long.parseLong(t.getFileName().toString()), cpuTicks(stat));
          }
        } catch (IOException | RuntimeException ended) {
          // the thread ended while it was read
        }
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return ticks;
  }
}
