package io.largekv.harness.nb5;

import io.largekv.cluster.ClusterEvents;
import io.largekv.common.UserError;
import io.largekv.console.Console;
import io.largekv.harness.ClientResult;
import io.largekv.harness.PhaseProgress;
import io.largekv.harness.ycsb.PhaseRunner;
import io.largekv.phase.Phase;
import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one phase as {@code clients} processes of the user's nb5 on yb_kv_large
 * ({@code bin/largekv run --harness nb5}), and leaves the layout {@link io.largekv.report.PhaseResult}
 * reads, as {@link PhaseRunner} does for YCSB:
 *
 * <pre>
 * RUN/schema.txt                       (load: the schema step, run once before the clients)
 * RUN/client-&lt;i&gt;/command.txt  ...     each client's nb5 ({@link Nb5Client})
 * </pre>
 *
 * The load runs the {@code rampup} block over the client's share of {@code [0, records)}; a read
 * phase runs the {@code uniform_*} or {@code latest_*} blocks, every read verified by the
 * workload, until {@code duration} seconds after the client's first operation, when it is ended
 * with SIGTERM, and prints its verification counts as it exits.
 */
public final class Nb5PhaseRunner {

  /** Where and how nb5 connects, and what every nb5 command gets. */
  public record Connection(String dialect, List<String> hosts, int port, String localdc, int replicationFactor,
      List<String> params) {

    public List<String> arguments() {
      List<String> a = new ArrayList<>(List.of("driver=cqld4", "hosts=" + String.join(",", hosts)));
      if (port > 0) {
        a.add("port=" + port);
      }
      if (localdc != null) {
        a.add("localdc=" + localdc);
        a.add("datacenter=" + localdc);
      }
      a.addAll(params);
      return a;
    }

    /**
     * {@code HOST[:PORT],...} as nb5's {@code hosts} and one {@code port}: the hosts' own, else
     * {@code defaultPort} (0: the driver's default).
     */
    public static Connection of(String dialect, String contactPoints, int defaultPort, String localdc,
        int replicationFactor, List<String> params) {
      List<String> hosts = new ArrayList<>();
      int port = 0;
      for (String h : contactPoints.split(",")) {
        String host = h.strip();
        int colon = host.lastIndexOf(':');
        if (colon > 0 && !host.endsWith("]") && host.indexOf(':') == colon) {
          int p = Integer.parseInt(host.substring(colon + 1));
          if (port != 0 && p != port) {
            throw new UserError("--hosts " + contactPoints + ": nb5's cqld4 takes one port for every host; "
                + "accepted: hosts on one port");
          }
          port = p;
          host = host.substring(0, colon);
        }
        hosts.add(host);
      }
      return new Connection(dialect, hosts, port != 0 ? port : defaultPort, localdc, replicationFactor, params);
    }
  }

  private final Nb5 nb5;
  private final Console console;
  /** Seconds a read phase's figures leave out at its start. */
  private final long warmupSeconds;

  public Nb5PhaseRunner(Nb5 nb5, Console console, long warmupSeconds) {
    this.nb5 = nb5;
    this.console = console;
    this.warmupSeconds = warmupSeconds;
  }

  /** What a client of {@code phase} states beside nb5's figures: a read phase's warm-up. */
  private Nb5Verdict.Times times(Phase phase) {
    Nb5Verdict.Times t = new Nb5Verdict.Times();
    t.warmUpExcludedSeconds = phase.isLoad() ? null : warmupSeconds;
    return t;
  }

  /**
   * Runs {@code phase} over {@code records} rows with {@code threads} per client; a read phase for
   * {@code durationSeconds} after each client's first operation.
   */
  public List<ClientResult> run(Phase phase, Connection connection, long records, int threads, long durationSeconds,
      int clients, Path runDir, ClusterEvents events, String label) throws IOException, InterruptedException {
    Files.createDirectories(runDir);
    String prefix = "largekv: [" + label + "] ";
    if (phase.isLoad()) {
      Nb5SchemaStep schema = Nb5SchemaStep.run(nb5, connection, runDir, console, prefix);
      if (schema.why() != null) {
        List<ClientResult> failed = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
          failed.add(Nb5Verdict.failed(nb5.version(), phase, ResultsLayout.client(runDir, c), schema.command(),
              schema.exitStatus(), schema.why(), share(records, clients, c), times(phase)));
        }
        return failed;
      }
    }
    List<Nb5Client> running = new ArrayList<>();
    PhaseProgress progress = new PhaseProgress(console, prefix, clients);
    try {
      for (int c = 0; c < clients; c++) {
        Path dir = Files.createDirectories(ResultsLayout.client(runDir, c));
        String clientPrefix = "largekv: [" + label + (clients > 1 ? " client " + c : "") + "] ";
        running.add(Nb5Client.start(nb5, phase, arguments(phase, connection, records, threads, clients, c, dir), dir,
            ResultsLayout.COMMAND, share(records, clients, c), Nb5Client.Window.afterFirstOperation(durationSeconds), console,
            clientPrefix, new Nb5Client.Progress(progress, c), events::firstOperation));
      }
      // a read phase ends by time: each client at duration seconds after its first operation
      Nb5Client.awaitAll(running);
    } catch (IOException | RuntimeException | InterruptedException e) {
      // none outlives a failed start of another
      for (Nb5Client c : running) {
        c.stop("largekv could not run the phase: " + e);
      }
      throw e;
    }
    List<ClientResult> results = new ArrayList<>();
    for (Nb5Client c : running) {
      results.add(c.finish(times(phase)));
    }
    progress.ended(results);
    return results;
  }

  /** Client {@code c}'s nb5 arguments. */
  public static List<String> arguments(Phase phase, Connection connection, long records, int threads, int clients, int c,
      Path dir) {
    List<String> a = new ArrayList<>(List.of("--logs-dir", dir.resolve("logs").toString(), "--log-histograms",
        dir.resolve(ResultsLayout.NB5_LOG) + ":.*for_.*:1s", "--progress", "console:1s", "run", "workload=yb_kv_large",
        "instrument=true", "threads=" + threads));
    if (phase.isLoad()) {
      long from = records * c / clients;
      long to = from + share(records, clients, c);
      a.addAll(List.of("alias=load", "tags=block:rampup", "cycles=" + from + ".." + to));
    } else {
      String blocks = phase == Phase.UNIFORM_READ ? "uniform_.*" : "latest_.*";
      a.addAll(List.of("alias=" + phase.name.replace('-', '_'), "tags=block:" + blocks, "keycount=" + records,
          "cycles=" + Nb5Client.UNBOUNDED_CYCLES));
    }
    a.addAll(connection.arguments());
    return a;
  }

  /** The rows client {@code c} of {@code clients} loads: its share of {@code [0, records)}. */
  static long share(long records, int clients, int c) {
    return records * (c + 1) / clients - records * c / clients;
  }
}
