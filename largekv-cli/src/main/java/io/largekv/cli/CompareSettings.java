package io.largekv.cli;

import io.largekv.common.Counts;
import io.largekv.common.UserError;
import io.largekv.phase.Phase;
import io.largekv.cluster.ClusterEvent;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * What {@code compare} runs against every target, a mixin of {@code compare} and of {@code check}
 * (its form with a {@code --target LABEL=HOSTS}): the targets and their properties, the phases and
 * their sizes, the local clusters and their events, {@code -p}, the clients, rate, repeats and
 * harnesses. The groups {@code compare} alone has ({@code --plan}, the servers' side, the console,
 * the results) are {@link CompareOptions}'.
 */
final class CompareSettings implements OptionParser.Options {

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

  @Option(names = "--target", paramLabel = "LABEL=H1,H2[:PORT]", description = "a database; LABEL starts with"
      + " yugabyte, cassandra or scylla (its dialect), e.g. --target cassandra-lcs=10.0.0.5; repeatable. LABEL=local: a"
      + " local Cassandra (cluster) started for it, as in the demo", order = UsageOrder.WHERE + 2)
  void target(String v) throws UserError {
    targets.add(CompareTarget.parse(v));
  }

  @Option(names = "--target-prop", paramLabel = "LABEL:NAME=VALUE", description = "a property for one target only"
      + " (e.g. cassandra-lcs:ycql.compaction=LeveledCompactionStrategy)", order = UsageOrder.WHERE + 3)
  void targetProp(String v) throws UserError {
    int colon = v.indexOf(':');
    if (colon <= 0 || !v.substring(colon + 1).contains("=")) {
      throw new UserError("--target-prop " + v + " is not LABEL:NAME=VALUE");
    }
    targetProps.add(new String[] {v.substring(0, colon), v.substring(colon + 1)});
  }

  @Option(names = "--clients", paramLabel = "N", description = "client processes per phase, sharded with"
      + " client.index/client.count (default 1)", order = UsageOrder.SIZE + 5)
  void clients(String v) throws UserError {
    clients = (int) Counts.between("--clients", v, 1, Counts.MAX_CLIENTS);
  }

  @Option(names = "--rate", paramLabel = "OPS", description = "target ops/s per phase (all clients; a multiple of"
      + " --clients); latency is then also reported as intended time (coordinated-omission corrected)",
      order = UsageOrder.SIZE + 6)
  void rate(String v) throws UserError {
    rate = Counts.atLeast("--rate", v, 1);
  }

  @Option(names = "--repeat", paramLabel = "N", description = "runs of each phase per target (default 1); the"
      + " report shows the spread", order = UsageOrder.SIZE + 7)
  void repeat(String v) throws UserError {
    repeat = (int) Counts.between("--repeat", v, 1, 100);
  }

