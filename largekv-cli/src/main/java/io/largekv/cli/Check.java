package io.largekv.cli;

import io.largekv.common.ExitStatus;
import io.largekv.harness.nb5.Nb5Settings;
import io.largekv.harness.ycsb.PhaseRunner;
import io.largekv.phase.Phase;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code bin/largekv check}: before a long run, each target's preflight ({@code largekv.check=true},
 * the binding's {@code io.largekv.driver.Preflight}) with exactly the settings {@code run} or
 * {@code compare} would give each phase: what the server is, its nodes per datacenter, where the
 * data would be placed, the driver and routing, the DDL it would run, and the verdict of every
 * check. It creates and writes nothing. Exit status 0 when every phase of every target would start,
 * 2 otherwise, 3 when a check could not finish.
 */
public final class Check {

  /** What {@code check} does, its usage's description in either form. */
  private static final String WHAT = "Connects to each target with the settings each phase of run or compare would"
      + " use, and prints what the server is (product, version, nodes per datacenter), where the data would be placed"
      + " (tablets or vnodes, replication), the driver and routing, the DDL it would run, and the verdict of every"
      + " check (replication factor against the datacenter's nodes, consistency levels the replicas can meet,"
      + " compaction class by release, YugabyteDB's two tablet caps, the local datacenter). Creates and writes"
      + " nothing.";
  private static final String LOCAL = "With no --hosts (or a LABEL=local target) it starts the local Cassandra as"
      + " run does, and stops it.";
  private static final String STATUS = "Exit status: 0 a run would start, 2 it would be refused (the first FAIL line"
      + " says why), 3 not finished.";

  /**
   * {@code check} with the settings of {@code run}'s phases ({@code --hosts H1,H2 --target T --localdc DC -p
   * ...}): {@link RunSettings}, without the groups of run alone (the servers' side, the console, the
   * results, the page cache), which it has no use for: it samples no server, runs no client on the
   * console, writes nothing.
   */
  @Command(name = "check", sortOptions = false, customSynopsis = {"bin/largekv check [run's options]",
      "       bin/largekv check --target LABEL=HOSTS... [compare's options]"},
      description = {WHAT, LOCAL, STATUS}, footer = "Docs: docs/first-contact.md")
  static final class RunForm implements LargekvCommand {
    @Mixin
    final HelpOption help = new HelpOption();

    @Mixin
    final RunSettings run = new RunSettings();

    @Override
    public int call(String[] args, PrintStream out, PrintStream err) throws Exception {
      return Check.run(run, out, err);
    }
  }

  /** {@code check} with {@code compare}'s settings ({@link CompareSettings}): a {@code --target LABEL=HOSTS} given. */
  @Command(name = "check", sortOptions = false,
      customSynopsis = {"bin/largekv check --target LABEL=HOSTS... [compare's options]"},
      description = {WHAT, LOCAL, STATUS}, footer = "Docs: docs/first-contact.md")
  static final class CompareForm implements LargekvCommand {
    @Mixin
    final HelpOption help = new HelpOption();

    @Mixin
    final CompareSettings compare = new CompareSettings();

    @Override
    public int call(String[] args, PrintStream out, PrintStream err) throws Exception {
      return Check.compare(compare, out, err);
    }
  }

  private Check() {}

  /** The preflight of every target of compare's settings {@code settings}, not yet checked. */
  private static int compare(CompareSettings settings, PrintStream out, PrintStream err) throws Exception {
    PhaseRunner runner = runner(err);
    CompareSettings o = settings.checked(false);
    int status = ExitStatus.OK;
    for (CompareTarget t : o.targets) {
      int targetStatus = BenchmarkRun.onServer(t.local(), "largekv-" + t.label, o.cluster.nodes, err, local -> {
        List<String> props = Compare.targetProperties(o, t, local != null ? local.contactPoints() : t.hosts,
            local != null ? local.localDatacenter() : null);
        return target(runner, "target " + t.label + (local != null ? " (a local Cassandra of "
            + o.cluster.nodes + " node" + (o.cluster.nodes == 1 ? "" : "s") + ")" : " (" + t.hosts + ")"),
            o.phases.list, phase -> o.phaseProperties(phase, t, props), o.scale::workloadFile, out);
      });
      status = worst(status, targetStatus);
    }
    return verdict(status, err);
  }

