package io.largekv.run;

import io.largekv.common.MetricsProperties;
import io.largekv.common.UserError;
import io.largekv.properties.PropertyValues;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A client's metrics endpoint (docs/metrics.md): {@value MetricsProperties#PORT} (0, the default: none) on
 * {@value MetricsProperties#ADDRESS} serves {@link RunMetrics} at {@code /metrics} in the Prometheus and OpenMetrics
 * text formats, through the Prometheus Java client's HTTP server, on a thread of its own (a scrape
 * never runs on a client thread nor holds a lock one waits for).
 *
 * <p>The labels of every series come from {@value MetricsProperties#LABELS} ({@code run=…,target=…,phase=…,client=…};
 * each defaults: the client's start time, {@code hosts}, {@code load} or {@code run}, {@code client.index}).
 *
 * <p>A port that cannot be bound is bad input, before the run opens anything. When the run ends and
 * the endpoint has been scraped, it waits up to {@value MetricsProperties#LINGER_S} seconds (default
 * {@value #DEFAULT_LINGER_S}) for one more scrape, so that whoever watches gets the final values;
 * when nobody scraped it, it does not wait.
 */
public final class MetricsEndpoint implements AutoCloseable {

  static final int DEFAULT_LINGER_S = 30;

  private final HTTPServer server;
  private final RunMetrics metrics;
  private final int lingerSeconds;
  private final String url;

  private MetricsEndpoint(HTTPServer server, RunMetrics metrics, int lingerSeconds, String url) {
    this.server = server;
    this.metrics = metrics;
    this.lingerSeconds = lingerSeconds;
    this.url = url;
  }

  /** Checks the properties: a {@link UserError} naming a bad one and what is accepted. */
  static void check(Properties p) {
    PropertyValues v = new PropertyValues(p);
    v.intRange(MetricsProperties.PORT, 0, 0, 65_535);
    v.intRange(MetricsProperties.LINGER_S, DEFAULT_LINGER_S, 0, 86_400);
    address(p);
    labels(p);
  }

  /** True when {@value MetricsProperties#PORT} asks for an endpoint. */
  static boolean asked(Properties p) {
    return new PropertyValues(p).intRange(MetricsProperties.PORT, 0, 0, 65_535) > 0;
  }

  /**
   * Starts the endpoint {@code p} asks for, serving {@code metrics} built with {@link #labels}; a
   * {@link UserError} when its port cannot be bound.
   */
  static MetricsEndpoint start(Properties p, java.util.function.Function<Labels, RunMetrics> metricsOf) {
    PropertyValues v = new PropertyValues(p);
    int port = v.intRange(MetricsProperties.PORT, 0, 1, 65_535);
    InetAddress address = address(p);
    RunMetrics metrics = metricsOf.apply(labels(p));
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(metrics);
    ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "largekv-metrics");
      t.setDaemon(true);
      return t;
    });
    try {
      HTTPServer server = HTTPServer.builder().inetAddress(address).port(port).registry(registry)
          .metricsHandlerPath(MetricsProperties.PATH).executorService(executor).buildAndStart();
      String url = "http://" + address.getHostAddress() + ":" + server.getPort() + MetricsProperties.PATH;
      int linger = v.intRange(MetricsProperties.LINGER_S, DEFAULT_LINGER_S, 0, 86_400);
      return new MetricsEndpoint(server, metrics, linger, url);
    } catch (BindException e) {
      executor.shutdownNow();
      throw new UserError(MetricsProperties.PORT + "=" + port + ": port " + port + " on " + address.getHostAddress()
          + " is in use (" + e.getMessage() + "); accepted: a free port, or 0 for no metrics endpoint");
    } catch (IOException e) {
      executor.shutdownNow();
      throw new UserError(MetricsProperties.PORT + "=" + port + ": cannot listen on " + address.getHostAddress() + ":"
          + port + ": " + e.getMessage() + "; accepted: a free port on an address of this machine ("
          + MetricsProperties.ADDRESS + ")");
    }
  }

  private static InetAddress address(Properties p) {
    String a = new PropertyValues(p).string(MetricsProperties.ADDRESS, MetricsProperties.DEFAULT_ADDRESS);
    try {
      return InetAddress.getByName(a);
    } catch (UnknownHostException e) {
      throw new UserError(MetricsProperties.ADDRESS + "=" + a + ": not an address of this machine (" + e.getMessage()
          + "); accepted: an IP address or host name, e.g. " + MetricsProperties.DEFAULT_ADDRESS
          + " or 0.0.0.0 (every interface)");
    }
  }

  /** The series' labels: {@value MetricsProperties#LABELS}, each missing one from its default. */
  static Labels labels(Properties p) {
    Map<String, String> given = new LinkedHashMap<>();
    String list = new PropertyValues(p).string(MetricsProperties.LABELS, "");
    for (String pair : list.split(",")) {
      if (pair.isBlank()) {
        continue;
      }
      int eq = pair.indexOf('=');
      String name = eq < 0 ? pair.trim() : pair.substring(0, eq).trim();
      if (eq < 0 || !MetricsProperties.LABEL_NAMES.contains(name)) {
        throw new UserError(MetricsProperties.LABELS + "=" + list + ": '" + pair.trim()
            + "' is not NAME=VALUE with NAME one of " + String.join(", ", MetricsProperties.LABEL_NAMES));
      }
      given.put(name, pair.substring(eq + 1).trim());
    }
    boolean load = !new PropertyValues(p).bool("dotransactions", true);
    Map<String, String> defaults = Map.of(
        "run", DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC).format(Instant.now()),
        "target", p.getProperty("hosts", "127.0.0.1").trim(),
        "phase", load ? "load" : "run",
        "client", p.getProperty("client.index", "0").trim());
    List<String> names = new ArrayList<>();
    List<String> values = new ArrayList<>();
    for (String name : MetricsProperties.LABEL_NAMES) {
      names.add(name);
      values.add(given.getOrDefault(name, defaults.get(name)));
    }
    return Labels.of(names, values);
  }

  /** Where it serves, e.g. {@code http://127.0.0.1:9464/metrics}. */
  String url() {
    return url;
  }

  /** The port it listens on. */
  int port() {
    return server.getPort();
  }

  /**
   * The run ended: when the endpoint was scraped, waits for one more scrape (at most
   * {@value MetricsProperties#LINGER_S} seconds), so that the values the watcher keeps are the final ones.
   */
  void lingerForLastScrape() throws InterruptedException {
    if (metrics.scrapes() == 0 || lingerSeconds == 0) {
      return;
    }
    long deadline = System.nanoTime() + lingerSeconds * 1_000_000_000L;
    while (metrics.finalScrapes() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
  }

  @Override
  public void close() {
    server.close();
  }
}
