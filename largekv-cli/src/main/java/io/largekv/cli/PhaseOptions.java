package io.largekv.cli;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.cluster.ClusterEvent;
import io.largekv.common.UserError;
import io.largekv.harness.nb5.Nb5Settings;
import io.largekv.common.Counts;
import io.largekv.phase.Phase;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options {@code bin/largekv run} and {@code bin/largekv compare} share, parsed and checked one
 * way: which phases and how big (records, threads, read-phase duration, warm-up), the local cluster
 * and its events, where results go, {@code --plan} and the user's {@code -p}. Each command adds its
 * own options through {@link #flag} and {@link #option}.
 */
public abstract class PhaseOptions implements OptionParser.Options {

  List<Phase> phases = Phase.ALL;
  /** Rows to load and read; null: the workload file's {@code recordcount}. */
  Long records;
  /** Seconds of each read phase; null: the workload file's {@code maxexecutiontime}. */
  Long duration;
  /** Seconds left out of each read phase's figures at its start; null: {@link #warmupOr}'s default. */
  Long warmup;
  /** YCSB client threads per client; null: the workload file's {@code threadcount}. */
  Integer threads;
  String localdc;
  /** Nodes of each local cluster. */
  int nodes = 1;
  boolean plan;
  final List<ClusterEvent> events = new ArrayList<>();
  /** {@code -p NAME=VALUE}: for every phase (and every target). */
  final List<String> properties = new ArrayList<>();

  /** Where the user reads about the options, e.g. {@code bin/largekv --help}. */
  @Override
  public abstract String help();

  /** {@code -h}, {@code --help}: the command's usage, nothing else. */
  @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help, nothing else")
  boolean helpAsked;

  /** {@code --full-scale}: the published benchmark's workload files (against hosts: run, compare, k8s render). */
  boolean fullScale;

  @Option(names = "--full-scale", description = "the published benchmark's files (large30b, large30b-uniform-read,"
      + " large30b-latest-read; against hosts); without it the laptop-sized workloads/local-* (1,000,000 rows)")
  void fullScale(boolean on) {
    fullScale = on;
  }

  @Option(names = "--plan", description = "print what each phase would do (key ranges, threads, mix, rows, bytes,"
      + " duration at the published rate) and exit; nothing is started or connected")
  void plan(boolean on) {
    plan = on;
  }

  /** Whether {@code --phases} was given (a command may default otherwise). */
  boolean phasesGiven;

  @Option(names = "--phases", paramLabel = "LIST", description = "comma-separated subset of: load, uniform-read,"
      + " latest-read (default: all)")
  void phases(String v) throws UserError {
    phases = new ArrayList<>(Phase.list(v));
    phasesGiven = true;
  }

  @Option(names = "--records", paramLabel = "N", description = "rows to load and read (overrides recordcount;"
      + " default: the workload file's)")
  void records(String v) throws UserError {
    records = Counts.atLeast("--records", v, 1);
  }

  @Option(names = "--duration", paramLabel = "SECONDS", description = "length of each read phase (overrides"
      + " maxexecutiontime; default: the workload file's)")
  void duration(String v) throws UserError {
    duration = Counts.atLeast("--duration", v, 1);
  }

  @Option(names = "--warmup", paramLabel = "SECONDS", description = "left out of each read phase's figures at its"
      + " start (default 5 against local servers, 10 against hosts)")
  void warmup(String v) throws UserError {
    warmup = Counts.atLeast("--warmup", v, 0);
  }

  @Option(names = "--threads", paramLabel = "N", description = "YCSB client threads per client process, or pod"
      + " (overrides threadcount; default: the workload file's)")
  void threads(String v) throws UserError {
    threads = (int) Counts.between("--threads", v, 1, Counts.MAX_THREADS);
  }

  @Option(names = "--localdc", paramLabel = "DC", description = "local datacenter of the hosts (Cassandra/Scylla;"
      + " inferred when omitted)")
  void localdc(String v) {
    localdc = v;
  }

  @Option(names = "--nodes", paramLabel = "N", description = "a local cluster of N nodes on 127.0.0.1..N"
      + " (default 1; RF 3 from 3 nodes on)")
  void nodes(String v) throws UserError {
    nodes = (int) Counts.between("--nodes", v, 1, LocalCassandra.MAX_NODES);
  }

  @Option(names = "--event", paramLabel = "PHASE@S:ACTION", description = "an event S seconds after the phase's"
      + " first operation, in every run of the phase (repeatable): kill-node:N, stop-node:N, start-node:N, add-node,"
      + " decommission-node:N (local cluster), exec:COMMAND")
  void event(String v) throws UserError {
    events.add(ClusterEvent.parse(v));
  }

  @Option(names = "-p", paramLabel = "NAME=VALUE", description = "any YCSB, workload or binding property, for"
      + " every phase (repeatable); with --harness nb5 those nb5 can apply (recordcount, ycql.compaction, ...; others"
      + " are refused), and -p nb5.NAME=VALUE: an nb5 or yb_kv_large parameter (e.g. nb5.driverconfig=FILE)")
  void property(String v) throws UserError {
    if (!v.contains("=")) {
      throw new UserError("-p " + v + " is not NAME=VALUE");
    }
    properties.add(v);
  }

  /** The warm-up in seconds: {@code --warmup}, else 5 against local servers and 10 against real ones. */
  long warmupOr(boolean local) {
    return warmup != null ? warmup : local ? 5 : 10;
  }

  /**
   * A read phase of {@code readSeconds} (null: the workload file's) must measure something after its
   * warm-up: a warm-up as long as the phase would leave nothing to report, which must not read as a
   * result.
   */
  void checkWarmupFitsDuration(boolean local, Long readSeconds) throws UserError {
    long w = warmupOr(local);
    if (readSeconds != null && w >= readSeconds && phases.stream().anyMatch(p -> !p.isLoad())) {
      throw new UserError("--duration " + readSeconds + " leaves nothing to measure after a warm-up of " + w + " s"
          + (warmup == null ? " (the default)" : "") + "; accepted: --duration longer than --warmup");
    }
  }

  /**
   * The options as YCSB properties of one phase: records, threads and, for a read phase, its
   * duration. They come after the user's {@code -p}, so an explicit option wins.
   */
  List<String> phaseProperties(Phase phase) {
    List<String> p = new ArrayList<>();
    if (records != null) {
      p.add("recordcount=" + records);
    }
    if (threads != null) {
      p.add("threadcount=" + threads);
    }
    if (!phase.isLoad() && duration != null) {
      p.add("maxexecutiontime=" + duration);
    }
    return p;
  }

  /** The address and datacenter a local server's settings are checked and planned with before it starts. */
  static final String PLANNED_LOCAL_HOST = "127.0.0.1";
  static final String PLANNED_LOCAL_DC = "datacenter1";

  /** Whether the phases run the seeds' full-scale workload files rather than the laptop-sized ones. */
  abstract boolean fullScaleWorkloads();

  /** The replication factor of a local cluster's keyspace: 3 from three nodes on, else 1. */
  public static int localReplicationFactor(int nodes) {
    return nodes >= 3 ? 3 : 1;
  }

  /** A phase's workload file in {@code workloads/}. */
  final String workloadFile(Phase phase) {
    return fullScaleWorkloads() ? phase.fullScaleWorkload : phase.localWorkload;
  }

  /**
   * The properties of every phase against one server, as YCSB takes them (the nb5 harness
   * translates them, {@link Nb5Settings}): a local cluster's datacenter ({@code localDc}) and
   * keyspace replication factor, or {@code --localdc}; where ({@code hosts}); the dialect (null: the
   * binding's default); then {@code userProperties} (the user's -p, a target's own), which win.
   */
  List<String> serverProperties(boolean local, String hosts, String localDc, String dialect,
      List<String> userProperties) {
    List<String> props = new ArrayList<>();
    if (local) {
      props.add("ycql.localdc=" + localDc);
      props.add("ycql.replication_factor=" + localReplicationFactor(nodes));
    } else if (localdc != null) {
      props.add("ycql.localdc=" + localdc);
    }
    props.add("hosts=" + hosts);
    if (dialect != null) {
      props.add("ycql.target=" + dialect);
    }
    props.addAll(userProperties);
    return props;
  }
}
