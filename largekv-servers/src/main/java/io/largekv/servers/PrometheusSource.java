package io.largekv.servers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.largekv.report.files.ServerFigure;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The machines' CPU and disk figures of the target's nodes as a Prometheus server that scrapes
 * their node_exporter has them, through its HTTP API ({@code /api/v1/query}, instant queries): the
 * same series and sums as {@link NodeExporterSource} ({@link NodeExporterMetrics}, {@link
 * DiskDevices}), added up in PromQL per {@code instance}. A node is the instance whose label's host
 * part ({@code 10.0.0.5} of {@code 10.0.0.5:9100}) is the target host as written (no DNS lookup:
 * write the hosts as Prometheus names its targets). When Prometheus scrapes one node_exporter in
 * more than one job, one job's series are taken (the same counters).
 *
 * <p>Staleness: a value is the one of Prometheus' last scrape of the node, up to its scrape
 * interval old at the query (15 s to 1 min is usual). Two samples 10 s apart may then hold the same
 * scrape (a rate of 0) or scrapes further apart than 10 s; rates over several samples, or a scrape
 * interval at most the sample interval, are right. A node whose scrapes fail has no series from its
 * first failed scrape on (Prometheus marks them stale), and its figures are unavailable.
 */
public final class PrometheusSource implements ServerSource {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final URI base;
  private final List<String> hosts;
  private final DiskDevices devices;

  /** Prometheus at {@code base} (e.g. {@code http://prom:9090}), whole disks ({@link DiskDevices#DEFAULT}). */
  public PrometheusSource(URI base, List<String> hosts) {
    this(base, hosts, DiskDevices.DEFAULT);
  }

