package io.largekv.servers;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * PrometheusText reads a real node_exporter page: its comments, labels whose values node_exporter
 * escaped (served from a textfile collector file), +Inf buckets and NaN, and the CPU series of this
 * machine's /proc/stat.
 */
class PrometheusTextTest {

  @Test
  @Timeout(90)
  void readsNodeExportersPage(@TempDir Path textfiles) throws Exception {
    Files.writeString(textfiles.resolve("largekv.prom"), String.join("\n",
        "# HELP largekv_test_escapes A gauge whose labels need escapes: \\\\ and \\n.",
        "# TYPE largekv_test_escapes gauge",
        "largekv_test_escapes{path=\"C:\\\\data\",quote=\"say \\\"hi\\\", {x=1}\",lines=\"a\\nb\"} 1.5",
        "# TYPE largekv_test_seconds histogram",
        "largekv_test_seconds_bucket{le=\"0.5\"} 3",
        "largekv_test_seconds_bucket{le=\"+Inf\"} 5",
        "largekv_test_seconds_sum 2.5",
        "largekv_test_seconds_count 5",
        "# TYPE largekv_test_nan gauge",
        "largekv_test_nan NaN",
        "# TYPE largekv_test_inf gauge",
        "largekv_test_inf -Inf",
        ""));
    try (NodeExporterProcess exporter = NodeExporterProcess.start("--collector.textfile",
        "--collector.textfile.directory=" + textfiles)) {
      String page = exporter.scrape();
      assertThat(page).contains("# HELP ").contains("# TYPE ").contains("\\\"hi\\\"");

      List<PrometheusText.Sample> escapes = PrometheusText.parse(page, "largekv_test_escapes"::equals);
      assertThat(escapes).hasSize(1);
      assertThat(escapes.get(0).labels())
          .isEqualTo(Map.of("path", "C:\\data", "quote", "say \"hi\", {x=1}", "lines", "a\nb"));
      assertThat(escapes.get(0).value()).isEqualTo(1.5);

      List<PrometheusText.Sample> buckets = PrometheusText.parse(page, "largekv_test_seconds_bucket"::equals);
      assertThat(buckets).extracting(s -> s.label("le")).containsExactly("0.5", "+Inf");
      assertThat(buckets).extracting(PrometheusText.Sample::value).containsExactly(3.0, 5.0);
      assertThat(PrometheusText.parse(page, "largekv_test_nan"::equals).get(0).value()).isNaN();
      assertThat(PrometheusText.parse(page, "largekv_test_inf"::equals).get(0).value())
          .isEqualTo(Double.NEGATIVE_INFINITY);

      // one sample a CPU and a mode: 8 modes of each cpuN line of /proc/stat
      int cpus = ProcCounters.read(DiskDevices.DEFAULT).cpus();
      List<PrometheusText.Sample> cpu = PrometheusText.parse(page, NodeExporterMetrics.CPU_SECONDS::equals);
      assertThat(cpu).hasSize(cpus * 8);
      assertThat(cpu).extracting(s -> s.label("mode")).containsOnly("user", "nice", "system", "idle", "iowait", "irq",
          "softirq", "steal");
      assertThat(cpu).allSatisfy(s -> assertThat(s.labels()).containsOnlyKeys("cpu", "mode"));

      // only the names asked for are parsed
      assertThat(PrometheusText.parse(page, name -> false)).isEmpty();
    }
  }
}
