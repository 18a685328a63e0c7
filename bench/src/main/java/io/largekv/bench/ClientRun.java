package io.largekv.bench;

import java.util.List;
import java.util.Optional;

/**
 * One client's measured phase, with where it was steady ({@link SteadyWindow}) or why it was not,
 * found once from its progress lines.
 */
record ClientRun(int round, BenchPhase phase, String client, BenchClient.Report report, MeasuredProcess.Result process,
    long ops, SteadyWindow.Search steady) {

  ClientRun(int round, BenchPhase phase, String client, BenchClient.Report report, MeasuredProcess.Result process,
      long ops) {
    this(round, phase, client, report, process, ops, process.steadyWindow(ops));
  }

  /** latte's run of the same round and phase in {@code runs}. */
  Optional<ClientRun> latteIn(List<ClientRun> runs) {
    return runs.stream().filter(x -> x.round == round && x.phase == phase && x.client.equals(LatteClient.NAME))
        .findFirst();
  }

  double cpuPerKiloOps() {
    return process.usage().cpuSeconds() * 1000.0 / ops;
  }

  Optional<Double> steadyCpuPerKiloOps() {
    return window().map(w -> w.cpuPerOp() * 1000.0);
  }

  /** Throughput over the same window as {@link #steadyCpuPerKiloOps}, read at the client's progress lines. */
  Optional<Double> steadyOpsPerSecond() {
    return window().map(SteadyWindow::opsPerSecond).filter(v -> !v.isNaN());
  }

  private Optional<SteadyWindow> window() {
    return Optional.ofNullable(steady.window());
  }

  double serverCpuPerKiloOps() {
    return process.serverCpuSeconds() * 1000.0 / ops;
  }

  double contextSwitchesPerOp() {
    MeasuredProcess.Usage u = process.usage();
    return (u.voluntarySwitches() + u.involuntarySwitches()) / (double) ops;
  }
}
