package io.largekv.cli;

import io.largekv.common.Database;
import io.largekv.common.ExitStatus;
import io.largekv.common.Secrets;
import io.largekv.common.UserError;
import io.largekv.harness.Installation;
import io.largekv.harness.nb5.Nb5PodClient;
import io.largekv.harness.ycsb.PhaseRunner;
import io.largekv.k8s.K8sManifests;
import io.largekv.phase.Counts;
import io.largekv.phase.Phase;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine.Option;

/**
 * {@code bin/largekv k8s render}: one phase's YCSB or nb5 clients as Kubernetes manifests
 * ({@link K8sManifests}), with the target, phase and size options of {@code run}
 * ({@link PhaseOptions}) and the cluster's own (clients, namespace, image, password Secret, results
 * volume, resources). Every option is checked before anything is written; bad input is one line
 * naming the option and what is accepted.
 */
public final class K8sRender {

  static final String USAGE = String.join("\n",
      "Usage: bin/largekv k8s render --phase PHASE --hosts H1,H2[:PORT] --image IMAGE:TAG [options]",
      "  Writes the Kubernetes manifests of one phase's clients into --out: job.yaml (an Indexed Job,",
      "  one pod a client, each on its own node), configmap.yaml (the phase's workload file) and",
      "  results-pvc.yaml (a ReadWriteMany volume for the results); apply them with kubectl apply -f DIR.",
      "  Each pod writes RUN/PHASE/client-<i>/ on the results volume, the layout of a local run.",
      "Options:",
      "  --phase PHASE            one of: " + Phase.ACCEPTED,
      "  --hosts H1,H2[:PORT]     the database's contact points, as the pods reach them",
      "  --image IMAGE:TAG        the release image (distribution/Dockerfile: largekv at " + K8sManifests.IMAGE_HOME + "; a tag other than",
      "                           latest, or @sha256:...: published numbers name their client)",
      "  --clients N              client pods, each on its own node (default 1): client.index/client.count",
      "  --target T               yugabyte | cassandra | scylla (default yugabyte)",
      "  --localdc DC             local datacenter (Cassandra/Scylla; inferred when omitted)",
      "  --full-scale             the published benchmark's files (large30b, large30b-uniform-read, large30b-latest-read)",
      "  --records N, --duration SECONDS, --threads N, -p NAME=VALUE   as for bin/largekv run (--threads: per pod)",
      "  --namespace NS           the namespace of every manifest (default default)",
      "  --run NAME               the run's name: the Job's name and the results' directory (default run-<time>)",
      "  --password-secret NAME   a Secret whose key '" + K8sManifests.PASSWORD_KEY
          + "' holds the database password (kubectl create secret",
      "                           generic NAME --from-file=" + K8sManifests.PASSWORD_KEY
          + "=FILE); the manifests name it, never hold it",
      "  --results-claim NAME     an existing PersistentVolumeClaim for the results instead of rendering one",
      "  --results-size Q         the rendered claim's size (default " + Options.DEFAULT_RESULTS_SIZE + ")",
      "  --storage-class NAME     the rendered claim's storage class (default: the cluster's default)",
      "  --cpu Q                  CPU request of a pod (default " + Options.DEFAULT_CPU + "; no limit)",
      "  --memory Q               memory request and limit of a pod, in Mi or Gi (default " + Options.DEFAULT_MEMORY
          + "; JVM heap 3/4)",
      "  --retries N              runs again of a failed load pod, which continues its checkpoint (default 0;",
      "                           read phases: 0, a later client would measure another window; nb5: 0)",
      "  --harness ycsb|nb5       the pods' client: YCSB (default), or nb5 on yb_kv_large through bin/largekv",
      "                           nb5-client (the image holds nb5; -p as for bin/largekv run --harness nb5)",
      "  --nb5-jar PATH           with nb5: nb5.jar in the image (default " + K8sManifests.DEFAULT_NB5_JAR + ")",
      "  --metrics-port PORT      each YCSB pod serves Prometheus metrics at PORT (default " + Options.DEFAULT_METRICS_PORT
          + "), annotated prometheus.io/scrape",
      "  --out DIR                where the manifests go (default results/k8s/RUN-PHASE); must be new or empty",
      "",
      K8sLocal.USAGE);

