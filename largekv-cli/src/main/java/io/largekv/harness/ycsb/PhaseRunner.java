package io.largekv.harness.ycsb;

import io.largekv.cluster.ClusterEvents;
import io.largekv.common.Directories;
import io.largekv.common.ExitStatus;
import io.largekv.common.UserError;
import io.largekv.common.YcsbCommandLine;
import io.largekv.common.YcsbOutput;
import io.largekv.console.Console;
import io.largekv.harness.ClientResult;
import io.largekv.harness.PhaseProgress;
import io.largekv.phase.Phase;
import io.largekv.results.ClientSummary;
import io.largekv.results.ResultsLayout;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs one phase — {@code bin/run} and {@code bin/compare} alike — as {@code clients} processes of
 * the repository's {@code bin/ycsb} (YCSB 0.17 with the yugabyte-ycql binding), sharded with
 * {@code client.index}/{@code client.count}, and keeps their raw output in the layout the report
 * reads ({@link io.largekv.report.PhaseResult}):
 *
 * <pre>
 * RUN/client-&lt;i&gt;/ycsb.txt  stderr.txt  command.txt  exit.txt  hdr/&lt;OP&gt;.hdr  timeline.csv  [load.checkpoint]
 * RUN/events.jsonl  event-&lt;i&gt;.txt  nodes.jsonl   (written by the caller's events and local cluster)
 * </pre>
 *
 * Each client records HdrHistogram interval logs a second, a timeline a second, and a load's
 * checkpoint; progress lines go through {@link ClientProgress}.
 */
public final class PhaseRunner {

  private final Path repo;
  private final Console console;
  /** The clients' metrics endpoints ({@code --metrics-port}), or null. */
  private io.largekv.harness.MetricsPorts metrics;
  /** The {@code target} label of their series. */
  private String metricsTarget;

  public PhaseRunner(Path repo, Console console) {
    this.repo = repo;
    this.console = console;
  }

  /** Each client of a phase serves its metrics at {@code ports}' port, labelled {@code target}. */
  public PhaseRunner metrics(io.largekv.harness.MetricsPorts ports, String target) {
    metrics = ports;
    metricsTarget = target;
    return this;
  }

  /**
   * Runs {@code phase} with {@code workloadFile} (under workloads/) and {@code properties} as
   * {@code clients} concurrent processes into {@code runDir}; returns when all have ended.
   *
   * @param label how progress lines name the run, e.g. {@code uniform-read} or {@code yugabyte load rep 1}
   */
  public List<ClientResult> run(Phase phase, String workloadFile, List<String> properties, int clients, Path runDir,
      ClusterEvents events, String label) throws IOException, InterruptedException {
    List<Process> processes = new ArrayList<>();
    List<Thread> pumps = new ArrayList<>();
    List<String> shown = new ArrayList<>();
    List<ClientProgress> progressOf = new ArrayList<>();
    PhaseProgress phaseProgress = new PhaseProgress(console, "largekv: [" + label + "] ", clients);
    for (int c = 0; c < clients; c++) {
      Path clientDir = Files.createDirectories(ResultsLayout.client(runDir, c));
      Files.createDirectories(clientDir.resolve(ResultsLayout.HDR));
      YcsbCommandLine command = command(phase, workloadFile, properties, clients, c, clientDir);
      if (metrics != null) {
        command.properties(metrics.properties(metricsTarget, phase.name, c));
      }
      String line = command.shown();
      shown.add(line);
      Files.writeString(clientDir.resolve(ResultsLayout.COMMAND), line + "\n");
      String prefix = "largekv: [" + label + (clients > 1 ? " client " + c : "") + "] ";
      if (console.verbose()) {
        console.raw(prefix, line);
      } else if (c == 0) {
        console.say("largekv: [" + label + "] bin/ycsb " + (phase.isLoad() ? "load" : "run") + " -P workloads/"
            + workloadFile + (clients > 1 ? ", " + clients + " clients" : "") + " (the whole command: "
            + Console.shown(clientDir.resolve(ResultsLayout.COMMAND)) + ")");
      }
      Process proc = new ProcessBuilder(command.arguments()).directory(repo.toFile())
          .redirectOutput(clientDir.resolve(ResultsLayout.YCSB_OUTPUT).toFile()).start();
      processes.add(proc);
      ClientProgress client = new ClientProgress(console, prefix, events, phaseProgress, c, !phase.isLoad());
      progressOf.add(client);
      Thread pump = new Thread(() -> pump(proc, clientDir.resolve(ResultsLayout.STDERR), client), "stderr-" + c);
      pump.start();
      pumps.add(pump);
    }
    List<ClientResult> results = new ArrayList<>();
    for (int c = 0; c < processes.size(); c++) {
      int exit = processes.get(c).waitFor();
      pumps.get(c).join();
      Path clientDir = ResultsLayout.client(runDir, c);
      Files.writeString(clientDir.resolve(ResultsLayout.EXIT), exit + "\n");
      Path out = clientDir.resolve(ResultsLayout.YCSB_OUTPUT);
      results.add(new ClientResult(phase, exit, ClientSummary.of(YcsbOutput.parse(Files.readString(out, StandardCharsets.UTF_8))), out,
          clientDir.resolve(ResultsLayout.STDERR), shown.get(c), progressOf.get(c).own(), progressOf.get(c).connection()));
    }
    phaseProgress.ended(results);
    return results;
  }

  /** The one workload that prints a plan ({@code largekv.plan}). */
  static final String PLANNING_WORKLOAD = "io.largekv.workload.LargeKeyValueWorkload";

  /**
   * {@code bin/ycsb}'s plan of the phase ({@code largekv.plan=true}) for client 0 of {@code clients}:
   * what it would do, without connecting. Its stdout, or a {@link UserError} with
   * its own error line.
   */
  public String plan(Phase phase, String workloadFile, List<String> properties, int clients)
      throws IOException, InterruptedException {
    // only largekv's workload plans; another would connect and run for real
    for (String property : properties) {
      if (property.startsWith("workload=") && !property.equals("workload=" + PLANNING_WORKLOAD)) {
        throw new UserError("--plan: -p " + property + " cannot be planned, and would run for "
            + "real; accepted: --plan with workload=" + PLANNING_WORKLOAD + " (the workload files' own)");
      }
    }
    Once plan = once(phase, workloadFile, properties, clients, "largekv.plan");
    if (plan.exitCode != 0) {
      throw new UserError(phase.name + ": " + plan.lastOwnLine());
    }
    int start = plan.stdout.indexOf("largekv plan:");
    if (start < 0) {
      throw new UserError(phase.name + ": bin/ycsb printed no plan (workloads/" + workloadFile
          + " is not planned by " + PLANNING_WORKLOAD + "); its output: " + plan.stdout.strip());
    }
    return plan.stdout.substring(start);
  }

  /**
   * A phase's preflight ({@code largekv.check=true}, io.largekv.driver.Preflight): its exit status,
   * its report (from its first line on), and its last own error line ("" when none).
   */
  public record Check(int exitCode, String report, String error) {}

  /** {@code bin/ycsb}'s preflight of the phase for client 0 with {@code properties}: connects, creates nothing. */
  public Check check(Phase phase, String workloadFile, List<String> properties)
      throws IOException, InterruptedException {
    Once check = once(phase, workloadFile, properties, 1, "largekv.check");
    int start = check.stdout.indexOf("largekv check:");
    String report = start < 0 ? "" : check.stdout.substring(start).stripTrailing();
    if (check.exitCode == 0 && report.isEmpty()) {
      // a success that checked nothing (a workload or database that never reached the preflight) is none
      return new Check(ExitStatus.ABORTED, "", "bin/ycsb ended without a check report (exit status 0); "
          + (check.stderr.isBlank() ? "it printed nothing on stderr" : "its last line: " + check.lastOwnLine()));
    }
    String error = check.exitCode == 0 ? "" : check.lastOwnLine();
    return new Check(check.exitCode, report, error);
  }

  /** How long a plan or a check may take: a connect, a few queries, a JVM's start on a busy machine. */
  static final long ONCE_TIMEOUT_SECONDS = 600;

  /** One run of client 0 of a phase with {@code flag}=true, in a scratch directory removed after. */
  private Once once(Phase phase, String workloadFile, List<String> properties, int clients, String flag)
      throws IOException, InterruptedException {
    Path scratch = Files.createTempDirectory("largekv-" + flag.substring(flag.indexOf('.') + 1));
    try {
      YcsbCommandLine command = command(phase, workloadFile, properties, clients, 0, scratch).property(flag, true);
      Path err = scratch.resolve(ResultsLayout.STDERR);
      Process p = new ProcessBuilder(command.arguments()).directory(repo.toFile()).redirectError(err.toFile()).start();
      // read on its own thread, so that a client that never ends cannot hold this one
      java.util.concurrent.CompletableFuture<String> out = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
        try {
          return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
          return "";
        }
      });
      if (!p.waitFor(ONCE_TIMEOUT_SECONDS, java.util.concurrent.TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly().waitFor();
        return new Once(ExitStatus.ABORTED, "", "largekv: bin/ycsb (" + flag + ") did not end within "
            + ONCE_TIMEOUT_SECONDS + " s and was stopped");
      }
      return new Once(p.exitValue(), out.join(), Files.readString(err, StandardCharsets.UTF_8));
    } finally {
      Directories.deleteRecursively(scratch);
    }
  }

  /** What one such run printed. */
  private record Once(int exitCode, String stdout, String stderr) {
    /** Its last {@code largekv: } line without the prefix, else all it printed on stderr. */
    String lastOwnLine() {
      return stderr.lines().filter(l -> l.startsWith("largekv: ")).reduce((a, b) -> b).orElse(stderr.strip())
          .replaceFirst("^largekv: ", "");
    }
  }

  /** Client {@code c}'s command line, its raw files in {@code clientDir}. */
  private YcsbCommandLine command(Phase phase, String workloadFile, List<String> properties, int clients, int c,
      Path clientDir) {
    return clientCommand(repo, phase, repo.resolve("workloads").resolve(workloadFile), properties, clients,
        Integer.toString(c), clientDir);
  }

  /**
   * The command line of client {@code index} of {@code clients} of a phase, its raw files in
   * {@code clientDir}: the one place it is built, for a local process ({@code repo}: this checkout)
   * and for a Kubernetes pod ({@code io.largekv.k8s.K8sManifests}: the image's checkout, {@code index} the pod's
   * {@code $(JOB_COMPLETION_INDEX)}, which the kubelet expands).
   */
  public static YcsbCommandLine clientCommand(Path repo, Phase phase, Path workloadFile, List<String> properties,
      int clients, String index, Path clientDir) {
    YcsbCommandLine command = YcsbCommandLine.launcher(repo, phase.isLoad())
        .file(workloadFile).status().properties(properties)
        .property("measurementtype", "hdrhistogram")
        .property("hdrhistogram.percentiles", "50,95,99,99.9")
        .property("hdrhistogram.fileoutput", true)
        .property("hdrhistogram.output.path", clientDir.resolve(ResultsLayout.HDR) + "/")
        .property("status.interval", 1)
        .property("client.index", index)
        .property("client.count", clients)
        .property("largekv.timeline", clientDir.resolve(ResultsLayout.TIMELINE));
    if (phase.isLoad()) {
      // this run's own checkpoint: an interrupted load is continued with the same --out
      command.property("largekv.checkpoint", clientDir.resolve(ResultsLayout.LOAD_CHECKPOINT));
      // a load's figures keep every operation (and its rows are its own): no warm-up cut, whatever -p says
      command.property("largekv.warmup_s", 0);
    }
    return command;
  }

  /** Keeps a client's stderr in its file and hands every line to its progress. */
  private void pump(Process proc, Path file, ClientProgress client) {
    keepLines(proc.getErrorStream(), file, console.stream(), "largekv: lost a client's stderr",
        line -> client.accept(line, file));
    client.finish(file);
  }

  /**
   * Keeps every line a client process prints in {@code file} and hands it to {@code each}, until
   * the process closes the stream; a stream lost on the way is said on {@code progress}, after
   * {@code lost} (e.g. "largekv: lost a client's stderr").
   */
  public static void keepLines(InputStream in, Path file, PrintStream progress, String lost, Consumer<String> each) {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
         OutputStream f = Files.newOutputStream(file)) {
      String line;
      while ((line = r.readLine()) != null) {
        f.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        each.accept(line);
      }
    } catch (IOException e) {
      progress.println(lost + " (" + file + "): " + e.getMessage());
    }
  }
}
