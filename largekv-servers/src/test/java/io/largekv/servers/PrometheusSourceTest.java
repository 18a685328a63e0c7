package io.largekv.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.report.files.ServerFigure;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * PrometheusSource against a real Prometheus scraping a real node_exporter every second under two
 * names ({@code 127.0.0.1:PORT} and {@code localhost:PORT}, two instances): its values are what
 * node_exporter served at Prometheus' scrape, which lies between a direct reading taken before that
 * scrape and one taken after the query.
 */
class PrometheusSourceTest {

  /** Prometheus' sums and Java's may round differently. */
  private static final double ROUNDING = 1e-6;

  private static NodeExporterProcess exporter;
  private static PrometheusProcess prometheus;
  private static String byAddress;
  private static String byName;

  @BeforeAll
  @Timeout(120)
  static void start() throws Exception {
    exporter = NodeExporterProcess.start();
    byAddress = exporter.address();
    byName = "localhost:" + exporter.port();
    prometheus = PrometheusProcess.start(Duration.ofSeconds(1), byAddress, byName);
    prometheus.awaitScrape(byAddress, Instant.EPOCH, Duration.ofSeconds(60));
    prometheus.awaitScrape(byName, Instant.EPOCH, Duration.ofSeconds(60));
  }

  @AfterAll
  @Timeout(30)
  static void stop() {
    if (prometheus != null) {
      prometheus.close();
    }
    if (exporter != null) {
      exporter.close();
    }
  }

  @Test
  @Timeout(90)
  void valuesAreWhatNodeExporterServedAtTheScrape() throws Exception {
    try (NodeExporterSource direct = new NodeExporterSource(List.of("127.0.0.1"), exporter.port(), DiskDevices.DEFAULT);
        PrometheusSource source = new PrometheusSource(prometheus.baseUri(), List.of("127.0.0.1:9042", "localhost"))) {
      source.check();
      NodeReading previous = null;
      for (int i = 0; i < 2; i++) {
        Map<ServerFigure, Double> before = direct.read().get(0).values();
        // Prometheus may move a scrape's timestamp by up to 2 ms toward its schedule: 10 ms more is a scrape begun after
        Instant served = Instant.now().plusMillis(10);
        prometheus.awaitScrape(byAddress, served, Duration.ofSeconds(30));
        prometheus.awaitScrape(byName, served, Duration.ofSeconds(30));
        List<NodeReading> readings = source.read();
        Map<ServerFigure, Double> after = direct.read().get(0).values();

        assertThat(readings).extracting(NodeReading::node).containsExactly("127.0.0.1", "localhost");
        for (NodeReading r : readings) {
          assertThat(r.unavailable()).as(r.node()).isEmpty();
          assertThat(r.state()).isNull();
          assertThat(r.values()).containsOnlyKeys(NodeExporterMetrics.FIGURES);
          assertThat(r.values().get(ServerFigure.CPUS)).isEqualTo(before.get(ServerFigure.CPUS));
          for (ServerFigure f : NodeExporterMetrics.FIGURES) {
            assertThat(r.values().get(f)).as(r.node() + " " + f.column)
                .isBetween(before.get(f) - ROUNDING, after.get(f) + ROUNDING);
          }
        }
        if (previous != null) {
          for (ServerFigure f : NodeExporterMetrics.FIGURES) {
            assertThat(readings.get(0).values().get(f)).as(f.column).isGreaterThanOrEqualTo(previous.values().get(f));
          }
        }
        previous = readings.get(0);
      }
    }
  }

  @Test
  @Timeout(60)
  void aHostItDoesNotScrapeIsUnavailableNamingTheInstancesItHas() throws Exception {
    try (PrometheusSource source = new PrometheusSource(prometheus.baseUri(), List.of("127.0.0.1", "192.0.2.7:9042"))) {
      String why = "Prometheus at " + prometheus.baseUri() + " has no node_exporter series for 192.0.2.7 (instances it has: "
          + byAddress + ", " + byName + ")";
      List<NodeReading> readings = source.read();
      assertThat(readings.get(0).values()).containsOnlyKeys(NodeExporterMetrics.FIGURES);
      assertThat(readings.get(1).node()).isEqualTo("192.0.2.7");
      assertThat(readings.get(1).values()).isEmpty();
      assertThat(readings.get(1).unavailable()).containsOnlyKeys(NodeExporterMetrics.FIGURES);
      assertThat(readings.get(1).unavailableInWords().values()).containsOnly(why);
      assertThatThrownBy(source::check).isInstanceOf(IOException.class).hasMessage(why);
    }
  }

  @Test
  @Timeout(60)
  void theDeviceFilterIsTheSameAsNodeExporterSources() throws Exception {
    try (PrometheusSource source = new PrometheusSource(prometheus.baseUri(), List.of("127.0.0.1"),
        DiskDevices.excluding(".*"))) {
      NodeReading r = source.read().get(0);
      assertThat(r.values()).containsOnlyKeys(ServerFigure.CPU_BUSY_SECONDS, ServerFigure.CPUS);
      assertThat(r.unavailableInWords().get(ServerFigure.DISK_WRITES)).isEqualTo("Prometheus at " + prometheus.baseUri()
          + " has no node_disk_writes_completed_total{device!~\".*\"} series of instance " + byAddress);
    }
  }

  @Test
  @Timeout(60)
  void aQueryPrometheusRefusesFailsWithItsErrorText() {
    try (PrometheusSource source = new PrometheusSource(prometheus.baseUri(), List.of("127.0.0.1"))) {
      assertThatThrownBy(() -> source.query("sum(node_cpu_seconds_total"))
          .isInstanceOf(IOException.class)
          .hasMessageStartingWith("Prometheus at " + prometheus.baseUri() + " refused sum(node_cpu_seconds_total: bad_data: ")
          .hasMessageContaining("parse error");
    }
  }

  @Test
  @Timeout(60)
  void prometheusDownFailsCheckAndReadNamingTheUrl() {
    URI nobody = URI.create("http://127.0.0.1:" + LocalDaemon.freePort());
    try (PrometheusSource source = new PrometheusSource(nobody, List.of("127.0.0.1"))) {
      assertThatThrownBy(source::check).isInstanceOf(IOException.class).hasMessageStartingWith(nobody + "/api/v1/");
      assertThatThrownBy(source::read).isInstanceOf(IOException.class).hasMessageStartingWith(nobody + "/api/v1/query");
    }
  }

  @Test
  @Timeout(10)
  void describesWhereItReads() {
    try (PrometheusSource source = new PrometheusSource(URI.create("http://prom:9090/"), List.of("a:9042", "b"))) {
      assertThat(source.describe()).isEqualTo("Prometheus at http://prom:9090 (node_exporter of a, b)");
    }
    assertThatThrownBy(() -> new PrometheusSource(URI.create("prom:9090"), List.of("a")))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("Prometheus at prom:9090: not an http(s) URL");
  }
}
