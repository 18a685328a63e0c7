package io.largekv.common;

/**
 * The exit statuses of every largekv program ({@code bin/ycsb}, {@code bin/largekv}, the YCSB
 * binding and workload inside a stock YCSB). A status other than {@link #OK} means the numbers
 * printed must not be published as a result.
 */
public final class ExitStatus {
  /** The run finished, every check passed: no row lost, no corrupt or missing read, failures within the allowance. */
  public static final int OK = 0;
  /** The run finished but its result failed a check (lost rows, corrupt or missing reads, too many failed operations, a FAILED phase). */
  public static final int FAILED = 1;
  /** Bad input or a misconfiguration: one line names the setting; nothing was run, no DDL executed. */
  public static final int BAD_INPUT = 2;
  /** The run did not finish: a client thread could not start, a thread died, or the process was interrupted. */
  public static final int ABORTED = 3;

  private ExitStatus() {}

  /** A word for a status, for summaries: ok, FAILED, bad input, aborted. */
  public static String describe(int status) {
    switch (status) {
      case OK: return "ok";
      case FAILED: return "FAILED";
      case BAD_INPUT: return "bad input";
      case ABORTED: return "aborted";
      default: return "exit " + status;
    }
  }
}
