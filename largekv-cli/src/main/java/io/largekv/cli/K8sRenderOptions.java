package io.largekv.cli;

import io.largekv.common.Counts;
import io.largekv.common.Database;
import io.largekv.common.Secrets;
import io.largekv.common.UserError;
import io.largekv.k8s.K8sManifests;
import io.largekv.phase.Phase;
import java.io.PrintStream;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Parsed options of {@code k8s render}: the server, one phase and its size, {@code -p}, the client,
 * the results, and the cluster's own. What acts on a local cluster or beside a local phase
 * ({@code --phases}, {@code --plan}, {@code --nodes}, {@code --event}, {@code --warmup}) is not
 * among them; {@link #notHere} says what to use instead.
 */
@Command(name = "render", sortOptions = false, abbreviateSynopsis = true, description = {
    "Writes the Kubernetes manifests of one phase's clients into --out: job.yaml (an Indexed Job, one pod a client,"
        + " each on its own node), configmap.yaml (the phase's workload file) and results-pvc.yaml (a ReadWriteMany"
        + " volume for the results); apply them with kubectl apply -f DIR.",
    "Each pod writes RUN/PHASE/client-<i>/ on the results volume, the layout of a local run. Needed: --phase,"
        + " --hosts, --image. --records, --duration, --threads (per pod), -p: as for bin/largekv run."},
    footer = "Docs: docs/kubernetes.md")
final class K8sRenderOptions implements OptionParser.Options, LargekvCommand {

  @Mixin
  final HelpOption help = new HelpOption();

  @Mixin
  final HostsOptions target = new HostsOptions();

  @Mixin
  final LocalDcOption localdc = new LocalDcOption();

  @Mixin
  final FullScaleOption scale = new FullScaleOption();

  @Mixin
  final PhaseSizeOptions size = new PhaseSizeOptions();

  @Mixin
  final PropertyOptions props = new PropertyOptions();

  @Mixin
  final HarnessOption harness = new HarnessOption();

  @Mixin
  final ResultsOptions results = new ResultsOptions();

  /**
   * Options of {@code run} that k8s render does not have, each with the line that says what to use
   * instead: refused as unknown, in these words.
   */
  static final Map<String, String> NOT_HERE = Map.of(
      "--phases", "--phases: k8s render writes one phase's Job (apply each phase's after the previous one completed);"
          + " accepted: --phase " + String.join("|", Phase.ALL.stream().map(p -> p.name).toList()),
      "--plan", "--plan: k8s render starts nothing; accepted: bin/largekv run --plan with the same options and"
          + " --hosts",
      "--nodes", "--nodes acts on a local cluster or runs beside a local phase; k8s render writes neither; accepted:"
          + " bin/largekv run or compare for events",
      "--event", "--event acts on a local cluster or runs beside a local phase; k8s render writes neither; accepted:"
          + " bin/largekv run or compare for events",
      "--warmup", "--warmup: the pods' clients leave out largekv.warmup_s (10 s by default for read phases, from the"
          + " clients' common start), and bin/largekv report the same seconds; accepted: -p largekv.warmup_s=SECONDS");
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
    return "bin/largekv k8s render --help";
  }

  @Override
  public Map<String, String> notHere() {
    return NOT_HERE;
  }

  K8sRenderOptions() {
    target.database = Database.YUGABYTE.propertyValue(); // the pods name their dialect (no local server here)
  }

  String resultsSize() {
    return resultsSize != null ? resultsSize : DEFAULT_RESULTS_SIZE;
  }

  @Option(names = "--phase", paramLabel = "PHASE", description = "one of: load, uniform-read, latest-read",
      order = UsageOrder.WHAT + 2)
  void phase(String v) throws UserError {
    phase = Phase.named("--phase", v);
  }

  @Option(names = "--nb5-jar", paramLabel = "PATH", description = "with --harness nb5: nb5.jar in the image"
      + " (default " + K8sManifests.DEFAULT_NB5_JAR + ")", order = UsageOrder.CLUSTER + 3)
  void nb5Jar(String v) throws UserError {
    if (!v.startsWith("/") || v.matches(".*\\s.*")) {
      throw new UserError("--nb5-jar " + v + " is not accepted; accepted values: the absolute path of nb5.jar in the"
          + " image");
    }
    nb5Jar = v;
  }

  @Option(names = "--clients", paramLabel = "N", description = "client pods, each on its own node (default 1):"
      + " client.index/client.count", order = UsageOrder.SIZE + 5)
  void clients(String v) throws UserError {
    clients = (int) Counts.between("--clients", v, 1, Counts.MAX_CLIENTS);
  }

  @Option(names = "--namespace", paramLabel = "NS", description = "the namespace of every manifest (default"
      + " default)", order = UsageOrder.CLUSTER + 1)
  void namespace(String v) throws UserError {
    namespace = name("--namespace", v, LABEL, 63, "a DNS label (a-z, 0-9, '-')");
  }

  @Option(names = "--image", paramLabel = "IMAGE:TAG", description = "the release image (distribution/Dockerfile:"
      + " largekv at " + K8sManifests.IMAGE_HOME + "; a tag other than latest, or @sha256:...: published numbers name"
      + " their client)", order = UsageOrder.CLUSTER + 2)
  void image(String v) throws UserError {
    image = checkedImage(v);
  }

  @Option(names = "--run", paramLabel = "NAME", description = "the run's name: the Job's name and the results'"
      + " directory (default run-<time>)", order = UsageOrder.OUTPUT + 2)
  void run(String v) throws UserError {
    run = runName(v);
  }

  @Option(names = "--password-secret", paramLabel = "NAME", description = "a Secret whose key '"
      + K8sManifests.PASSWORD_KEY + "' holds the database password (kubectl create secret generic NAME --from-file="
      + K8sManifests.PASSWORD_KEY + "=FILE); the manifests name it, never hold it", order = UsageOrder.CLUSTER + 4)
  void passwordSecret(String v) throws UserError {
    passwordSecret = name("--password-secret", v, SUBDOMAIN, 253, "a Secret's name");
  }

  @Option(names = "--results-claim", paramLabel = "NAME", description = "an existing PersistentVolumeClaim for"
      + " the results instead of rendering one", order = UsageOrder.CLUSTER + 5)
  void resultsClaim(String v) throws UserError {
    resultsClaim = name("--results-claim", v, SUBDOMAIN, 253, "a PersistentVolumeClaim's name");
  }

  @Option(names = "--results-size", paramLabel = "SIZE", description = "the rendered claim's size (default "
      + DEFAULT_RESULTS_SIZE + ")", order = UsageOrder.CLUSTER + 6)
  void resultsSize(String v) throws UserError {
    resultsSize = quantity("--results-size", v, SIZE, "a size in Mi, Gi or Ti, e.g. 50Gi");
  }

  @Option(names = "--storage-class", paramLabel = "NAME", description = "the rendered claim's storage class"
      + " (default: the cluster's default)", order = UsageOrder.CLUSTER + 7)
  void storageClass(String v) throws UserError {
    storageClass = name("--storage-class", v, SUBDOMAIN, 253, "a StorageClass's name");
  }

  @Option(names = "--cpu", paramLabel = "CPU", description = "CPU request of a pod (default " + DEFAULT_CPU
      + "; no limit)", order = UsageOrder.CLUSTER + 8)
  void cpu(String v) throws UserError {
    cpu = quantity("--cpu", v, CPU, "cores (e.g. 4, 2.5) or millicores (e.g. 500m), above 0");
  }

  @Option(names = "--memory", paramLabel = "MEMORY", description = "memory request and limit of a pod, in Mi or"
      + " Gi (default " + DEFAULT_MEMORY + "; JVM heap 3/4)", order = UsageOrder.CLUSTER + 9)
  void memory(String v) throws UserError {
    Matcher m = MEMORY.matcher(v);
    int mib = m.matches() ? Integer.parseInt(m.group(1)) * (m.group(2).equals("Gi") ? 1024 : 1) : 0;
    if (mib < 1024) {
      throw new UserError("--memory " + v + " is not accepted; accepted values: 1Gi or more, in Mi or Gi "
          + "(e.g. 6Gi, 3072Mi)");
    }
    memoryMib = mib;
  }

  @Option(names = "--retries", paramLabel = "N", description = "runs again of a failed load pod, which continues"
      + " its checkpoint (default 0; read phases: 0, a later client would measure another window; nb5: 0)",
      order = UsageOrder.CLUSTER + 10)
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
      throw ResultsOptions.noNb5Endpoint(metricsPort);
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

  @Override
  public int call(String[] args, PrintStream out, PrintStream err) throws java.io.IOException {
    return K8sRender.run(checked(), args, out);
  }

  /** {@code args[0]} is {@code render}: its options, parsed and checked. */
  static K8sRenderOptions parse(String[] args) throws UserError {
    return OptionParser.parse(new K8sRenderOptions(), args, 1).checked();
  }

  /** These options, checked together: every one before anything is written. */
  K8sRenderOptions checked() throws UserError {
    K8sRenderOptions o = this;
    if (o.help.asked) {
      return o;
    }
    if (o.phase == null) {
      throw new UserError("--phase is needed; accepted values: " + Phase.ACCEPTED);
    }
    o.size.checkDurationsRun(List.of(o.phase));
    if (o.target.hosts == null) {
      throw new UserError("--hosts is needed: the pods run against a database they reach (no local server in a "
          + "cluster); accepted: --hosts H1,H2[:PORT]");
    }
    if (o.image == null) {
      throw new UserError("--image is needed: the release image (distribution/Dockerfile, docs/release.md) with largekv at "
          + K8sManifests.IMAGE_HOME
          + "; accepted: --image NAME:TAG (not latest) or NAME@sha256:DIGEST");
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
    for (String p : o.props.list) {
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
    if (o.nb5Jar != null && !o.harness.name.equals(Harness.NB5)) {
      throw new UserError("--nb5-jar names nb5 in the image, and the pods run YCSB; accepted: --nb5-jar with"
          + " --harness nb5");
    }
    if (o.harness.name.equals(Harness.NB5)) {
      checkNb5(o.retries, o.passwordSecret, o.results.metricsPort);
      if (o.nb5Jar == null) {
        o.nb5Jar = K8sManifests.DEFAULT_NB5_JAR;
      }
    }
    Harness.checkProperties(List.of(o.harness.name), o.props.list, o.help());
    return o;
  }
}
