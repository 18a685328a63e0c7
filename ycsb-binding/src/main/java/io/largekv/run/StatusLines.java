package io.largekv.run;

import java.util.List;
import java.util.Locale;

/**
 * With YCSB's {@code -s}: a line on stderr every {@code status.interval} seconds with the interval's
 * successful and failed operations and its failures by error class, so that an outage shows while
 * it happens (docs/results.md):
 *
 * <pre>
 * largekv: 40 s: 0 successful (0/s), 14 failed (14/s) in the last 1 s; 551208 successful, 96 failed in all [READ:NoNodeAvailableException=14]
 * </pre>
 */
final class StatusLines implements Runnable {

  private final RunCounters counters;
  private final int intervalSeconds;

  StatusLines(RunCounters counters, int intervalSeconds) {
    this.counters = counters;
    this.intervalSeconds = intervalSeconds;
  }

  /** Prints until the process ends (a daemon thread's body). */
  @Override
  public void run() {
    long started = System.nanoTime();
    long lastOk = 0;
    long lastFailed = 0;
    FailureClassDeltas classes = new FailureClassDeltas(counters);
    try {
      while (true) {
        Thread.sleep(intervalSeconds * 1000L);
        long good = counters.successful();
        long bad = counters.failed();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
            "largekv: %d s: %d successful (%.0f/s), %d failed (%.0f/s) in the last %d s; %d successful, %d failed in all",
            (System.nanoTime() - started) / 1_000_000_000L, good - lastOk, (good - lastOk) / (double) intervalSeconds,
            bad - lastFailed, (bad - lastFailed) / (double) intervalSeconds, intervalSeconds, good, bad));
        if (bad > lastFailed) {
          List<String> deltas = classes.sinceLastCall();
          if (!deltas.isEmpty()) {
            sb.append(" [").append(String.join(", ", deltas)).append(']');
          }
        }
        System.err.println(sb);
        lastOk = good;
        lastFailed = bad;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
