package io.largekv.cli;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.cluster.ClusterEvent;
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
    Path repo = BenchmarkRun.repo();
    Path outDir = BenchmarkRun.resultsDir(o.results.out, "run");
    if (o.plan) {
      // the local server is not started for a plan: its usual address and datacenter
      List<String> props = o.runProperties(PhaseOptions.PLANNED_LOCAL_HOST, PhaseOptions.PLANNED_LOCAL_DC);
      BenchmarkRun.printPlans(repo, o.phases, o::phaseProperties, o.fullScale, props, 1, out, o.hosts == null
          ? "the local Cassandra (" + o.nodes + " node" + (o.nodes == 1 ? "" : "s") + "), not started for a plan"
          : o.hosts);
      return ExitStatus.OK;
    }
    // every phase's settings are translated, and nb5 is asked for, before a server starts
    List<String> planned = o.runProperties(PhaseOptions.PLANNED_LOCAL_HOST, PhaseOptions.PLANNED_LOCAL_DC);
    Nb5 nb5 = BenchmarkRun.nb5(o.harness.equals(Harness.NB5), repo, () -> {
      for (Phase phase : o.phases) {
        Harness.nb5Settings(repo, phaseProperties(o, planned, phase), o.workloadFile(phase));
      }
    });
    MetricsPorts metrics = o.results.metricsPorts(1, outDir, List.of(o.harness), err);
    return BenchmarkRun.onServer(o.hosts == null, null, o.nodes,
        b -> o.cache.uncached ? b.uncached(o.cache.pageCacheMib * 1024 * 1024) : b, err, local -> {
      List<String> props = local == null ? o.runProperties(null, null)
          : o.runProperties(local.contactPoints(), local.localDatacenter());
      try (ServerSide servers = BenchmarkRun.servers(o.servers.settings(), o.hosts, local, props, "servers", err)) {
        if (nb5 == null) {
          return runPhases(o, local, servers, outDir, out, err, "YCSB", Harness.ycsb(repo, o.console.of(err), 1,
              phase -> phaseProperties(o, props, phase), phase -> o.workloadFile(phase), o.warmupOr(o.hosts == null),
              metrics, null));
        }
        err.println("largekv: harness nb5 " + nb5.version() + " (bin/nb5) on nosqlbench-workloads/yb_kv_large.yaml,"
            + " every read verified");
        return runPhases(o, local, servers, outDir, out, err, "nb5", Harness.nb5(nb5, repo, o.console.of(err), 1,
            phase -> phaseProperties(o, props, phase), phase -> o.workloadFile(phase), o.warmupOr(o.hosts == null)));
      }
    });
  }


  /** A phase's properties: the run's, then the options' ({@link PhaseOptions#phaseProperties}), which win. */
  private static List<String> phaseProperties(RunOptions o, List<String> props, Phase phase) {
    List<String> phaseProps = new ArrayList<>(props);
    phaseProps.addAll(o.phaseProperties(phase));
    return phaseProps;
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
    long warmup = o.warmupOr(o.hosts == null);
    for (Phase phase : o.phases) {
      Path phaseDir = outDir.resolve(phase.name);
      if (o.cache.uncached && !phase.isLoad()) {
        uncache(local, phase, err);
      }
      List<ClientResult> clients = BenchmarkRun.runPhase(phaseClients, o.events, phase, local, servers, phaseDir,
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

  /** Parsed options of {@code run}: {@link PhaseOptions}, the server to run against and the servers' side. */
  @Command(name = "run", abbreviateSynopsis = true, description = {
      "Runs the phases load -> uniform-read -> latest-read through YCSB and the yugabyte-ycql binding.",
      "With no --hosts it starts a local single-node Cassandra (127.0.0.1, free port), uses the workloads/local-*"
          + " files (1,000,000 rows), and stops the server afterwards."},
      footer = "Docs: README.md, docs/ycsb-binding.md, docs/ycsb-workload.md")
  static final class RunOptions extends ServerOptions {

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
      return "bin/largekv --help";
    }

    /** {@code args[0]} is {@code run}: its options, parsed and checked. */
    static RunOptions parse(String[] args) throws UserError {
      return OptionParser.parse(new RunOptions(), args, 1).checked();
    }

    /** These options, checked together: what a run cannot do as asked is refused before anything starts. */
    RunOptions checked() throws UserError {
      RunOptions o = this;
      if (o.helpAsked) {
        return o;
      }
      o.checkUncached();
      o.checkWarmupFitsDuration(o.hosts == null, o.duration);
      if (o.fullScale && o.hosts == null && !o.plan) {
        throw new UserError("--full-scale needs --hosts: 30 billion rows are not for the local Cassandra");
      }
      if (o.hosts == null && o.localdc != null) {
        throw new UserError("--localdc " + o.localdc + " names the datacenter of --hosts; the local Cassandra has its "
            + "own; accepted: --localdc with --hosts");
      }
      if (o.hosts != null && o.nodes != 1) {
        throw new UserError("--nodes " + o.nodes + " sizes the local cluster, and --hosts " + o.hosts
            + " is not local; accepted: --nodes without --hosts");
      }
      ClusterEvent.check(o.events, o.phases, o.hosts == null ? o.nodes : 0, "--hosts " + o.hosts);
      Harness.checkProperties(List.of(o.harness), o.properties, o.help());
      o.servers.settings();
      if (o.hosts == null && o.servers.machineSource() != null) {
        throw new UserError(o.servers.machineSource() + " reads the machines "
            + "of --hosts; the local Cassandra's nodes share this one, whose /proc the servers' side reads; accepted: "
            + "it with --hosts");
      }
      if (o.harness.equals(Harness.NB5)) {
        o.checkNb5();
      }
      return o;
    }

    /** {@code --uncached}: a local node, a read phase; by default the load and the uniform read. */
    private void checkUncached() throws UserError {
      cache.checkPageCache();
      if (!cache.uncached) {
        return;
      }
      if (hosts != null) {
        throw new UserError("--uncached bounds the local Cassandra's page cache, and --hosts " + hosts + " is not "
            + "local; against real servers, load more data than their memory holds (docs/uncached-reads.md); "
            + "accepted: --uncached without --hosts");
      }
      if (nodes != 1) {
        throw new UserError("--uncached runs one local node; accepted: --uncached without --nodes");
      }
      if (!phasesGiven) {
        phases = List.of(Phase.LOAD, Phase.UNIFORM_READ);
      }
      if (phases.stream().allMatch(Phase::isLoad)) {
        throw new UserError("--uncached bounds the page cache of read phases, and --phases has none; accepted: "
            + "--phases with uniform-read or latest-read");
      }
    }

    /** What nb5 cannot do as asked, refused before anything starts. */
    private void checkNb5() throws UserError {
      if (plan) {
        throw new UserError("--plan prints YCSB's plan of each phase; accepted: --plan without --harness nb5");
      }
      if (results.metricsPort != null) {
        throw ResultsOptions.noNb5Endpoint(results.metricsPort);
      }
      if (hosts != null && localdc == null) {
        throw new UserError("--harness nb5 with --hosts needs --localdc: nb5's cqld4 does not infer the local "
            + "datacenter; accepted: --localdc DC");
      }
    }
  }

}
