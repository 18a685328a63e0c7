package io.largekv.cli;

import static io.largekv.cli.ServerProperties.PLANNED_LOCAL_DC;
import static io.largekv.cli.ServerProperties.PLANNED_LOCAL_HOST;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.ExitStatus;
import io.largekv.common.Secrets;
import io.largekv.harness.ClientResult;
import io.largekv.harness.MetricsPorts;
import io.largekv.harness.nb5.Nb5;
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

/**
 * {@code bin/largekv compare}: the same phases, workload files, thread counts, durations and
 * client settings against every target, raw YCSB output and HdrHistogram interval logs kept per
 * target / phase / repeat / client, then {@link Report} renders report.html and report.md.
 */
public final class Compare {

  private Compare() {}

  /** Runs the comparison {@code options} (checked: {@link CompareOptions#checked}) asks for; {@code args}: its line. */
  static int run(CompareOptions options, String[] args, PrintStream out, PrintStream err) throws Exception {
    CompareSettings o = options.settings;
    Path repo = BenchmarkRun.repo();
    if (options.plan.asked) {
      for (CompareTarget t : o.targets) {
        // a local target's plan: its server is not started, so its address and datacenter are the usual ones
        List<String> props = targetProperties(o, t, t.local() ? PLANNED_LOCAL_HOST : t.hosts,
            PLANNED_LOCAL_DC);
        out.println();
        BenchmarkRun.printPlans(repo, o.phases.list, phase -> o.phaseProperties(phase, t), o.scale.on, props, o.clients,
            out, "target " + t.label
            + (t.local() ? " (a local Cassandra of " + o.cluster.nodes + " node" + (o.cluster.nodes == 1 ? "" : "s")
            + ")" : ""));
      }
      return ExitStatus.OK;
    }
    // every target's phases translated for nb5, and nb5 asked for, before a directory or a server
    Nb5 nb5 = BenchmarkRun.nb5(o.harnesses.contains(Harness.NB5), repo, () -> {
      for (CompareTarget t : o.targets) {
        List<String> props = targetProperties(o, t, t.local() ? PLANNED_LOCAL_HOST : t.hosts, PLANNED_LOCAL_DC);
        for (Phase phase : o.phases.list) {
          Harness.nb5Settings(repo, o.phaseProperties(phase, t, props), o.scale.workloadFile(phase));
        }
      }
    });
    // the servers' sources the user named answer for every real target before any target's DDL
    for (CompareTarget t : o.targets) {
      if (!t.local()) {
        ServerSide.checkNamed(options.servers.settings(), t.hosts, t.label);
      }
    }
    Path dir = BenchmarkRun.resultsDir(options.results.out, "compare");
    Files.createDirectories(dir);
    MetricsPorts metrics = options.results.metricsPorts(o.clients, dir, o.harnesses, err);
    Map<String, String> harnessDescriptions = new LinkedHashMap<>();
    for (String h : o.harnesses) {
      harnessDescriptions.put(h, Harness.describe(h, nb5));
    }
    Map<String, String> published = new LinkedHashMap<>();
    for (Phase p : o.phases.list) {
      if (!o.localTargets) {
        Phase.published(repo.resolve("workloads").resolve(o.scale.workloadFile(p))).ifPresent(f -> published.put(p.name, f));
      }
    }
    RunSetup setup = RunSetup.builder(RunSetup.COMPARE).started(Instant.now().toString())
        .phases(o.phases.list.stream().map(p -> p.name).toList())
        .targets(o.targets.stream().map(t -> new RunSetup.Target(t.label, t.dialect, t.local() ? "local" : t.hosts,
            t.description, Secrets.redact(String.join(" ", t.properties)))).toList())
        .harnesses(o.harnesses)
        .columns(o.targets.stream().flatMap(t -> o.harnesses.stream().map(h -> o.column(t, h))).toList())
        .harnessDescriptions(harnessDescriptions).repeat(o.repeat).clients(o.clients).warmUpSeconds(o.warmup.seconds)
        .sizes(new RunSetup.Sizes(o.sizeSetting(o.size.records, "recordcount", CompareSettings.LOCAL_RECORDS, ""),
            o.durationSetting(),
            o.sizeSetting(o.size.threads == null ? null : Long.valueOf(o.size.threads), "threadcount", CompareSettings.LOCAL_THREADS,
                "")))
        .rate(o.rate == null ? "unthrottled" : o.rate + " ops/s")
        .workloads(o.scale.on ? RunSetup.FULL_SCALE : "local")
        .command(Secrets.redact("bin/largekv " + String.join(" ", args)))
        .commonProperties(Secrets.redact(String.join(" ", o.props.list)))
        .workloadFiles(String.join(", ", o.phases.list.stream().map(p -> "workloads/" + o.scale.workloadFile(p)).toList()))
        .machine(io.largekv.common.Machine.describe()).publishedFigures(published).nodes(o.cluster.nodes)
        .events(o.events.list.stream().map(e -> e.spec).toList())
        .build();
    RunSetupFile.write(setup, dir);

    for (CompareTarget t : o.targets) {
      for (String harness : o.harnesses) {
        // a local target is a fresh server for each harness: neither runs on the other's data and compactions
        RunSetup before = setup;
        setup = BenchmarkRun.onServer(t.local(), "largekv-" + t.label, o.cluster.nodes, err, local -> {
          List<String> props = local != null ? targetProperties(o, t, local.contactPoints(), local.localDatacenter())
              : targetProperties(o, t, t.hosts, null);
          try (ServerSide servers = BenchmarkRun.servers(options.servers.settings(), t.local() ? null : t.hosts, local,
              props, o.column(t, harness), err)) {
          Harness.PhaseClients clients = harness.equals(Harness.NB5)
              ? Harness.nb5(nb5, repo, options.console.of(err), o.clients, phase -> o.phaseProperties(phase, t, props),
                  o.scale::workloadFile, o.warmup.seconds)
              : Harness.ycsb(repo, options.console.of(err), o.clients, phase -> o.phaseProperties(phase, t, props),
                  o.scale::workloadFile, o.warmup.seconds, metrics, o.column(t, harness));
          String column = o.column(t, harness);
          RunSetup s = before;
          for (Phase phase : o.phases.list) {
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
  static List<String> targetProperties(CompareSettings o, CompareTarget t, String hosts, String localDc) {
    List<String> user = new ArrayList<>(o.props.list);
    user.addAll(t.properties);
    return ServerProperties.of(t.local(), hosts, localDc, o.cluster.nodes, o.localdc.name, t.dialect, user);
  }

  /** Runs repeat {@code rep} of a phase on a column's target; returns its clients' commands. */
  private static List<Results.Command> runClients(Harness.PhaseClients clients, CompareSettings o, String column, Phase phase,
      int rep, Path runDir, PrintStream err, LocalCassandra local, ServerSide servers)
      throws IOException, InterruptedException {
    Files.createDirectories(runDir);
    String label = String.format("%s %s rep %d", column, phase.name, rep);
    List<ClientResult> results = BenchmarkRun.runPhase(clients, o.events.list, phase, local, servers, runDir, label,
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
}
