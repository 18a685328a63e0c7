package io.largekv.cli;

import io.largekv.cluster.ClusterEvents;
import io.largekv.common.UserError;
import io.largekv.console.Console;
import io.largekv.harness.ClientResult;
import io.largekv.harness.MetricsPorts;
import io.largekv.harness.nb5.Nb5;
import io.largekv.harness.nb5.Nb5PhaseRunner;
import io.largekv.harness.nb5.Nb5Settings;
import io.largekv.harness.ycsb.PhaseRunner;
import io.largekv.phase.Phase;
import io.largekv.results.RunSetup;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The client harnesses of {@code --harness}: YCSB with largekv's binding ({@link PhaseRunner}) and
 * the user's nb5 on yb_kv_large ({@link Nb5PhaseRunner}). Both take one phase's settings the same
 * way, as the properties largekv gives YCSB (nb5's through {@link Nb5Settings}), so {@code run} and
 * {@code compare} drive either with the same sizes against the same servers.
 */
public final class Harness {

  public static final String YCSB = RunSetup.YCSB;
  public static final String NB5 = RunSetup.NB5;
  static final List<String> ALL = List.of(YCSB, NB5);

  private Harness() {}

  /** One phase's clients, run by one harness: their results once every client ended. */
  @FunctionalInterface
  public interface PhaseClients {
    List<ClientResult> run(Phase phase, Path phaseDir, ClusterEvents events, String label)
        throws IOException, InterruptedException;
  }

  /**
   * {@code --harness V}: one harness, or with {@code several} a comma-separated list of distinct
   * ones, in the order given.
   */
  public static List<String> parse(String v, boolean several) throws UserError {
    List<String> out = new ArrayList<>();
    for (String h : v.split(",", -1)) {
      if (!ALL.contains(h.strip()) || out.contains(h.strip())) {
        out = null;
        break;
      }
      out.add(h.strip());
    }
    if (out == null || out.isEmpty() || (!several && out.size() > 1)) {
      throw new UserError("--harness " + v + " is not accepted; accepted: " + String.join(", ", ALL)
          + (several ? ", or both as ycsb,nb5" : ""));
    }
    return List.copyOf(out);
  }

  /**
   * A {@code -p nb5.NAME} is nb5's only: refused when no harness is nb5 (YCSB would ignore it
   * silently), and left out of YCSB's properties when both run ({@link #ycsb}).
   */
  public static void checkProperties(List<String> harnesses, List<String> properties, String help) throws UserError {
    for (String p : properties) {
      if (!p.startsWith("nb5.")) {
        continue;
      }
      if (!harnesses.contains(NB5)) {
        throw new UserError("-p " + p + " is an nb5 parameter, and no nb5 runs; accepted: -p nb5.NAME=VALUE with "
            + "--harness nb5 (see " + help + ")");
      }
      String name = p.substring("nb5.".length(), p.indexOf('='));
      if (harnesses.contains(YCSB) && Nb5Settings.SAME_AS_YCSB.contains(name)) {
        // beside YCSB it would make the nb5 column differ from the YCSB column without the report saying so
        throw new UserError("-p " + p + ": with --harness " + String.join(",", harnesses) + " both harnesses get the "
            + "same table, consistency and mix; accepted: the YCSB property (e.g. ycql.replication_factor, "
            + "ycql.read_consistency, ycql.compaction), which nb5 gets translated, not nb5's "
            + String.join(", ", Nb5Settings.SAME_AS_YCSB));
      }
    }
  }

  /** How the setup names a harness: its tool, version and workload. */
  public static String describe(String harness, Nb5 nb5) {
    return harness.equals(NB5) ? "nb5 " + nb5.version() + " (bin/nb5; cqld4, the Apache Cassandra Java driver nb5 "
        + "ships) on nosqlbench-workloads/yb_kv_large.yaml, its mix, every read verified by the workload"
        : "YCSB 0.17 (bin/ycsb) with largekv's yugabyte-ycql binding and workload files";
  }

  /**
   * Each phase as {@code clients} bin/ycsb processes of {@code workloadFile}, with {@code properties}
   * (the phase's, in order); a read phase's YCSB summary leaves out the same {@code warmupSeconds}
   * as the report ({@code largekv.warmup_s}), a load's keeps every operation. With {@code metrics}
   * (null: none), each client serves its metrics, its series labelled {@code target} (null: the
   * database the client connects to, its own default).
   */
  public static PhaseClients ycsb(Path repo, Console console, int clients, Function<Phase, List<String>> properties,
      Function<Phase, String> workloadFile, long warmupSeconds, MetricsPorts metrics, String target) {
    PhaseRunner runner = new PhaseRunner(repo, console);
    if (metrics != null) {
      runner.metrics(metrics, target);
    }
    return (phase, phaseDir, events, label) -> {
      List<String> p = new ArrayList<>(properties.apply(phase).stream().filter(x -> !x.startsWith("nb5.")).toList());
      if (!phase.isLoad()) { // a load's command keeps every operation (PhaseRunner.clientCommand)
        p.add("largekv.warmup_s=" + warmupSeconds);
      }
      return runner.run(phase, workloadFile.apply(phase), p, clients, phaseDir, events, label);
    };
  }

  /**
   * Each phase as {@code clients} processes of the user's nb5 on yb_kv_large, with the same
   * properties as {@link #ycsb}, translated ({@link #nb5Settings}); a read phase's clients state the
   * {@code warmup} seconds the report leaves out, as YCSB's do.
   */
  public static PhaseClients nb5(Nb5 nb5, Path repo, Console console, int clients,
      Function<Phase, List<String>> properties, Function<Phase, String> workloadFile, long warmup) {
    Nb5PhaseRunner runner = new Nb5PhaseRunner(nb5, console, warmup);
    java.util.concurrent.atomic.AtomicBoolean checked = new java.util.concurrent.atomic.AtomicBoolean();
    return (phase, phaseDir, events, label) -> {
      if (checked.compareAndSet(false, true)) {
        preflight(repo, console, phase, properties.apply(phase), workloadFile.apply(phase));
      }
      Nb5Settings s = nb5Settings(repo, properties.apply(phase), workloadFile.apply(phase));
      return runner.run(phase, s.connection, s.records, s.threads, s.durationSeconds, clients, phaseDir, events, label);
    };
  }

  /**
   * Before nb5's first phase against a server: the binding's preflight with the same settings
   * ({@code largekv.check=true}: nb5 gets them translated), so a setting the cluster cannot work
   * with (a replication factor above its datacenter's nodes, a consistency level its replicas cannot
   * meet, ...) is bad input before nb5 runs any DDL, as it is for YCSB. A preflight that could not
   * finish is said, and nb5 goes on to meet the server itself.
   */
  private static void preflight(Path repo, Console console, Phase phase, List<String> properties,
      String workloadFile) throws IOException, InterruptedException {
    PhaseRunner.Check check = new PhaseRunner(repo, console).check(phase, workloadFile,
        Nb5Settings.asYcsbProperties(properties));
    if (check.exitCode() == io.largekv.common.ExitStatus.BAD_INPUT) {
      throw new UserError(check.error().replaceFirst("^check: a run with these settings would be refused: ", ""));
    }
    if (check.exitCode() != io.largekv.common.ExitStatus.OK) {
      console.say("largekv: the preflight before nb5 did not finish (" + check.error() + "); nb5 goes on");
    }
  }

  /**
   * A phase's properties as nb5 takes them; what nb5 cannot apply is a {@link UserError}. Called
   * for every phase before anything starts, so that bad settings end a run before its first server.
   */
  public static Nb5Settings nb5Settings(Path repo, List<String> properties, String workloadFile) throws UserError {
    return Nb5Settings.of(properties, repo.resolve("workloads").resolve(workloadFile));
  }
}
