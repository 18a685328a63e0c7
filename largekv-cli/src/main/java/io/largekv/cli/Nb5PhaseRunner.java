package io.largekv.cli;

import io.largekv.common.Nb5Output;
import io.largekv.common.UserError;
import io.largekv.common.YcsbOutput;
import io.largekv.report.Nb5Histograms;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs one phase as {@code clients} processes of the user's nb5 on yb_kv_large
 * ({@code bin/largekv run --harness nb5}), and leaves the layout {@link io.largekv.report.PhaseResult}
 * reads, as {@link PhaseRunner} does for YCSB:
 *
 * <pre>
 * RUN/schema.txt                       (load: the schema step, run once before the clients)
 * RUN/client-&lt;i&gt;/nb5.txt  nb5.hdr  logs/  command.txt   nb5's own output, histogram log and logs
 * RUN/client-&lt;i&gt;/hdr/&lt;OP&gt;.hdr  nb5-summary.txt  exit.txt   largekv's reading of them (below)
 * </pre>
 *
 * The load runs the {@code rampup} block over the client's share of {@code [0, records)}; a read
 * phase runs the {@code uniform_*} or {@code latest_*} blocks, every read verified by the
 * workload, until {@code duration} seconds after the client's first operation, when it is ended
 * with SIGTERM, and prints its verification counts as it exits. {@code hdr/<OP>.hdr} is nb5's
 * log in µs ({@link Nb5Histograms}); {@code nb5-summary.txt} holds, in YCSB's
 * {@code [SECTION], metric, value} form, the operations of that log, the failed ones, the
 * verification counts and the verdict; {@code exit.txt} is the client's verdict: 0 only when nb5
 * ran to its end (or was ended at the deadline) and, for a read phase, said every row it read was
 * present and correct.
 */
final class Nb5PhaseRunner {

