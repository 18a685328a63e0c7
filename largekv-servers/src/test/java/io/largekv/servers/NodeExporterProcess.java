package io.largekv.servers;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Debian's node_exporter ({@value #BINARY}, package prometheus-node-exporter) on
 * {@code 127.0.0.1:<free port>} for a test, with only its cpu and diskstats collectors (and those
 * of {@code extraFlags}); stopped and its directory deleted on {@link #close}.
 */
public final class NodeExporterProcess implements AutoCloseable {

  public static final String BINARY = "/usr/bin/prometheus-node-exporter";
  public static final String DEBIAN_PACKAGE = "prometheus-node-exporter";

  /** The collectors it always runs: what the machines' sources read. */
  public static final List<String> COLLECTORS =
      List.of("--collector.disable-defaults", "--collector.cpu", "--collector.diskstats");

  private final int port;
  private final LocalDaemon daemon;

  private NodeExporterProcess(int port, LocalDaemon daemon) {
    this.port = port;
    this.daemon = daemon;
  }

  /**
   * Starts it and waits until its /metrics answers.
   *
   * @param extraFlags more flags, e.g. {@code --collector.textfile} and {@code
   *     --collector.textfile.directory=DIR} (a directory of the caller's)
   * @throws IllegalStateException when the binary is missing (install {@value #DEBIAN_PACKAGE}) or
   *     it does not answer in time (with its log's end)
   */
  public static NodeExporterProcess start(String... extraFlags) {
    LocalDaemon.requireBinary(Path.of(BINARY), DEBIAN_PACKAGE);
    int port = LocalDaemon.freePort();
    List<String> command = new ArrayList<>(List.of(BINARY, "--web.listen-address=127.0.0.1:" + port));
    command.addAll(COLLECTORS);
    command.addAll(List.of(extraFlags));
    Path dir = LocalDaemon.newDir("node-exporter");
    return new NodeExporterProcess(port,
        LocalDaemon.start("node_exporter", dir, command, URI.create("http://127.0.0.1:" + port + "/metrics")));
  }

  /** {@code 127.0.0.1}. */
  public String host() {
    return "127.0.0.1";
  }

  public int port() {
    return port;
  }

  /** {@code 127.0.0.1:PORT}: how a Prometheus target (and its {@code instance} label) names it. */
  public String address() {
    return host() + ":" + port;
  }

  public URI metricsUri() {
    return URI.create("http://" + address() + "/metrics");
  }

  /** Its /metrics page now. */
  public String scrape() throws IOException {
    return SourceHttp.get(metricsUri());
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
