package io.largekv.cli;

import io.largekv.cluster.ClusterEvent;
import io.largekv.common.UserError;
import io.largekv.phase.Phase;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;

/**
 * What {@code run}'s phases are run with, a mixin of {@code run} and of {@code check} (its run
 * form): the server ({@code --hosts}, {@code --target}, {@code --localdc}, {@code --full-scale}),
 * the phases and their sizes, the local cluster and its events, {@code -p} and the client. The
 * groups {@code run} alone has ({@code --plan}, the servers' side, the console, the results, the
 * page cache) are {@link RunCommand.RunOptions}'.
 */
final class RunSettings implements OptionParser.Options {

  @Mixin
  final HostsOptions target = new HostsOptions();

  @Mixin
  final LocalDcOption localdc = new LocalDcOption();

  @Mixin
  final FullScaleOption scale = new FullScaleOption();

  @Mixin
  final PhasesOptions phases = new PhasesOptions();

  @Mixin
  final PhaseSizeOptions size = new PhaseSizeOptions();

  @Mixin
  final WarmupOptions warmup = new WarmupOptions();

  @Mixin
  final LocalClusterOptions cluster = new LocalClusterOptions();

  @Mixin
  final EventOptions events = new EventOptions();

  @Mixin
  final PropertyOptions props = new PropertyOptions();

  @Mixin
  final HarnessOption harness = new HarnessOption();

  @Override
  public String help() {
    return "bin/largekv --help";
  }

  /** Whether the phases run against a local Cassandra the command starts (no {@code --hosts}). */
  boolean local() {
    return target.hosts == null;
  }

  /**
   * These settings, checked together (the client's in {@link #checkNb5}); {@code plan}: only the plan
   * of the phases is asked for ({@code run --plan}).
   */
  void check(boolean plan) throws UserError {
    size.checkDurationsRun(phases.list);
    warmup.checkFitsDuration(local(), size, null, phases.list);
    if (scale.on && local() && !plan) {
      throw new UserError("--full-scale needs --hosts: 30 billion rows are not for the local Cassandra");
    }
    if (local() && localdc.name != null) {
      throw new UserError("--localdc " + localdc.name + " names the datacenter of --hosts; the local Cassandra has "
          + "its own; accepted: --localdc with --hosts");
    }
    if (!local() && cluster.nodes != 1) {
      throw new UserError("--nodes " + cluster.nodes + " sizes the local cluster, and --hosts " + target.hosts
          + " is not local; accepted: --nodes without --hosts");
    }
    ClusterEvent.check(events.list, phases.list, local() ? cluster.nodes : 0, "--hosts " + target.hosts);
    Harness.checkProperties(List.of(harness.name), props.list, help());
  }

  /**
   * With {@code --harness nb5}: what nb5 cannot do as asked ({@code metricsPort}: --metrics-port, null: none;
   * {@code plan}: only the plan of the phases is asked for).
   */
  void checkNb5(Integer metricsPort, boolean plan) throws UserError {
    if (!harness.name.equals(Harness.NB5)) {
      return;
    }
    if (plan) {
      throw new UserError("--plan prints YCSB's plan of each phase; accepted: --plan without --harness nb5");
    }
    if (metricsPort != null) {
      throw ResultsOptions.noNb5Endpoint(metricsPort);
    }
    if (!local() && localdc.name == null) {
      throw new UserError("--harness nb5 with --hosts needs --localdc: nb5's cqld4 does not infer the local "
          + "datacenter; accepted: --localdc DC");
    }
  }

  /** The properties every phase gets ({@link HostsOptions#properties}): the local server at {@code localHosts}, {@code localDc}. */
  List<String> runProperties(String localHosts, String localDc) {
    return target.properties(localHosts, localDc, cluster.nodes, localdc.name, props.list);
  }

  /** A phase's properties: {@code server}'s ({@link #runProperties}), then the size options', which win. */
  List<String> phaseProperties(List<String> server, Phase phase) {
    List<String> p = new ArrayList<>(server);
    p.addAll(size.phaseProperties(phase));
    return p;
  }
}
