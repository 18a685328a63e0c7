package io.largekv.cli;

import io.largekv.common.Counts;
import io.largekv.common.TcpPort;
import io.largekv.common.UserError;
import io.largekv.harness.MetricsPorts;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --out} and {@code --metrics-port}, a mixin of the commands that write results and run
 * YCSB clients ({@code run}, {@code compare}, {@code k8s render}, {@code k8s local}): where the
 * results go, and the clients' metrics endpoints. {@code check}, which writes nothing, refuses them.
 */
final class ResultsOptions {

  /** {@code --out}: where the results go; null: the command's default. */
  Path out;
  /** {@code --metrics-port}: the first YCSB client's metrics port; null: no endpoint (docs/metrics.md). */
  Integer metricsPort;

  @Option(names = "--out", paramLabel = "DIR", description = "where the results go: DIR/<phase>/client-<i>/..."
      + " (default results/run-<time>, results/compare-<time>, results/k8s-local; k8s render: its manifests,"
      + " default results/k8s/RUN-PHASE, new or empty)", order = UsageOrder.OUTPUT + 1)
  void out(String v) {
    out = Paths.get(v).toAbsolutePath();
  }

  @Option(names = "--metrics-port", paramLabel = "FIRST", description = "YCSB client i serves Prometheus metrics"
      + " at 127.0.0.1:FIRST+i, listed in prometheus-targets.json of the results (k8s render: each pod at FIRST,"
      + " default 9464, annotated prometheus.io/scrape; docs/metrics.md)", order = UsageOrder.OUTPUT + 3)
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
}
