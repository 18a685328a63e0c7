package io.largekv.cli;

import io.largekv.phase.Phase;
import picocli.CommandLine.Option;

/**
 * {@code --full-scale}, a mixin of the commands that run or render phases: the published
 * benchmark's workload files (against hosts) rather than the laptop-sized ones.
 */
final class FullScaleOption {

  boolean on;

  @Option(names = "--full-scale", description = "the published benchmark's files (large30b, large30b-uniform-read,"
      + " large30b-latest-read; against hosts); without it the laptop-sized workloads/local-* (1,000,000 rows)",
      order = UsageOrder.WHAT + 4)
  void fullScale(boolean v) {
    on = v;
  }

  /** A phase's workload file in {@code workloads/}. */
  String workloadFile(Phase phase) {
    return on ? phase.fullScaleWorkload : phase.localWorkload;
  }
}
