package io.largekv.run;

import io.largekv.results.Timeline;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/**
 * {@value RunProperties#TIMELINE}: one line a second, what happened in it — {@code ms since 1970
 * (the second's end), successful, failed, verification failures, failures by class} — so that a
 * report can show errors over time and count them inside an event's window. The format:
 * {@link Timeline}.
 */
final class TimelineWriter implements Runnable {

  private final RunCounters counters;
  private final Path file;
  private final BooleanSupplier finished;

  /** {@code finished}: true once every client thread has; the line of that second is the last. */
  TimelineWriter(RunCounters counters, Path file, BooleanSupplier finished) {
    this.counters = counters;
    this.file = file;
    this.finished = finished;
  }

  /** Writes until the run finished (a daemon thread's body). */
  @Override
  public void run() {
    try (PrintStream out = new PrintStream(Files.newOutputStream(file), true, StandardCharsets.UTF_8)) {
      out.println(Timeline.HEADER);
      long lastOk = 0;
      long lastFailed = 0;
      long lastBad = 0;
      FailureClassDeltas classes = new FailureClassDeltas(counters);
      boolean last = false;
      while (!last) {
        try {
          Thread.sleep(1000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        last = finished.getAsBoolean() || Thread.currentThread().isInterrupted();
        long good = counters.successful();
        long bad = counters.failed();
        long verifyBad = counters.verifiedCorrupt() + counters.verifiedMissing();
        out.println(Timeline.line(System.currentTimeMillis(), good - lastOk, bad - lastFailed, verifyBad - lastBad,
            classes.sinceLastCall()));
        lastOk = good;
        lastFailed = bad;
        lastBad = verifyBad;
      }
    } catch (IOException e) {
      System.err.println("largekv: cannot write " + RunProperties.TIMELINE + "=" + file + ": " + e.getMessage());
    }
  }
}
