package io.largekv.cli;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.ExitStatus;
import io.largekv.common.UserError;
import io.largekv.harness.ClientResult;
import io.largekv.harness.MetricsPorts;
import io.largekv.harness.nb5.Nb5;
import io.largekv.phase.Phase;
import io.largekv.report.PhaseResult;
import io.largekv.results.ResultsLayout;
import io.largekv.servers.ServerSide;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code bin/largekv run}: the benchmark's main job, the phases one after the other against one
 * server (the local Cassandra it starts, or {@code --hosts}), with the table of their results.
 */
final class RunCommand {

  private RunCommand() {}

  /** Runs the phases as {@code o} (checked: {@link RunOptions#checked}) asks. */
  static int run(RunOptions o, PrintStream out, PrintStream err) throws Exception {
    RunSettings s = o.settings;
    Path repo = BenchmarkRun.repo();
    Path outDir = BenchmarkRun.resultsDir(o.results.out, "run");
    if (o.plan.asked) {
      // the local server is not started for a plan: its usual address and datacenter
      List<String> props = s.runProperties(ServerProperties.PLANNED_LOCAL_HOST, ServerProperties.PLANNED_LOCAL_DC);
      BenchmarkRun.printPlans(repo, s.phases.list, s.size::phaseProperties, s.scale.on, props, 1, out, s.local()
          ? s.cluster.describe() + "), not started for a plan" : s.target.hosts);
      return ExitStatus.OK;
    }
    // every phase's settings are translated, and nb5 is asked for, before a server starts
    List<String> planned = s.runProperties(ServerProperties.PLANNED_LOCAL_HOST, ServerProperties.PLANNED_LOCAL_DC);
    Nb5 nb5 = BenchmarkRun.nb5(s.harness.name.equals(Harness.NB5), repo, () -> {
      for (Phase phase : s.phases.list) {
        Harness.nb5Settings(repo, s.phaseProperties(planned, phase), s.scale.workloadFile(phase));
      }
    });
    MetricsPorts metrics = o.results.metricsPorts(1, outDir, List.of(s.harness.name), err);
    return BenchmarkRun.onServer(s.local(), null, s.cluster.nodes,
        b -> o.cache.uncached ? b.uncached(o.cache.pageCacheMib * 1024 * 1024) : b, err, local -> {
      List<String> props = local == null ? s.runProperties(null, null)
          : s.runProperties(local.contactPoints(), local.localDatacenter());
      try (ServerSide servers = BenchmarkRun.servers(o.servers.settings(), s.target.hosts, local, props, "servers",
          err)) {
        if (nb5 == null) {
          return runPhases(o, local, servers, outDir, out, err, "YCSB", Harness.ycsb(repo, o.console.of(err), 1,
              phase -> s.phaseProperties(props, phase), s.scale::workloadFile, s.warmup.or(s.local()), metrics, null));
        }
        err.println("largekv: harness nb5 " + nb5.version() + " (bin/nb5) on nosqlbench-workloads/yb_kv_large.yaml,"
            + " every read verified");
        return runPhases(o, local, servers, outDir, out, err, "nb5", Harness.nb5(nb5, repo, o.console.of(err), 1,
            phase -> s.phaseProperties(props, phase), s.scale::workloadFile, s.warmup.or(s.local())));
      }
    });
  }

  /**
   * The phases of a run, one after the other, each with its events and, on a local cluster, its
   * nodes' traffic; the table; the status: a phase that FAILED fails the run, bad input ends it.
   */
  private static int runPhases(RunOptions o, LocalCassandra local, ServerSide servers, Path outDir, PrintStream out,
      PrintStream err,
      String harness, Harness.PhaseClients phaseClients) throws Exception {
    List<Summary.Row> results = new ArrayList<>();
    int status = ExitStatus.OK;
    RunSettings s = o.settings;
    long warmup = s.warmup.or(s.local());
    for (Phase phase : s.phases.list) {
      Path phaseDir = outDir.resolve(phase.name);
      if (o.cache.uncached && !phase.isLoad()) {
        uncache(local, phase, err);
      }
      List<ClientResult> clients = BenchmarkRun.runPhase(phaseClients, s.events.list, phase, local, servers, phaseDir,
          phase.name, err);
      Summary.Row r = new Summary.Row(phase, PhaseResult.load(phaseDir, phase.isLoad() ? 0 : warmup), clients);
      results.add(r);
      if (r.exitCode() != 0) {
        status = ExitStatus.FAILED;
        err.printf("largekv: phase %s FAILED (exit status %d, %s; why: under the table); its output: %s%n",
            phase.name, r.exitCode(), ExitStatus.describe(r.exitCode()), phaseDir);
        if (r.exitCode() == ExitStatus.BAD_INPUT) {
          // the same settings would be refused by every phase
          status = ExitStatus.BAD_INPUT;
          break;
        }
      }
    }
    String summary = Summary.render(results, local != null);
    Files.writeString(outDir.resolve(ResultsLayout.RUN_SUMMARY), summary);
    out.println();
    out.print(summary);
    out.println("Raw " + harness + " output: " + io.largekv.common.ConsoleText.shown(outDir) + "/<phase>/client-<i>/");
    // the same figures as data, and as bin/largekv report DIR renders them
    io.largekv.report.Report report = BenchmarkRun.writeReport(io.largekv.report.Report.load(outDir,
        results.stream().map(r -> r.phase().name).toList()), out, false);
    if (status == ExitStatus.OK && !report.failedCells().isEmpty()) {
      status = ExitStatus.FAILED;
      err.println("largekv: FAILED in the report: " + String.join(", ", report.failedCells()));
    }
    if (status != ExitStatus.OK) {
      err.println("largekv: " + (status == ExitStatus.BAD_INPUT ? "bad input" : "one or more phases FAILED")
          + ": these results must not be published (exit status " + status + ")");
    } else {
      out.println("Result: ok, every phase passed every check (exit status 0)");
    }
    return status;
  }

