package io.largekv.run;

import io.largekv.common.TcpPort;
import io.largekv.common.Database;
import io.largekv.common.MetricsProperties;
import io.largekv.common.UserError;
import io.largekv.properties.PropertyValues;
import com.sun.net.httpserver.HttpServer;
import io.prometheus.metrics.exporter.httpserver.MetricsHandler;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import io.prometheus.metrics.model.snapshots.Labels;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
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
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

/**
 * A client's metrics endpoint (docs/metrics.md): {@value MetricsProperties#PORT} (0, the default: none) on
 * {@value MetricsProperties#ADDRESS} serves {@link RunMetrics} at {@code /metrics} in the Prometheus and
 * OpenMetrics text formats, through the Prometheus Java client's handler in the JDK's HTTP server, on
 * a thread of its own (a scrape never runs on a client thread nor holds a lock one waits for).
 *
 * <p>The labels of every series come from {@value MetricsProperties#LABELS} ({@code run=…,target=…,phase=…,client=…};
 * each defaults: the client's start time, {@code ycql.target} (the binding's default yugabyte),
 * {@code load} or {@code run}, {@code client.index}).
 *
 * <p>A port that cannot be bound, or an address that is not this machine's, is bad input, before the
 * run opens anything. When the process ends after its run and the endpoint has been scraped, it waits
 * up to {@value MetricsProperties#LINGER_S} seconds (default {@value MetricsProperties#DEFAULT_LINGER_S}) until a scrape
 * that began after the values were final has been answered whole, so that whoever watches keeps them;
 * when nobody scraped it, it does not wait.
 */
public final class MetricsEndpoint implements AutoCloseable {

  private final HttpServer server;
  private final ExecutorService executor;
  private final int lingerSeconds;
  private final String url;
  private final AtomicLong scrapes = new AtomicLong();
  /** Scrapes that began once the values were final and were answered whole. */
  private final AtomicLong finalScrapes = new AtomicLong();

  private MetricsEndpoint(HttpServer server, ExecutorService executor, int lingerSeconds, String url) {
    this.server = server;
    this.executor = executor;
    this.lingerSeconds = lingerSeconds;
    this.url = url;
  }

  /** Checks the properties: a {@link UserError} naming a bad one and what is accepted. */
  static void check(Properties p) {
    PropertyValues v = new PropertyValues(p);
    v.intRange(MetricsProperties.PORT, 0, 0, TcpPort.MAX);
    v.intRange(MetricsProperties.LINGER_S, MetricsProperties.DEFAULT_LINGER_S, 0, 86_400);
    address(p);
    labels(p);
  }

  /** True when {@value MetricsProperties#PORT} asks for an endpoint. */
  static boolean asked(Properties p) {
    return new PropertyValues(p).intRange(MetricsProperties.PORT, 0, 0, TcpPort.MAX) > 0;
  }

  /**
   * Starts the endpoint {@code p} asks for, serving {@code metrics} built with {@link #labels};
   * {@code isFinal} says whether the values are final. A {@link UserError} when its port cannot be bound.
   */
  static MetricsEndpoint start(Properties p, java.util.function.Function<Labels, RunMetrics> metricsOf,
      BooleanSupplier isFinal) {
    PropertyValues v = new PropertyValues(p);
    int port = v.intRange(MetricsProperties.PORT, 0, TcpPort.MIN, TcpPort.MAX);
    InetAddress address = address(p);
    PrometheusRegistry registry = new PrometheusRegistry();
    registry.register(metricsOf.apply(labels(p)));
    MetricsHandler handler = new MetricsHandler(registry);
    ExecutorService executor = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "largekv-metrics");
      t.setDaemon(true);
      return t;
    });
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress(address, port), 3);
      int linger = v.intRange(MetricsProperties.LINGER_S, MetricsProperties.DEFAULT_LINGER_S, 0, 86_400);
      MetricsEndpoint endpoint = new MetricsEndpoint(server, executor, linger, "http://" + address.getHostAddress()
          + ":" + server.getAddress().getPort() + MetricsProperties.PATH);
      server.createContext(MetricsProperties.PATH, exchange -> {
        boolean wasFinal = isFinal.getAsBoolean(); // before the values are read
        // counted as it begins: a scrape whose answer is on its way when the run ends was a scrape,
        // and the scraper then waits for the final values (counted after the answer, it was not yet)
        endpoint.scrapes.incrementAndGet();
        try {
          handler.handle(exchange);
        } finally {
          exchange.close();
        }
        if (wasFinal) {
          endpoint.finalScrapes.incrementAndGet(); // answered whole: the response is written and closed
        }
      });
      server.setExecutor(executor);
      server.start();
      return endpoint;
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
    String accepted = "; accepted: an address of this machine, e.g. " + MetricsProperties.DEFAULT_ADDRESS
        + " or 0.0.0.0 (every interface)";
    try {
      InetAddress address = InetAddress.getByName(a);
      if (!address.isAnyLocalAddress() && !address.isLoopbackAddress()
          && NetworkInterface.getByInetAddress(address) == null) {
        throw new UserError(MetricsProperties.ADDRESS + "=" + a + ": " + address.getHostAddress()
            + " is not an address of this machine" + accepted);
      }
      return address;
    } catch (UnknownHostException | java.net.SocketException e) {
      throw new UserError(MetricsProperties.ADDRESS + "=" + a + ": not an address of this machine (" + e.getMessage()
          + ")" + accepted);
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
        // the database the client connects to, as the binding reads it (its default: yugabyte)
        "target", p.getProperty("ycql.target", Database.YUGABYTE.propertyValue()).trim(),
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
    return server.getAddress().getPort();
  }

  /** Scrapes begun so far. */
  long scrapes() {
    return scrapes.get();
  }

  /**
   * The values are final (the run finished and its verdict is set): when the endpoint was scraped,
   * waits until a scrape that began after that has been answered whole (at most
   * {@value MetricsProperties#LINGER_S} seconds), so that the values the watcher keeps are the final
   * ones. Returns at once when nobody scraped it.
   */
  void lingerForLastScrape() throws InterruptedException {
    if (scrapes.get() == 0 || lingerSeconds == 0) {
      return;
    }
    long deadline = System.nanoTime() + lingerSeconds * 1_000_000_000L;
    while (finalScrapes.get() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