  @Option(names = "--harness", paramLabel = "LIST", description = "ycsb (default), nb5 (your own nb5 on"
      + " yb_kv_large, found as bin/nb5 finds it), or ycsb,nb5: both on every target, side by side (a fresh local"
      + " server for each)", order = UsageOrder.WHAT + 5)
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
   * A phase's properties for target {@code t}: {@link PhaseSizeOptions#phaseProperties}, each client's
   * share of {@code --rate}, and with local targets the demo's sizes for what neither an option
   * nor a {@code -p} / {@code --target-prop} sets (a default must not outrank the user).
   */
  List<String> phaseProperties(Phase phase, CompareTarget t) {
    List<String> p = size.phaseProperties(phase);
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
      if (!phase.isLoad() && !setByUser("maxexecutiontime", t, phase)) {
        p.add("maxexecutiontime=" + LOCAL_DURATION);
      }
    }
    return p;
  }

  /** Whether an option, a {@code -p} or one of {@code t}'s {@code --target-prop}s sets YCSB property {@code key}. */
  private boolean setByUser(String key, CompareTarget t) {
    return setByUser(key, t, Phase.UNIFORM_READ);
  }

  /** {@link #setByUser(String, CompareTarget)} in read phase {@code phase} (a duration may be its own). */
  private boolean setByUser(String key, CompareTarget t, Phase phase) {
    String prefix = key + "=";
    return size.phaseProperties(phase).stream().anyMatch(x -> x.startsWith(prefix))
        || props.list.stream().anyMatch(x -> x.startsWith(prefix))
        || t.properties.stream().anyMatch(x -> x.startsWith(prefix));
  }

  /** Whether the local demo's size for {@code key} applies to some target: no option or property sets it there. */
  private boolean demoSizeUsed(String key) {
    return Phase.ALL.stream().filter(p -> !p.isLoad()).anyMatch(p -> demoSizeUsed(key, p));
  }

  private boolean demoSizeUsed(String key, Phase phase) {
    return localTargets && targets.stream().anyMatch(t -> !setByUser(key, t, phase));
  }

  /** The report's setup line of a size: the option, the demo's default, or where else it comes from. */
  String sizeSetting(Long option, String key, long demo, String unit) {
    return sizeSetting(option, key, demo, unit, Phase.UNIFORM_READ);
  }

  private String sizeSetting(Long option, String key, long demo, String unit, Phase phase) {
    if (option != null) {
      return option + unit;
    }
    if (demoSizeUsed(key, phase)) {
      return demo + unit + " (local default" + (targets.stream().allMatch(t -> !setByUser(key, t, phase)) ? ""
          : "; a -p or --target-prop " + key + " for some targets") + ")";
    }
    return targets.stream().anyMatch(t -> setByUser(key, t, phase)) ? "(-p / --target-prop " + key + ")"
        : "(workload file)";
  }

  /** The report's setup line of the read phases' length: one, or each read phase's own ({@code --duration PHASE=S}). */
  String durationSetting() {
    if (size.phaseDurations.isEmpty()) {
      return sizeSetting(size.duration, "maxexecutiontime", LOCAL_DURATION, " s");
    }
    return String.join(", ", phases.list.stream().filter(p -> !p.isLoad()).map(p -> p.name + " "
        + sizeSetting(size.duration(p), "maxexecutiontime", LOCAL_DURATION, " s", p)).toList());
  }

  /**
   * These settings, checked together (once: the local demo's targets are added here); {@code plan}:
   * only the plan of the phases is asked for ({@code compare --plan}).
   */
  CompareSettings checked(boolean plan) throws UserError {
    CompareSettings o = this;
    if (o.targets.isEmpty()) {
      o.targets.addAll(CompareTarget.localDemo());
    }
    if (o.targets.stream().anyMatch(CompareTarget::local)) {
      if (!o.targets.stream().allMatch(CompareTarget::local)) {
        throw new UserError("--target: local targets and targets with hosts run with different sizes (the local"
            + " demo's); accepted: all targets local, or all with hosts");
      }
      o.localTargets = true;
      if (o.scale.on && !plan) {
        throw new UserError("--full-scale needs targets with hosts: 30 billion rows are not for a local Cassandra;"
            + " accepted: --full-scale with --target LABEL=HOSTS");
      }
      if (o.localdc.name != null) {
        throw new UserError("--localdc " + o.localdc.name + " names the datacenter of targets with hosts; a local target"
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
    o.size.checkDurationsRun(o.phases.list);
    o.warmup.checkFitsDuration(o.localTargets, o.size, o.demoSizeUsed("maxexecutiontime") ? Long.valueOf(LOCAL_DURATION)
        : null, o.phases.list);
    o.warmup.seconds = o.warmup.or(o.localTargets);
    if (o.targets.stream().map(t -> t.label).distinct().count() != o.targets.size()) {
      throw new UserError("--target labels must be distinct");
    }
    if (o.cluster.nodes != 1 && o.targets.stream().noneMatch(CompareTarget::local)) {
      throw new UserError("--nodes " + o.cluster.nodes + " sizes the local clusters, and every --target has hosts; "
          + "accepted: --nodes with local targets (no --target: the local demo; or --target LABEL=local)");
    }
    for (CompareTarget t : o.targets) {
      ClusterEvent.check(o.events.list, o.phases.list, t.local() ? o.cluster.nodes : 0, "--target " + t.label);
    }
    Harness.checkProperties(o.harnesses, o.props.list, o.help());
    for (CompareTarget t : o.targets) {
      Harness.checkProperties(o.harnesses, t.properties, o.help());
    }
    if (o.harnesses.contains(Harness.NB5)) {
      if (plan) {
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
      if (!o.localTargets && o.localdc.name == null) {
        throw new UserError("--harness nb5 with targets with hosts needs --localdc: nb5's cqld4 does not infer the "
            + "local datacenter; accepted: --localdc DC");
      }
    }
    return o;
  }
}
