package io.largekv.run;

import io.largekv.common.ExitStatus;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * The one owner of ending a YCSB client's JVM and of its exit status ({@link ExitStatus},
 * docs/results.md). Nothing else in the binding, the workload or largekv's client calls
 * {@code Runtime.halt}; the one {@code System.exit} is largekv's client's {@code main}, with the
 * status it gets here. The workload and the binding report here.
 *
 * <ul>
 *   <li><b>At once</b> ({@link #end(int, String)}, {@link #badInput}): bad input (status 2) or a
 *       client thread that cannot start (status 3), one line on stderr. YCSB 0.17's Client only
 *       prints a stack trace for a failed {@code DB.init()} or {@code Workload.init()} and then
 *       exits 0, or runs on with fewer threads, which would let a misconfigured benchmark
 *       "succeed"; so the process ends from inside the workload's or binding's {@code init}. When
 *       several client threads fail at once, the first one's line is printed and the others wait
 *       for the process to end: the line appears once.
 *   <li><b>At the end of a run under largekv's client</b> ({@code io.largekv.client.YcsbClient}):
 *       the status goes back to {@code main} ({@link #statusForMain}), which exits with it.
 *   <li><b>At the end of a run under YCSB's own {@code site.ycsb.Client}</b>, which calls
 *       {@code System.exit(0)} whatever happened (its {@code ClientThread} too, when an operation
 *       throws), and when the process is interrupted: one shutdown hook ({@link #overrideExitOnShutdown})
 *       replaces the status by the run's, or by {@link ExitStatus#ABORTED} when the process ends
 *       before every client thread finished. largekv's client delegates to {@code site.ycsb.Client}
 *       when every count fits an {@code int}, so the hook is installed under both clients; it
 *       does nothing once {@code main} took the status.
 * </ul>
 *
 * <p>The hook is installed only when this JVM is a YCSB client, told by its main class (the
 * {@code sun.java.command} property: {@code site.ycsb.*} or {@code io.largekv.client.*}): YCSB
 * gives a workload or binding no other way to know. A program that embeds the binding or the
 * workload (a test, a JMH benchmark) keeps its own exit status.
 */
public final class ProcessExit {

  private static final AtomicBoolean EXITING = new AtomicBoolean();
  private static final AtomicBoolean HOOKED = new AtomicBoolean();
  /** Set when largekv's client's {@code main} took the status: the hook then leaves it alone. */
  private static final AtomicBoolean TAKEN_BY_MAIN = new AtomicBoolean();

  private ProcessExit() {}

  /** Bad input: {@code largekv: line}, exit status 2. */
  public static void badInput(String line) {
    end(ExitStatus.BAD_INPUT, line);
  }

  /** {@code largekv: line} on stderr, then the process ends with {@code status}; never returns. */
  public static void end(int status, String line) {
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

  /** Standard output flushed, then the process ends with {@code status} and no further line. */
  public static void end(int status) {
    System.out.flush();
    Runtime.getRuntime().halt(status);
  }

  /**
   * True when this JVM is a YCSB client (its main class is YCSB's or largekv's): only then does the
   * run decide the exit status.
   */
  static boolean inYcsbClient() {
    String main = System.getProperty("sun.java.command", "");
    return main.startsWith("site.ycsb.") || main.startsWith("io.largekv.client.");
  }

  /** Installs, once and only in a YCSB client's JVM, the hook that gives the JVM {@code outcome}'s status. */
  static void overrideExitOnShutdown(RunOutcome outcome) {
    if (inYcsbClient() && HOOKED.compareAndSet(false, true)) {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> atShutdown(outcome), "largekv-exit-status"));
    }
  }

  private static void atShutdown(RunOutcome outcome) {
    outcome.lingerForLastScrape();
    if (TAKEN_BY_MAIN.get()) {
      return;
    }
    int status = status(outcome);
    if (status != ExitStatus.OK) {
      Runtime.getRuntime().halt(status);
    }
  }

  /**
   * For largekv's client's {@code main}, after the run: the exit status to end with (the hook then
   * does nothing). A run that ended before every client thread finished says so on stderr; when
   * neither largekv's workload nor its binding ran (no hook was installed), 0, as YCSB's.
   */
  public static int statusForMain() {
    TAKEN_BY_MAIN.set(true);
    if (!HOOKED.get()) {
      // neither largekv's workload nor its binding ran (e.g. YCSB's BasicDB): no run of ours to judge
      return ExitStatus.OK;
    }
    return status(RunOutcome.get());
  }

  /** The run's status, or {@link ExitStatus#ABORTED} (with its line) when not every thread finished. */
  private static int status(RunOutcome outcome) {
    if (!outcome.isFinished()) {
      System.out.flush();
      System.err.println("largekv: the run ended before every client thread finished (a thread failed, YCSB gave "
          + "up, or the process was interrupted): there is no result; exit status " + ExitStatus.ABORTED);
      System.err.flush();
      return ExitStatus.ABORTED;
    }
    return outcome.result().exitStatus();
  }
}