  private K8sRender() {}

  /** {@code bin/largekv k8s ...}: {@code args[0]} is {@code k8s}. */
  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    if (args.length < 2 || args[1].equals("--help") || args[1].equals("-h")) {
      out.println(USAGE);
      return args.length < 2 ? ExitStatus.BAD_INPUT : ExitStatus.OK;
    }
    if (args[1].equals("local")) {
      String[] localArgs = Arrays.copyOfRange(args, 1, args.length);
      if (OptionParser.asksForHelp(localArgs, 1)) {
        out.println(K8sLocal.USAGE);
        return ExitStatus.OK;
      }
      try {
        return K8sLocal.run(localArgs, out, err);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return ExitStatus.ABORTED;
      }
    }
    if (!args[1].equals("render")) {
      throw new UserError("unknown command 'k8s " + args[1] + "'; accepted: k8s render, k8s local (see bin/largekv k8s"
          + " --help)");
    }
    String[] renderArgs = Arrays.copyOfRange(args, 1, args.length);
    if (OptionParser.asksForHelp(renderArgs, 1)) {
      out.println(USAGE);
      return ExitStatus.OK;
    }
    Path repo = BenchmarkRun.repo();
    Options o = Options.parse(renderArgs);
    Path workload = repo.resolve("workloads").resolve(o.workloadFile(o.phase));
    List<String> props = new ArrayList<>(o.serverProperties(false, o.hosts, null, o.database, o.properties));
    props.addAll(o.phaseProperties(o.phase));
    K8sManifests.Settings s = K8sManifests.Settings.builder().namespace(o.namespace).run(o.run).phase(o.phase.name)
        .load(o.phase.isLoad()).image(o.image).clients(o.clients).workloadFile(workload.getFileName().toString())
        .workloadText(Files.readString(workload, StandardCharsets.UTF_8)).properties(props)
        .passwordSecret(o.passwordSecret).resultsClaim(o.resultsClaim).resultsSize(o.resultsSize())
        .storageClass(o.storageClass).cpu(o.cpu).memoryMib(o.memoryMib).retries(o.retries)
        .command(Secrets.redact("bin/largekv " + String.join(" ", args))).mounts(K8sManifests.POD).harness(o.harness)
        .nb5Jar(o.nb5Jar).ycsbClient(ycsbClient(o.phase))
        .metricsPort(o.metricsPort == null ? Options.DEFAULT_METRICS_PORT : o.metricsPort).metricsAddress("0.0.0.0")
        .build();
    if (s.nb5()) {
      // what nb5 cannot apply is refused here, not in N pods
      Nb5PodClient.Options.of(o.phase, Path.of(s.clientDir("0")), workload, K8sManifests.nb5Properties(s));
    }
    Map<String, String> files = K8sManifests.render(s);

