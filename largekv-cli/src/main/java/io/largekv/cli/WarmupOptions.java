package io.largekv.cli;

import io.largekv.common.Counts;
import io.largekv.common.UserError;
import io.largekv.common.WarmUp;
import io.largekv.phase.Phase;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --warmup}, a mixin of the commands whose figures largekv itself cuts ({@code run},
 * {@code compare}, {@code check}); the pods of {@code k8s render} and {@code k8s local} take
 * {@code -p largekv.warmup_s} instead.
 */
final class WarmupOptions {

  /**
   * The default against servers largekv starts on this machine: the client's JIT shares the cores with
   * the server and compiles most of its hot path in the first 10-13 s of a read phase on 2 cores
   * (docs/run.md, "The warm-up"), when it can hold the driver's I/O threads over the stall bound.
   */
  static final long LOCAL_SECONDS = 15;
  /** The default against real servers, whose clients have their own cores: the clients' own default. */
  static final long HOSTS_SECONDS = WarmUp.DEFAULT_READ_SECONDS;

  /** Seconds left out of each read phase's figures at its start; null: {@link #or}'s default. */
  Long seconds;

  @Option(names = "--warmup", paramLabel = "SECONDS", description = "left out of each read phase's figures at its"
      + " start (default " + LOCAL_SECONDS + " against local servers, " + HOSTS_SECONDS + " against hosts)",
      order = UsageOrder.SIZE + 4)
  void warmup(String v) throws UserError {
    seconds = Counts.atLeast("--warmup", v, 0);
  }

  /** The warm-up in seconds: {@code --warmup}, else {@link #LOCAL_SECONDS} or {@link #HOSTS_SECONDS}. */
  long or(boolean local) {
    return seconds != null ? seconds : local ? LOCAL_SECONDS : HOSTS_SECONDS;
  }

  /**
   * Each read phase among {@code phases} must measure something after its warm-up: its length as
   * {@code size} gives it, else {@code otherwise} (null: the workload file's, not known here). A
   * warm-up as long as the phase would leave nothing to report, which must not read as a result.
   */
  void checkFitsDuration(boolean local, PhaseSizeOptions size, Long otherwise, List<Phase> phases) throws UserError {
    long w = or(local);
    for (Phase phase : phases) {
      if (phase.isLoad()) {
        continue;
      }
      Long own = size.duration(phase);
      Long readSeconds = own != null ? own : otherwise;
      if (readSeconds != null && w >= readSeconds) {
        String named = size.phaseDurations.containsKey(phase) ? phase.name + "=" : "";
        throw new UserError("--duration " + named + readSeconds
            + " leaves nothing to measure after a warm-up of " + w + " s" + (seconds == null ? " (the default)" : "")
            + "; accepted: --duration longer than --warmup");
      }
    }
  }
}
