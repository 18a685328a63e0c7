package io.largekv.cli;

import io.largekv.common.Counts;
import io.largekv.common.TcpPort;
import io.largekv.common.UserError;
import io.largekv.servers.ScyllaSource;
import io.largekv.servers.ServerSampler;
import io.largekv.servers.ServerSide;
import io.largekv.servers.YugabyteEndpoints;
import io.largekv.servers.YugabyteSource;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The servers' side options (docs/servers.md), a mixin of the commands that sample the servers
 * while their phases run ({@code run}, {@code compare}): how often, and the metrics sources besides
 * the servers' own (node_exporter, Prometheus) and the databases' endpoints. A command without it
 * ({@code k8s render}, {@code k8s local}: their pods run the clients only) refuses these options as
 * unknown.
 */
final class ServerSideOptions {

  /** {@code --server-samples}: seconds between the servers' samples; 0: none taken. */
  int serverSampleSeconds = ServerSampler.DEFAULT_INTERVAL_SECONDS;
  /** {@code --node-exporter}: each host's node_exporter port; null: not scraped. */
  Integer nodeExporterPort;
  /** {@code --prometheus}: the user's Prometheus server; null: not queried. */
  String prometheusUrl;
  /** {@code --yb-masters}: YugabyteDB's masters' web addresses; empty: every host at its default port. */
  private List<String> yugabyteMasters = List.of();
  private int yugabyteWebPort = YugabyteSource.TSERVER_WEB_PORT;
  /** {@code --yb-admin}: YugabyteDB's yb-admin, which alone says whether its load balancer is idle; null: none. */
  private Path yugabyteAdmin;
  private int scyllaMetricsPort = ScyllaSource.PROMETHEUS_PORT;

  @Option(names = "--server-samples", paramLabel = "SECONDS", description = "seconds between the servers' samples:"
      + " table size, CPU, disk (default 10; 0: none; docs/servers.md)", order = UsageOrder.SERVERS + 1)
  void serverSamples(String v) throws UserError {
    serverSampleSeconds = (int) Counts.between("--server-samples", v, 0, 3600);
  }

  @Option(names = "--node-exporter", paramLabel = "PORT", description = "also CPU and disk from node_exporter at"
      + " PORT on each host (with --hosts, or a target's hosts)", order = UsageOrder.SERVERS + 2)
  void nodeExporter(String v) throws UserError {
    nodeExporterPort = (int) Counts.between("--node-exporter", v, TcpPort.MIN, TcpPort.MAX);
  }

  @Option(names = "--prometheus", paramLabel = "URL", description = "also CPU and disk from your Prometheus'"
      + " node_exporter series (with --hosts, or a target's hosts), e.g. http://prometheus:9090",
      order = UsageOrder.SERVERS + 3)
  void prometheus(String v) throws UserError {
    try {
      URI uri = new URI(v);
      if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
        throw new URISyntaxException(v, "not an http(s) URL with a host");
      }
    } catch (URISyntaxException e) {
      throw new UserError("--prometheus " + v + " is not accepted; accepted values: a Prometheus server's URL, "
          + "e.g. http://prometheus:9090");
    }
    prometheusUrl = v.endsWith("/") ? v.substring(0, v.length() - 1) : v;
  }

  @Option(names = "--yb-masters", paramLabel = "H1[:PORT],H2", description = "YugabyteDB's masters (default: every"
      + " host, web port 7000; docs/servers.md)", order = UsageOrder.SERVERS + 4)
  void yugabyteMasters(String v) throws UserError {
    List<String> masters = Arrays.stream(v.split(",")).map(String::strip).filter(m -> !m.isEmpty()).toList();
    if (masters.isEmpty()) {
      throw new UserError("--yb-masters " + v + " is not accepted; accepted values: the YugabyteDB masters' hosts, "
          + "each with its web port (default " + YugabyteSource.MASTER_WEB_PORT + "), e.g. m1,m2:7000");
    }
    yugabyteMasters = masters;
  }

  @Option(names = "--yb-web-port", paramLabel = "PORT", description = "the YugabyteDB tablet servers' web port"
      + " (default 9000; docs/servers.md)", order = UsageOrder.SERVERS + 5)
  void yugabyteWebPort(String v) throws UserError {
    yugabyteWebPort = (int) Counts.between("--yb-web-port", v, TcpPort.MIN, TcpPort.MAX);
  }

  @Option(names = "--yb-admin", paramLabel = "PATH", description = "YugabyteDB's bin/yb-admin: whether its load"
      + " balancer is idle, for the rebalance time", order = UsageOrder.SERVERS + 6)
  void yugabyteAdmin(String v) throws UserError {
    Path p = Paths.get(v).toAbsolutePath();
    if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
      throw new UserError("--yb-admin " + v + " is not accepted; accepted values: the path of YugabyteDB's yb-admin"
          + " program (bin/yb-admin of a YugabyteDB release), executable on this machine");
    }
    yugabyteAdmin = p;
  }

  @Option(names = "--scylla-metrics-port", paramLabel = "PORT", description = "ScyllaDB's Prometheus port"
      + " (default 9180; docs/servers.md)", order = UsageOrder.SERVERS + 7)
  void scyllaMetricsPort(String v) throws UserError {
    scyllaMetricsPort = (int) Counts.between("--scylla-metrics-port", v, TcpPort.MIN, TcpPort.MAX);
  }

  /** The servers' side as the options ask for it. */
  ServerSide.Settings settings() throws UserError {
    if (serverSampleSeconds == 0 && (nodeExporterPort != null || prometheusUrl != null)) {
      throw new UserError("--server-samples 0 takes no sample, and --node-exporter or --prometheus names a source "
          + "to sample; accepted: one or the other");
    }
    return new ServerSide.Settings(serverSampleSeconds, nodeExporterPort, prometheusUrl,
        new YugabyteEndpoints(yugabyteMasters, yugabyteWebPort, yugabyteAdmin), scyllaMetricsPort);
  }

  /** The option naming a machine's metrics source ({@code --node-exporter}, {@code --prometheus}); null: none. */
  String machineSource() {
    return nodeExporterPort != null ? "--node-exporter" : prometheusUrl != null ? "--prometheus" : null;
  }
}
