package io.largekv.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.report.files.ServerFigure;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * NodeExporterSource against a real node_exporter on this machine, checked against /proc read just
 * before and just after each reading (the counters only grow, so node_exporter's lie between).
 */
class NodeExporterSourceTest {

  /** Less than one /proc/stat tick (0.01 s): the sum of node_exporter's printed seconds rounds. */
  private static final double CPU_ROUNDING = 1e-3;

  private static NodeExporterProcess exporter;

  @BeforeAll
  @Timeout(90)
  static void start() {
    exporter = NodeExporterProcess.start();
  }

  @AfterAll
  @Timeout(30)
  static void stop() {
    if (exporter != null) {
      exporter.close();
    }
  }

  @Test
  @Timeout(60)
  void readsWhatTheKernelCounts() throws Exception {
    try (NodeExporterSource source = new NodeExporterSource(List.of("127.0.0.1:9042"), exporter.port(),
        DiskDevices.DEFAULT)) {
      source.check();
      NodeReading previous = null;
      for (int i = 0; i < 3; i++) {
        ProcCounters before = ProcCounters.read(DiskDevices.DEFAULT);
        List<NodeReading> readings = source.read();
        ProcCounters after = ProcCounters.read(DiskDevices.DEFAULT);

        assertThat(readings).hasSize(1);
        NodeReading r = readings.get(0);
        assertThat(r.node()).isEqualTo("127.0.0.1");
        assertThat(r.unavailable()).isEmpty();
        assertThat(r.state()).isNull();
        assertThat(r.values()).containsOnlyKeys(NodeExporterMetrics.FIGURES);
        assertThat(r.values().get(ServerFigure.CPUS)).isEqualTo(before.cpus()).isEqualTo(after.cpus());
        assertThat(r.values().get(ServerFigure.CPU_BUSY_SECONDS))
            .isBetween(before.busySeconds() - CPU_ROUNDING, after.busySeconds() + CPU_ROUNDING);
        for (ServerFigure f : NodeExporterMetrics.DISK.keySet()) {
          assertThat(r.values().get(f)).as(f.column).isBetween(before.disk().get(f), after.disk().get(f));
        }
        if (previous != null) {
          for (ServerFigure f : NodeExporterMetrics.FIGURES) {
            assertThat(r.values().get(f)).as(f.column).isGreaterThanOrEqualTo(previous.values().get(f));
          }
        }
        previous = r;
        Thread.sleep(300);
      }
    }
  }

  @Test
  @Timeout(60)
  void aNodeThatDoesNotAnswerHasItsFiguresUnavailable() throws Exception {
    // 127.0.0.2 is this machine too, but node_exporter listens on 127.0.0.1 only
    try (NodeExporterSource source = new NodeExporterSource(List.of("127.0.0.1", "127.0.0.2:9042"),
        exporter.port(), DiskDevices.DEFAULT)) {
      String deadUrl = "http://127.0.0.2:" + exporter.port() + "/metrics";
      List<NodeReading> readings = source.read();
      assertThat(readings).extracting(NodeReading::node).containsExactly("127.0.0.1", "127.0.0.2");
      assertThat(readings.get(0).values()).containsOnlyKeys(NodeExporterMetrics.FIGURES);
      NodeReading dead = readings.get(1);
      assertThat(dead.values()).isEmpty();
      assertThat(dead.unavailable()).containsOnlyKeys(NodeExporterMetrics.FIGURES);
      assertThat(dead.unavailableInWords().values()).allSatisfy(why -> assertThat(why).startsWith(deadUrl + ": "));

      assertThatThrownBy(source::check).isInstanceOf(IOException.class).hasMessageStartingWith(deadUrl + ": ")
          .message().doesNotContain("127.0.0.1:");
    }
  }

  @Test
  @Timeout(60)
  void nothingListeningFailsCheckAndReadNamingEachUrl() {
    int port = LocalDaemon.freePort();
    try (NodeExporterSource source = new NodeExporterSource(List.of("127.0.0.1", "localhost"), port,
        DiskDevices.DEFAULT)) {
      String a = "http://127.0.0.1:" + port + "/metrics";
      String b = "http://localhost:" + port + "/metrics";
      assertThatThrownBy(source::check).isInstanceOf(IOException.class).hasMessageContaining(a + ": ")
          .hasMessageContaining(b + ": ");
      assertThatThrownBy(source::read).isInstanceOf(IOException.class).hasMessageStartingWith("no node_exporter answered")
          .hasMessageContaining(a + ": ").hasMessageContaining(b + ": ");
    }
  }

  @Test
  @Timeout(60)
  void theDeviceFilterIsTheCallers() throws Exception {
    String url = exporter.metricsUri().toString();
    try (NodeExporterSource none = new NodeExporterSource(List.of("127.0.0.1"), exporter.port(),
        DiskDevices.excluding(".*"))) {
      NodeReading r = none.read().get(0);
      assertThat(r.values()).containsOnlyKeys(ServerFigure.CPU_BUSY_SECONDS, ServerFigure.CPUS);
      assertThat(r.unavailable()).containsOnlyKeys(NodeExporterMetrics.DISK.keySet());
      assertThat(r.unavailableInWords().get(ServerFigure.DISK_READS))
          .startsWith(url + " serves node_disk_reads_completed_total only of devices left out (");
      assertThatThrownBy(none::check).isInstanceOf(IOException.class).hasMessageContaining(url + " serves ");
    }
    // every device node_exporter serves, partitions and stacked devices included: at least the whole disks
    try (NodeExporterSource all = new NodeExporterSource(List.of("127.0.0.1"), exporter.port(),
        DiskDevices.excluding("^$"));
        NodeExporterSource whole = new NodeExporterSource(List.of("127.0.0.1"), exporter.port(), DiskDevices.DEFAULT)) {
      Map<ServerFigure, Double> w = whole.read().get(0).values();
      Map<ServerFigure, Double> a = all.read().get(0).values();
      for (ServerFigure f : NodeExporterMetrics.DISK.keySet()) {
        assertThat(a.get(f)).as(f.column).isGreaterThanOrEqualTo(w.get(f));
      }
    }
  }

  @Test
  @Timeout(10)
  void describesWhereItReads() throws Exception {
    try (NodeExporterSource one = new NodeExporterSource(List.of("10.0.0.5:9042"));
        NodeExporterSource two = new NodeExporterSource(List.of("a", "[::1]:9042"), 9200, DiskDevices.DEFAULT)) {
      assertThat(one.describe()).isEqualTo("node_exporter at 10.0.0.5:9100");
      assertThat(two.describe()).isEqualTo("node_exporter on port 9200 of a, ::1");
      assertThat(two.metricsUri("::1").toString()).isEqualTo("http://[::1]:9200/metrics");
      assertThat(one.balance().settled()).isNull();
    }
  }
}
