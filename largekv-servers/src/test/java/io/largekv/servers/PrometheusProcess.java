package io.largekv.servers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Debian's Prometheus ({@value #BINARY}, package prometheus) on {@code 127.0.0.1:<free port>} for a
 * test: a configuration written at start scraping the given targets (job {@value #JOB}, path
 * /metrics) at the given interval, its TSDB in its own temporary directory; stopped and the
 * directory deleted on {@link #close}.
 */
public final class PrometheusProcess implements AutoCloseable {

  public static final String BINARY = "/usr/bin/prometheus";
  public static final String DEBIAN_PACKAGE = "prometheus";
  /** The scrape job of the targets. */
  public static final String JOB = "node";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final int port;
  private final LocalDaemon daemon;

  private PrometheusProcess(int port, LocalDaemon daemon) {
    this.port = port;
    this.daemon = daemon;
  }

  /**
   * Starts it scraping {@code targets} ({@code HOST:PORT} each) every {@code scrapeInterval} and
   * waits until it is ready ({@code /-/ready}); its first scrapes follow (see {@link #awaitScrape}).
   *
   * @throws IllegalStateException when the binary is missing (install {@value #DEBIAN_PACKAGE}) or
   *     it does not get ready in time (with its log's end)
   */
  public static PrometheusProcess start(Duration scrapeInterval, String... targets) {
    return start(scrapeInterval, "static_configs:\n      - targets: ["
        + List.of(targets).stream().map(t -> "'" + t + "'").collect(Collectors.joining(", ")) + "]\n");
  }

  /**
   * Starts it scraping the targets a file-based service discovery file lists ({@code sdFile}, which
   * may not exist yet: Prometheus watches it) every {@code scrapeInterval}, and waits until it is ready.
   */
  public static PrometheusProcess discovering(Duration scrapeInterval, Path sdFile) {
    return start(scrapeInterval, "file_sd_configs:\n      - files: ['" + sdFile.toAbsolutePath() + "']\n");
  }

  private static PrometheusProcess start(Duration scrapeInterval, String targets) {
    LocalDaemon.requireBinary(Path.of(BINARY), DEBIAN_PACKAGE);
    int port = LocalDaemon.freePort();
    Path dir = LocalDaemon.newDir("prometheus");
    String interval = scrapeInterval.toMillis() + "ms";
    String config = "global:\n  scrape_interval: " + interval + "\n  scrape_timeout: " + interval + "\n"
        + "scrape_configs:\n  - job_name: " + JOB + "\n    " + targets;
    try {
      Files.writeString(dir.resolve("prometheus.yml"), config);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> command = List.of(BINARY, "--config.file=" + dir.resolve("prometheus.yml"),
        "--storage.tsdb.path=" + dir.resolve("data"), "--web.listen-address=127.0.0.1:" + port);
    return new PrometheusProcess(port,
        LocalDaemon.start("prometheus", dir, command, URI.create("http://127.0.0.1:" + port + "/-/ready")));
  }

  public int port() {
    return port;
  }

  /** {@code http://127.0.0.1:PORT}. */
  public URI baseUri() {
    return URI.create("http://127.0.0.1:" + port);
  }

  /**
   * Waits until its last scrape of {@code instance} started after {@code after} and succeeded
   * ({@code up} 1): from then on its series of that instance are what the target served after
   * {@code after}.
   *
   * @return that scrape's time
   * @throws IllegalStateException when there is none within {@code max} (with the last {@code up})
   */
  public Instant awaitScrape(String instance, Instant after, Duration max) throws IOException, InterruptedException {
    String selector = "up{instance=\"" + instance + "\"}";
    long deadline = System.nanoTime() + max.toNanos();
    String last = "no series";
    while (System.nanoTime() < deadline) {
      JsonNode r = query("timestamp(" + selector + ") and " + selector + " == 1");
      if (r.size() == 1) {
        Instant at = Instant.ofEpochMilli(Math.round(r.get(0).path("value").get(1).asDouble() * 1000));
        if (at.isAfter(after)) {
          return at;
        }
        last = "last scrape at " + at;
      } else {
        JsonNode up = query(selector);
        last = up.size() == 0 ? "no series" : "up " + up.get(0).path("value").get(1).asText();
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("Prometheus at " + baseUri() + " did not scrape " + instance + " after " + after
        + " within " + max.toSeconds() + " s (" + last + ")");
  }

  /** The result array of the instant query {@code promql} now. */
  public JsonNode query(String promql) throws IOException {
    URI uri = URI.create(baseUri() + "/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8));
    return JSON.readTree(SourceHttp.get(uri)).path("data").path("result");
  }

  /**
   * The result array of the range query {@code promql} from {@code start} to {@code end} every
   * {@code step} (a matrix: each series with its {@code values}).
   */
  public JsonNode queryRange(String promql, Instant start, Instant end, Duration step) throws IOException {
    URI uri = URI.create(baseUri() + "/api/v1/query_range?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8)
        + "&start=" + start.getEpochSecond() + "&end=" + (end.getEpochSecond() + 1) + "&step=" + step.toSeconds());
    JsonNode r = JSON.readTree(SourceHttp.get(uri));
    if (!"success".equals(r.path("status").asText())) {
      throw new IllegalStateException("Prometheus refused " + promql + ": " + r);
    }
    return r.path("data").path("result");
  }

  /** The values of the label {@code name} across its series. */
  public List<String> labelValues(String name) throws IOException {
    JsonNode r = JSON.readTree(SourceHttp.get(URI.create(baseUri() + "/api/v1/label/" + name + "/values")));
    List<String> out = new java.util.ArrayList<>();
    r.path("data").forEach(v -> out.add(v.asText()));
    return out;
  }

  /** Its log's last lines, for a failing assertion's message. */
  public String logTail() {
    return daemon.logTail();
  }

  @Override
  public void close() {
    daemon.close();
  }
}
