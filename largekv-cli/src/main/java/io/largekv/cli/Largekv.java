package io.largekv.cli;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.cluster.ClusterEvent;
import io.largekv.cluster.ClusterEvents;
import io.largekv.cluster.NodeTraffic;
import io.largekv.common.ExitStatus;
import io.largekv.common.UserError;
import io.largekv.harness.Harness;
import io.largekv.harness.Installation;
import io.largekv.harness.nb5.Nb5;
import io.largekv.harness.nb5.Nb5PodClient;
import io.largekv.harness.ycsb.PhaseRunner;
import io.largekv.phase.Phase;
import io.largekv.report.PhaseResult;
import io.largekv.results.ResultsLayout;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bin/largekv}: the benchmark's main job.
 *
 * <pre>
 *   bin/largekv run                       # embedded default: starts a local Cassandra, runs
 *                                         # load → uniform-read → latest-read, stops it
 *   bin/largekv run --hosts h1,h2 --target yugabyte --full-scale ...
 * </pre>
 */
public final class Largekv {

  static final String USAGE = String.join("\n",
      "Usage: bin/largekv run [options]",
      "       bin/largekv --version",
      "       bin/largekv check [options]   (before a long run: what each server has and whether a run would start;"
          + " see bin/largekv check --help)",
      "       bin/largekv compare [--target LABEL=HOSTS]... [options]   (see bin/largekv compare --help)",
      "       bin/largekv report DIR [--phases LIST]   (a compare run's directory, or a clients' results directory:",
      "                                   PHASE/client-<i>/; --phases: those that must be in it, FAILED when not run)",
      "       bin/largekv report DIR1 DIR2... [--out DIR]   (runs made apart, side by side, each column against the",
      "                                   first run's: docs/results.md#reports-across-runs; default results/report-<time>)",
      "       bin/largekv k8s render --phase PHASE --hosts H1,H2 --image IMAGE:TAG [options]   (see bin/largekv k8s --help)",
      "       bin/largekv k8s local --clients N [options]   (the pods' command as local processes, merged)",
      "       bin/largekv nb5-client --phase PHASE --dir DIR -P FILE -p ...   (an nb5 pod's client; --help)",
      "  Runs the phases load -> uniform-read -> latest-read through YCSB and the yugabyte-ycql binding.",
      "  With no --hosts it starts a local single-node Cassandra (127.0.0.1, free port), uses the",
      "  workloads/local-* files (1,000,000 rows), and stops the server afterwards.",
      "Options:",
      "  --hosts H1,H2[:PORT]   run against these servers instead of the local Cassandra",
      "  --target T             yugabyte | cassandra | scylla (default: cassandra locally, else yugabyte)",
      "  --localdc DC           local datacenter (Cassandra/Scylla; inferred when omitted)",
      "  --full-scale           use the seeds' files (large30b, large30b-uniform-read, large30b-latest-read)",
      "  --phases LIST          comma-separated subset of: " + Phase.ACCEPTED + " (default: all)",
      "  --records N            rows to load and read (overrides recordcount)",
      "  --duration SECONDS     length of each read phase (overrides maxexecutiontime)",
      "  --threads N            YCSB client threads per phase (overrides threadcount)",
      "  --warmup SECONDS       left out of each read phase's figures at its start (default 5 locally, 10 with --hosts)",
      "  --out DIR              where raw YCSB output goes (default results/run-<time>): DIR/<phase>/client-0/...",
      "  --nodes N              a local cluster of N nodes on 127.0.0.1..N (default 1; RF 3 from 3 nodes on)",
      "  --event PHASE@S:ACTION an event S seconds after the phase's first operation (repeatable): kill-node:N,",
      "                         stop-node:N, start-node:N, add-node, decommission-node:N (local cluster), exec:COMMAND",
      "  --harness ycsb|nb5     the client: YCSB with largekv's binding (default), or your own nb5 on",
      "                         yb_kv_large (found as bin/nb5 finds it; every read verified; docs/nosqlbench.md)",
      "  --plan                 print what each phase would do (key ranges, threads, mix, rows, bytes, duration at",
      "                         the seed's rate) and exit; nothing is started or connected",
      "  -p NAME=VALUE          any YCSB, workload or binding property, for every phase; with --harness nb5",
      "                         those nb5 can apply (recordcount, ycql.compaction, ...; others are refused)",
      "  -p nb5.NAME=VALUE      with --harness nb5: an nb5 or yb_kv_large parameter (e.g. nb5.driverconfig=FILE)",
      "Docs: README.md, docs/ycsb-binding.md, docs/ycsb-workload.md");

