package io.largekv.cli;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.cluster.ClusterEvent;
import io.largekv.cluster.ClusterEvents;
import io.largekv.cassandra.NodeExits;
import io.largekv.cluster.NodeTraffic;
import io.largekv.common.UserError;
import io.largekv.harness.ClientResult;
import io.largekv.harness.Installation;
import io.largekv.harness.nb5.Nb5;
import io.largekv.harness.ycsb.PhaseRunner;
import io.largekv.phase.Phase;
import io.largekv.report.Report;
import io.largekv.report.render.ReportFiles;
import io.largekv.results.ResultsLayout;
import io.largekv.servers.ServerSampler;
import io.largekv.servers.ServerSide;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.function.Function;

/**
 * The steps every command that runs phases shares ({@code run}, {@code compare}, {@code k8s local},
 * and {@code check} for its server), written once: the installation's directory, the results
 * directory, nb5 checked before any server starts, a local Cassandra started and stopped around
 * the phases, a phase run with its timed events, the plan of {@code --plan}, and the report written
 * and printed at the end. A new
 * command of that kind is its options and its own loop over targets and phases between these steps.
 */
final class BenchmarkRun {

  private BenchmarkRun() {}

  /** The installation's root, where bin/, workloads/ and the launchers are ({@code largekv.repo.dir}). */
  static Path repo() {
    return Installation.current().home();
  }

  /** {@code --out}, else {@code results/KIND-<time>} of the installation. */
  static Path resultsDir(Path out, String kind) {
    return out != null ? out : Installation.current().resultsRoot().resolve(kind + "-"
        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)));
  }

  /** A check of every phase's settings for nb5: a setting nb5 cannot apply is a {@link UserError}. */
  @FunctionalInterface
  interface Nb5Check {
    void check() throws IOException;
  }

  /**
   * With nb5: every phase's settings checked ({@code check}), then nb5 found, before a directory is
   * made or a server starts, so that what nb5 cannot do ends the command at once; null without nb5.
   */
  static Nb5 nb5(boolean used, Path repo, Nb5Check check) throws IOException, InterruptedException {
    if (!used) {
      return null;
    }
    check.check();
    return Nb5.find(repo);
  }

  /** What runs against the server: {@code local} is the local Cassandra started for it, or null. */
  @FunctionalInterface
  interface OnServer<T> {
    T run(LocalCassandra local) throws Exception;
  }

  /**
   * Runs {@code body} against the command's servers: with {@code local}, a local Cassandra of
   * {@code nodes} started for it (named {@code clusterName}, or the default name when null) and
   * stopped afterwards whatever happened; without, {@code body} gets null and connects to the hosts.
   */
  static <T> T onServer(boolean local, String clusterName, int nodes, PrintStream err, OnServer<T> body)
      throws Exception {
    return onServer(local, clusterName, nodes, b -> b, err, body);
  }

  /** {@link #onServer} with the local Cassandra's settings changed by {@code settings} (e.g. uncached). */
  static <T> T onServer(boolean local, String clusterName, int nodes,
      java.util.function.UnaryOperator<LocalCassandra.Builder> settings, PrintStream err, OnServer<T> body)
      throws Exception {
    LocalCassandra cassandra = null;
    try {
      if (local) {
        LocalCassandra.Builder b = settings.apply(LocalCassandra.builder().nodes(nodes));
        cassandra = (clusterName == null ? b : b.clusterName(clusterName)).start();
      }
      return body.run(cassandra);
    } finally {
      if (cassandra != null) {
        err.println("largekv: stopping the local Cassandra");
        cassandra.close();
      }
    }
  }

  /**
   * One run of {@code phase} by {@code clients} into {@code dir}, its timed {@code events} beside it
   * (on the local cluster {@code local}, or null) and its {@code servers} sampled through it (null:
   * not sampled), then the local nodes' traffic ({@code nodes.jsonl});
   * {@code label} names it in the progress lines. Returns its clients' results once every one ended.
   */
  static List<ClientResult> runPhase(Harness.PhaseClients clients, List<ClusterEvent> events, Phase phase,
      LocalCassandra local, ServerSide servers, Path dir, String label, PrintStream err)
      throws IOException, InterruptedException {
    List<ClientResult> results;
    Files.createDirectories(dir);
    ServerSampler sampler = servers == null ? null : new ServerSampler(servers, dir, err, "largekv: [" + label + "] ");
    try (ClusterEvents timed = new ClusterEvents(events, phase, local, dir, "", err, "largekv: [" + label + "] ")) {
      results = clients.run(phase, dir, timed, label);
    } finally {
      if (sampler != null) {
        sampler.close();
      }
    }
    // a node that ended on its own is said, its log kept, and its line in nodes.jsonl fails the phase
    NodeTraffic.write(local, dir.resolve(ResultsLayout.NODES), NodeExits.report(local, dir, err,
        "largekv: [" + label + "] "));
    return results;
  }

  /**
   * The servers' side of a target whose clients get {@code properties}: opened once before its first
   * phase (a source the user named that does not answer is a {@link UserError}, before any DDL);
   * null when {@code --server-samples 0}. Close it after the target's last phase.
   */
  static ServerSide servers(ServerSide.Settings settings, String hosts, LocalCassandra local, List<String> properties,
      String label, PrintStream err) {
    Properties p = new Properties();
    for (String kv : properties) {
      int eq = kv.indexOf('=');
      p.setProperty(kv.substring(0, eq), kv.substring(eq + 1));
    }
    return ServerSide.open(settings, hosts, local, p, label, err);
  }

  /**
   * {@code --plan}: each phase's plan ({@code largekv.plan}), from the command it would run; no server
   * is started or connected.
   */
  static void printPlans(Path repo, List<Phase> phases, Function<Phase, List<String>> phaseProperties,
      boolean fullScale, List<String> props, int clients, PrintStream out, String where)
      throws IOException, InterruptedException {
    PhaseRunner runner = new PhaseRunner(repo, new io.largekv.console.Console(out, false));
    out.println("largekv: the plan of each phase against " + where + " (nothing is started, connected or written)");
    for (Phase phase : phases) {
      List<String> phaseProps = new ArrayList<>(props);
      phaseProps.addAll(phaseProperties.apply(phase));
      String file = fullScale ? phase.fullScaleWorkload : phase.localWorkload;
      out.println();
      out.println("== " + phase.name + " (workloads/" + file + (clients > 1 ? ", client 0 of " + clients : "")
          + ")");
      out.print(runner.plan(phase, file, phaseProps, clients));
    }
  }

  /**
   * The report of the results in {@code report.dir}: report.md, report.html and results.json written
   * there; printed ({@code summary}: its one-screen summary, {@link io.largekv.report.render.ConsoleReport}) with
   * where the files are. Its FAILED cells are the
   * caller's to judge.
   */
  static Report writeReport(Report report, PrintStream out, boolean summary) throws IOException {
    ReportFiles.write(report, report.dir);
    if (summary) {
      out.println(io.largekv.report.render.ConsoleReport.render(report));
    }
    out.println(ReportFiles.where(report.dir));
    return report;
  }
}