  /**
   * Prometheus at {@code base}.
   *
   * @param base the server's URL, e.g. {@code http://prom:9090} (a path prefix is kept:
   *     {@code http://host/prometheus})
   * @param hosts the target's nodes, {@code HOST} or {@code HOST:PORT} (a database port, ignored)
   * @param devices whose disk counters are summed
   */
  public PrometheusSource(URI base, List<String> hosts, DiskDevices devices) {
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException("Prometheus at " + SourceHttp.shown(base) + ": no hosts");
    }
    if (base.getScheme() == null || base.getHost() == null
        || !(base.getScheme().equals("http") || base.getScheme().equals("https"))) {
      throw new IllegalArgumentException("Prometheus at " + SourceHttp.shown(base) + ": not an http(s) URL");
    }
    String s = base.toString();
    this.base = URI.create(s.endsWith("/") ? s.substring(0, s.length() - 1) : s);
    this.hosts = hosts.stream().map(NodeHost::of).distinct().toList();
    this.devices = devices;
  }

  @Override
  public String describe() {
    return "Prometheus at " + SourceHttp.shown(base) + " (node_exporter of " + String.join(", ", hosts) + ")";
  }

  @Override
  public Set<ServerFigure> figures() {
    return NodeExporterMetrics.FIGURES;
  }

  /**
   * Prometheus answers ({@code /api/v1/status/buildinfo}) and has every figure of every host: else
   * an {@link IOException} naming the URL and what is missing.
   */
  @Override
  public void check() throws IOException {
    SourceHttp.get(URI.create(base + "/api/v1/status/buildinfo"));
    Set<String> missing = new TreeSet<>();
    for (NodeReading r : read()) {
      missing.addAll(r.unavailableInWords().values());
    }
    if (!missing.isEmpty()) {
      throw new IOException(String.join("; ", missing));
    }
  }

  /** One reading per host; an {@link IOException} when Prometheus does not answer or refuses a query. */
  @Override
  public List<NodeReading> read() throws IOException {
    String cpu = NodeExporterMetrics.CPU_SECONDS;
    Map<String, Double> busy = query(perInstance("sum",
        cpu + "{mode!~\"" + NodeExporterMetrics.NOT_BUSY_MODES_REGEX + "\"}"));
    Map<String, Double> cpus = query(perInstance("count", "count by (instance, job, cpu) (" + cpu + ")"));
    Map<ServerFigure, Map<String, Double>> disks = new LinkedHashMap<>();
    for (Map.Entry<ServerFigure, String> d : NodeExporterMetrics.DISK.entrySet()) {
      disks.put(d.getKey(), query(perInstance("sum", d.getValue() + "{" + devices.promqlMatcher() + "}")));
    }
    Set<String> instances = new TreeSet<>(cpus.keySet());
    instances.addAll(busy.keySet());
    disks.values().forEach(m -> instances.addAll(m.keySet()));

    List<NodeReading> readings = new ArrayList<>();
    for (String host : hosts) {
      List<String> mine = instances.stream().filter(i -> NodeHost.same(i, host)).toList();
      if (mine.isEmpty()) {
        readings.add(NodeReading.failed(host, figures(), "Prometheus at " + SourceHttp.shown(base) + " has no node_exporter series for "
            + host + " (instances it has: " + (instances.isEmpty() ? "none" : String.join(", ", instances)) + ")"));
      } else if (mine.size() > 1) {
        readings.add(NodeReading.failed(host, figures(), "Prometheus at " + SourceHttp.shown(base)
            + " has node_exporter series of more than one instance for " + host + " (" + String.join(", ", mine) + ")"));
      } else {
        String instance = mine.get(0);
        NodeReading.Builder b = NodeReading.of(host);
        put(b, ServerFigure.CPU_BUSY_SECONDS, busy, instance, cpu);
        put(b, ServerFigure.CPUS, cpus, instance, cpu);
        for (Map.Entry<ServerFigure, Map<String, Double>> d : disks.entrySet()) {
          put(b, d.getKey(), d.getValue(), instance,
              NodeExporterMetrics.DISK.get(d.getKey()) + "{" + devices.promqlMatcher() + "}");
        }
        readings.add(b.build());
      }
    }
    return readings;
  }

  private void put(NodeReading.Builder b, ServerFigure figure, Map<String, Double> values, String instance,
      String series) {
    Double v = values.get(instance);
    if (v != null) {
      b.value(figure, v);
    } else {
      b.unavailable(figure, "Prometheus at " + SourceHttp.shown(base) + " has no " + series + " series of instance " + instance);
    }
  }

  /** {@code agg by (instance) (inner)}, one node_exporter's value when it is scraped in more than one job. */
  private static String perInstance(String agg, String inner) {
    return "max by (instance) (" + agg + " by (instance, job) (" + inner + "))";
  }

  /**
   * The instant vector of {@code promql} now, by {@code instance} label.
   *
   * @throws IOException when Prometheus does not answer, or answers with an error (its text)
   */
  Map<String, Double> query(String promql) throws IOException {
    URI uri = URI.create(base + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
    String body;
    try {
      body = SourceHttp.get(uri);
    } catch (SourceHttp.StatusException e) {
      String error = apiError(e.body());
      if (error == null) {
        throw e;
      }
      throw new IOException("Prometheus at " + SourceHttp.shown(base) + " refused " + promql + ": " + error, e);
    }
    JsonNode root;
    try {
      root = JSON.readTree(body);
    } catch (JsonProcessingException e) {
      throw new IOException(uri + ": not JSON: " + e.getOriginalMessage());
    }
    String error = apiError(body);
    if (error != null) {
      throw new IOException("Prometheus at " + SourceHttp.shown(base) + " refused " + promql + ": " + error);
    }
    JsonNode data = root.path("data");
    if (!"vector".equals(data.path("resultType").asText())) {
      throw new IOException(uri + ": not an instant vector (resultType " + data.path("resultType").asText("none") + ")");
    }
    Map<String, Double> values = new TreeMap<>();
    for (JsonNode r : data.path("result")) {
      String instance = r.path("metric").path("instance").asText(null);
      JsonNode value = r.path("value");
      if (instance != null && value.size() == 2) {
        values.put(instance, number(value.get(1).asText(), uri));
      }
    }
    return values;
  }

  /** {@code errorType: error} of an API answer whose status is {@code error}, else null. */
  private static String apiError(String body) {
    try {
      JsonNode root = JSON.readTree(body);
      if (root != null && "error".equals(root.path("status").asText())) {
        String type = root.path("errorType").asText("");
        return (type.isEmpty() ? "" : type + ": ") + root.path("error").asText("(no error text)");
      }
    } catch (IOException e) {
      // not the API's JSON: no error text to give
    }
    return null;
  }

  private static double number(String s, URI uri) throws IOException {
    try {
      return PrometheusText.number(s);
    } catch (NumberFormatException e) {
      throw new IOException(SourceHttp.shown(uri) + ": a value '" + s + "' that is not a number");
    }
  }
}
