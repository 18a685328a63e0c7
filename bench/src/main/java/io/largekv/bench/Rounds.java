package io.largekv.bench;

import io.largekv.report.files.ServerSamplesFile;
import io.largekv.servers.ServerSampler;
import io.largekv.servers.ServerSide;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * {@code bench/run}'s rounds: each phase of every client, round after round, the clients' order
 * rotated each round so no client always runs first; with {@code --counts}/{@code --profile} the
 * steady window of each run probed, with {@code --server-samples} the servers sampled through it.
 */
final class Rounds {

  /**
   * @param runs every client's measured phase
   * @param samplerCpu the servers' sampler's CPU per run, NaN where it was not read
   * @param profiles the steady windows' tables
   * @param status 1 when a run failed
   */
  record Result(List<ClientRun> runs, List<Double> samplerCpu, List<String> profiles, int status) {}

  private Rounds() {}

  /** Runs every round; {@code servers} null: not sampled. */
  static Result run(BenchRunner runner, List<BenchClient> clients, BenchClient.Settings settings, ServerSide servers)
      throws Exception {
    BenchOptions options = runner.options;
    PrintStream console = runner.console;
    long serverPid = runner.serverPid;
    List<ClientRun> runs = new ArrayList<>();
    List<Double> samplerCpu = new ArrayList<>();
    List<String> profiles = new ArrayList<>();
    int status = 0;
    // --paired: the latte every other client runs beside
    BenchClient latte = options.paired
        ? clients.stream().filter(c -> c.name().equals(LatteClient.NAME)).findFirst().orElseThrow() : null;
    if (latte != null) {
      // every table holds its N rows before round 1, so that every round's insert overwrites them alike: a
      // first insert into an empty table is another load on the server than the rounds after it
      for (BenchClient client : clients) {
        if (client != latte) {
          status = Math.max(status, pair(runner, 0, BenchPhase.INSERT, client.fresh(), latte.fresh(), settings,
              new ArrayList<>()));
        }
      }
    }
    for (int round = 1; round <= options.rounds; round++) {
      // rotate the order each round so no client always runs first on a fresh server
      List<BenchClient> order = new ArrayList<>(clients);
      java.util.Collections.rotate(order, -(round - 1));
      for (BenchPhase phase : BenchPhase.values()) {
        if (latte != null) {
          for (BenchClient template : order) {
            if (template != latte) {
              status = Math.max(status, pair(runner, round, phase, template.fresh(), latte.fresh(), settings, runs));
            }
          }
          continue;
        }
        for (BenchClient template : order) {
          BenchClient client = template.fresh();
          runner.settle();
          String label = "round " + round + " " + phase.label + " " + client.name();
          console.printf("bench: %s ...%n", label);
          Path out = output(options, round, phase, client.table().replace("kv_", ""));
          SteadyWindowProbe probe = options.profiler != null || options.counts
              ? new SteadyWindowProbe(out, options.profiler) : null;
          Path sampled = servers == null ? null : Files.createDirectories(out.resolveSibling(
              out.getFileName().toString().replace(".txt", "-servers")));
          ServerSampler sampler = servers == null ? null : new ServerSampler(servers, sampled, console, "bench: ");
          MeasuredProcess.Result r;
          MetricsScraper scraper = options.scrapeMetrics == 0 ? null
              : new MetricsScraper(options.metricsPort, options.scrapeMetrics);
          try {
            r = MeasuredProcess.run(runner.pinned(client.command(phase, settings)), options.repo, out, client,
                serverPid, console, label, probe, options.ops);
          } finally {
            if (probe != null) {
              probe.close();
            }
            if (sampler != null) {
              sampler.close();
            }
            if (scraper != null) {
              scraper.close();
              console.printf("bench: %s: metrics endpoint %s%n", label, scraper.summary());
              if (scraper.scraped() == 0) {
                console.printf("bench: %s: the metrics endpoint was never scraped: its cost is not measured%n", label);
                status = 1;
              }
            }
          }
          if (sampled != null) {
            Double cpu = ServerSamplesFile.read(sampled).facts().samplerCpuSeconds();
            samplerCpu.add(cpu == null ? Double.NaN : cpu);
          }
          BenchClient.Report report = client.report(phase, out, settings);
          boolean succeeded = !runner.failed(label, r, report, out);
          if (probe != null) {
            String title = "round " + round + " " + phase.label + " " + client.name();
            List<MeasuredProcess.Sample> seen = r.samples();
            SteadyWindowProbe.Window w = probe.finish(seen.isEmpty() ? 0 : seen.get(seen.size() - 1).ops(),
                seen.isEmpty() ? 0 : seen.get(seen.size() - 1).nanos(), succeeded);
            profiles.add(SteadyWindowProbe.render(title, w));
            if (Files.exists(probe.cpuProfile())) {
              profiles.add(ProfileBreakdown.read(probe.cpuProfile()).render("  CPU profile, the window's first half",
                  Double.NaN));
            }
            if (Files.exists(probe.wallProfile())) {
              profiles.add(ProfileBreakdown.read(probe.wallProfile()).render("  wall profile, its second half",
                  Double.NaN));
            }
          }
          if (!succeeded) {
            status = 1;
          }
          runs.add(new ClientRun(round, phase, client.name(), report, r, options.ops));
        }
      }
    }
    return new Result(runs, samplerCpu, profiles, status);
  }

