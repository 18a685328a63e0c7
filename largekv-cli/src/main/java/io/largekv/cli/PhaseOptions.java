package io.largekv.cli;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.cluster.ClusterEvent;
import io.largekv.common.TcpPort;
import io.largekv.common.UserError;
import io.largekv.harness.MetricsPorts;
import io.largekv.harness.nb5.Nb5Settings;
import io.largekv.phase.Counts;
import io.largekv.phase.Phase;
import io.largekv.servers.ScyllaSource;
import io.largekv.servers.ServerSampler;
import io.largekv.servers.ServerSide;
import io.largekv.servers.YugabyteEndpoints;
import io.largekv.servers.YugabyteSource;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
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
  Path out;
  final List<ClusterEvent> events = new ArrayList<>();
  /** {@code -p NAME=VALUE}: for every phase (and every target). */
  final List<String> properties = new ArrayList<>();

  /** Where the user reads about the options, e.g. {@code bin/largekv --help}. */
  @Override
  public abstract String help();

  /**
   * {@code --verbose} (YCSB's {@code -s} habit): the clients' own lines on the console too, YCSB's and
   * nb5's status lines among them; without it, one progress line per phase every 10 s.
   */
  @Option(names = {"--verbose", "-s"})
  boolean verbose;

  /** The console of a command with these options: {@link #verbose} or not. */
  io.largekv.console.Console console(PrintStream err) {
    return new io.largekv.console.Console(err, verbose);
  }

  /** {@code -h}, {@code --help}: the command's usage, nothing else. */
  @Option(names = {"-h", "--help"})
  boolean helpAsked;

  /** {@code --full-scale}: the published benchmark's workload files (against hosts: run, compare, k8s render). */
  boolean fullScale;

  @Option(names = "--full-scale")
  void fullScale(boolean on) {
    fullScale = on;
  }

  @Option(names = "--plan")
  void plan(boolean on) {
    plan = on;
  }

  /** Whether {@code --phases} was given (a command may default otherwise). */
  boolean phasesGiven;

  @Option(names = "--phases", paramLabel = "LIST")
  void phases(String v) throws UserError {
    phases = new ArrayList<>(Phase.list(v));
    phasesGiven = true;
  }

  @Option(names = "--records", paramLabel = "N")
  void records(String v) throws UserError {
    records = Counts.atLeast("--records", v, 1);
  }

  @Option(names = "--duration", paramLabel = "SECONDS")
  void duration(String v) throws UserError {
    duration = Counts.atLeast("--duration", v, 1);
  }

  @Option(names = "--warmup", paramLabel = "SECONDS")
  void warmup(String v) throws UserError {
    warmup = Counts.atLeast("--warmup", v, 0);
  }

  @Option(names = "--threads", paramLabel = "N")
  void threads(String v) throws UserError {
    threads = (int) Counts.between("--threads", v, 1, Counts.MAX_THREADS);
  }

  @Option(names = "--localdc", paramLabel = "DC")
  void localdc(String v) {
    localdc = v;
  }

  @Option(names = "--nodes", paramLabel = "N")
  void nodes(String v) throws UserError {
    nodes = (int) Counts.between("--nodes", v, 1, LocalCassandra.MAX_NODES);
  }

  @Option(names = "--event", paramLabel = "PHASE@S:ACTION")
  void event(String v) throws UserError {
    events.add(ClusterEvent.parse(v));
  }

  @Option(names = "--out", paramLabel = "DIR")
  void out(String v) {
    out = Paths.get(v).toAbsolutePath();
  }

  /** {@code --server-samples}: seconds between the servers' samples; 0: none taken (docs/servers.md). */
  int serverSampleSeconds = ServerSampler.DEFAULT_INTERVAL_SECONDS;
  /** {@code --node-exporter}: each host's node_exporter port; null: not scraped. */
  Integer nodeExporterPort;
  /** {@code --prometheus}: the user's Prometheus server; null: not queried. */
  String prometheusUrl;
  /** {@code --yb-masters}: YugabyteDB's masters' web addresses; empty: every host at its default port. */
  List<String> yugabyteMasters = List.of();
  int yugabyteWebPort = YugabyteSource.TSERVER_WEB_PORT;
  /** {@code --yb-admin}: YugabyteDB's yb-admin, which alone says whether its load balancer is idle; null: none. */
  java.nio.file.Path yugabyteAdmin;
  int scyllaMetricsPort = ScyllaSource.PROMETHEUS_PORT;
  /** The servers'-side options given, in the order given: the commands that sample no server refuse them. */
  private final java.util.Set<String> serverSideGiven = new java.util.LinkedHashSet<>();

  /**
   * Refuses the servers'-side options for a command that samples no server ({@code command}, e.g.
   * {@code k8s render}): one line naming the first one given, instead of its being ignored.
   */
  void refuseServerSide(String command) throws UserError {
    if (!serverSideGiven.isEmpty()) {
      throw new UserError(serverSideGiven.iterator().next() + ": " + command + " samples no server (its pods run the"
          + " clients only); accepted: the servers' side (--server-samples, --node-exporter, --prometheus, --yb-admin,"
          + " --yb-masters, --yb-web-port, --scylla-metrics-port) with bin/largekv run or compare");
    }
  }

  @Option(names = "--yb-admin", paramLabel = "PATH")
  void yugabyteAdmin(String v) throws UserError {
    serverSideGiven.add("--yb-admin");
    java.nio.file.Path p = Paths.get(v).toAbsolutePath();
    if (!java.nio.file.Files.isRegularFile(p) || !java.nio.file.Files.isExecutable(p)) {
      throw new UserError("--yb-admin " + v + " is not accepted; accepted values: the path of YugabyteDB's yb-admin"
          + " program (bin/yb-admin of a YugabyteDB release), executable on this machine");
    }
    yugabyteAdmin = p;
  }

  @Option(names = "--yb-masters", paramLabel = "H1[:PORT],H2")
  void yugabyteMasters(String v) throws UserError {
    serverSideGiven.add("--yb-masters");
    List<String> masters = java.util.Arrays.stream(v.split(",")).map(String::strip).filter(m -> !m.isEmpty()).toList();
    if (masters.isEmpty()) {
      throw new UserError("--yb-masters " + v + " is not accepted; accepted values: the YugabyteDB masters' hosts, "
          + "each with its web port (default " + YugabyteSource.MASTER_WEB_PORT + "), e.g. m1,m2:7000");
    }
    yugabyteMasters = masters;
  }

  @Option(names = "--yb-web-port", paramLabel = "PORT")
  void yugabyteWebPort(String v) throws UserError {
    serverSideGiven.add("--yb-web-port");
    yugabyteWebPort = (int) Counts.between("--yb-web-port", v, TcpPort.MIN, TcpPort.MAX);
  }

  @Option(names = "--scylla-metrics-port", paramLabel = "PORT")
  void scyllaMetricsPort(String v) throws UserError {
    serverSideGiven.add("--scylla-metrics-port");
    scyllaMetricsPort = (int) Counts.between("--scylla-metrics-port", v, TcpPort.MIN, TcpPort.MAX);
  }

  @Option(names = "--server-samples", paramLabel = "SECONDS")
  void serverSamples(String v) throws UserError {
    serverSideGiven.add("--server-samples");
    serverSampleSeconds = (int) Counts.between("--server-samples", v, 0, 3600);
  }

  @Option(names = "--node-exporter", paramLabel = "PORT")
  void nodeExporter(String v) throws UserError {
    serverSideGiven.add("--node-exporter");
    nodeExporterPort = (int) Counts.between("--node-exporter", v, TcpPort.MIN, TcpPort.MAX);
  }

  @Option(names = "--prometheus", paramLabel = "URL")
  void prometheus(String v) throws UserError {
    serverSideGiven.add("--prometheus");
    try {
      java.net.URI uri = new java.net.URI(v);
      if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
        throw new java.net.URISyntaxException(v, "not an http(s) URL with a host");
      }
    } catch (java.net.URISyntaxException e) {
      throw new UserError("--prometheus " + v + " is not accepted; accepted values: a Prometheus server's URL, "
          + "e.g. http://prometheus:9090");
    }
    prometheusUrl = v.endsWith("/") ? v.substring(0, v.length() - 1) : v;
  }

  /** The servers' side as the options ask for it. */
  ServerSide.Settings serverSide() throws UserError {
    if (serverSampleSeconds == 0 && (nodeExporterPort != null || prometheusUrl != null)) {
      throw new UserError("--server-samples 0 takes no sample, and --node-exporter or --prometheus names a source "
          + "to sample; accepted: one or the other");
    }
    return new ServerSide.Settings(serverSampleSeconds, nodeExporterPort, prometheusUrl,
        new YugabyteEndpoints(yugabyteMasters, yugabyteWebPort, yugabyteAdmin), scyllaMetricsPort);
  }

  /** {@code --metrics-port}: the first YCSB client's metrics port; null: no endpoint (docs/metrics.md). */
  Integer metricsPort;

  @Option(names = "--metrics-port", paramLabel = "FIRST")
  void metricsPort(String v) throws UserError {
    metricsPort = (int) Counts.between("--metrics-port", v, TcpPort.MIN, TcpPort.MAX);
  }

  /**
   * {@code --metrics-port}'s endpoints of {@code clients} YCSB clients a phase, their series' run
   * label the name of {@code dir}, or null without it: every port checked free (a {@link UserError}
   * before any server starts), the service discovery file written into {@code dir}, the endpoints
   * said on {@code err}. With {@code harnesses} holding no YCSB, a {@link UserError}: nb5 has its own.
   */
  MetricsPorts metricsPorts(int clients, Path dir, List<String> harnesses, PrintStream err)
      throws UserError, IOException {
    if (metricsPort == null) {
      return null;
    }
    if (!harnesses.contains(Harness.YCSB)) {
      throw noNb5Endpoint(metricsPort);
    }
    MetricsPorts ports = MetricsPorts.of(metricsPort, clients, dir.getFileName().toString());
    ports.checkFree();
    Path file = ports.writeTargets(dir);
    err.println("largekv: each YCSB client serves its metrics at " + ports.describe() + " (client i at "
        + metricsPort + " + i)");
    err.println("largekv: Prometheus finds them in " + file + " (file_sd_configs; docs/metrics.md)");
    return ports;
  }

  /** {@code --metrics-port} where only nb5 clients run: they have no largekv endpoint. */
  static UserError noNb5Endpoint(int port) {
    return new UserError("--metrics-port " + port + " with --harness nb5: nb5's clients serve no largekv endpoint;"
        + " accepted: --metrics-port with --harness ycsb (nb5 sends its own metrics: docs/metrics.md#nb5)");
  }

  @Option(names = "-p", paramLabel = "NAME=VALUE")
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
