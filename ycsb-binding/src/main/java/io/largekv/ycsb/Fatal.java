package io.largekv.ycsb;

/**
 * Ends the YCSB process on bad input: one line on stderr, exit status 2. YCSB 0.17's Client only
 * prints a stack trace for a failed {@code DB.init()} or {@code Workload.init()} and then exits 0
 * (or runs on with no threads), which would let a misconfigured benchmark "succeed".
 */
public final class Fatal {
  /** Exit status for bad input. */
  public static final int EXIT_BAD_INPUT = 2;

  private Fatal() {}

  public static void exit(String line) {
    System.out.flush();
    System.err.println("largekv: " + line);
    System.err.flush();
    Runtime.getRuntime().halt(EXIT_BAD_INPUT);
  }
}
