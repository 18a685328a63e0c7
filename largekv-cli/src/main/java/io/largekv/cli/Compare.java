package io.largekv.cli;

import static io.largekv.cli.PhaseOptions.PLANNED_LOCAL_DC;
import static io.largekv.cli.PhaseOptions.PLANNED_LOCAL_HOST;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.cluster.ClusterEvent;
import io.largekv.common.ExitStatus;
import io.largekv.common.Secrets;
import io.largekv.common.UserError;
import io.largekv.harness.ClientResult;
import io.largekv.harness.MetricsPorts;
import io.largekv.harness.nb5.Nb5;
import io.largekv.harness.ycsb.PhaseRunner;
import io.largekv.phase.Counts;
import io.largekv.phase.Phase;
import io.largekv.report.Report;
import io.largekv.report.files.RunSetupFile;
import io.largekv.results.Results;
import io.largekv.results.ResultsLayout;
import io.largekv.results.RunSetup;
import io.largekv.servers.ServerSide;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code bin/largekv compare}: the same phases, workload files, thread counts, durations and
 * client settings against every target, raw YCSB output and HdrHistogram interval logs kept per
 * target / phase / repeat / client, then {@link Report} renders report.html and report.md.
 */
public final class Compare {

  static final String USAGE = String.join("\n",
      "Usage: bin/largekv compare [--target LABEL=HOSTS]... [options]",
      "       bin/largekv report DIR",
      "  Runs the same phases against every target and writes DIR/report.html, DIR/report.md,",
      "  DIR/charts/*.svg from the raw data kept in DIR. With no --target it compares two local",
      "  Cassandra servers (SizeTiered+LZ4 vs Leveled, uncompressed) that it starts and stops itself.",
      "Options:",
      "  --target LABEL=H1,H2[:PORT]  a database; LABEL starts with yugabyte, cassandra or scylla (its",
      "                               dialect), e.g. --target cassandra-lcs=10.0.0.5 ; repeatable.",
      "                               LABEL=local: a local Cassandra (cluster) started for it, as in the demo",
      "  --target-prop LABEL:NAME=VALUE  a property for one target only (e.g. cassandra-lcs:ycql.compaction=LeveledCompactionStrategy)",
      "  --localdc DC                 local datacenter of Cassandra/Scylla targets with hosts",
      "  --full-scale                 the published benchmark's files (large30b, large30b-uniform-read,",
      "                               large30b-latest-read; targets with hosts); without it, as run: workloads/local-*",
      "  --phases LIST                subset of: " + Phase.ACCEPTED + " (default: all)",
      "  --records N                  rows (default: the workload file's: 1000000 without --full-scale; 100000 for",
      "                               the local demo)",
      "  --duration SECONDS           length of each read phase (default: the file's; 30 for the demo)",
      "  --threads N                  threads per client process (default: the file's; 16 for the demo)",
      "  --clients N                  client processes per phase, sharded with client.index/client.count (default 1)",
      "  --rate OPS                   target ops/s per phase (all clients; a multiple of --clients); latency is then also",
      "                               reported as intended time (coordinated-omission corrected)",
      "  --warmup SECONDS             left out of the summary at the start of each read phase (default 10, demo 5)",
      "  --repeat N                   runs of each phase per target (default 1); the report shows the spread",
      "  --out DIR                    output directory (default results/compare-<time>)",
      "  --nodes N                    each local target is a cluster of N nodes on 127.0.0.1..N (default 1;",
      "                               RF 3 from 3 nodes on)",
      "  --server-samples S           seconds between the servers' samples (default 10; 0: none; docs/servers.md)",
      "  --node-exporter PORT         also CPU and disk from node_exporter at PORT on each target's hosts",
      "  --prometheus URL             also CPU and disk from your Prometheus (targets with hosts)",
      "  --yb-masters, --yb-web-port, --yb-admin, --scylla-metrics-port   the databases' own endpoints",
      "                               (docs/servers.md)",
      "  --metrics-port FIRST         each YCSB client serves Prometheus metrics at 127.0.0.1:FIRST+i, listed in",
      "                               DIR/prometheus-targets.json (docs/metrics.md)",
      "  --event PHASE@S:ACTION       an event S seconds after the phase's first operation, in every target's run",
      "                               of the phase and every repeat (repeatable): kill-node:N, stop-node:N,",
      "                               start-node:N, add-node, decommission-node:N (local clusters), exec:COMMAND",
      "  --harness LIST               ycsb (default), nb5 (your own nb5 on yb_kv_large, found as bin/nb5 finds it),",
      "                               or ycsb,nb5: both on every target, side by side (a fresh local server for each)",
      "  --plan                       print what each phase would do against each target and exit; nothing is",
      "                               started or connected",
      "  -p NAME=VALUE                a property for every target and phase");

