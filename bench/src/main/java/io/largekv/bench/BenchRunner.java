package io.largekv.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What every measured client run of {@code bench/run} goes through, whichever strategy runs it
 * (rounds, {@link Subtraction}, {@link FixedRates}): the server let settle first, the client on its
 * cores with {@code --pin}, a failed run said in one line.
 */
final class BenchRunner {

  final BenchOptions options;
  final PrintStream console;
  /** The local server's process; -1 with {@code --hosts}. */
  final long serverPid;

  BenchRunner(BenchOptions options, PrintStream console, long serverPid) {
    this.options = options;
    this.console = console;
    this.serverPid = serverPid;
  }

  String clientCpus() {
    return options.pin.substring(0, options.pin.indexOf(':'));
  }

  String serverCpus() {
    return options.pin.substring(options.pin.indexOf(':') + 1);
  }

  /** The client's command, on the client cores when {@code --pin} is given. */
  List<String> pinned(List<String> command) {
    if (options.pin == null) {
      return command;
    }
    List<String> c = new ArrayList<>(List.of("taskset", "-c", clientCpus()));
    c.addAll(command);
    return c;
  }

  /** Runs {@code command}, failing with its output when it fails. */
  static void run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IOException(String.join(" ", command) + " failed: " + out);
    }
  }

  /**
   * A client's run failed (its exit status, or a problem its report found): says so in one line
   * naming the run's output.
   */
  boolean failed(String label, MeasuredProcess.Result r, BenchClient.Report report, Path output) {
    if (r.exitCode() == 0 && report.problem() == null) {
      return false;
    }
    console.printf("bench: %s: exit %d%s (see %s)%n", label, r.exitCode(),
        report.problem() == null ? "" : ", " + report.problem(), output);
    return true;
  }

  /**
   * Waits until the server is quiet (under 0.2 cores over a second, at most 30 s), so a client
   * does not pay for the previous one's flushes and compactions; says so when it was not.
   */
  void settle() throws InterruptedException {
    if (serverPid <= 0) {
      Thread.sleep(2000);
      return;
    }
    long deadline = System.nanoTime() + 30_000_000_000L;
    double cores = Double.NaN;
    while (System.nanoTime() < deadline) {
      double before = ProcessCpu.seconds(serverPid);
      Thread.sleep(1000);
      cores = ProcessCpu.seconds(serverPid) - before;
      if (Double.isNaN(cores)) {
        console.printf("bench: the server's CPU could not be read (process %d gone?)%n", serverPid);
        return;
      }
      if (cores < 0.2) {
        return;
      }
    }
    console.printf(Locale.ROOT, "bench: the server still used %.2f cores after 30 s of waiting; the next client"
        + " shares the machine with its flushes and compactions%n", cores);
  }
}