  /** Where and how nb5 connects, and what every nb5 command gets. */
  record Connection(String dialect, List<String> hosts, int port, String localdc, int replicationFactor,
      List<String> params) {

    List<String> arguments() {
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
    static Connection of(String dialect, String contactPoints, int defaultPort, String localdc,
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

  /** The cycles of a read phase: more than any run reaches; the phase ends by time. */
  static final long UNBOUNDED_CYCLES = 1_000_000_000_000L;
  /** Seconds a client may take to its first operation before it is ended. */
  static final int FIRST_OPERATION_TIMEOUT_S = 600;
  /** Seconds nb5 may take to exit once ended (it prints the counts, closes the logs). */
  static final int EXIT_TIMEOUT_S = 120;

  private final Nb5 nb5;
  private final PrintStream progress;

  Nb5PhaseRunner(Nb5 nb5, PrintStream progress) {
    this.nb5 = nb5;
    this.progress = progress;
  }

  /**
   * Runs {@code phase} over {@code records} rows with {@code threads} per client; a read phase for
   * {@code durationSeconds} after each client's first operation.
   */
  List<PhaseRunner.Result> run(Phase phase, Connection connection, long records, int threads, long durationSeconds,
      int clients, Path runDir, PhaseEvents events, String label) throws IOException, InterruptedException {
    Files.createDirectories(runDir);
    String prefix = "largekv: [" + label + "] ";
    if (phase.isLoad()) {
      List<String> schema = new ArrayList<>(List.of("--logs-dir", runDir.resolve("schema-logs").toString(),
          "yb_kv_large", "load.schema", "target=" + connection.dialect(), "rf=" + connection.replicationFactor()));
      schema.addAll(connection.arguments());
      progress.println(prefix + "schema: bin/nb5 " + String.join(" ", schema));
      Files.createDirectories(runDir.resolve("schema-logs"));
      Process p = new ProcessBuilder(nb5.command(schema)).directory(runDir.toFile()).redirectErrorStream(true)
          .redirectOutput(runDir.resolve("schema.txt").toFile()).start();
      String schemaWhy = null;
      if (!p.waitFor(FIRST_OPERATION_TIMEOUT_S, TimeUnit.SECONDS)) {
        stop(p);
        schemaWhy = awaitEnd(p);
      }
      if (p.exitValue() != 0 || schemaWhy != null) {
        List<PhaseRunner.Result> failed = new ArrayList<>();
        String why = (schemaWhy != null ? "nb5's schema step did not end in " + FIRST_OPERATION_TIMEOUT_S + " s"
            : "nb5's schema step exited " + p.exitValue()) + " (" + runDir.resolve("schema.txt") + ")";
        progress.println(prefix + "FAILED: " + why);
        for (int c = 0; c < clients; c++) {
          Path dir = Files.createDirectories(runDir.resolve("client-" + c));
          failed.add(finish(phase, dir, String.join(" ", schema), p.exitValue(), false, why, share(records, clients, c)));
        }
        return failed;
      }
    }
    List<Process> processes = new ArrayList<>();
    List<Thread> pumps = new ArrayList<>();
    List<String> shown = new ArrayList<>();
    AtomicLong[] firstOperation = new AtomicLong[clients];
    for (int c = 0; c < clients; c++) {
      Path dir = Files.createDirectories(runDir.resolve("client-" + c));
      Files.createDirectories(dir.resolve("logs"));
      List<String> args = arguments(phase, connection, records, threads, clients, c, dir);
      String line = "bin/nb5 " + String.join(" ", args);
      shown.add(line);
      Files.writeString(dir.resolve("command.txt"), line + "\n");
      String clientPrefix = "largekv: [" + label + (clients > 1 ? " client " + c : "") + "] ";
      progress.println(clientPrefix + line);
      Process p = new ProcessBuilder(nb5.command(args)).directory(dir.toFile()).redirectErrorStream(true).start();
      processes.add(p);
      firstOperation[c] = new AtomicLong(-1);
      AtomicLong first = firstOperation[c];
      Thread pump = new Thread(() -> pump(p, dir.resolve("nb5.txt"), clientPrefix, events, first), "nb5-output-" + c);
      pump.start();
      pumps.add(pump);
    }
    boolean[] ended = new boolean[clients];
    String[] why = new String[clients];
    long started = System.currentTimeMillis();
    // a read phase ends by time: each client at duration seconds after its first operation
    while (true) {
      boolean running = false;
      for (int c = 0; c < clients; c++) {
        Process p = processes.get(c);
        if (!p.isAlive() || ended[c]) {
          continue;
        }
        running = true;
        long first = firstOperation[c].get();
        long now = System.currentTimeMillis();
        if (!phase.isLoad() && first > 0 && now >= first + durationSeconds * 1000) {
          ended[c] = true;
          stop(p);
        } else if (first < 0 && now - started > FIRST_OPERATION_TIMEOUT_S * 1000L) {
          why[c] = "no operation within " + FIRST_OPERATION_TIMEOUT_S + " s of its start";
          stop(p);
        }
      }
      if (!running) {
        break;
      }
      Thread.sleep(100);
    }
    List<PhaseRunner.Result> results = new ArrayList<>();
    for (int c = 0; c < clients; c++) {
      Process p = processes.get(c);
      String notEnded = awaitEnd(p);
      if (notEnded != null) {
        why[c] = notEnded;
      }
      pumps.get(c).join();
      results.add(finish(phase, runDir.resolve("client-" + c), shown.get(c), p.exitValue(), ended[c] && why[c] == null,
          why[c], share(records, clients, c)));
    }
    return results;
  }

  /** Client {@code c}'s nb5 arguments. */
  List<String> arguments(Phase phase, Connection connection, long records, int threads, int clients, int c,
      Path dir) {
    List<String> a = new ArrayList<>(List.of("--logs-dir", dir.resolve("logs").toString(), "--log-histograms",
        dir.resolve("nb5.hdr") + ":.*for_.*:1s", "--progress", "console:1s", "run", "workload=yb_kv_large",
        "instrument=true", "threads=" + threads));
    if (phase.isLoad()) {
      long from = records * c / clients;
      long to = from + share(records, clients, c);
      a.addAll(List.of("alias=load", "tags=block:rampup", "cycles=" + from + ".." + to));
    } else {
      String blocks = phase == Phase.UNIFORM_READ ? "uniform_.*" : "latest_.*";
      a.addAll(List.of("alias=" + phase.name.replace('-', '_'), "tags=block:" + blocks, "keycount=" + records,
          "cycles=" + UNBOUNDED_CYCLES));
    }
    a.addAll(connection.arguments());
    return a;
  }

  /** The rows client {@code c} of {@code clients} loads: its share of {@code [0, records)}. */
  static long share(long records, int clients, int c) {
    return records * (c + 1) / clients - records * c / clients;
  }

  /** Ends nb5 as a user's Ctrl-C would: SIGTERM to it and its children (its counts are printed as it exits). */
  private static void stop(Process p) {
    // through the handles: Process.destroy would also close nb5's output before it printed the counts
    p.descendants().forEach(ProcessHandle::destroy);
    p.toHandle().destroy();
  }

  /**
   * Waits for nb5 to exit, at most {@link #EXIT_TIMEOUT_S}, then kills it and its children;
   * null when it exited, else why the client failed.
   */
  private static String awaitEnd(Process p) throws InterruptedException {
    if (p.waitFor(EXIT_TIMEOUT_S, TimeUnit.SECONDS)) {
      return null;
    }
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly().waitFor();
    return "nb5 did not exit within " + EXIT_TIMEOUT_S + " s of being ended";
  }

  /** Keeps nb5's output in its file, starts the events at the first operation, shows progress every 10 s. */
  private void pump(Process p, Path file, String prefix, PhaseEvents events, AtomicLong firstOperation) {
    long[] progressLines = {0};
    PhaseRunner.keepLines(p.getInputStream(), file, progress, prefix + "lost nb5's output", line -> {
      long complete = Nb5Output.progressComplete(line);
      if (complete >= 0) {
        if (complete > 0 && firstOperation.compareAndSet(-1, System.currentTimeMillis())) {
          events.firstOperation(firstOperation.get());
        }
        if (progressLines[0]++ % 10 == 0) {
          progress.println(prefix + line);
        }
      } else if (line.startsWith("yb_kv_large") || line.contains(" ERROR ")) {
        progress.println(prefix + line);
      }
    });
  }

  /**
   * Reads what client {@code dir}'s nb5 left, writes largekv's reading of it and returns the
   * client's result. {@code endedAtDeadline}: largekv ended it at the phase's end (its exit
   * status is the signal's).
   */
  private PhaseRunner.Result finish(Phase phase, Path dir, String command, int nb5Exit, boolean endedAtDeadline,
      String why, long rows) throws IOException {
    Path out = dir.resolve("nb5.txt");
    String text = Files.exists(out) ? Files.readString(out, StandardCharsets.UTF_8) : "";
    Nb5Output nb5Output = Nb5Output.parse(text);
    Map<String, Long> counts = Nb5Histograms.translate(dir.resolve("nb5.hdr"), dir.resolve("hdr"));
    Map<String, long[]> byOp = new TreeMap<>();
    counts.forEach((op, n) -> {
      boolean f = op.endsWith("-FAILED");
      byOp.computeIfAbsent(f ? op.substring(0, op.length() - "-FAILED".length()) : op, k -> new long[2])[f ? 1 : 0] += n;
    });
    long failed = byOp.values().stream().mapToLong(n -> n[1]).sum();
    long completed = Nb5Output.completed(text);
    boolean exited = nb5Exit == 0 || (endedAtDeadline && (nb5Exit == 143 || nb5Exit == 130));
    String reason = why;
    if (reason == null && !exited) {
      reason = "nb5 exited " + nb5Exit + lastError(text).map(e -> ": " + e).orElse("");
    }
    if (reason == null && failed > 0) {
      // an operation that failed fails the phase, also one nb5 had in flight when it was ended
      reason = failed + " operation(s) failed (nb5's errorsfor_* timers)";
    }
    if (reason == null && phase.isLoad() && completed != rows) {
      // nb5 runs whole strides only: a load that left cycles out must not pass for a whole one
      reason = "nb5 completed " + completed + " of the " + rows + " inserts of its share";
    }
    if (reason == null && !phase.isLoad() && !nb5Output.verifiedOk()) {
      reason = nb5Output.verdict().isEmpty() ? "nb5 printed no verification counts" : nb5Output.verdict();
    }
    int exit = reason == null ? 0 : 1;
    StringBuilder s = new StringBuilder();
    s.append("# largekv's reading of nb5's output (nb5.txt) and histogram log (nb5.hdr); see docs/nosqlbench.md\n");
    for (Map.Entry<String, long[]> e : byOp.entrySet()) {
      s.append(String.format(Locale.ROOT, "[%s], Operations, %d%n[%s], Return=OK, %d%n", e.getKey(), e.getValue()[0],
          e.getKey(), e.getValue()[0]));
      if (e.getValue()[1] > 0) {
        s.append(String.format(Locale.ROOT, "[%s], Return=ERROR, %d%n", e.getKey(), e.getValue()[1]));
        s.append(String.format(Locale.ROOT, "[ERRORS], Return=%s:nb5 error, %d%n", e.getKey(), e.getValue()[1]));
      }
    }
    Nb5Output.Verified v = nb5Output.total();
    if (!nb5Output.verified().isEmpty()) {
      s.append(String.format(Locale.ROOT, "[VERIFY], Return=OK, %d%n[VERIFY], Return=MISSING, %d%n"
          + "[VERIFY], Return=CORRUPT, %d%n[VERIFY], Return=NOT_YET_WRITTEN, %d%n", v.ok(), v.missing(), v.corrupt(),
          v.notYetWritten()));
    }
    s.append(String.format(Locale.ROOT, "[LARGEKV], FailedOperations, %d%n", failed));
    s.append("[LARGEKV], Result, ").append(reason == null ? "ok" : "FAILED: " + reason).append('\n');
    s.append("[NB5], Version, ").append(nb5.version()).append('\n');
    s.append("[NB5], CompletedOperations, ").append(completed).append('\n');
    s.append("[NB5], ExitStatus, ").append(nb5Exit).append(endedAtDeadline ? " (ended at the phase's end)" : "")
        .append('\n');
    Files.writeString(dir.resolve(io.largekv.report.PhaseResult.NB5_SUMMARY), s.toString());
    Files.writeString(dir.resolve("exit.txt"), exit + "\n");
    List<String> own = reason == null ? List.of() : List.of("largekv: " + reason);
    return new PhaseRunner.Result(phase, exit, YcsbOutput.parse(s.toString()), out, out, command, own,
        "nb5 " + nb5.version() + " (cqld4), yb_kv_large");
  }

  private static java.util.Optional<String> lastError(String text) {
    return text.lines().filter(l -> l.contains(" ERROR ") || l.startsWith("yb_kv_large:")).map(String::strip)
        .reduce((a, b) -> b);
  }
}
