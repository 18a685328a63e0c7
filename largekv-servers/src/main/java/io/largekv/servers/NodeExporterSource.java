package io.largekv.servers;

import io.largekv.common.TcpPort;
import io.largekv.report.files.ServerFigure;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The machines' CPU and disk figures read straight from node_exporter on each node of the target
 * ({@code http://HOST:PORT/metrics}), the same for YugabyteDB, Cassandra and ScyllaDB: the series
 * and sums of {@link NodeExporterMetrics}, the disks of {@link DiskDevices}. The values are
 * node_exporter's at the request (it reads /proc/stat and /proc/diskstats when scraped). It cannot
 * tell a node's state or whether data is moving.
 *
 * <p>The nodes are read in parallel, each within {@link SourceHttp#TIMEOUT}. A node that does not
 * answer has its figures unavailable with the reason; {@link #read} fails only when no node gave a
 * figure.
 */
public final class NodeExporterSource implements ServerSource {

  /** node_exporter's port unless told: its default ({@code --web.listen-address=:9100}). */
  public static final int DEFAULT_PORT = 9100;

  private final List<String> hosts;
  private final int port;
  private final DiskDevices devices;
  private final EachHost nodes;

  /** node_exporter on {@link #DEFAULT_PORT} of each of {@code hosts}, whole disks ({@link DiskDevices#DEFAULT}). */
  public NodeExporterSource(List<String> hosts) {
    this(hosts, DEFAULT_PORT, DiskDevices.DEFAULT);
  }

  /**
   * node_exporter on {@code port} of each of {@code hosts}.
   *
   * @param hosts the target's nodes, {@code HOST} or {@code HOST:PORT} (a database port, ignored)
   * @param port node_exporter's port on every node
   * @param devices whose disk counters are summed
   */
  public NodeExporterSource(List<String> hosts, int port, DiskDevices devices) {
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException("node_exporter: no hosts");
    }
    if (!TcpPort.valid(port)) {
      throw new IllegalArgumentException("node_exporter port " + port + ": not a TCP port");
    }
    this.hosts = hosts.stream().map(NodeHost::of).distinct().toList();
    this.port = port;
    this.devices = devices;
    this.nodes = new EachHost("node_exporter", this.hosts);
  }

  /** The page it reads for {@code host}. */
  public URI metricsUri(String host) {
    return NodeHost.url(host, port, "/metrics");
  }

  @Override
  public String describe() {
    return hosts.size() == 1 ? "node_exporter at " + NodeHost.withPort(hosts.get(0), port)
        : "node_exporter on port " + port + " of " + String.join(", ", hosts);
  }

  @Override
  public Set<ServerFigure> figures() {
    return NodeExporterMetrics.FIGURES;
  }

  /** Every node's page read, and every figure on it: else an {@link IOException} naming each URL and what is wrong. */
  @Override
  public void check() throws IOException {
    List<String> wrong = new ArrayList<>();
    for (NodeReading r : readAll()) {
      Set<String> why = new TreeSet<>(r.unavailableInWords().values());
      wrong.addAll(why);
    }
    if (!wrong.isEmpty()) {
      throw new IOException(String.join("; ", wrong));
    }
  }

  @Override
  public List<NodeReading> read() throws IOException {
    List<NodeReading> readings = readAll();
    List<String> failed = new ArrayList<>();
    for (NodeReading r : readings) {
      if (!r.values().isEmpty()) {
        return readings;
      }
      failed.add(r.unavailable().values().iterator().next().words());
    }
    throw new IOException("no node_exporter answered: " + String.join("; ", failed));
  }

  private List<NodeReading> readAll() throws IOException {
    return List.copyOf(nodes.read(this::readNode).answered().values());
  }

  private NodeReading readNode(String host) {
    URI uri = metricsUri(host);
    String page;
    List<PrometheusText.Sample> samples;
    try {
      page = SourceHttp.get(uri);
      samples = PrometheusText.parse(page, name -> name.equals(NodeExporterMetrics.CPU_SECONDS)
          || NodeExporterMetrics.DISK.containsValue(name));
    } catch (IOException e) {
      return NodeReading.failed(host, figures(), e.getMessage());
    } catch (IllegalArgumentException e) {
      return NodeReading.failed(host, figures(), uri + ": not a Prometheus text page: " + e.getMessage());
    }
    NodeReading.Builder b = NodeReading.of(host);
    cpu(b, uri, samples);
    for (Map.Entry<ServerFigure, String> d : NodeExporterMetrics.DISK.entrySet()) {
      disk(b, uri, samples, d.getKey(), d.getValue());
    }
    return b.build();
  }

  private static void cpu(NodeReading.Builder b, URI uri, List<PrometheusText.Sample> samples) {
    double busy = 0;
    Set<String> cpus = new TreeSet<>();
    for (PrometheusText.Sample s : samples) {
      if (s.name().equals(NodeExporterMetrics.CPU_SECONDS) && s.label("cpu") != null) {
        cpus.add(s.label("cpu"));
        if (!NodeExporterMetrics.NOT_BUSY_MODES.contains(s.label("mode"))) {
          busy += s.value();
        }
      }
    }
    if (cpus.isEmpty()) {
      String why = uri + " serves no " + NodeExporterMetrics.CPU_SECONDS + " (node_exporter's cpu collector off?)";
      b.unavailable(ServerFigure.CPU_BUSY_SECONDS, why).unavailable(ServerFigure.CPUS, why);
      return;
    }
    b.value(ServerFigure.CPU_BUSY_SECONDS, busy).value(ServerFigure.CPUS, cpus.size());
  }

  private void disk(NodeReading.Builder b, URI uri, List<PrometheusText.Sample> samples, ServerFigure figure,
      String metric) {
    double sum = 0;
    Set<String> counted = new TreeSet<>();
    Set<String> left = new TreeSet<>();
    for (PrometheusText.Sample s : samples) {
      if (s.name().equals(metric) && s.label("device") != null) {
        if (devices.counted(s.label("device"))) {
          counted.add(s.label("device"));
          sum += s.value();
        } else {
          left.add(s.label("device"));
        }
      }
    }
    if (!counted.isEmpty()) {
      b.value(figure, sum);
    } else if (left.isEmpty()) {
      b.unavailable(figure, uri + " serves no " + metric + " (node_exporter's diskstats collector off?)");
    } else {
      b.unavailable(figure, uri + " serves " + metric + " only of devices left out (" + String.join(", ", left)
          + "; counted: " + devices + ")");
    }
  }

  @Override
  public void close() {
    nodes.close();
  }
}
