package io.largekv.cli;

import io.largekv.common.ExitStatus;
import io.largekv.common.MetricsProperties;
import io.largekv.common.Secrets;
import io.largekv.common.UserError;
import io.largekv.harness.Installation;
import io.largekv.harness.MetricsPorts;
import io.largekv.harness.nb5.Nb5PodClient;
import io.largekv.k8s.K8sManifests;
import io.largekv.common.Counts;
import io.largekv.phase.Phase;
import io.largekv.report.Report;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bin/largekv k8s local}: the Kubernetes clients of {@code k8s render}, run on this machine.
 * For each phase it runs exactly the pod's command ({@link K8sManifests#podCommand}: the client
 * script and bin/ycsb command line), {@code --clients} times at once as local processes, each with
 * {@code JOB_COMPLETION_INDEX} set and its {@code $(JOB_COMPLETION_INDEX)} expanded as the kubelet
 * does, the image's, ConfigMap's and volume's paths being this checkout, its workloads/ and
 * {@code --out}; against a local Cassandra (or {@code --nodes} cluster) it starts, or {@code --hosts}.
 * Then it merges the clients into one report ({@code bin/largekv report OUT/RUN}). A phase whose
 * client fails ends the run, as a failed Job would stop the next phase from being applied.
 */
public final class K8sLocal {

  private K8sLocal() {}

  /** Runs the pods {@code o} (checked: {@link Options#checked}) asks for; {@code args}: its command line. */
  static int run(Options o, String[] args, PrintStream out, PrintStream err) throws Exception {
    Path repo = BenchmarkRun.repo();
    Path volume = o.results.out != null ? o.results.out : Installation.current().resultsRoot().resolve("k8s-local");
    Path runDir = volume.resolve(o.run);
    if (Files.exists(runDir)) {
      throw new UserError("--run " + o.run + ": " + runDir + " exists; accepted: a new --run (a read client refuses"
          + " to overwrite a run's results, as in a pod)");
    }
    K8sManifests.Mounts mounts = new K8sManifests.Mounts(repo.toString(), repo.resolve("workloads").toString(),
        volume.toString());
    // what the pods' nb5 cannot apply, and a missing nb5, are refused before a server starts
    List<String> planned = o.runProperties(ServerProperties.PLANNED_LOCAL_HOST, ServerProperties.PLANNED_LOCAL_DC);
    BenchmarkRun.nb5(o.harness.name.equals(Harness.NB5), repo, () -> {
      for (Phase phase : o.phases.list) {
        K8sManifests.Settings s = settings(o, phase, planned, repo, mounts, args);
        Nb5PodClient.Options.of(phase, Path.of(s.clientDir("0")), repo.resolve("workloads").resolve(
            s.workloadFile()), K8sManifests.nb5Properties(s));
      }
    });
    // the pods of this machine listen at --metrics-port + their index (in a cluster, each pod has its own address)
    MetricsPorts metrics = o.results.metricsPorts(o.clients, runDir, List.of(o.harness.name), err);
    int status = BenchmarkRun.onServer(o.target.hosts == null, null, o.cluster.nodes, err, local -> {
      List<String> server = local == null ? o.runProperties(null, null)
          : o.runProperties(local.contactPoints(), local.localDatacenter());
      for (Phase phase : o.phases.list) {
        K8sManifests.Settings s = settings(o, phase, server, repo, mounts, args);

        int phaseStatus = runPhase(s, runDir.resolve(phase.name), metrics, err);
        if (phaseStatus != ExitStatus.OK) {
          err.println("largekv: [" + phase.name + "] a client failed: the next phases are not run");
          return phaseStatus;
        }
      }
      return ExitStatus.OK;
    });
    // every phase asked for has a row: one that did not run (a failed phase before it) is FAILED
    Report report = BenchmarkRun.writeReport(Report.load(runDir, o.phases.list.stream().map(p -> p.name).toList()), out,
        true);
    if (status == ExitStatus.OK && !report.failedCells().isEmpty()) {
      status = ExitStatus.FAILED;
    }
    if (status != ExitStatus.OK) {
      err.println("largekv: FAILED: " + String.join(", ", report.failedCells()) + " (exit status " + status + ")");
    }
    return status;
  }

  /** The settings of a phase's pods, as render would write them, against {@code server}'s properties. */
  private static K8sManifests.Settings settings(Options o, Phase phase, List<String> server, Path repo,
      K8sManifests.Mounts mounts, String[] args) throws IOException {
    List<String> props = new ArrayList<>(server);
    props.addAll(o.size.phaseProperties(phase));
    Path workload = repo.resolve("workloads").resolve(o.scale.workloadFile(phase));
    return K8sManifests.Settings.builder().namespace("default").run(o.run).phase(phase.name).load(phase.isLoad())
        .image("local").clients(o.clients).workloadFile(workload.getFileName().toString())
        .workloadText(Files.readString(workload, StandardCharsets.UTF_8)).properties(props)
        .cpu(K8sRenderOptions.DEFAULT_CPU).memoryMib(6 * 1024).retries(phase.isLoad() ? o.retries : 0)
        .command(Secrets.redact("bin/largekv " + String.join(" ", args))).mounts(mounts).harness(o.harness.name)
        .ycsbClient(K8sRender.ycsbClient(phase)).metricsPort(o.results.metricsPort == null ? 0 : o.results.metricsPort)
        .metricsAddress(io.largekv.common.MetricsProperties.DEFAULT_ADDRESS)
        .build();
  }

