package io.largekv.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;

/** {@code bench/run --subtract}: each client's CPU per operation by subtraction ({@link Subtracted}). */
final class Subtraction {

  private Subtraction() {}

  /**
   * {@code --subtract}: after every round, each client's phases again with 3 × the operations (an
   * insert writes 3N rows, a read reads among the N), no probe on them; each set against the client's
   * N run of the last round, which had none either ({@code --subtract} refuses {@code --counts}).
   * Run after the rounds, so that no round's run shares the server with a 3N run's aftermath.
   */
  static int run(BenchRunner runner, List<ClientRun> runs, List<BenchClient> clients, BenchClient.Settings settings,
      List<Subtracted> subtracted) throws Exception {
    BenchOptions options = runner.options;
    PrintStream console = runner.console;
    long serverPid = runner.serverPid;
    int status = 0;
    for (BenchPhase phase : BenchPhase.values()) {
      for (BenchClient template : clients) {
        ClientRun n = null;
        for (ClientRun run : runs) {
          if (run.round() == options.rounds && run.phase() == phase && run.client().equals(template.name())) {
            n = run;
          }
        }
        BenchClient thrice = template.fresh();
        BenchClient.Settings longer = settings.times(3, phase == BenchPhase.INSERT);
        runner.settle();
        String label = phase.label + " " + thrice.name() + " 3N";
        console.printf("bench: %s ...%n", label);
        Path out3 = options.results.resolve(phase.label + "-" + thrice.table().replace("kv_", "") + "-3n.txt");
        MeasuredProcess.Result r3 = MeasuredProcess.run(runner.pinned(thrice.command(phase, longer)), options.repo,
            out3, thrice, serverPid, console, label);
        BenchClient.Report report3 = thrice.report(phase, out3, longer);
        boolean ok = n != null && n.process().exitCode() == 0 && n.report().problem() == null;
        if (runner.failed(label, r3, report3, out3)) {
          status = 1;
          ok = false;
        }
        subtracted.add(new Subtracted(options.rounds, phase, thrice.name(),
            n == null ? Double.NaN : n.process().usage().cpuSeconds(), ok ? r3.usage().cpuSeconds() : Double.NaN,
            n == null ? CompilerThreads.Cpu.unavailable("no run of N") : n.process().jit(), r3.jit(), options.ops));
      }
    }
    return status;
  }
}