  private Compare() {}

  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    Options o = Options.parse(args);
    if (o.helpAsked) {
      out.println(USAGE);
      return ExitStatus.OK;
    }
    Path repo = BenchmarkRun.repo();
    if (o.plan) {
      for (CompareTarget t : o.targets) {
        // a local target's plan: its server is not started, so its address and datacenter are the usual ones
        List<String> props = targetProperties(o, t, t.local() ? PLANNED_LOCAL_HOST : t.hosts,
            PLANNED_LOCAL_DC);
        out.println();
        BenchmarkRun.printPlans(repo, o.phases, phase -> o.phaseProperties(phase, t), o.fullScaleWorkloads(), props, o.clients,
            out, "target " + t.label
            + (t.local() ? " (a local Cassandra of " + o.nodes + " node" + (o.nodes == 1 ? "" : "s") + ")" : ""));
      }
      return ExitStatus.OK;
    }
    // every target's phases translated for nb5, and nb5 asked for, before a directory or a server
    Nb5 nb5 = BenchmarkRun.nb5(o.harnesses.contains(Harness.NB5), repo, () -> {
      for (CompareTarget t : o.targets) {
        List<String> props = targetProperties(o, t, t.local() ? PLANNED_LOCAL_HOST : t.hosts, PLANNED_LOCAL_DC);
        for (Phase phase : o.phases) {
          Harness.nb5Settings(repo, o.phaseProperties(phase, t, props), o.workloadFile(phase));
        }
      }
    });
    // the servers' sources the user named answer for every real target before any target's DDL
    for (CompareTarget t : o.targets) {
      if (!t.local()) {
        ServerSide.checkNamed(o.serverSide(), t.hosts, t.label);
      }
    }
    Path dir = BenchmarkRun.resultsDir(o.out, "compare");
    Files.createDirectories(dir);
    MetricsPorts metrics = o.metricsPorts(o.clients, dir, o.harnesses, err);
    Map<String, String> harnessDescriptions = new LinkedHashMap<>();
    for (String h : o.harnesses) {
      harnessDescriptions.put(h, Harness.describe(h, nb5));
    }
    Map<String, String> published = new LinkedHashMap<>();
    for (Phase p : o.phases) {
      if (!o.localTargets) {
        Phase.published(repo.resolve("workloads").resolve(o.workloadFile(p))).ifPresent(f -> published.put(p.name, f));
      }
    }
    RunSetup setup = RunSetup.builder(RunSetup.COMPARE).started(Instant.now().toString())
        .phases(o.phases.stream().map(p -> p.name).toList())
        .targets(o.targets.stream().map(t -> new RunSetup.Target(t.label, t.dialect, t.local() ? "local" : t.hosts,
            t.description, Secrets.redact(String.join(" ", t.properties)))).toList())
        .harnesses(o.harnesses)
        .columns(o.targets.stream().flatMap(t -> o.harnesses.stream().map(h -> o.column(t, h))).toList())
        .harnessDescriptions(harnessDescriptions).repeat(o.repeat).clients(o.clients).warmUpSeconds(o.warmup)
        .sizes(new RunSetup.Sizes(o.sizeSetting(o.records, "recordcount", Options.LOCAL_RECORDS, ""),
            o.sizeSetting(o.duration, "maxexecutiontime", Options.LOCAL_DURATION, " s"),
            o.sizeSetting(o.threads == null ? null : Long.valueOf(o.threads), "threadcount", Options.LOCAL_THREADS,
                "")))
        .rate(o.rate == null ? "unthrottled" : o.rate + " ops/s")
        .workloads(o.fullScaleWorkloads() ? "full-scale" : "local")
        .command(Secrets.redact("bin/largekv " + String.join(" ", args)))
        .commonProperties(Secrets.redact(String.join(" ", o.properties)))
        .workloadFiles(String.join(", ", o.phases.stream().map(p -> "workloads/" + o.workloadFile(p)).toList()))
        .machine(io.largekv.common.Machine.describe()).publishedFigures(published).nodes(o.nodes)
        .events(o.events.stream().map(e -> e.spec).toList())
        .build();
    RunSetupFile.write(setup, dir);

