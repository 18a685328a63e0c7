package io.largekv.bench;

import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One client's measured phase, with where it was steady ({@link SteadyWindow}) or why it was not,
 * found once from its progress lines.
 *
 * @param pairedWith with {@code --paired}, the client that ran at the same time as this one (latte
 *     for a client, the client for latte), and {@link #steady} the pair's common window
 *     ({@link PairedWindow}); null for a run alone
 */
record ClientRun(int round, BenchPhase phase, String client, BenchClient.Report report, MeasuredProcess.Result process,
    long ops, SteadyWindow.Search steady, String pairedWith) {

  ClientRun(int round, BenchPhase phase, String client, BenchClient.Report report, MeasuredProcess.Result process,
      long ops) {
    this(round, phase, client, report, process, ops, process.steadyWindow(ops), null);
  }

  /**
   * latte's run of the same round and phase in {@code runs}: with {@code --paired} the one that ran
   * beside this client; for latte, itself.
   */
  Optional<ClientRun> latteIn(List<ClientRun> runs) {
    if (client.equals(LatteClient.NAME)) {
      return Optional.of(this);
    }
    return runs.stream().filter(x -> x.round == round && x.phase == phase && x.client.equals(LatteClient.NAME)
        && (pairedWith == null ? x.pairedWith == null : client.equals(x.pairedWith))).findFirst();
  }

  boolean paired() {
    return pairedWith != null;
  }

  /** The client process's CPU (user + system) from exec to exit, µs per operation. */
  double cpuMicrosPerOp() {
    return process.usage().cpuSeconds() * 1e6 / ops;
  }

  /** The client's CPU in its steady window, µs per operation; empty without a window. */
  Optional<Double> steadyCpuMicrosPerOp() {
    return window().map(w -> w.cpuPerOp() * 1e6);
  }

  /** Throughput over the same window as {@link #steadyCpuMicrosPerOp}, read at the client's progress lines. */
  Optional<Double> steadyOpsPerSecond() {
    return window().map(SteadyWindow::opsPerSecond).filter(v -> !v.isNaN());
  }

  /**
   * Seconds from the client's start to where its own compiler threads went quiet
   * ({@link SteadyWindow#jitQuietAfter}).
   */
  OptionalDouble jitQuietSeconds() {
    return SteadyWindow.jitQuietAfter(process.samples(), ops, process.startedNanos());
  }

  private Optional<SteadyWindow> window() {
    return Optional.ofNullable(steady.window());
  }

  /** NaN with {@code --paired}: the server served both runs of the pair at once. */
  double serverCpuMicrosPerOp() {
    return paired() ? Double.NaN : process.serverCpuSeconds() * 1e6 / ops;
  }

  /** The client process's peak resident memory, MiB. */
  double peakRssMiB() {
    return process.usage().maxRssKb() / 1024.0;
  }

  double contextSwitchesPerOp() {
    MeasuredProcess.Usage u = process.usage();
    return (u.voluntarySwitches() + u.involuntarySwitches()) / (double) ops;
  }
}