  /**
   * The phase's N pods as processes at once; the worst exit status (a pod's log in its pod-i.log).
   * A pod that fails with another status than 1 or 2 (the Job's pod failure policy) is run again
   * with its index, up to the Job's retries ({@code backoffLimitPerIndex}), as the Job replaces it.
   */
  private static int runPhase(K8sManifests.Settings s, Path phaseDir, MetricsPorts metrics, PrintStream err)
      throws IOException, InterruptedException {
    Files.createDirectories(phaseDir);
    List<String> pod = K8sManifests.podCommand(s);
    Process[] processes = new Process[s.clients()];
    int[] retried = new int[s.clients()];
    Integer[] status = new Integer[s.clients()];
    // each pod's processes as seen while it ran: a client JVM whose script was killed outlives it,
    // re-parented, and must not write beside the pod run again with its index
    List<java.util.Set<ProcessHandle>> seen = new ArrayList<>();
    for (int i = 0; i < s.clients(); i++) {
      seen.add(new java.util.HashSet<>());
    }
    try {
      for (int i = 0; i < s.clients(); i++) {
        processes[i] = startPod(pod, i, s, phaseDir, metrics);
      }
      err.println("largekv: [" + s.phase() + "] " + s.clients() + " client processes started (the pods' command;"
          + " logs: " + phaseDir + "/pod-<i>.log)");
      // a client runs its phase; far longer than that is a hung client, stopped and counted as aborted
      long deadline = System.nanoTime() + TimeUnit.DAYS.toNanos(7);
      int left = s.clients();
      while (left > 0) {
        for (int i = 0; i < s.clients(); i++) {
          Process p = processes[i];
          if (status[i] != null) {
            continue;
          }
          if (p.isAlive() && System.nanoTime() < deadline) {
            p.descendants().forEach(seen.get(i)::add);
            continue;
          }
          int code = p.isAlive() ? ExitStatus.ABORTED : p.exitValue();
          String client = "largekv: [" + s.phase() + " client " + i + "] exit status " + code + " ("
              + ExitStatus.describe(code) + ")";
          if (code != ExitStatus.OK && !K8sManifests.FINAL_EXIT_STATUSES.contains(code) && !p.isAlive()
              && retried[i] < s.retries()) {
            retried[i]++;
            err.println(client + ": run again (" + retried[i] + " of --retries " + s.retries() + "), as the Job"
                + " replaces a failed pod with one of the same index");
            stopAll(seen.get(i));
            processes[i] = startPod(pod, i, s, phaseDir, metrics);
            continue;
          }
          err.println(client);
          status[i] = code;
          left--;
        }
        if (left > 0) {
          Thread.sleep(100);
        }
      }
      int worst = ExitStatus.OK;
      for (int code : status) {
        worst = worse(worst, code);
      }
      return worst;
    } finally {
      // none outlives the phase (a failed start, an interruption, a hung client): the script and its java
      for (int i = 0; i < processes.length; i++) {
        Process p = processes[i];
        if (p != null && p.isAlive()) {
          p.descendants().forEach(ProcessHandle::destroyForcibly);
          p.destroyForcibly();
        }
        stopAll(seen.get(i));
      }
    }
  }