    Path dir = o.out != null ? o.out : Installation.current().resultsRoot().resolve("k8s").resolve(o.run + "-" + o.phase.name);
    if (Files.isDirectory(dir)) {
      try (Stream<Path> present = Files.list(dir)) {
        if (present.findAny().isPresent()) {
          throw new UserError("--out " + dir + " is not empty: kubectl apply -f would also apply what is there; "
              + "accepted: a new or empty directory");
        }
      }
    } else if (Files.exists(dir)) {
      throw new UserError("--out " + dir + " is not a directory; accepted: a new or empty directory");
    }
    Files.createDirectories(dir);
    for (Map.Entry<String, String> f : files.entrySet()) {
      Files.writeString(dir.resolve(f.getKey()), f.getValue(), StandardCharsets.UTF_8);
    }
    out.println("largekv: " + s.jobName() + ": " + o.clients + " " + o.harness + " client pod" + (o.clients == 1 ? ""
        : "s") + " of "
        + o.phase.name + " (workloads/" + s.workloadFile() + ") in namespace " + o.namespace + "; wrote "
        + String.join(", ", files.keySet()) + " in " + dir);
    if (o.passwordSecret != null) {
      out.println("  the password comes from Secret " + o.passwordSecret + " (key " + K8sManifests.PASSWORD_KEY
          + "), which must exist: kubectl -n " + o.namespace + " create secret generic " + o.passwordSecret
          + " --from-file=" + K8sManifests.PASSWORD_KEY + "=FILE");
    }
    out.println("  kubectl apply -f " + dir);
    out.println("  kubectl -n " + o.namespace + " wait --for=condition=complete job/" + s.jobName()
        + " --timeout=-1s");
    out.println("  results: " + K8sManifests.RESULTS_DIR + "/" + o.run + "/" + o.phase.name
        + "/client-<i>/ on claim " + s.claimName() + " (docs/kubernetes.md: collecting them)");
    return ExitStatus.OK;
  }

  /** How a YCSB pod of {@code phase} runs its client: the command line a local client runs. */
  static K8sManifests.YcsbClient ycsbClient(Phase phase) {
    return (home, workload, props, clients, index, dir) -> PhaseRunner.clientCommand(home, phase, workload, props,
        clients, index, dir);
  }

  /** Parsed options of {@code k8s render}: {@link PhaseOptions} and the cluster's. */
  static final class Options extends ServerOptions {
    static final String DEFAULT_RESULTS_SIZE = "50Gi";
    static final String DEFAULT_CPU = "4";
    /** The YCSB pods' metrics port: the Prometheus Java client's usual one. */
    static final int DEFAULT_METRICS_PORT = 9464;
    static final String DEFAULT_MEMORY = "6Gi";
    /** The longest --run: the Job's name, largekv-RUN-PHASE, stays a 63-character label value. */
    static final int MAX_RUN_LENGTH = 40;

    /** A DNS-1123 label: namespaces, the run's name. */
    private static final Pattern LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");
    /** A DNS-1123 subdomain: Secrets, claims, storage classes. */
    private static final Pattern SUBDOMAIN = Pattern.compile("[a-z0-9]([-a-z0-9.]*[a-z0-9])?");
    private static final Pattern CPU = Pattern.compile("[1-9][0-9]*m?|[0-9]+\\.[0-9]*[1-9][0-9]*");
    private static final Pattern MEMORY = Pattern.compile("([1-9][0-9]{0,6})(Mi|Gi)");
    private static final Pattern SIZE = Pattern.compile("[1-9][0-9]{0,6}(Mi|Gi|Ti)");

    Phase phase;
    int clients = 1;
    String namespace = "default";
    String image;
    String run = defaultRun();
    String passwordSecret;
    String resultsClaim;
    private String resultsSize;
    String storageClass;
    String cpu = DEFAULT_CPU;
    int memoryMib = 6 * 1024;
    int retries;
    String nb5Jar;

    @Override
    public String help() {
      return "bin/largekv k8s --help";
    }

    Options() {
      database = Database.YUGABYTE.propertyValue(); // the pods name their dialect (no local server here)
    }

    String resultsSize() {
      return resultsSize != null ? resultsSize : DEFAULT_RESULTS_SIZE;
    }

    @Option(names = "--phase", paramLabel = "PHASE")
    void phase(String v) throws UserError {
      phase = Phase.named("--phase", v);
    }

    @Option(names = "--nb5-jar", paramLabel = "PATH")
    void nb5Jar(String v) throws UserError {
      if (!v.startsWith("/") || v.matches(".*\\s.*")) {
        throw new UserError("--nb5-jar " + v + " is not accepted; accepted values: the absolute path of nb5.jar in the"
            + " image");
      }
      nb5Jar = v;
    }

    @Option(names = "--clients", paramLabel = "N")
    void clients(String v) throws UserError {
      clients = (int) Counts.between("--clients", v, 1, Counts.MAX_CLIENTS);
    }

    @Option(names = "--namespace", paramLabel = "NS")
    void namespace(String v) throws UserError {
      namespace = name("--namespace", v, LABEL, 63, "a DNS label (a-z, 0-9, '-')");
    }

    @Option(names = "--image", paramLabel = "IMAGE:TAG")
    void image(String v) throws UserError {
      image = checkedImage(v);
    }

    @Option(names = "--run", paramLabel = "NAME")
    void run(String v) throws UserError {
      run = runName(v);
    }

    @Option(names = "--password-secret", paramLabel = "NAME")
    void passwordSecret(String v) throws UserError {
      passwordSecret = name("--password-secret", v, SUBDOMAIN, 253, "a Secret's name");
    }

    @Option(names = "--results-claim", paramLabel = "NAME")
    void resultsClaim(String v) throws UserError {
      resultsClaim = name("--results-claim", v, SUBDOMAIN, 253, "a PersistentVolumeClaim's name");
    }

    @Option(names = "--results-size", paramLabel = "SIZE")
    void resultsSize(String v) throws UserError {
      resultsSize = quantity("--results-size", v, SIZE, "a size in Mi, Gi or Ti, e.g. 50Gi");
    }

    @Option(names = "--storage-class", paramLabel = "NAME")
    void storageClass(String v) throws UserError {
      storageClass = name("--storage-class", v, SUBDOMAIN, 253, "a StorageClass's name");
    }

    @Option(names = "--cpu", paramLabel = "CPU")
    void cpu(String v) throws UserError {
      cpu = quantity("--cpu", v, CPU, "cores (e.g. 4, 2.5) or millicores (e.g. 500m), above 0");
    }

    @Option(names = "--memory", paramLabel = "MEMORY")
    void memory(String v) throws UserError {
      Matcher m = MEMORY.matcher(v);
      int mib = m.matches() ? Integer.parseInt(m.group(1)) * (m.group(2).equals("Gi") ? 1024 : 1) : 0;
      if (mib < 1024) {
        throw new UserError("--memory " + v + " is not accepted; accepted values: 1Gi or more, in Mi or Gi "
            + "(e.g. 6Gi, 3072Mi)");
      }
      memoryMib = mib;
    }

    @Option(names = "--retries", paramLabel = "N")
    void retries(String v) throws UserError {
      retries = (int) Counts.between("--retries", v, 0, 100);
    }

    /** The default run name, {@code run-<time>} (render and k8s local). */
    static String defaultRun() {
      return "run-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT));
    }

    /** A {@code --run} name: a DNS label short enough for the Job's name (render and k8s local). */
    static String runName(String v) throws UserError {
      return name("--run", v, LABEL, MAX_RUN_LENGTH, "a DNS label (a-z, 0-9, '-') of at most " + MAX_RUN_LENGTH
          + " characters");
    }

    private static String name(String option, String v, Pattern p, int max, String accepted) throws UserError {
      if (!p.matcher(v).matches() || v.length() > max) {
        throw new UserError(option + " " + v + " is not accepted; accepted values: " + accepted);
      }
      return v;
    }

    private static String quantity(String option, String v, Pattern p, String accepted) throws UserError {
      if (!p.matcher(v).matches()) {
        throw new UserError(option + " " + v + " is not accepted; accepted values: " + accepted);
      }
      return v;
    }

    /** An image pinned to a tag other than latest, or to a digest. */
    private static String checkedImage(String v) throws UserError {
      String last = v.substring(v.lastIndexOf('/') + 1);
      boolean digest = v.matches("[^@\\s]+@sha256:[0-9a-f]{64}");
      int colon = last.indexOf(':');
      boolean tagged = !v.contains("@") && !v.matches(".*\\s.*") && colon > 0 && colon < last.length() - 1
          && !last.substring(colon + 1).equals("latest");
      if (!digest && !tagged) {
        throw new UserError("--image " + v + " is not accepted; accepted values: NAME:TAG with a tag other than "
            + "latest, or NAME@sha256:DIGEST (the client of published numbers is named exactly)");
      }
      return v;
    }

    /**
     * What an nb5 pod cannot do (render and {@code k8s local}): run again (nb5's load has no
     * checkpoint), or take a password (bin/largekv's nb5 takes none; null: none asked for).
     */
    static void checkNb5(int retries, String passwordSecret, Integer metricsPort) throws UserError {
      if (metricsPort != null) {
        throw noNb5Endpoint(metricsPort);
      }
      if (retries > 0) {
        throw new UserError("--retries " + retries + " with --harness nb5: nb5's load keeps no checkpoint, so a pod run"
            + " again would insert its whole share again and its operations could not be counted once; accepted:"
            + " --retries 0 with nb5");
      }
      if (passwordSecret != null) {
        throw new UserError("--password-secret with --harness nb5: largekv passes no password to nb5 yet; accepted:"
            + " --harness ycsb for a database with a password");
      }
    }

    static Options parse(String[] args) throws UserError {
      Options o = OptionParser.parse(new Options(), args, 1);
      if (o.helpAsked) {
        return o;
      }
      o.refuseServerSide("k8s render");
      if (o.phases != Phase.ALL) {
        throw new UserError("--phases: k8s render writes one phase's Job (apply each phase's after the previous "
            + "one completed); accepted: --phase " + String.join("|", Phase.ALL.stream().map(p -> p.name).toList()));
      }
      if (o.phase == null) {
        throw new UserError("--phase is needed; accepted values: " + Phase.ACCEPTED);
      }
      if (o.hosts == null) {
        throw new UserError("--hosts is needed: the pods run against a database they reach (no local server in a "
            + "cluster); accepted: --hosts H1,H2[:PORT]");
      }
      if (o.image == null) {
        throw new UserError("--image is needed: the release image (distribution/Dockerfile, docs/release.md) with largekv at "
            + K8sManifests.IMAGE_HOME
            + "; accepted: --image NAME:TAG (not latest) or NAME@sha256:DIGEST");
      }
      if (o.plan) {
        throw new UserError("--plan: k8s render starts nothing; accepted: bin/largekv run --plan with the same "
            + "options and --hosts");
      }
      if (o.nodes != 1 || !o.events.isEmpty()) {
        throw new UserError((o.nodes != 1 ? "--nodes" : "--event") + " acts on a local cluster or runs beside a "
            + "local phase; k8s render writes neither; accepted: bin/largekv run or compare for events");
      }
      if (o.warmup != null) {
        throw new UserError("--warmup: the pods' clients leave out largekv.warmup_s (10 s by default for read phases,"
            + " from the clients' common start), and bin/largekv report the same seconds; accepted: -p"
            + " largekv.warmup_s=SECONDS");
      }
      if (o.retries > 0 && !o.phase.isLoad()) {
        throw new UserError("--retries " + o.retries + " with --phase " + o.phase.name + ": a read client run again "
            + "later would measure another window than the others; accepted: --retries with --phase load");
      }
      if (o.resultsClaim != null && (o.resultsSize != null || o.storageClass != null)) {
        throw new UserError((o.resultsSize != null ? "--results-size" : "--storage-class") + " sizes the claim "
            + "k8s render writes, and --results-claim " + o.resultsClaim + " names an existing one; accepted: "
            + "one or the other");
      }
      for (String p : o.properties) {
        String property = p.substring(0, p.indexOf('='));
        if (Secrets.isSecret(property)) {
          throw new UserError("-p " + Secrets.redact(p) + ": a password in -p would be written into the manifests "
              + "(or name a variable the pods do not have); accepted: --password-secret NAME for ycql.password"
              + (property.equals("ycql.password") ? "" : " (" + property + " is not supported by k8s render yet)"));
        }
        if (property.equals("hosts")) {
          throw new UserError("-p " + p + ": the contact points are --hosts; accepted: --hosts H1,H2[:PORT]");
        }
      }
      if (o.nb5Jar != null && !o.harness.equals(Harness.NB5)) {
        throw new UserError("--nb5-jar names nb5 in the image, and the pods run YCSB; accepted: --nb5-jar with"
            + " --harness nb5");
      }
      if (o.harness.equals(Harness.NB5)) {
        checkNb5(o.retries, o.passwordSecret, o.metricsPort);
        if (o.nb5Jar == null) {
          o.nb5Jar = K8sManifests.DEFAULT_NB5_JAR;
        }
      }
      Harness.checkProperties(List.of(o.harness), o.properties, o.help());
      return o;
    }
  }
}
