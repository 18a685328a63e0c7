package io.largekv.cli;

import io.largekv.common.UserError;
import io.largekv.harness.nb5.Nb5PodClient;
import io.largekv.phase.Phase;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The options of {@code bin/largekv nb5-client} ({@link Nb5PodClient}: an nb5 pod's client). */
@Command(name = "nb5-client", sortOptions = false, abbreviateSynopsis = true, description = {
    "One nb5 client of a phase run as N processes (a pod of bin/largekv k8s render --harness nb5): client"
        + " client.index of client.count, into DIR (PHASE/client-<i>/ of the results volume)."},
    footer = "Docs: docs/kubernetes.md")
final class Nb5ClientOptions implements OptionParser.Options, LargekvCommand {

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help, nothing else",
      order = UsageOrder.HELP)
  boolean helpAsked;
  private Phase phase;
  private Path dir;
  private Path workload;
  private final List<String> properties = new ArrayList<>();

  @Override
  public String help() {
    return "bin/largekv nb5-client --help";
  }

  @Override
  public String unknownOption(String name) {
    return "unknown option " + name + "; accepted: --phase, --dir, -P, -p (see bin/largekv nb5-client --help)";
  }

  @Override
  public String missingValue(String name) {
    return name + " needs a value; see bin/largekv nb5-client --help";
  }

  @Option(names = "--phase", paramLabel = "PHASE", description = "the phase: load, uniform-read or latest-read"
      + " (needed)", order = UsageOrder.WHAT + 2)
  void phase(String v) throws UserError {
    phase = Phase.named("--phase", v);
  }

  @Option(names = "--dir", paramLabel = "DIR", description = "the client's directory, PHASE/client-<i>/ of the"
      + " results volume (needed)", order = UsageOrder.OUTPUT + 1)
  void dir(String v) {
    dir = Paths.get(v).toAbsolutePath();
  }

  @Option(names = "-P", paramLabel = "WORKLOAD_FILE", description = "the phase's workload file (needed)",
      order = UsageOrder.WHAT + 3)
  void workload(String v) {
    workload = Paths.get(v).toAbsolutePath();
  }

  @Option(names = "-p", paramLabel = "NAME=VALUE", description = "the properties bin/largekv run --harness nb5"
      + " takes (hosts, ycql.target, recordcount, maxexecutiontime, threadcount, nb5.NAME=VALUE, ...), and client.index,"
      + " client.count, largekv.start_barrier, largekv.start_barrier_timeout_s, largekv.start_barrier_margin_s,"
      + " largekv.warmup_s (repeatable)", order = UsageOrder.PROPERTIES + 1)
  void property(String v) throws UserError {
    if (v.indexOf('=') < 1) {
      throw new UserError("-p " + v + " is not accepted; accepted: -p NAME=VALUE");
    }
    properties.add(v);
  }

  @Override
  public int call(String[] args, PrintStream out, PrintStream err) throws Exception {
    return Nb5PodClient.run(checked(), BenchmarkRun.repo(), args, err);
  }

  /** {@code args[0]} is {@code nb5-client}; null when the usage was asked for. */
  static Nb5PodClient.Options parse(String[] args) throws UserError {
    Nb5ClientOptions o = OptionParser.parse(new Nb5ClientOptions(), args, 1);
    return o.helpAsked ? null : o.checked();
  }

  /** The client these options describe, checked. */
  Nb5PodClient.Options checked() throws UserError {
    Nb5ClientOptions o = this;
    if (o.phase == null || o.dir == null || o.workload == null) {
      throw new UserError((o.phase == null ? "--phase" : o.dir == null ? "--dir" : "-P") + " is needed; see "
          + "bin/largekv nb5-client --help");
    }
    if (!Files.isRegularFile(o.workload)) {
      throw new UserError("-P " + o.workload + " is not a file; accepted: a workload file of workloads/");
    }
    return Nb5PodClient.Options.of(o.phase, o.dir, o.workload, o.properties);
  }
}
