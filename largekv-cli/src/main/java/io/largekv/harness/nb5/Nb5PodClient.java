package io.largekv.harness.nb5;

import io.largekv.common.ExitStatus;
import io.largekv.common.StartBarrier;
import io.largekv.common.UserError;
import io.largekv.common.WarmUp;
import io.largekv.common.YcsbOutput;
import io.largekv.console.Console;
import io.largekv.harness.ClientResult;
import io.largekv.harness.PhaseProgress;
import io.largekv.common.Counts;
import io.largekv.phase.Phase;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code bin/largekv nb5-client}: one nb5 client of a phase that runs as N separate processes, a
 * Kubernetes Indexed Job's pod each ({@code k8s render --harness nb5}): client {@code client.index}
 * of {@code client.count}, the command line of a YCSB pod's with {@code nb5-client} in place of
 * {@code bin/ycsb}, so that the report reads both the same way. It takes the YCSB-form properties
 * {@code run --harness nb5} translates for nb5 ({@link Nb5Settings}), and these of its own:
 *
 * <ul>
 *   <li>{@code client.index}, {@code client.count}: which share of the load's rows it inserts
 *       (as a YCSB client's), and which ready file it writes at the start barrier;</li>
 *   <li>{@code largekv.start_barrier} (and its timeout and margin): the phase's clients meet there
 *       ({@link StartBarrier}): a load's clients start nb5 at the common instant; a read phase's
 *       clients start nb5 at once, come to the barrier after their first operation, and all end at
 *       the common start plus the duration; one whose nb5 ends before that fails;</li>
 *   <li>{@code largekv.warmup_s}: the seconds after the common start the report leaves out
 *       (default: 10 for a read phase, as a YCSB client's, 0 for a load).</li>
 * </ul>
 *
 * A load's schema step runs once, in client 0, before it comes to the barrier: the others cannot
 * start before the table exists, and concurrent DDL from N pods is what Cassandra handles worst.
 * When it fails, client 0 says so at the barrier and every client fails at once. Each client writes
 * the layout of a local nb5 client ({@link Nb5Client}), its nb5 command line in
 * {@code nb5-command.txt}, and exits 0 only when its verdict is ok.
 */
public final class Nb5PodClient {

  private Nb5PodClient() {}

  /** The parsed command line. */
  public record Options(Phase phase, Path dir, Path workloadFile, int index, int count, StartBarrier barrier,
      long warmupSeconds, Nb5Settings settings) {

    /**
     * The options of {@code props}: largekv's own (the last one wins, as in YCSB), the rest nb5's
     * settings, checked ({@link Nb5Settings}). {@code k8s render} checks its pods' this way.
     */
    public static Options of(Phase phase, Path dir, Path workload, List<String> props) throws UserError {
      String index = null;
      String count = null;
      java.util.Map<String, String> barrierProperties = new java.util.HashMap<>();
      String warmup = null;
      List<String> nb5 = new ArrayList<>();
      for (String p : props) {
        String name = p.substring(0, p.indexOf('='));
        String value = p.substring(p.indexOf('=') + 1).strip();
        switch (name) {
          case "client.index" -> index = value;
          case "client.count" -> count = value;
          case StartBarrier.DIR, StartBarrier.TIMEOUT_S, StartBarrier.MARGIN_S -> barrierProperties.put(name, value);
          case WarmUp.PROPERTY -> warmup = value;
          default -> nb5.add(p);
        }
      }
      int c = count == null ? 1 : (int) Counts.between("client.count", count, 1, Counts.MAX_CLIENTS);
      int i = index == null ? 0 : (int) Counts.between("client.index", index, 0, c - 1);
      StartBarrier barrier = StartBarrier.of(barrierProperties::get, i, c);
      long w = warmup == null ? (phase.isLoad() ? 0 : WarmUp.DEFAULT_READ_SECONDS)
          : Counts.between(WarmUp.PROPERTY, warmup, 0, 86_400);
      Nb5Settings s = Nb5Settings.of(nb5, workload);
      if (!phase.isLoad() && w >= s.durationSeconds) {
        throw new UserError(WarmUp.PROPERTY + "=" + w + " leaves nothing of the read phase's " + s.durationSeconds
            + " s (maxexecutiontime, --duration); accepted: a warm-up shorter than the duration");
      }
      return new Options(phase, dir, workload, i, c, barrier, w, s);
    }
  }

  /**
   * Runs the client {@code o} of the installation at {@code repo} ({@code args}: its command line,
   * {@code args[0]} is {@code nb5-client}).
   */
  public static int run(Options o, Path repo, String[] args, PrintStream err) throws IOException, InterruptedException {
    Nb5Settings s = o.settings();
    Nb5 nb5 = Nb5.find(repo);
    Path dir = Files.createDirectories(o.dir());
    long rows = Nb5PhaseRunner.share(s.records, o.count(), o.index());
    String prefix = "largekv: [" + o.phase().name + " client " + o.index() + "] ";
    StartBarrier barrier = o.barrier();
    String command = "bin/largekv " + String.join(" ", args);

    if (o.phase().isLoad() && o.index() == 0) {
      Nb5SchemaStep schema = Nb5SchemaStep.run(nb5, s.connection, dir.getParent(), podLog(err), prefix);
      if (schema.why() != null) {
        if (barrier != null) {
          barrier.fail(schema.why());
        }
        return verdict(Nb5Verdict.failed(nb5.version(), o.phase(), dir, schema.command(), schema.exitStatus(),
            schema.why(), rows, new Nb5Verdict.Times()), err);
      }
    }
    Nb5Verdict.Times times = new Nb5Verdict.Times();
    if (o.phase().isLoad()) {
      // a load starts nb5 at the common start: its rows and throughput count from its first insert
      long commonStart = 0;
      if (barrier != null) {
        try {
          commonStart = Math.max(0, barrier.await(err, true));
        } catch (StartBarrier.Missed e) {
          return verdict(Nb5Verdict.failed(nb5.version(), o.phase(), dir, command, ExitStatus.FAILED,
              e.getMessage(), rows, times), err);
        }
      }
      if (commonStart > 0) {
        times.commonStart(commonStart);
      }
      return runToEnd(start(nb5, o, s, dir, rows, Nb5Client.Window.afterFirstOperation(s.durationSeconds), prefix,
          err), null, s, times, err);
    }
    // a read phase's client connects and reads (its warm-up) before it comes to the barrier: at the
    // common start every client is running; the report measures from the common start plus the
    // warm-up, and every client is ended at the common start plus the duration
    times.warmUpExcludedSeconds = (long) o.warmupSeconds();
    return runToEnd(start(nb5, o, s, dir, rows, barrier == null
        ? Nb5Client.Window.afterFirstOperation(s.durationSeconds)
        : new Nb5Client.Window(s.durationSeconds, Nb5Client.Window.PENDING), prefix, err), barrier, s, times, err);
  }

  /**
   * Runs the started client to its end (a read client with a barrier meets the others once it
   * made its first operation), then writes its verdict; the client never outlives this method.
   */
  private static int runToEnd(Nb5Client client, StartBarrier barrier, Nb5Settings s, Nb5Verdict.Times times,
      PrintStream err) throws IOException, InterruptedException {
    // a user's Ctrl-C on a client run by hand: nb5 ends with it, not as an orphan (in a pod, the
    // container's end takes every process of it)
    Thread hook = new Thread(() -> client.stop("largekv's nb5 client was ended"), "nb5-client-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    boolean finished = false;
    try {
      if (barrier != null) {
        while (client.firstOperationMs() < 0 && client.poll(System.currentTimeMillis())) {
          Thread.sleep(100);
        }
        String why = client.firstOperationMs() < 0 ? "nb5 ended before its first operation" : null;
        long commonStart = 0;
        if (why == null) {
          try {
            commonStart = barrier.await(err, false);
          } catch (StartBarrier.Missed e) {
            why = e.getMessage();
          }
        }
        if (why == null && !client.running()) {
          why = "nb5 ended while its client waited for the common start";
        }
        if (why != null) {
          barrier.fail(why);
          client.stop(why);
        } else {
          times.commonStart(commonStart);
          client.window(new Nb5Client.Window(s.durationSeconds, commonStart));
        }
      }
      Nb5Client.awaitAll(List.of(client));
      ClientResult result = client.finish(times);
      finished = true;
      return verdict(result, err);
    } finally {
      if (!finished) {
        client.stop("largekv's nb5 client failed");
      }
      Runtime.getRuntime().removeShutdownHook(hook);
    }
  }

  private static Nb5Client start(Nb5 nb5, Options o, Nb5Settings s, Path dir, long rows, Nb5Client.Window window,
      String prefix, PrintStream err) throws IOException {
    return Nb5Client.start(nb5, o.phase(), Nb5PhaseRunner.arguments(o.phase(), s.connection, s.records, s.threads,
        o.count(), o.index(), dir), dir, "nb5-command.txt", rows, window, podLog(err), prefix,
        new Nb5Client.Progress(new PhaseProgress(podLog(err), prefix, 1), 0),
        ms -> err.println(YcsbOutput.FIRST_OPERATION + ms + " (ms since 1970)"));
  }

  /** A pod's log is the only place its nb5's own lines are seen: every one of them goes there. */
  private static Console podLog(PrintStream err) {
    return new Console(err, true);
  }

  /** Prints the client's verdict line and returns its exit status. */
  private static int verdict(ClientResult r, PrintStream err) {
    String result = r.summary.result();
    err.println("largekv: nb5 client: " + (result == null ? "no result" : result) + " (exit status " + r.exitCode
        + ")");
    return r.exitCode;
  }
}