  /** The preflight of run's settings {@code o}, not yet checked. */
  private static int run(RunSettings o, PrintStream out, PrintStream err) throws Exception {
    PhaseRunner runner = runner(err);
    o.check(false);
    o.checkNb5(null, false);
    return BenchmarkRun.onServer(o.local(), null, o.cluster.nodes, err, local -> {
      List<String> props = local == null ? o.runProperties(null, null)
          : o.runProperties(local.contactPoints(), local.localDatacenter());
      String where = local == null ? o.target.hosts : o.cluster.describe() + ", " + local.contactPoints() + ")";
      return verdict(target(runner, where, o.phases.list, phase -> o.phaseProperties(props, phase),
          o.scale::workloadFile, out), err);
    });
  }

  /** What runs each phase's preflight: the binding's, its lines on the console unwrapped. */
  private static PhaseRunner runner(PrintStream err) {
    return new PhaseRunner(BenchmarkRun.repo(), new io.largekv.console.Console(err, false));
  }

  /** {@code compare}'s form: a {@code --target LABEL=HOSTS}. */
  static boolean comparing(String[] args) {
    for (int i = 1; i < args.length; i++) {
      if (args[i].startsWith("--target=") && args[i].substring("--target=".length()).contains("=")
          || args[i].equals("--target") && i + 1 < args.length && args[i + 1].contains("=")) {
        return true;
      }
    }
    return false;
  }


  /**
   * One target's preflight for each phase: the first phase's report whole, a later phase's lines
   * where they differ from it (its consistency levels come from its own workload file).
   */
  private static int target(PhaseRunner runner, String where, List<Phase> phases,
      java.util.function.Function<Phase, List<String>> properties, java.util.function.Function<Phase, String> file,
      PrintStream out) throws Exception {
    out.println("== " + where);
    int status = ExitStatus.OK;
    List<String> first = null;
    for (Phase phase : phases) {
      // nb5's own names for binding properties (-p nb5.rf=1) as the binding's: what a run would use
      PhaseRunner.Check check = runner.check(phase, file.apply(phase),
          Nb5Settings.asYcsbProperties(properties.apply(phase)));
      List<String> lines = check.report().isEmpty() ? List.of() : Arrays.asList(check.report().split("\n"));
      if (first == null) {
        out.println("-- " + phase.name + " (workloads/" + file.apply(phase) + ")");
        lines.forEach(out::println);
        first = lines;
      } else {
        List<String> differ = new ArrayList<>();
        for (String line : lines) {
          if (!first.contains(line)) {
            differ.add(line);
          }
        }
        out.println("-- " + phase.name + " (workloads/" + file.apply(phase) + ")" + (differ.isEmpty()
            ? ": as " + phases.get(0).name : ": as " + phases.get(0).name + ", except"));
        differ.forEach(out::println);
      }
      if (!check.error().isEmpty() && lines.stream().noneMatch(l -> l.strip().startsWith("verdict"))) {
        // no report to read (it could not connect, a setting was refused before): the client's own line
        out.println("  " + check.error());
      }
      status = worst(status, check.exitCode());
    }
    return status;
  }

  /** 3 (not finished) over 2 (refused) over 0; any other status of a client as 3. */
  private static int worst(int a, int b) {
    int rank = Math.max(rank(a), rank(b));
    return rank == 2 ? ExitStatus.ABORTED : rank == 1 ? ExitStatus.BAD_INPUT : ExitStatus.OK;
  }

  private static int rank(int status) {
    return status == ExitStatus.OK ? 0 : status == ExitStatus.BAD_INPUT ? 1 : 2;
  }

  private static int verdict(int status, PrintStream err) {
    if (status == ExitStatus.BAD_INPUT) {
      err.println("largekv: check: a run with these settings would be refused (exit status 2)");
    } else if (status != ExitStatus.OK) {
      err.println("largekv: check: not every check could finish (exit status " + status + ")");
    }
    return status;
  }
}
