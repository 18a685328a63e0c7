package io.largekv.harness.nb5;

import io.largekv.common.Durations;
import io.largekv.common.Nb5Output;
import io.largekv.console.Console;
import io.largekv.harness.ClientResult;
import io.largekv.harness.PhaseProgress;
import io.largekv.harness.ycsb.PhaseRunner;
import io.largekv.phase.Phase;
import io.largekv.report.files.Nb5Histograms;
import io.largekv.results.ClientSummary;
import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * One nb5 process of a phase, in its client directory: started, its output kept and its first
 * operation seen, ended at the phase's end, then read into largekv's verdict ({@link Nb5Verdict}).
 * {@link Nb5PhaseRunner} runs N of them on one machine, {@link Nb5PodClient} one in a Kubernetes pod.
 * Layout:
 *
 * <pre>
 * client-&lt;i&gt;/nb5.txt  nb5.hdr  logs/                nb5's own output, histogram log and logs
 * client-&lt;i&gt;/hdr/&lt;OP&gt;.hdr  client-summary.json  exit.txt   largekv's reading of them
 * </pre>
 *
 * {@code hdr/<OP>.hdr} is nb5's log in µs ({@link Nb5Histograms}); {@code client-summary.json} is
 * the client's {@link ClientSummary}: the failed operations, the verification counts, the verdict
 * and nb5's own figures; {@code exit.txt} is the client's verdict: 0 only when nb5
 * ran to its end (or was ended at the phase's end) and, for a read phase, said every row it read
 * was present and correct.
 */
public final class Nb5Client {

  /** The cycles of a read phase: more than any run reaches; the phase ends by time. */
  static final long UNBOUNDED_CYCLES = 1_000_000_000_000L;
  /** Seconds a client may take to its first operation before it is ended. */
  static final int FIRST_OPERATION_TIMEOUT_S = 600;
  /** Seconds nb5 may take to exit once ended (it prints the counts, closes the logs). */
  static final int EXIT_TIMEOUT_S = 120;

  /**
   * When a read phase's client ends: {@code durationSeconds} after its first operation
   * ({@code commonStartMs} 0), or, when the phase's clients have a common start
   * ({@code commonStartMs} &gt; 0), at the common start plus the duration, the same instant for
   * every client (as a YCSB client's {@code maxexecutiontime} runs from the common start: the warm-up
   * is part of the duration). {@link #PENDING}: the common start is not known yet, and the client is
   * not ended by time.
   */
  record Window(long durationSeconds, long commonStartMs) {

    static final long PENDING = -1;

    static Window afterFirstOperation(long durationSeconds) {
      return new Window(durationSeconds, 0);
    }

    long endMs(long firstOperationMs) {
      return commonStartMs == PENDING ? Long.MAX_VALUE
          : (commonStartMs > 0 ? commonStartMs : firstOperationMs) + durationSeconds * 1000;
    }
  }

  private final Nb5 nb5;
  private final Phase phase;
  private final Path dir;
  private final String command;
  private final long rows;
  private volatile Window window;
  private final Process process;
  private final Thread pump;
  private final AtomicLong firstOperation = new AtomicLong(-1);
  private final long startedMs = System.currentTimeMillis();
  // guarded by this: poll (the caller's thread) and stop (also a shutdown hook's)
  private boolean endedAtPhaseEnd;
  private String why;

  private Nb5Client(Nb5 nb5, Phase phase, Path dir, String command, long rows, Window window, Process process,
      Console console, String prefix, Progress progress, LongConsumer firstOperationAt) {
    this.nb5 = nb5;
    this.phase = phase;
    this.dir = dir;
    this.command = command;
    this.rows = rows;
    this.window = window;
    this.process = process;
    this.pump = new Thread(() -> pump(console, prefix, progress, firstOperationAt), "nb5-output-" + dir.getFileName());
    pump.setDaemon(true); // never what keeps the JVM alive: finish() joins it
    pump.start();
  }

  /** Where a client's progress goes: the phase's line ({@link PhaseProgress}), as its client {@code index}. */
  record Progress(PhaseProgress phase, int index) {}

  /**
   * Starts nb5 with {@code args} in {@code dir} (its output to {@code nb5.txt}); the command line is
   * written to {@code commandFile} in it. {@code rows}: the inserts of a load's share;
   * {@code firstOperationAt} hears when the first operation came (ms since 1970).
   */
  static Nb5Client start(Nb5 nb5, Phase phase, List<String> args, Path dir, String commandFile, long rows,
      Window window, Console console, String prefix, Progress progress, LongConsumer firstOperationAt)
      throws IOException {
    Files.createDirectories(dir.resolve("logs"));
    String line = "bin/nb5 " + String.join(" ", args);
    Files.writeString(dir.resolve(commandFile), line + "\n");
    if (console.verbose()) {
      console.raw(prefix, line);
    } else if (progress.index() == 0) {
      console.say(prefix + "bin/nb5 run workload=yb_kv_large (the whole command: " + Console.shown(dir.resolve(commandFile))
          + ")");
    }
    Process p = new ProcessBuilder(nb5.command(args)).directory(dir.toFile()).redirectErrorStream(true).start();
    return new Nb5Client(nb5, phase, dir, line, rows, window, p, console, prefix, progress, firstOperationAt);
  }

  /** The phase's window once it is known (a common start the client met after it started). */
  void window(Window w) {
    window = w;
  }

  /** The time of the first operation (ms since 1970), or -1 before it. */
  long firstOperationMs() {
    return firstOperation.get();
  }

  /** Whether nb5 is still running. */
  boolean running() {
    return process.isAlive();
  }

  /**
   * One look at the client at {@code nowMs}: ends it at the phase's end (a read phase), or when it
   * has made no operation in {@link #FIRST_OPERATION_TIMEOUT_S}. False once it is no longer running.
   */
  synchronized boolean poll(long nowMs) {
    if (!process.isAlive() || endedAtPhaseEnd || why != null) {
      return false;
    }
    long first = firstOperation.get();
    if (!phase.isLoad() && first > 0 && nowMs >= window.endMs(first)) {
      endedAtPhaseEnd = true;
      stop(process);
    } else if (first < 0 && nowMs - startedMs > FIRST_OPERATION_TIMEOUT_S * 1000L) {
      why = "no operation within " + FIRST_OPERATION_TIMEOUT_S + " s of its start";
      stop(process);
    }
    return true;
  }

  /**
   * Waits for nb5 to end, reads what it left and writes largekv's reading of it
   * ({@code client-summary.json}, {@code exit.txt}, {@code hdr/}), with {@code times}.
   */
  ClientResult finish(Nb5Verdict.Times times) throws IOException, InterruptedException {
    if (times.warmUpEndEpochMs == null && times.warmUpExcludedSeconds != null && times.warmUpExcludedSeconds > 0
        && firstOperationMs() > 0) {
      // no common start: the warm-up ends that long after this client's first operation
      times.warmUpEndEpochMs = io.largekv.common.WarmUp.endMs(0, firstOperationMs(), times.warmUpExcludedSeconds);
    }
    String notEnded = awaitEnd(process);
    pump.join();
    boolean atEnd;
    String reason;
    synchronized (this) {
      if (notEnded != null && why == null) {
        why = notEnded;
      }
      if (why == null && !endedAtPhaseEnd && !phase.isLoad()) {
        // a read phase ends by time, never by itself: one that did measured less than its window
        why = "nb5 exited " + process.exitValue() + " before the phase's end (a read client runs until largekv"
            + " ends it)";
      }
      atEnd = endedAtPhaseEnd && why == null;
      reason = why;
    }
    return Nb5Verdict.write(nb5.version(), phase, dir, command, process.exitValue(), atEnd, reason, rows, times);
  }

  /** Polls every client until none runs (each ended at its phase's end, or failed). */
  static void awaitAll(List<Nb5Client> clients) throws InterruptedException {
    while (true) {
      boolean any = false;
      long now = System.currentTimeMillis();
      for (Nb5Client c : clients) {
        any |= c.poll(now);
      }
      if (!any) {
        return;
      }
      Thread.sleep(100);
    }
  }

  /** Ends nb5 as a user's Ctrl-C would: SIGTERM to it and its children (its counts are printed as it exits). */
  static void stop(Process p) {
    // through the handles: Process.destroy would also close nb5's output before it printed the counts
    p.descendants().forEach(ProcessHandle::destroy);
    p.toHandle().destroy();
  }

  /** Ends the client at once, failed: {@code reason}. */
  synchronized void stop(String reason) {
    if (why == null && !endedAtPhaseEnd) {
      why = reason;
    }
    stop(process);
  }

  /**
   * Waits for nb5 to exit, at most {@link #EXIT_TIMEOUT_S}, then kills it and its children;
   * null when it exited, else why the client failed.
   */
  static String awaitEnd(Process p) throws InterruptedException {
    if (p.waitFor(EXIT_TIMEOUT_S, TimeUnit.SECONDS)) {
      return null;
    }
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly().waitFor();
    return "nb5 did not exit within " + EXIT_TIMEOUT_S + " s of being ended";
  }

  /**
   * Keeps nb5's output in its file, says when the first operation came, feeds the phase's progress
   * line from nb5's progress lines (one a second: its completed operations; nb5 gives no latency or
   * failures while it runs); nb5's own lines go to the console with --verbose (its progress line every
   * 10 s), its verification lines and errors always (errors clipped).
   */
  private void pump(Console console, String prefix, Progress progress, LongConsumer firstOperationAt) {
    long[] lines = {0, 0}; // progress lines, the last one's completed operations
    Path file = dir.resolve(ResultsLayout.NB5_OUTPUT);
    PhaseRunner.keepLines(process.getInputStream(), file, console.stream(), prefix + "lost nb5's output",
        line -> {
          long complete = Nb5Output.progressComplete(line);
          if (complete >= 0) {
            if (complete > 0 && firstOperation.compareAndSet(-1, System.currentTimeMillis())) {
              firstOperationAt.accept(firstOperation.get());
            }
            if (lines[0]++ % 10 == 0) {
              console.raw(prefix, line);
            }
            progress.phase().update(progress.index(), status(lines[0], complete, complete - lines[1]));
            lines[1] = complete;
          } else if (line.startsWith("yb_kv_large")) {
            console.say(prefix + line);
          } else if (line.contains(" ERROR ")) {
            console.foreign(prefix, line, file);
          } else {
            console.raw(prefix, line);
          }
        });
  }

  /** The progress of nb5's {@code seconds}-th progress line: {@code complete} operations, {@code last} in its second. */
  private PhaseProgress.Status status(long seconds, long complete, long last) {
    Window w = window;
    boolean load = phase.isLoad();
    String eta = null;
    if (load) {
      eta = complete >= rows ? "0 s" : last > 0 ? Durations.words((rows - complete) / (double) last)
          : "unavailable (no insert in the last s)";
    }
    return new PhaseProgress.Status(seconds, load ? 0 : w.durationSeconds(), last, complete, null, null, 0,
        load ? complete : null, load ? rows : null, eta, null, null);
  }
}
