package io.largekv.bench;

import java.util.Optional;

/** One client's measured phase. */
record ClientRun(int round, BenchPhase phase, String client, BenchClient.Report report, MeasuredProcess.Result process,
    long ops) {
  double cpuPerKiloOps() {
    return process.usage().cpuSeconds() * 1000.0 / ops;
  }

  /** Where the run was steady ({@link SteadyWindow}), or why it was not. */
  SteadyWindow.Search steady() {
    return process.steadyWindow(ops);
  }

  Optional<Double> steadyCpuPerKiloOps() {
    return window().map(w -> w.cpuPerOp() * 1000.0);
  }

  /** Throughput over the same window as {@link #steadyCpuPerKiloOps}, read at the client's progress lines. */
  Optional<Double> steadyOpsPerSecond() {
    return window().map(SteadyWindow::opsPerSecond).filter(v -> !v.isNaN());
  }

  private Optional<SteadyWindow> window() {
    return Optional.ofNullable(steady().window());
  }

  double serverCpuPerKiloOps() {
    return process.serverCpuSeconds() * 1000.0 / ops;
  }

  double contextSwitchesPerOp() {
    MeasuredProcess.Usage u = process.usage();
    return (u.voluntarySwitches() + u.involuntarySwitches()) / (double) ops;
  }
}