  /**
   * {@code --paired}: {@code client} and a latte run started at the same time against the same
   * server, each on its own table; both figures from the seconds where both were steady
   * ({@link PairedWindow}). Returns 1 when either run failed.
   */
  private static int pair(BenchRunner runner, int round, BenchPhase phase, BenchClient client, BenchClient latte,
      BenchClient.Settings settings, List<ClientRun> runs) throws Exception {
    BenchOptions options = runner.options;
    runner.settle();
    String when = round == 0 ? "tables filled, not measured: " : "round " + round + " ";
    String label = when + phase.label + " " + client.name();
    String latteLabel = when + phase.label + " " + LatteClient.NAME + " beside " + client.name();
    runner.console.printf("bench: %s and %s at the same time ...%n", label, LatteClient.NAME);
    Path out = output(options, round, phase, client.table().replace("kv_", ""));
    Path latteOut = output(options, round, phase, "latte-beside-" + client.table().replace("kv_", ""));
    double serverBefore = runner.serverPid > 0 ? ProcessCpu.seconds(runner.serverPid) : Double.NaN;
    double machineBefore = ProcessCpu.machineSeconds();
    long startedNanos = System.nanoTime();
    ExecutorService beside = Executors.newSingleThreadExecutor();
    MeasuredProcess.Result mine;
    MeasuredProcess.Result theirs;
    try {
      Future<MeasuredProcess.Result> latteRun = beside.submit(() -> MeasuredProcess.run(
          runner.pinned(latte.command(phase, settings)), options.repo, latteOut, latte, runner.serverPid,
          runner.console, latteLabel, null, settings.ops()));
      mine = MeasuredProcess.run(runner.pinned(client.command(phase, settings)), options.repo, out, client,
          runner.serverPid, runner.console, label, null, settings.ops());
      theirs = latteRun.get();
    } finally {
      beside.shutdown();
    }
    // what ran besides the pair and the server, over the pair's whole time
    double seconds = (System.nanoTime() - startedNanos) / 1e9;
    double server = runner.serverPid > 0 ? ProcessCpu.seconds(runner.serverPid) - serverBefore : 0;
    double other = Math.max(0, (ProcessCpu.machineSeconds() - machineBefore - mine.usage().cpuSeconds()
        - theirs.usage().cpuSeconds() - (Double.isNaN(server) ? 0 : server)) / seconds);
    mine = mine.withOtherCores(other);
    theirs = theirs.withOtherCores(other);
    BenchClient.Report report = client.report(phase, out, settings);
    BenchClient.Report latteReport = latte.report(phase, latteOut, settings);
    boolean failed = runner.failed(label, mine, report, out);
    failed |= runner.failed(latteLabel, theirs, latteReport, latteOut);
    PairedWindow.Pair common = PairedWindow.find(mine, theirs, options.ops);
    runs.add(new ClientRun(round, phase, client.name(), report, mine, options.ops, common.client(), LatteClient.NAME));
    runs.add(new ClientRun(round, phase, LatteClient.NAME, latteReport, theirs, options.ops, common.latte(),
        client.name()));
    return failed ? 1 : 0;
  }

  /** A run's raw output: {@code r<round>-<phase>-<name>.txt} in the results. */
  private static Path output(BenchOptions options, int round, BenchPhase phase, String name) {
    return options.results.resolve("r" + round + "-" + phase.label + "-" + name + ".txt");
  }
}
