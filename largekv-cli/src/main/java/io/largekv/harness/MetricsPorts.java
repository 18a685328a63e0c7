package io.largekv.harness;

import io.largekv.common.TcpPort;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.largekv.common.MetricsProperties;
import io.largekv.common.UserError;
import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --metrics-port FIRST}: the metrics endpoints of the YCSB clients a command starts on this
 * machine (docs/metrics.md). Client {@code c} of a phase listens on {@value MetricsProperties#DEFAULT_ADDRESS}
 * at {@code FIRST + c}; the phases run one after another, so each phase's clients take the same ports
 * again. Before anything starts, every port must be free ({@link #checkFree}); the command writes the
 * ports as a Prometheus file-based service discovery file ({@value ResultsLayout#METRICS_TARGETS},
 * {@link #writeTargets}).
 *
 * @param first the first client's port
 * @param clients the clients of each phase
 * @param run the {@code run} label of every series: the results directory's name
 */
public record MetricsPorts(int first, int clients, String run) {

  public MetricsPorts {
    if (first < TcpPort.MIN || first + clients - 1 > TcpPort.MAX) {
      throw new IllegalArgumentException("ports " + first + ".." + (first + clients - 1));
    }
  }

  /** {@code --metrics-port FIRST} for {@code clients} clients, a {@link UserError} when they do not fit. */
  public static MetricsPorts of(int first, int clients, String run) throws UserError {
    if (run == null || run.isBlank() || run.contains(",") || run.contains("=")) {
      throw new UserError("--metrics-port " + first + ": the results directory's name (" + run + ") is the run label of"
          + " the clients' series; accepted: a directory whose name has no ',' or '=' (--out)");
    }
    if (first + clients - 1 > TcpPort.MAX) {
      throw new UserError("--metrics-port " + first + ": " + clients + " clients need ports " + first + " to "
          + (first + clients - 1) + "; accepted: a first port from " + TcpPort.MIN + " to " + (TcpPort.MAX - clients + 1));
    }
    return new MetricsPorts(first, clients, run);
  }

  /** Client {@code client}'s port. */
  public int port(int client) {
    return first + client;
  }

  /** Client {@code client}'s YCSB properties: its port, the address and its labels. */
  public List<String> properties(String target, String phase, int client) {
    return MetricsProperties.of(port(client), MetricsProperties.DEFAULT_ADDRESS, run, target, phase,
        Integer.toString(client));
  }

  /** Every port free on the address: else a {@link UserError} naming the first in use, before anything starts. */
  public void checkFree() throws UserError {
    for (int c = 0; c < clients; c++) {
      int port = port(c);
      try (ServerSocket s = new ServerSocket()) {
        s.setReuseAddress(true);
        s.bind(new java.net.InetSocketAddress(InetAddress.getByName(MetricsProperties.DEFAULT_ADDRESS), port));
      } catch (IOException e) {
        throw new UserError("--metrics-port " + first + ": port " + port + " on " + MetricsProperties.DEFAULT_ADDRESS
            + " (client " + c + "'s) is in use (" + e.getMessage() + "); accepted: a first port whose " + clients
            + " port(s) are free");
      }
    }
  }

  /** The endpoints, e.g. {@code http://127.0.0.1:9464/metrics .. :9466}. */
  public String describe() {
    String base = "http://" + MetricsProperties.DEFAULT_ADDRESS + ":";
    return base + first + MetricsProperties.PATH + (clients > 1 ? " to " + base + port(clients - 1)
        + MetricsProperties.PATH : "");
  }

  /** Writes {@value ResultsLayout#METRICS_TARGETS} into {@code dir}: Prometheus' file_sd_configs format. */
  public Path writeTargets(Path dir) throws IOException {
    List<String> targets = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      targets.add(MetricsProperties.DEFAULT_ADDRESS + ":" + port(c));
    }
    // no labels of its own: an older run's file listing the same addresses is then the same target
    // for Prometheus, scraped once (the series carry the run label themselves)
    Map<String, Object> group = new LinkedHashMap<>();
    group.put("targets", targets);
    Files.createDirectories(dir);
    Path file = dir.resolve(ResultsLayout.METRICS_TARGETS);
    Path tmp = dir.resolve(ResultsLayout.METRICS_TARGETS + ".tmp");
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(tmp.toFile(), List.of(group));
    // Prometheus watches the file: it must never read half of it
    Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    return file;
  }
}