    for (CompareTarget t : o.targets) {
      for (String harness : o.harnesses) {
        // a local target is a fresh server for each harness: neither runs on the other's data and compactions
        RunSetup before = setup;
        setup = BenchmarkRun.onServer(t.local(), "largekv-" + t.label, o.nodes, err, local -> {
          List<String> props = local != null ? targetProperties(o, t, local.contactPoints(), local.localDatacenter())
              : targetProperties(o, t, t.hosts, null);
          try (ServerSide servers = BenchmarkRun.servers(o.serverSide(), t.local() ? null : t.hosts, local, props,
              o.column(t, harness), err)) {
          Harness.PhaseClients clients = harness.equals(Harness.NB5)
              ? Harness.nb5(nb5, repo, o.console(err), o.clients, phase -> o.phaseProperties(phase, t, props), o::workloadFile,
                  o.warmup)
              : Harness.ycsb(repo, o.console(err), o.clients, phase -> o.phaseProperties(phase, t, props), o::workloadFile,
                  o.warmup, metrics, o.column(t, harness));
          String column = o.column(t, harness);
          RunSetup s = before;
          for (Phase phase : o.phases) {
            for (int rep = 1; rep <= o.repeat; rep++) {
              s = s.withCommands(runClients(clients, o, column, phase, rep,
                  ResultsLayout.repeat(dir.resolve(column).resolve(phase.name), rep), err, local, servers));
            }
          }
          return s;
          }
        });
        RunSetupFile.write(setup, dir);
      }
    }
    RunSetupFile.write(setup.finishedAt(Instant.now().toString()), dir);
    Report report = BenchmarkRun.writeReport(Report.load(dir), out, true);
    List<String> failed = report.failedCells();
    if (!failed.isEmpty()) {
      err.println("largekv: FAILED: " + String.join(", ", failed) + " (see the report): this comparison must not be "
          + "published as it is (exit status " + ExitStatus.FAILED + ")");
      return ExitStatus.FAILED;
    }
    return ExitStatus.OK;
  }

  /** The properties of every phase against target {@code t} at {@code hosts}: the -p of every target, then its own. */
  static List<String> targetProperties(Options o, CompareTarget t, String hosts, String localDc) {
    List<String> user = new ArrayList<>(o.properties);
    user.addAll(t.properties);
    return o.serverProperties(t.local(), hosts, localDc, t.dialect, user);
  }

  /** Runs repeat {@code rep} of a phase on a column's target; returns its clients' commands. */
  private static List<Results.Command> runClients(Harness.PhaseClients clients, Options o, String column, Phase phase,
      int rep, Path runDir, PrintStream err, LocalCassandra local, ServerSide servers)
      throws IOException, InterruptedException {
    Files.createDirectories(runDir);
    String label = String.format("%s %s rep %d", column, phase.name, rep);
    List<ClientResult> results = BenchmarkRun.runPhase(clients, o.events, phase, local, servers, runDir, label,
        err);
    List<Results.Command> commands = new ArrayList<>();
    for (int c = 0; c < results.size(); c++) {
      commands.add(new Results.Command(column, phase.name, rep, c, results.get(c).command));
      if (results.get(c).exitCode != 0) {
        err.printf("largekv: [%s client %d] FAILED with exit code %d (the other targets go on)%n", label, c,
            results.get(c).exitCode);
      }
    }
    return commands;
  }

  /** Parsed options of {@code compare}: {@link PhaseOptions} and the targets, clients, rate and repeats. */
  static final class Options extends PhaseOptions {
    final List<CompareTarget> targets = new ArrayList<>();
    /** Every target is a local Cassandra: the laptop-sized workloads and defaults. */
    boolean localTargets;
    int clients = 1;
    Long rate;
    int repeat = 1;
    List<String> harnesses = List.of(Harness.YCSB);
    private final List<String[]> targetProps = new ArrayList<>();

    /** The report's column of target {@code t} run by {@code harness}: its label, or LABEL/HARNESS with several. */
    String column(CompareTarget t, String harness) {
      return harnesses.size() == 1 ? t.label : t.label + "/" + harness;
    }

    /**
     * The published benchmark's files with {@code --full-scale} (targets with hosts only), else the
     * laptop-sized ones: against hosts the same rule as {@code run}'s.
     */
    @Override
    boolean fullScaleWorkloads() {
      return fullScale;
    }

    /** Every property of a phase against {@code t}: the target's {@code props}, then {@link #phaseProperties(Phase, CompareTarget)}. */
    List<String> phaseProperties(Phase phase, CompareTarget t, List<String> props) {
      List<String> p = new ArrayList<>(props);
      p.addAll(phaseProperties(phase, t));
      return p;
    }

    @Override
    public String help() {
      return "bin/largekv compare --help";
    }

    @Option(names = "--target", paramLabel = "LABEL=HOSTS")
    void target(String v) throws UserError {
      targets.add(CompareTarget.parse(v));
    }

    @Option(names = "--target-prop", paramLabel = "LABEL:NAME=VALUE")
    void targetProp(String v) throws UserError {
      int colon = v.indexOf(':');
      if (colon <= 0 || !v.substring(colon + 1).contains("=")) {
        throw new UserError("--target-prop " + v + " is not LABEL:NAME=VALUE");
      }
      targetProps.add(new String[] {v.substring(0, colon), v.substring(colon + 1)});
    }

    @Option(names = "--clients", paramLabel = "N")
    void clients(String v) throws UserError {
      clients = (int) Counts.between("--clients", v, 1, Counts.MAX_CLIENTS);
    }

    @Option(names = "--rate", paramLabel = "OPS")
    void rate(String v) throws UserError {
      rate = Counts.atLeast("--rate", v, 1);
    }

    @Option(names = "--repeat", paramLabel = "N")
    void repeat(String v) throws UserError {
      repeat = (int) Counts.between("--repeat", v, 1, 100);
    }

    @Option(names = "--harness", paramLabel = "LIST")
    void harness(String v) throws UserError {
      harnesses = Harness.parse(v, true);
    }

    /** YCSB's name of the rate each client keeps to, in operations per second ("target", not a target here). */
    static final String YCSB_RATE = "target";

    /** The local demo's sizes: rows, seconds of a read phase, threads. */
    static final long LOCAL_RECORDS = 100_000;
    static final long LOCAL_DURATION = 30;
    static final int LOCAL_THREADS = 16;

    /**
     * A phase's properties for target {@code t}: {@link PhaseOptions#phaseProperties}, each client's
     * share of {@code --rate}, and with local targets the demo's sizes for what neither an option
     * nor a {@code -p} / {@code --target-prop} sets (a default must not outrank the user).
     */
    List<String> phaseProperties(Phase phase, CompareTarget t) {
      List<String> p = super.phaseProperties(phase);
      if (rate != null) {
        p.add(YCSB_RATE + "=" + rate / clients);
        p.add("measurement.interval=both");
      }
      if (localTargets) {
        if (!setByUser("recordcount", t)) {
          p.add("recordcount=" + LOCAL_RECORDS);
        }
        if (!setByUser("threadcount", t)) {
          p.add("threadcount=" + LOCAL_THREADS);
        }
        if (!phase.isLoad() && !setByUser("maxexecutiontime", t)) {
          p.add("maxexecutiontime=" + LOCAL_DURATION);
        }
      }
      return p;
    }

    /** Whether an option, a {@code -p} or one of {@code t}'s {@code --target-prop}s sets YCSB property {@code key}. */
    private boolean setByUser(String key, CompareTarget t) {
      String prefix = key + "=";
      return super.phaseProperties(Phase.UNIFORM_READ).stream().anyMatch(x -> x.startsWith(prefix))
          || properties.stream().anyMatch(x -> x.startsWith(prefix))
          || t.properties.stream().anyMatch(x -> x.startsWith(prefix));
    }

    /** Whether the local demo's size for {@code key} applies to some target: no option or property sets it there. */
    private boolean demoSizeUsed(String key) {
      return localTargets && targets.stream().anyMatch(t -> !setByUser(key, t));
    }

    /** The report's setup line of a size: the option, the demo's default, or where else it comes from. */
    String sizeSetting(Long option, String key, long demo, String unit) {
      if (option != null) {
        return option + unit;
      }
      if (demoSizeUsed(key)) {
        return demo + unit + " (local default" + (targets.stream().allMatch(t -> !setByUser(key, t)) ? ""
            : "; a -p or --target-prop " + key + " for some targets") + ")";
      }
      return targets.stream().anyMatch(t -> setByUser(key, t)) ? "(-p / --target-prop " + key + ")" : "(workload file)";
    }

    static Options parse(String[] args) throws UserError {
      Options o = OptionParser.parse(new Options(), args, 1);
      if (o.helpAsked) {
        return o;
      }
      if (o.targets.isEmpty()) {
        o.targets.addAll(CompareTarget.localDemo());
      }
      if (o.targets.stream().anyMatch(CompareTarget::local)) {
        if (!o.targets.stream().allMatch(CompareTarget::local)) {
          throw new UserError("--target: local targets and targets with hosts run with different sizes (the local"
              + " demo's); accepted: all targets local, or all with hosts");
        }
        o.localTargets = true;
        if (o.fullScale && !o.plan) {
          throw new UserError("--full-scale needs targets with hosts: 30 billion rows are not for a local Cassandra;"
              + " accepted: --full-scale with --target LABEL=HOSTS");
        }
        if (o.localdc != null) {
          throw new UserError("--localdc " + o.localdc + " names the datacenter of targets with hosts; a local target"
              + " has its own; accepted: --localdc with --target LABEL=HOSTS");
        }
      }
      if (o.rate != null && o.rate % o.clients != 0) {
        throw new UserError("--rate " + o.rate + " does not split evenly over --clients " + o.clients
            + " (each client gets a whole number of ops/s); accepted: a multiple of " + o.clients);
      }
      for (String[] tp : o.targetProps) {
        CompareTarget t = o.targets.stream().filter(x -> x.label.equals(tp[0])).findFirst()
            .orElseThrow(() -> new UserError("--target-prop " + tp[0] + ":...: no --target " + tp[0]));
        t.properties.add(tp[1]);
      }
      // the read phase's length where it is known: --duration, or the demo's 30 s on a target it applies to
      o.checkWarmupFitsDuration(o.localTargets,
          o.duration == null && o.demoSizeUsed("maxexecutiontime") ? Long.valueOf(LOCAL_DURATION) : o.duration);
      o.warmup = o.warmupOr(o.localTargets);
      if (o.targets.stream().map(t -> t.label).distinct().count() != o.targets.size()) {
        throw new UserError("--target labels must be distinct");
      }
      if (o.nodes != 1 && o.targets.stream().noneMatch(CompareTarget::local)) {
        throw new UserError("--nodes " + o.nodes + " sizes the local clusters, and every --target has hosts; "
            + "accepted: --nodes with local targets (no --target: the local demo; or --target LABEL=local)");
      }
      for (CompareTarget t : o.targets) {
        ClusterEvent.check(o.events, o.phases, t.local() ? o.nodes : 0, "--target " + t.label);
      }
      Harness.checkProperties(o.harnesses, o.properties, o.help());
      for (CompareTarget t : o.targets) {
        Harness.checkProperties(o.harnesses, t.properties, o.help());
      }
      if (o.harnesses.contains(Harness.NB5)) {
        if (o.plan) {
          throw new UserError("--plan prints YCSB's plan of each phase; accepted: --plan with --harness ycsb");
        }
        if (o.rate != null) {
          throw new UserError("--rate with --harness " + String.join(",", o.harnesses) + ": largekv reads nb5's "
              + "service-time timers only, so nb5's latency under a rate would not be corrected for coordinated "
              + "omission as YCSB's is; accepted: --rate with --harness ycsb");
        }
        if (o.clients > 1) {
          throw new UserError("--clients " + o.clients + " with --harness " + String.join(",", o.harnesses) + ": one nb5 "
              + "process per phase is what is tested; accepted: --clients 1 (nb5's --threads scale one process)");
        }
        if (!o.localTargets && o.localdc == null) {
          throw new UserError("--harness nb5 with targets with hosts needs --localdc: nb5's cqld4 does not infer the "
              + "local datacenter; accepted: --localdc DC");
        }
      }
      o.serverSide();
      if (o.targets.stream().allMatch(CompareTarget::local) && (o.nodeExporterPort != null || o.prometheusUrl != null)) {
        throw new UserError((o.nodeExporterPort != null ? "--node-exporter" : "--prometheus") + " reads the machines "
            + "of targets with hosts, and every target here is a local Cassandra, read from this machine's /proc; "
            + "accepted: it with a --target LABEL=HOSTS");
      }
      return o;
    }
  }
}
