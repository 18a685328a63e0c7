package io.largekv.run;

import io.largekv.common.ExitStatus;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Ends the YCSB process at once with one line on stderr: bad input ({@link ExitStatus#BAD_INPUT})
 * or a client thread that cannot start ({@link ExitStatus#ABORTED}). YCSB 0.17's Client only
 * prints a stack trace for a failed {@code DB.init()} or {@code Workload.init()} and then exits 0,
 * or runs on with fewer threads, which would let a misconfigured benchmark "succeed".
 *
 * <p>When several client threads fail at once, the first one's line is printed and the others
 * wait for the process to end: the line appears once.
 */
public final class Fatal {

  private static final AtomicBoolean EXITING = new AtomicBoolean();

  private Fatal() {}

  /** Bad input: {@code largekv: line}, exit status 2. */
  public static void exit(String line) {
    exit(ExitStatus.BAD_INPUT, line);
  }

  /** {@code largekv: line} on stderr, then the process ends with {@code status}; never returns. */
  public static void exit(int status, String line) {
    if (EXITING.compareAndSet(false, true)) {
      System.out.flush();
      System.err.println("largekv: " + line);
      System.err.flush();
      Runtime.getRuntime().halt(status);
    }
    while (true) {
      LockSupport.park(); // another thread is ending the process
    }
  }
}