  private Largekv() {}

  public static void main(String[] args) throws Exception {
    int code;
    try {
      code = run(args, System.out, System.err);
    } catch (UserError e) {
      System.err.println("largekv: " + e.getMessage());
      code = ExitStatus.BAD_INPUT;
    } catch (java.io.IOException e) {
      // the local server did not start, a results directory cannot be written, ...
      System.err.println("largekv: " + e.getMessage());
      code = ExitStatus.ABORTED;
    }
    System.exit(code);
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
      out.println(USAGE);
      return args.length == 0 ? 2 : 0;
    }
    if (args[0].equals("--version") || args[0].equals("version")) {
      out.println(Installation.current().describe());
      return ExitStatus.OK;
    }
    if (args[0].equals("compare")) {
      if (args.length > 1 && (args[1].equals("--help") || args[1].equals("-h"))) {
        out.println(Compare.USAGE);
        return 0;
      }
      return Compare.run(args, out, err);
    }
    if (args[0].equals("check")) {
      return Check.run(args, out, err);
    }
    if (args[0].equals("k8s")) {
      return K8sRender.run(args, out, err);
    }
    if (args[0].equals("nb5-client")) {
      if (args.length > 1 && (args[1].equals("--help") || args[1].equals("-h"))) {
        out.println(Nb5PodClient.USAGE);
        return ExitStatus.OK;
      }
      return Nb5PodClient.run(args, err);
    }
    if (args[0].equals("report")) {
      return report(args, out, err);
    }
    if (!args[0].equals("run")) {
      throw new UserError("unknown command '" + args[0] + "'; accepted: run, check, compare, report, k8s, nb5-client (see bin/largekv --help)");
    }
    RunOptions o = RunOptions.parse(args);
    Path repo = BenchmarkRun.repo();
    Path outDir = BenchmarkRun.resultsDir(o.out, "run");
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
    Nb5 nb5 = BenchmarkRun.nb5(o.harness.equals(Harness.NB5), repo, o.phases,
        phase -> Harness.nb5Settings(repo, phaseProperties(o, planned, phase), o.workloadFile(phase)));
    return BenchmarkRun.onServer(o.hosts == null, null, o.nodes, err, local -> {
      List<String> props = local == null ? o.runProperties(null, null)
          : o.runProperties(local.contactPoints(), local.localDatacenter());
      if (nb5 == null) {
        return runPhases(o, local, outDir, out, err, "YCSB", Harness.ycsb(repo, err, 1,
            phase -> phaseProperties(o, props, phase), phase -> o.workloadFile(phase), o.warmupOr(o.hosts == null)));
      }
      err.println("largekv: harness " + Harness.describe(Harness.NB5, nb5));
      return runPhases(o, local, outDir, out, err, "nb5", Harness.nb5(nb5, repo, err, 1,
          phase -> phaseProperties(o, props, phase), phase -> o.workloadFile(phase), o.warmupOr(o.hosts == null)));
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
  private static int runPhases(RunOptions o, LocalCassandra local, Path outDir, PrintStream out, PrintStream err,
      String harness, Harness.PhaseClients phaseClients) throws Exception {
    List<Summary.Row> results = new ArrayList<>();
    int status = ExitStatus.OK;
    long warmup = o.warmupOr(o.hosts == null);
    for (Phase phase : o.phases) {
      Path phaseDir = outDir.resolve(phase.name);
      List<PhaseRunner.Result> clients;
      try (ClusterEvents events = new ClusterEvents(o.events, phase, local, phaseDir, "", err,
          "largekv: [" + phase.name + "] ")) {
        clients = phaseClients.run(phase, phaseDir, events, phase.name);
      }
      NodeTraffic.write(local, phaseDir.resolve(ResultsLayout.NODES));
      Summary.Row r = new Summary.Row(phase, PhaseResult.load(phaseDir, phase.isLoad() ? 0 : warmup), clients);
      results.add(r);
      if (r.exitCode() != 0) {
        status = ExitStatus.FAILED;
        err.printf("largekv: phase %s FAILED (exit status %d, %s)%s; its output: %s%n", phase.name, r.exitCode(),
            ExitStatus.describe(r.exitCode()), r.reason().isEmpty() ? "" : ": " + r.reason(), phaseDir);
        if (r.exitCode() == ExitStatus.BAD_INPUT) {
          // the same settings would be refused by every phase
          status = ExitStatus.BAD_INPUT;
          break;
        }
      }
    }
    String summary = Summary.render(results);
    Files.writeString(outDir.resolve(ResultsLayout.RUN_SUMMARY), summary);
    out.println();
    out.print(summary);
    out.println("Raw " + harness + " output: " + outDir);
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
    }
    return status;
  }

  /** Parsed options of {@code run}: {@link PhaseOptions} and the server to run against. */
  static final class RunOptions extends ServerOptions {
    String harness = Harness.YCSB;

    @Override
    String help() {
      return "bin/largekv --help";
    }

    @Override
    boolean serverOption(String name, String value) throws UserError {
      switch (name) {
        case "--harness" -> harness = Harness.parse(value, false).get(0);
        default -> {
          return false;
        }
      }
      return true;
    }

    static RunOptions parse(String[] args) throws UserError {
      RunOptions o = new RunOptions();
      o.parseArguments(args);
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
      if (o.harness.equals(Harness.NB5)) {
        o.checkNb5();
      }
      return o;
    }

    /** What nb5 cannot do as asked, refused before anything starts. */
    private void checkNb5() throws UserError {
      if (plan) {
        throw new UserError("--plan prints YCSB's plan of each phase; accepted: --plan without --harness nb5");
      }
      if (hosts != null && localdc == null) {
        throw new UserError("--harness nb5 with --hosts needs --localdc: nb5's cqld4 does not infer the local "
            + "datacenter; accepted: --localdc DC");
      }
    }
  }

  /**
   * {@code report DIR [--phases LIST]}: re-renders a run's report in its directory;
   * {@code report DIR1 DIR2... [--out DIR]}: runs made apart, side by side, in {@code --out}.
   */
  private static int report(String[] args, PrintStream out, PrintStream err) throws java.io.IOException {
    List<Path> dirs = new ArrayList<>();
    List<String> expected = List.of();
    Path outDir = null;
    for (int i = 1; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--phases") || a.equals("--out")) {
        if (i + 1 >= args.length) {
          throw new UserError(a + " needs a value: bin/largekv report DIR [--phases LIST] | DIR1 DIR2... [--out DIR]");
        }
        if (a.equals("--phases")) {
          expected = Phase.list(args[++i]).stream().map(p -> p.name).toList();
        } else {
          outDir = Paths.get(args[++i]).toAbsolutePath().normalize();
        }
      } else if (a.startsWith("-")) {
        throw new UserError("unknown report option '" + a + "'; accepted: --phases LIST (one directory), --out DIR"
            + " (several)");
      } else {
        dirs.add(Paths.get(a).toAbsolutePath().normalize());
      }
    }
    if (dirs.isEmpty()) {
      throw new UserError("report needs a directory: bin/largekv report DIR [--phases LIST] (a compare run's, or a"
          + " clients' results directory: PHASE/client-<i>/; --phases: the phases that must be in it), or"
          + " bin/largekv report DIR1 DIR2... [--out DIR] (runs side by side)");
    }
    io.largekv.report.Report report;
    if (dirs.size() == 1) {
      if (outDir != null) {
        throw new UserError("--out is for a report across runs (two or more directories); one directory's report is"
            + " written in it");
      }
      report = io.largekv.report.Report.load(dirs.get(0), expected);
    } else {
      if (!expected.isEmpty()) {
        throw new UserError("--phases is for one directory; a report across runs has the phases its runs have");
      }
      for (Path d : dirs) {
        if (!Files.isDirectory(d)) {
          throw new UserError(d + " is not a directory; accepted: results directories of bin/largekv run, compare or"
              + " k8s local");
        }
      }
      Path target = BenchmarkRun.resultsDir(outDir, "report");
      for (Path d : dirs) {
        if (target.startsWith(d)) { // the runs are read, never written
          throw new UserError("--out " + target + " is " + (target.equals(d) ? "" : "inside ") + "the run " + d
              + "; accepted: a directory of its own");
        }
      }
      // every run is read before anything is written: a directory that is not one leaves nothing behind
      report = io.largekv.report.Report.across(dirs, target);
    }
    BenchmarkRun.writeReport(report, out, true);
    if (!report.failedCells().isEmpty()) {
      // the figures are there to read, and must not be published as they are
      err.println("largekv: FAILED: " + String.join(", ", report.failedCells()) + " (exit status 1)");
      return io.largekv.common.ExitStatus.FAILED;
    }
    return io.largekv.common.ExitStatus.OK;
  }
}
