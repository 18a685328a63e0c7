package io.largekv.bench;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** {@code bench/run --rate}: every client's reads at fixed fractions of latte's unthrottled read rate. */
final class FixedRates {

  private FixedRates() {}

  /**
   * The rate the other clients of a fixed-rate run read at after latte's run at {@code rate}: latte's
   * own read rate, rounded, when it read less than {@link Table#LATTE_HELD_RATE} of {@code rate}
   * (its schedule slips when its requests in flight are all taken, and it does not make the ticks
   * up, while YCSB's threads catch up: at the rate asked they would read more than latte did, and
   * their p99 would be of a heavier load); else {@code rate}, also when latte's run failed.
   */
  static double sameLoad(double rate, BenchClient.Report latte, int latteExit) {
    if (latteExit != 0 || latte.problem() != null || latte.opsPerSecond() <= 0
        || latte.opsPerSecond() >= Table.LATTE_HELD_RATE * rate) {
      return rate;
    }
    return Math.rint(latte.opsPerSecond());
  }

  /** The fractions of latte's unthrottled read rate that {@code --rate} runs every client at. */
  static final double[] RATE_FRACTIONS = {0.5, 0.8};

  /**
   * One client's reads at a fixed rate: the {@code run}-th (from 1) of {@code --rate-runs} at that
   * rate, with the local server's pauses while it ran, and where it was steady ({@link SteadyWindow}:
   * its CPU per read there, at the same load as the other clients of the turn) and what else the
   * machine did meanwhile ({@link Measured}).
   */
  record RateRun(double fraction, double rate, int run, String client, BenchClient.Report report,
      ServerPauses.Within serverPauses, Measured measured) {

    /**
     * The client's process: its exit status, its steady window (null when not measured), and the
     * cores everything else on the machine used meanwhile ({@link MeasuredProcess.Result#otherCores}).
     */
    record Measured(int exitCode, SteadyWindow.Search steady, double otherCores) {}

    /** A run of which only the exit status is known. */
    RateRun(double fraction, double rate, int run, String client, BenchClient.Report report, int exitCode,
        ServerPauses.Within serverPauses) {
      this(fraction, rate, run, client, report, serverPauses, new Measured(exitCode, null, 0));
    }

    int exitCode() {
      return measured.exitCode();
    }

    SteadyWindow.Search steady() {
      return measured.steady();
    }

    /** Other work on the machine used more than {@link Table#DISTURBED_CORES} cores while it ran. */
    boolean disturbed() {
      return Table.disturbed(measured.otherCores());
    }

    /** latte's run at the same rate in the same turn in {@code runs}. */
    Optional<RateRun> latteIn(List<RateRun> runs) {
      return runs.stream().filter(x -> x.fraction == fraction && x.run == run && x.client.equals(LatteClient.NAME))
          .findFirst();
    }

    /** CPU seconds per read in its steady window; NaN when it had none or failed. */
    double steadyCpuPerOp() {
      SteadyWindow.Search steady = steady();
      return steady == null || steady.window() == null || exitCode() != 0 || report.problem() != null ? Double.NaN
          : steady.window().cpuPerOp();
    }
  }

