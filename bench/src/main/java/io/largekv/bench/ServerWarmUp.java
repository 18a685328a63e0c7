package io.largekv.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Locale;

/** The server's warm-up before any measured run of {@code bench/run}. */
final class ServerWarmUp {

  /** The server's warm-up failed: no client is measured on a server that fails unmeasured reads. */
  static final class Failed extends Exception {
    Failed(String message) {
      super(message);
    }
  }

  private ServerWarmUp() {}

  /** Passes of the warm-up at the most: a server still warming up after them is said to be. */
  static final int MAX_WARM_UP_PASSES = 8;

  /**
   * Warms the server up (its JIT, memtables, caches) with unmeasured YCSB loads and reads of the same
   * row shape into its own table, pass after pass, until the server's CPU per read stops falling
   * (within 10 % of the pass before; with {@code --hosts}, where the server's CPU is not visible, until
   * the read rate stops rising): under the measured concurrency on a small machine the server's
   * JIT alone takes tens of seconds, and one short warm-up left the first measured client paying for
   * it (a 1.5× swing between clients that only changed places). The server's CPU per operation, not
   * the warm-up client's throughput, says when: each pass is a new client JVM with its own warm-up.
   */
  static void run(BenchRunner runner, BenchClient.Settings settings) throws Exception {
    BenchOptions options = runner.options;
    PrintStream console = runner.console;
    long serverPid = runner.serverPid;
    if (options.warmUpOps == 0) {
      return;
    }
    BenchClient.Settings w = BenchClient.Settings.builder().ops(options.warmUpOps).concurrency(settings.concurrency())
        .contactPoint(settings.contactPoint()).localDatacenter(settings.localDatacenter()).repo(settings.repo())
        .results(settings.results()).build();
    double previous = 0;
    for (int pass = 1; pass <= MAX_WARM_UP_PASSES; pass++) {
      double serverCpuPerRead = Double.NaN;
      double readRate = 0;
      for (BenchPhase phase : BenchPhase.values()) {
        BenchClient c = YcsbBenchClient.warmUp();
        console.printf("bench: warm-up pass %d %s (%,d operations, not measured) ...%n", pass, phase.label, w.ops());
        Path output = options.results.resolve("warm-up-" + pass + "-" + phase.label + ".txt");
        MeasuredProcess.Result run = MeasuredProcess.run(runner.pinned(c.command(phase, w)), options.repo, output, c,
            serverPid, console, "warm-up " + phase.label, null, w.ops());
        BenchClient.Report r = c.report(phase, output, w);
        if (r.problem() != null) {
          throw new Failed("the warm-up " + phase.label + " failed: " + r.problem() + " (see " + output
              + "); nothing was measured");
        }
        serverCpuPerRead = run.serverCpuSeconds() / w.ops();
        readRate = r.opsPerSecond();
      }
      // the server's CPU per read when it is ours to watch; with --hosts, the inverse of the read rate
      boolean serverKnown = !Double.isNaN(serverCpuPerRead);
      double cost = serverKnown ? serverCpuPerRead : 1 / readRate;
      console.printf("bench: warm-up pass %d: %s%s%n", pass, serverKnown
          ? String.format(Locale.ROOT, "the server's CPU %.1f µs per read", serverCpuPerRead * 1e6)
          : String.format("%,.0f reads/s (the server's CPU is not visible with --hosts)", readRate),
          pass == 1 ? "" : String.format(" (cost per read %+.0f %% on the pass before)", 100 * (cost / previous - 1)));
      if (pass > 1 && cost > previous * 0.90) {
        return;
      }
      previous = cost;
    }
    console.printf("bench: the server's cost per read was still falling after %d warm-up passes: the first client of"
        + " the first round may pay for it (compare its rounds)%n", MAX_WARM_UP_PASSES);
  }
}
