package io.largekv.common;

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
}
