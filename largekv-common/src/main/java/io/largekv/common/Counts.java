package io.largekv.common;

/**
 * The whole numbers a phase is sized by (records, seconds, threads, clients, retries), parsed one
 * way wherever they come from (an option of bin/largekv or bench/run, a -p, a pod's properties), with
 * the largest a phase takes.
 */
public final class Counts {

  /** The most YCSB client threads one client process accepts (the seeds use 256). */
  public static final int MAX_THREADS = 100_000;
  /** The most client processes (pods) of one phase. */
  public static final int MAX_CLIENTS = 1000;

  private Counts() {}

  /** A whole number {@code >= min} for {@code option} ({@code _} separators allowed). */
  public static long atLeast(String option, String v, long min) throws UserError {
    Long n = parsed(v);
    if (n != null && n >= min) {
      return n;
    }
    throw new UserError(option + " " + v + " is not accepted; accepted values: a whole number >= " + min);
  }

  /** A whole number in {@code [min, max]} for {@code option}; a refusal names both bounds whatever was wrong. */
  public static long between(String option, String v, long min, long max) throws UserError {
    Long n = parsed(v);
    if (n != null && n >= min && n <= max) {
      return n;
    }
    throw new UserError(option + " " + v + " is not accepted; accepted values: " + min + ".." + max);
  }

  /** {@code v} as a whole number ({@code _} separators allowed); null when it is not one. */
  private static Long parsed(String v) {
    try {
      return Long.parseLong(v.replace("_", ""));
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