  /**
   * Before a read phase of {@code --uncached}: the local node restarted (its memtables flushed), its
   * compactions awaited, the page cache of its data dropped and bounded from now on.
   */
  private static void uncache(LocalCassandra local, Phase phase, PrintStream err) throws java.io.IOException {
    String prefix = "largekv: [" + phase.name + "] ";
    err.println(prefix + "uncached: restarting the local Cassandra (it flushes its memtables), then dropping the "
        + "page cache of its data");
    local.startUncachedReads(line -> err.println(prefix + line));
    err.println(prefix + "uncached: the local Cassandra may hold " + (local.pageCacheLimit().bytes() >> 20)
        + " MiB of page cache from now on (docs/uncached-reads.md)");
  }

  /**
   * Parsed options of {@code run}: what its phases are run with ({@link RunSettings}), and the groups
   * of run alone: {@code --plan}, the servers' side, the console, the results, the page cache.
   */
  @Command(name = "run", sortOptions = false, abbreviateSynopsis = true, description = {
      "Runs the phases load -> uniform-read -> latest-read through YCSB and the yugabyte-ycql binding.",
      "With no --hosts it starts a local single-node Cassandra (127.0.0.1, free port), uses the workloads/local-*"
          + " files (1,000,000 rows), and stops the server afterwards."},
      footer = "Docs: README.md, docs/ycsb-binding.md, docs/ycsb-workload.md")
  static final class RunOptions implements OptionParser.Options, LargekvCommand {

    @Mixin
    final HelpOption help = new HelpOption();

    @Mixin
    final RunSettings settings = new RunSettings();

    @Mixin
    final PlanOption plan = new PlanOption();

    @Mixin
    final ServerSideOptions servers = new ServerSideOptions();

    @Mixin
    final ConsoleOptions console = new ConsoleOptions();

    @Mixin
    final ResultsOptions results = new ResultsOptions();

    @Mixin
    final UncachedOptions cache = new UncachedOptions();

    @Override
    public String help() {
      return settings.help();
    }

    @Override
    public int call(String[] args, PrintStream out, PrintStream err) throws Exception {
      return run(checked(), out, err);
    }

    /** {@code args[0]} is {@code run}: its options, parsed and checked. */
    static RunOptions parse(String[] args) throws UserError {
      return OptionParser.parse(new RunOptions(), args, 1).checked();
    }

    /** These options, checked together: what a run cannot do as asked is refused before anything starts. */
    RunOptions checked() throws UserError {
      if (help.asked) {
        return this;
      }
      checkUncached();
      settings.check(plan.asked);
      servers.settings();
      if (settings.local() && servers.machineSource() != null) {
        throw new UserError(servers.machineSource() + " reads the machines "
            + "of --hosts; the local Cassandra's nodes share this one, whose /proc the servers' side reads; accepted: "
            + "it with --hosts");
      }
      settings.checkNb5(results.metricsPort, plan.asked);
      return this;
    }

    /** {@code --uncached}: a local node, a read phase; by default the load and the uniform read. */
    private void checkUncached() throws UserError {
      cache.checkPageCache();
      if (!cache.uncached) {
        return;
      }
      if (!settings.local()) {
        throw new UserError("--uncached bounds the local Cassandra's page cache, and --hosts " + settings.target.hosts
            + " is not local; against real servers, load more data than their memory holds (docs/uncached-reads.md); "
            + "accepted: --uncached without --hosts");
      }
      if (settings.cluster.nodes != 1) {
        throw new UserError("--uncached runs one local node; accepted: --uncached without --nodes");
      }
      PhasesOptions phases = settings.phases;
      if (!phases.given) {
        phases.list = List.of(Phase.LOAD, Phase.UNIFORM_READ);
      }
      if (phases.list.stream().allMatch(Phase::isLoad)) {
        throw new UserError("--uncached bounds the page cache of read phases, and --phases has none; accepted: "
            + "--phases with uniform-read or latest-read");
      }
    }
  }
}
