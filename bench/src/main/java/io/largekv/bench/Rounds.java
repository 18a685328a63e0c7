package io.largekv.bench;

import io.largekv.report.files.ServerSamplesFile;
import io.largekv.servers.ServerSampler;
import io.largekv.servers.ServerSide;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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
    for (int round = 1; round <= options.rounds; round++) {
      // rotate the order each round so no client always runs first on a fresh server
      List<BenchClient> order = new ArrayList<>(clients);
      java.util.Collections.rotate(order, -(round - 1));
      for (BenchPhase phase : BenchPhase.values()) {
        for (BenchClient template : order) {
          BenchClient client = template.fresh();
          runner.settle();
          String label = "round " + round + " " + phase.label + " " + client.name();
          console.printf("bench: %s ...%n", label);
          Path out = options.results.resolve("r" + round + "-" + phase.label + "-"
              + client.table().replace("kv_", "") + ".txt");
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
}