  /**
   * {@code --rate}: latte's read rate of the last round (as fast as it goes), then every client's
   * reads at {@link #RATE_FRACTIONS} of it, {@code --rate-seconds} each, latte first, {@code
   * --rate-runs} times at each rate with the clients alternating (what the server does in one minute
   * moves one run's p99 more than the clients differ: its pauses land in one client's run and not
   * the next's). Returns 1 when a run failed or latte's rate is unknown.
   */
  static int run(BenchRunner runner, List<ClientRun> runs, List<BenchClient> clients, BenchClient.Settings settings,
      List<RateRun> out) throws Exception {
    BenchOptions options = runner.options;
    PrintStream console = runner.console;
    long serverPid = runner.serverPid;
    Optional<ClientRun> latteRead = runs.stream().filter(r -> r.round() == options.rounds && r.phase() == BenchPhase.READ
        && r.client().equals(LatteClient.NAME) && r.report().problem() == null).findFirst();
    if (latteRead.isEmpty()) {
      console.println("bench: --rate: latte's read of the last round failed or did not run: no fixed-rate runs");
      return 1;
    }
    double latteRate = latteRead.get().report().opsPerSecond();
    int status = 0;
    List<BenchClient> order = new ArrayList<>();
    for (BenchClient c : clients) {
      if (c.hasFixedRate()) {
        order.add(c);
      } else {
        // its run would be unthrottled: a row of the fixed-rate table that is no fixed-rate figure
        console.printf("bench: --rate: %s has no fixed rate here; it is left out of the fixed-rate runs%n", c.name());
      }
    }
    order.sort(java.util.Comparator.comparing(c -> !c.name().equals(LatteClient.NAME)));
    // one table for every client that can read largekv's rows: the server's caches hold the rows
    // read last, so reading tables of their own favoured whichever client read its own last
    String shared = clients.stream().filter(BenchClient::writesLargekvRows).map(BenchClient::table).findFirst()
        .orElse(null);
    if (shared != null) {
      console.printf("bench: --rate: latte and largekv's YCSB clients read the same rows, %s.%s%n",
          BenchClient.KEYSPACE, shared);
    }
    Path serverGcLog = options.results.resolve(ServerPauses.GC_LOG);
    for (double fraction : RATE_FRACTIONS) {
      double rate = Math.rint(latteRate * fraction);
      BenchClient.Settings at = settings.atRate((long) (rate * options.rateSeconds), rate, shared,
          options.rateWarmUpSeconds);
      for (int run = 1; run <= options.rateRuns; run++) {
        BenchClient.Settings turn = at;
        for (BenchClient template : order) {
          BenchClient client = template.fresh();
          runner.settle();
          String label = String.format(Locale.ROOT, "%.0f %% rate (%,.0f reads/s) %s%s", fraction * 100, turn.rate(),
              client.name(), options.rateRuns == 1 ? "" : ", run " + run + " of " + options.rateRuns);
          console.printf("bench: %s ...%n", label);
          Path file = options.results.resolve(String.format(Locale.ROOT, "rate%.0f-%sread-%s.txt", fraction * 100,
              options.rateRuns == 1 ? "" : run + "-", client.table().replace("kv_", "")));
          MeasuredProcess.Result r = MeasuredProcess.run(runner.pinned(client.command(BenchPhase.READ, turn)),
              options.repo, file, client, serverPid, console, label);
          BenchClient.Report report = client.report(BenchPhase.READ, file, turn);
          if (runner.failed(label, r, report, file)) {
            status = 1;
          }
          // the pauses within the window the client's figures cover: after its warm-up when it leaves one out
          long leftOut = client.warmUpLeftOut(turn);
          Instant from = leftOut == 0 ? r.started()
              : r.firstOperationSeen().map(t -> t.plusSeconds(leftOut)).orElse(r.started());
          ServerPauses.Within pauses = serverPid > 0
              ? ServerPauses.read(serverGcLog).between(from, r.ended()) : ServerPauses.Within.UNKNOWN;
          if (pauses.known()) {
            console.printf("bench:   the server's pauses in the run's reported window: %s (%s)%n", pauses.render(),
                ServerPauses.GC_LOG);
          }
          out.add(new RateRun(fraction, turn.rate(), run, client.name(), report, pauses, new RateRun.Measured(
              r.exitCode(), r.steadyWindow(client.operationsRun(BenchPhase.READ, turn)), r.otherCores())));
          if (client.name().equals(LatteClient.NAME)) {
            double held = sameLoad(rate, report, r.exitCode());
            if (held != rate) {
              console.printf("bench: --rate: latte read %,.0f of %,.0f reads/s (its schedule slipped); the other clients"
                  + " of this run read at %,.0f/s, the load latte read%n", report.opsPerSecond(), rate, held);
              turn = settings.atRate((long) (held * options.rateSeconds), held, shared, options.rateWarmUpSeconds);
            }
          }
        }
      }
    }
    return status;
  }
}
