package io.largekv.run;

import java.util.List;
import java.util.Locale;

/**
 * With YCSB's {@code -s}: a line on stderr every {@code status.interval} seconds with the interval's
 * successful and failed operations and its failures by error class, so that an outage shows while
 * it happens (docs/results.md):
 *
 * <pre>
 * largekv: 40 s of 600 s: 0 successful (0/s), 14 failed (14/s) in the last 1 s; 551208 successful, 96 failed in all; 540110 reads verified (0 corrupt, 0 missing) [READ:NoNodeAvailableException=14]
 * largekv: 10 s: 8801 successful (8801/s), 0 failed (0/s) in the last 1 s; 59823 successful, 0 failed in all; 59883 of 150000 keys (39.9%), 5920 keys/s over the last 10 s, ETA 15 s
 * </pre>
 *
 * <p>A time-bounded run says its planned time ({@code of 600 s}); a run that reads says how many reads
 * it verified so far (each checked byte for byte: correct, corrupt or missing); a load says how far it
 * is ({@link Progress}).
 */
final class StatusLines implements Runnable {

  private final RunCounters counters;
  private final Progress progress;
  private final int intervalSeconds;

  StatusLines(RunCounters counters, Progress progress, int intervalSeconds) {
    this.counters = counters;
    this.progress = progress;
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
        long planned = progress.plannedSeconds();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
            "largekv: %d s%s: %d successful (%.0f/s), %d failed (%.0f/s) in the last %d s; %d successful, %d failed in all",
            (System.nanoTime() - started) / 1_000_000_000L, planned > 0 ? " of " + planned + " s" : "", good - lastOk,
            (good - lastOk) / (double) intervalSeconds, bad - lastFailed, (bad - lastFailed) / (double) intervalSeconds,
            intervalSeconds, good, bad));
        long verified = counters.verifiedOk() + counters.verifiedCorrupt() + counters.verifiedMissing();
        if (verified > 0) {
          sb.append(String.format(Locale.ROOT, "; %d reads verified (%d corrupt, %d missing)", verified,
              counters.verifiedCorrupt(), counters.verifiedMissing()));
        }
        if (progress.isLoad()) {
          sb.append("; ").append(progress.read().line());
        }
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