  /** Ends every process of {@code handles} still running, and waits for them to be gone. */
  private static void stopAll(java.util.Set<ProcessHandle> handles) throws InterruptedException {
    for (ProcessHandle h : handles) {
      h.destroyForcibly();
    }
    for (ProcessHandle h : handles) {
      try {
        h.onExit().get(30, TimeUnit.SECONDS);
      } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
        // gone, or not ours to wait for: nothing more to do
      }
    }
    handles.clear();
  }

  /**
   * Pod {@code i}: the pod's command with its index, its output appended to pod-i.log; with
   * {@code metrics}, its endpoint at its own port of this machine.
   */
  private static Process startPod(List<String> pod, int i, K8sManifests.Settings s, Path phaseDir,
      MetricsPorts metrics) throws IOException {
    String index = Integer.toString(i);
    String samePort = MetricsProperties.PORT + "=" + s.metricsPort();
    List<String> cmd = pod.stream().map(a -> a.replace(K8sManifests.INDEX, index))
        .map(a -> metrics != null && a.equals(samePort) ? MetricsProperties.PORT + "=" + metrics.port(i) : a).toList();
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(Paths.get(s.mounts().home()).toFile())
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(phaseDir.resolve("pod-" + i + ".log").toFile()));
    pb.environment().put("JOB_COMPLETION_INDEX", index);
    return pb.start();
  }

  private static int worse(int a, int b) {
    return a == ExitStatus.OK ? b : a;
  }

  /**
   * Parsed options of {@code k8s local}: the server or local cluster, the phases and their size,
   * {@code -p}, the client, the results, and the pods' own. What the pods do not do ({@code --plan},
   * {@code --event}, {@code --warmup}) is not among them; {@link #notHere} says what to use instead.
   */
  @Command(name = "local", sortOptions = false, abbreviateSynopsis = true, description = {
      "Runs the pods of bin/largekv k8s render on this machine: for each phase, the pod's command N times at once as"
          + " local processes (JOB_COMPLETION_INDEX 0..N-1), into OUT/RUN/PHASE/client-<i>/, the results volume's"
          + " layout; then merges them into OUT/RUN/report.md and report.html (bin/largekv report OUT/RUN).",
      "Against a local Cassandra it starts (--nodes N: a cluster), or --hosts. --localdc, --records, --duration,"
          + " --threads, -p: as for bin/largekv run."},
      footer = "Docs: docs/kubernetes.md")
  static final class Options implements OptionParser.Options, LargekvCommand {

    /** Options of {@code run} the pods have no use for, each with the line that says what to use instead. */
    static final Map<String, String> NOT_HERE = Map.of(
        "--plan", "--plan: accepted with bin/largekv run, which plans the same phases",
        "--event", "--event: the pods run no events; accepted: bin/largekv run or compare for events",
        "--warmup", "--warmup: the pods' clients leave out largekv.warmup_s (10 s by default for read phases);"
            + " accepted: -p largekv.warmup_s=SECONDS");

    @Mixin
    final HelpOption help = new HelpOption();

    @Mixin
    final HostsOptions target = new HostsOptions();

    @Mixin
    final LocalDcOption localdc = new LocalDcOption();

    @Mixin
    final FullScaleOption scale = new FullScaleOption();

    @Mixin
    final PhasesOptions phases = new PhasesOptions();

    @Mixin
    final PhaseSizeOptions size = new PhaseSizeOptions();

    @Mixin
    final LocalClusterOptions cluster = new LocalClusterOptions();

    @Mixin
    final PropertyOptions props = new PropertyOptions();

    @Mixin
    final HarnessOption harness = new HarnessOption();

    @Mixin
    final ResultsOptions results = new ResultsOptions();
    int clients = 3;
    String run = K8sRenderOptions.defaultRun();
    int retries;

    @Override
    public String help() {
      return "bin/largekv k8s local --help";
    }

    @Override
    public Map<String, String> notHere() {
      return NOT_HERE;
    }

    /** The properties every phase's pods get ({@link HostsOptions#properties}); local: at {@code localHosts}. */
    List<String> runProperties(String localHosts, String localDc) {
      return target.properties(localHosts, localDc, cluster.nodes, localdc.name, props.list);
    }

    @Option(names = "--clients", paramLabel = "N", description = "client processes per phase (default 3)",
        order = UsageOrder.SIZE + 5)
    void clients(String v) throws UserError {
      clients = (int) Counts.between("--clients", v, 1, 64);
    }

    @Option(names = "--run", paramLabel = "NAME", description = "the run's name: its directory under --out"
        + " (default run-<time>)", order = UsageOrder.OUTPUT + 2)
    void run(String v) throws UserError {
      run = K8sRenderOptions.runName(v);
    }

    @Option(names = "--retries", paramLabel = "N", description = "runs again a load client that failed with another"
        + " exit status than 1 or 2, as the load Job's pods are (--retries of k8s render); it continues its checkpoint"
        + " (default 0; read clients are never run again)", order = UsageOrder.CLUSTER + 10)
    void retries(String v) throws UserError {
      retries = (int) Counts.between("--retries", v, 0, 100);
    }

    @Override
    public int call(String[] args, PrintStream out, PrintStream err) throws Exception {
      try {
        return K8sLocal.run(checked(), args, out, err);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return ExitStatus.ABORTED;
      }
    }

    /** {@code args[0]} is {@code local}: its options, parsed and checked. */
    static Options parse(String[] args) throws UserError {
      return OptionParser.parse(new Options(), args, 1).checked();
    }

    /** These options, checked together: what the pods cannot do is refused before a server starts. */
    Options checked() throws UserError {
      Options o = this;
      if (o.help.asked) {
        return o;
      }
      o.size.checkDurationsRun(o.phases.list);
      if (o.target.hosts != null && o.cluster.nodes != 1) {
        throw new UserError("--nodes " + o.cluster.nodes + " sizes the local cluster, and --hosts names other servers;"
            + " accepted: one or the other");
      }
      for (String p : o.props.list) {
        if (Secrets.isSecret(p.substring(0, p.indexOf('=')))) {
          throw new UserError("-p " + Secrets.redact(p) + ": the pods get a password from a Secret only; accepted:"
              + " k8s local runs without one (a local Cassandra, or --hosts without authentication)");
        }
      }
      if (o.harness.name.equals(Harness.NB5)) {
        K8sRenderOptions.checkNb5(o.retries, null, o.results.metricsPort);
      }
      Harness.checkProperties(List.of(o.harness.name), o.props.list, o.help());
      return o;
    }
  }
}
