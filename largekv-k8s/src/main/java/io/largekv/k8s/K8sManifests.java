package io.largekv.k8s;

import io.largekv.common.ExitStatus;
import io.largekv.common.MetricsProperties;
import io.largekv.common.StartBarrier;
import io.largekv.common.YcsbCommandLine;
import io.largekv.results.RunSetup;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.Yaml;

/**
 * The Kubernetes manifests of one phase's YCSB (or nb5) clients, as {@code bin/largekv k8s render} writes
 * them ({@code bin/largekv k8s render} decides the settings, this class what each manifest holds):
 *
 * <ul>
 *   <li>{@code job.yaml}: an Indexed Job ({@code completionMode: Indexed}, completions = parallelism =
 *       the clients), one pod a client, each on its own node (required pod anti-affinity on
 *       {@code kubernetes.io/hostname}); each pod runs the command line a local client of
 *       {@code bin/largekv compare --clients N} runs ({@link YcsbClient}), with
 *       {@code client.index} the pod's {@code $(JOB_COMPLETION_INDEX)} and {@code client.count} N,
 *       and keeps its raw output in {@code /results/RUN/PHASE/client-<i>/}, the layout a local run
 *       writes; the password, if any, from a Kubernetes Secret through an environment variable
 *       ({@code ycql.password=env:LARGEKV_YCQL_PASSWORD}), never its value;</li>
 *       A YCSB pod serves its metrics ({@code largekv.metrics_port}, docs/metrics.md) on every
 *       address of the pod, and its template carries the {@code prometheus.io/scrape}, {@code /port}
 *       and {@code /path} annotations a cluster's Prometheus discovers pods by;</li>
 *   <li>{@code configmap.yaml}: the phase's workload file, mounted read-only;</li>
 *   <li>{@code results-pvc.yaml}: a ReadWriteMany claim for the results, unless an existing claim
 *       is named.</li>
 * </ul>
 *
 * No Secret is rendered: a template applied with the directory would overwrite the real one.
 */
public final class K8sManifests {

  /** Where the release image (distribution/Dockerfile) holds the release: its bin/ycsb and lib/. */
  public static final String IMAGE_HOME = "/opt/largekv";
  /** Where the workload ConfigMap is mounted. */
  public static final String WORKLOAD_DIR = "/etc/largekv/workloads";
  /** Where the results volume is mounted. */
  public static final String RESULTS_DIR = "/results";
  /** The environment variable the password comes in, from the Secret; {@code ycql.password=env:} names it. */
  public static final String PASSWORD_ENV = "LARGEKV_YCQL_PASSWORD";
  /** The Secret's key that holds the password. */
  public static final String PASSWORD_KEY = "password";
  /** Where an nb5 pod's image holds nb5.jar by default ({@code k8s render --nb5-jar}). */
  public static final String DEFAULT_NB5_JAR = "/opt/nb5/nb5.jar";
  /** The pod's completion index, expanded by the kubelet in the container's arguments. */
  public static final String INDEX = "$(JOB_COMPLETION_INDEX)";
  /** The claim rendered for the results when no existing one is named. */
  static final String RESULTS_CLAIM = "largekv-results";
  /**
   * Exit statuses after which a pod is never run again, whatever the retries: a result that failed a
   * check, and bad input (the Job's pod failure policy; {@code k8s local} follows it).
   */
  public static final List<Integer> FINAL_EXIT_STATUSES = List.of(ExitStatus.FAILED, ExitStatus.BAD_INPUT);
  /** The label whose value is the Job's name: the anti-affinity's selector. */
  public static final String JOB_LABEL = "largekv/job";

  /**
   * What a client pod runs: {@code $1} its client directory (with its index expanded), then the
   * bin/ycsb command line. It refuses to run outside an Indexed Job, and a read phase's client
   * refuses to overwrite results of the same run, and a load's client run again keeps the earlier
   * attempt's files in {@code attempt-<k>/} and continues its checkpoint (the report counts each
   * row once: {@link io.largekv.report.PhaseResult}); it
   * keeps the client's stdout in {@code stdout} (YCSB's: ycsb.txt), its stderr in stderr.txt and the
   * pod's log, and the exit status in exit.txt, as a local client's runner does. {@code resumes}: a load
   * of YCSB, which continues a checkpoint (nb5's load has none: its client refuses an earlier
   * attempt's files, as a read client does). No {@code $(} in it: the kubelet would read that as a
   * variable reference.
   */
  public static String clientScript(boolean resumes, String stdout) {
    return String.join("\n",
        "set -u",
        "dir=$1",
        "shift",
        "if [[ ! $dir =~ /client-[0-9]+$ ]]; then",
        "  echo \"largekv: JOB_COMPLETION_INDEX is not set (not a pod of an Indexed Job): client directory $dir\" >&2",
        "  exit 2",
        "fi",
        resumes ? String.join("\n",
            // a pod run again (the Job's retry of a failed index): the earlier attempt's files move
            // to attempt-<k>/, so that nothing it measured is overwritten; its checkpoint stays
            "earlier=()",
            "for f in \"$dir\"/*; do",
            "  [[ -e $f ]] || continue",
            "  case ${f##*/} in",
            "    load.checkpoint*|attempt-*) ;;",
            "    *) earlier+=(\"$f\") ;;",
            "  esac",
            "done",
            "if (( ${#earlier[@]} > 0 )); then",
            "  n=1",
            "  while [[ -e $dir/attempt-$n ]]; do ((n += 1)); done",
            "  mkdir \"$dir/attempt-$n\" || exit 3",
            "  mv \"${earlier[@]}\" \"$dir/attempt-$n/\" || exit 3",
            "  echo \"largekv: $dir holds an earlier attempt of this client (its pod was run again): kept in"
                + " $dir/attempt-$n; the load continues its checkpoint\" >&2",
            "fi")
            : String.join("\n",
            "if [[ -e $dir/exit.txt ]]; then",
            "  echo \"largekv: $dir holds a finished client of this run already; render with another --run\" >&2",
            "  exit 2",
            "fi"),
        "mkdir -p \"$dir/hdr\" || exit 3",
        "printf '%s\\n' \"$*\" > \"$dir/command.txt\" || exit 3",
        "\"$@\" 2>&1 >\"$dir/" + stdout + "\" | tee \"$dir/stderr.txt\" >&2",
        "status=(\"${PIPESTATUS[@]}\")",
        "echo \"${status[0]}\" > \"$dir/exit.txt\" || exit 3",
        "if [[ ${status[1]} != 0 && ${status[0]} == 0 ]]; then",
        "  echo \"largekv: lost the client's stderr ($dir/stderr.txt)\" >&2",
        "  exit 3",
        "fi",
        "exit \"${status[0]}\"",
        "").replace("\n\n", "\n");
  }

  /**
   * Where a client finds largekv, the workload file and the results volume: in a pod
   * ({@link #POD}), or on this machine for {@code k8s local}.
   */
  public record Mounts(String home, String workloads, String results) {}

  /** The pod's paths: the image's checkout, the ConfigMap's and the results claim's mounts. */
  public static final Mounts POD = new Mounts(IMAGE_HOME, WORKLOAD_DIR, RESULTS_DIR);

  /**
   * Everything {@code k8s render} decided for one phase's manifests.
   *
   * @param workloadFile the phase's workload file, its name under workloads/ ({@code workloadText} its content)
   * @param properties the phase's properties, in order (hosts, dialect, the user's -p, the size options)
   * @param passwordSecret the Secret with the password (key {@link #PASSWORD_KEY}); null: no password
   * @param resultsClaim an existing claim for the results; null: {@link #RESULTS_CLAIM}, rendered
   * @param storageClass the rendered claim's storage class; null: the cluster's default
   * @param memoryMib the container's memory in MiB (request and limit); the JVM's heap is 3/4 of it
   * @param retries retries of a failed pod of the same index (a load only)
   * @param command the render command, for the Job's annotation (secrets redacted)
   * @param mounts where the client's command finds largekv, the workload and the results ({@link #POD})
   * @param harness the client: {@link RunSetup#YCSB} (bin/ycsb) or {@link RunSetup#NB5} (bin/largekv nb5-client)
   * @param nb5Jar with nb5: where the image holds nb5.jar ({@code NB5_JAR}); null: as bin/nb5 finds it
   * @param ycsbClient a YCSB pod's bin/ycsb command line from its settings (the harness's, as a local
   *     client's); unused with nb5
   */
  public record Settings(
      String namespace,
      String run,
      String phase,
      boolean load,
      String image,
      int clients,
      String workloadFile,
      String workloadText,
      List<String> properties,
      String passwordSecret,
      String resultsClaim,
      String resultsSize,
      String storageClass,
      String cpu,
      int memoryMib,
      int retries,
      String command,
      Mounts mounts,
      String harness,
      String nb5Jar,
      YcsbClient ycsbClient,
      int metricsPort,
      String metricsAddress) {

    public boolean nb5() {
      return harness.equals(RunSetup.NB5);
    }

    /** The client container's name (the Job's pod failure policy names it): the harness. */
    String container() {
      return harness;
    }

    /** Where the client script keeps the client's stdout: YCSB's output, or nb5-client's lines. */
    String stdoutFile() {
      return nb5() ? io.largekv.results.ResultsLayout.NB5_CLIENT_LINES : io.largekv.results.ResultsLayout.YCSB_OUTPUT;
    }

    public String jobName() {
      return "largekv-" + run + "-" + phase;
    }

    String configMapName() {
      return jobName() + "-workload";
    }

    public String claimName() {
      return resultsClaim != null ? resultsClaim : RESULTS_CLAIM;
    }

    /** The results volume's directory the phase's clients meet in before they start ({@code largekv.start_barrier}). */
    String barrierDir() {
      return mounts.results() + "/" + run + "/" + phase + "/barrier";
    }

    /** The results directory of client {@code index} in the pod. */
    public String clientDir(String index) {
      return mounts.results() + "/" + run + "/" + phase + "/client-" + index;
    }

    /**
     * Settings to fill by name; what is not set: null (strings, the YCSB client), none (properties),
     * 0 (numbers), false ({@code load}), {@link K8sManifests#POD} (mounts).
     */
    public static Builder builder() {
      return new Builder();
    }

    /** Builds {@link Settings} by name: each setter sets the component of the same name. */
    public static final class Builder {
      private String namespace;
      private String run;
      private String phase;
      private boolean load;
      private String image;
      private int clients;
      private String workloadFile;
      private String workloadText;
      private List<String> properties = List.of();
      private String passwordSecret;
      private String resultsClaim;
      private String resultsSize;
      private String storageClass;
      private String cpu;
      private int memoryMib;
      private int retries;
      private String command;
      private Mounts mounts = POD;
      private String harness;
      private String nb5Jar;
      private YcsbClient ycsbClient;
      private int metricsPort;
      private String metricsAddress;

      private Builder() {}

      public Builder namespace(String namespace) {
        this.namespace = namespace;
        return this;
      }

      public Builder run(String run) {
        this.run = run;
        return this;
      }

      public Builder phase(String phase) {
        this.phase = phase;
        return this;
      }

      public Builder load(boolean load) {
        this.load = load;
        return this;
      }

      public Builder image(String image) {
        this.image = image;
        return this;
      }

      public Builder clients(int clients) {
        this.clients = clients;
        return this;
      }

      public Builder workloadFile(String workloadFile) {
        this.workloadFile = workloadFile;
        return this;
      }

      public Builder workloadText(String workloadText) {
        this.workloadText = workloadText;
        return this;
      }

      public Builder properties(List<String> properties) {
        this.properties = properties;
        return this;
      }

      public Builder passwordSecret(String passwordSecret) {
        this.passwordSecret = passwordSecret;
        return this;
      }

      public Builder resultsClaim(String resultsClaim) {
        this.resultsClaim = resultsClaim;
        return this;
      }

      public Builder resultsSize(String resultsSize) {
        this.resultsSize = resultsSize;
        return this;
      }

      public Builder storageClass(String storageClass) {
        this.storageClass = storageClass;
        return this;
      }

      public Builder cpu(String cpu) {
        this.cpu = cpu;
        return this;
      }

      public Builder memoryMib(int memoryMib) {
        this.memoryMib = memoryMib;
        return this;
      }

      public Builder retries(int retries) {
        this.retries = retries;
        return this;
      }

      public Builder command(String command) {
        this.command = command;
        return this;
      }

      public Builder mounts(Mounts mounts) {
        this.mounts = mounts;
        return this;
      }

      public Builder harness(String harness) {
        this.harness = harness;
        return this;
      }

      public Builder nb5Jar(String nb5Jar) {
        this.nb5Jar = nb5Jar;
        return this;
      }

      public Builder ycsbClient(YcsbClient ycsbClient) {
        this.ycsbClient = ycsbClient;
        return this;
      }

      public Builder metricsPort(int metricsPort) {
        this.metricsPort = metricsPort;
        return this;
      }

      public Builder metricsAddress(String metricsAddress) {
        this.metricsAddress = metricsAddress;
        return this;
      }

      public Settings build() {
        return new Settings(namespace, run, phase, load, image, clients, workloadFile, workloadText, properties,
            passwordSecret, resultsClaim, resultsSize, storageClass, cpu, memoryMib, retries, command, mounts, harness,
            nb5Jar, ycsbClient, metricsPort, metricsAddress);
      }
    }
  }

  private K8sManifests() {}

  /** The manifests: file name → YAML, in the order {@code kubectl apply -f DIR} would take them. */
  public static Map<String, String> render(Settings s) {
    Map<String, String> files = new LinkedHashMap<>();
    files.put("configmap.yaml", yaml(configMap(s)));
    files.put("job.yaml", yaml(job(s)));
    if (s.resultsClaim() == null) {
      files.put("results-pvc.yaml", yaml(resultsClaim(s)));
    }
    return files;
  }

  /**
   * How a YCSB pod's client command line is made: as a local client's, by the harness that runs
   * YCSB, from the installation's {@code home}, the phase's workload file, its properties in order,
   * the clients, the client's index (here {@link #INDEX}) and its results directory.
   */
  @FunctionalInterface
  public interface YcsbClient {
    YcsbCommandLine command(Path home, Path workloadFile, List<String> properties, int clients, String index,
        Path clientDir);
  }

  /** The client pod's bin/ycsb command line: a local client's ({@link YcsbClient}). */
  static YcsbCommandLine ycsbCommand(Settings s) {
    List<String> props = new ArrayList<>(s.properties());
    // the pods begin together, once every one is scheduled and connected (a -p of the user's comes later and wins)
    props.add(0, StartBarrier.DIR + "=" + s.barrierDir());
    if (s.passwordSecret() != null) {
      props.add(0, "ycql.password=env:" + PASSWORD_ENV);
    }
    if (s.metricsPort() > 0) {
      // the target label: the client's own default, the database it connects to (ycql.target)
      props.addAll(MetricsProperties.of(s.metricsPort(), s.metricsAddress(), s.run(), null, s.phase(), INDEX));
    }
    return s.ycsbClient().command(Paths.get(s.mounts().home()), Paths.get(s.mounts().workloads(), s.workloadFile()),
        props, s.clients(), INDEX, Path.of(s.clientDir(INDEX)));
  }

  /**
   * The client pod's {@code bin/largekv nb5-client} command line: the same
   * -P and -p as a YCSB pod's, so that the report reads both alike.
   */
  static List<String> nb5Command(Settings s) {
    List<String> c = new ArrayList<>(List.of(s.mounts().home() + "/bin/largekv", "nb5-client", "--phase",
        s.phase(), "--dir", s.clientDir(INDEX), "-P", s.mounts().workloads() + "/" + s.workloadFile()));
    List<String> props = nb5Properties(s);
    props.add("client.index=" + INDEX);
    for (String p : props) {
      c.add("-p");
      c.add(p);
    }
    return c;
  }

  /**
   * An nb5 pod's properties but its index, in a YCSB pod's order: the start barrier first (a user's
   * -p after it wins), then the phase's, then the clients (they win, as in a local client's command).
   */
  public static List<String> nb5Properties(Settings s) {
    List<String> props = new ArrayList<>(List.of(StartBarrier.DIR + "=" + s.barrierDir()));
    props.addAll(s.properties());
    props.add("client.count=" + s.clients());
    return props;
  }

  private static Map<String, Object> metadata(Settings s, String name, boolean namespaced) {
    Map<String, Object> m = map("name", name);
    if (namespaced) {
      m.put("namespace", s.namespace());
    }
    m.put("labels", labels(s));
    return m;
  }

  private static Map<String, Object> labels(Settings s) {
    Map<String, Object> l = map("app.kubernetes.io/name", "largekv");
    l.put("app.kubernetes.io/component", s.harness() + "-client");
    l.put("largekv/run", s.run());
    l.put("largekv/phase", s.phase());
    return l;
  }

  private static Map<String, Object> configMap(Settings s) {
    Map<String, Object> m = map("apiVersion", "v1");
    m.put("kind", "ConfigMap");
    m.put("metadata", metadata(s, s.configMapName(), true));
    m.put("data", map(s.workloadFile(), s.workloadText()));
    return m;
  }

  private static Map<String, Object> resultsClaim(Settings s) {
    Map<String, Object> m = map("apiVersion", "v1");
    m.put("kind", "PersistentVolumeClaim");
    Map<String, Object> meta = map("name", RESULTS_CLAIM);
    meta.put("namespace", s.namespace());
    meta.put("labels", map("app.kubernetes.io/name", "largekv"));
    m.put("metadata", meta);
    Map<String, Object> spec = map("accessModes", List.of("ReadWriteMany"));
    if (s.storageClass() != null) {
      spec.put("storageClassName", s.storageClass());
    }
    spec.put("resources", map("requests", map("storage", s.resultsSize())));
    m.put("spec", spec);
    return m;
  }

  private static Map<String, Object> job(Settings s) {
    Map<String, Object> m = map("apiVersion", "batch/v1");
    m.put("kind", "Job");
    Map<String, Object> meta = metadata(s, s.jobName(), true);
    meta.put("annotations", map("largekv/command", s.command()));
    m.put("metadata", meta);

    Map<String, Object> spec = map("completionMode", "Indexed");
    spec.put("completions", s.clients());
    spec.put("parallelism", s.clients());
    // a failed client is not run again (a read client later than the others would measure another
    // window), unless a load is given retries: its checkpoint on the volume continues it
    spec.put("backoffLimitPerIndex", s.retries());
    // a result that failed a check (1) or bad input (2) is final, whatever the retries
    spec.put("podFailurePolicy", map("rules", List.of(map("action", "FailIndex", "onExitCodes",
        map("containerName", s.container(), "operator", "In", "values", FINAL_EXIT_STATUSES)))));

    Map<String, Object> podLabels = labels(s);
    podLabels.put(JOB_LABEL, s.jobName());
    Map<String, Object> antiAffinity = map("requiredDuringSchedulingIgnoredDuringExecution", List.of(
        map("labelSelector", map("matchLabels", map(JOB_LABEL, s.jobName())),
            "topologyKey", "kubernetes.io/hostname")));

    List<String> command = podCommand(s);
    List<Object> env = new ArrayList<>();
    if (s.passwordSecret() != null) {
      env.add(map("name", PASSWORD_ENV, "valueFrom", map("secretKeyRef",
          map("name", s.passwordSecret(), "key", PASSWORD_KEY))));
    }
    if (s.nb5()) {
      // bin/largekv's own JVM is small (-Xmx512m); nb5's JVM takes the default share of the limit
      if (s.nb5Jar() != null) {
        env.add(map("name", "NB5_JAR", "value", s.nb5Jar()));
      }
    } else {
      env.add(map("name", "JAVA_OPTS", "value", "-Xmx" + (s.memoryMib() * 3L / 4) + "m"));
    }
    Map<String, Object> container = map("name", s.container());
    container.put("image", s.image());
    container.put("workingDir", IMAGE_HOME);
    container.put("command", command);
    container.put("env", env);
    boolean metrics = !s.nb5() && s.metricsPort() > 0;
    if (metrics) {
      container.put("ports", List.of(map("name", "metrics", "containerPort", s.metricsPort(), "protocol", "TCP")));
    }
    // no CPU limit: a throttled client would add its own latency to the database's
    container.put("resources", map("requests", map("cpu", s.cpu(), "memory", s.memoryMib() + "Mi"),
        "limits", map("memory", s.memoryMib() + "Mi")));
    container.put("volumeMounts", List.of(
        map("name", "workload", "mountPath", WORKLOAD_DIR, "readOnly", true),
        map("name", "results", "mountPath", RESULTS_DIR)));

    Map<String, Object> podSpec = map("restartPolicy", "Never");
    podSpec.put("affinity", map("podAntiAffinity", antiAffinity));
    podSpec.put("containers", List.of(container));
    podSpec.put("volumes", List.of(
        map("name", "workload", "configMap", map("name", s.configMapName())),
        map("name", "results", "persistentVolumeClaim", map("claimName", s.claimName()))));
    Map<String, Object> podMeta = map("labels", podLabels);
    if (metrics) {
      // the annotations the usual Prometheus Kubernetes pod discovery keeps pods by
      podMeta.put("annotations", map("prometheus.io/scrape", "true", "prometheus.io/port",
          Integer.toString(s.metricsPort()), "prometheus.io/path", MetricsProperties.PATH));
    }
    spec.put("template", map("metadata", podMeta, "spec", podSpec));
    m.put("spec", spec);
    return m;
  }

  /**
   * The client container's command: the client script with the client's directory, then its
   * bin/ycsb (or bin/largekv nb5-client) command line; {@link #INDEX} in it is the pod's index (the
   * kubelet expands it).
   */
  public static List<String> podCommand(Settings s) {
    List<String> command = new ArrayList<>(List.of("bash", "-c", clientScript(s.load() && !s.nb5(),
        s.stdoutFile()), "largekv-client", s.clientDir(INDEX)));
    command.addAll(s.nb5() ? nb5Command(s) : ycsbCommand(s).arguments());
    return command;
  }

  /** An ordered map of the key/value pairs. */
  private static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      m.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return m;
  }

  /** One manifest as block YAML, the way kubectl users read it. */
  private static String yaml(Map<String, Object> manifest) {
    DumperOptions o = new DumperOptions();
    o.setDefaultFlowStyle(DumperOptions.FlowStyle.BLOCK);
    o.setIndent(2);
    o.setIndicatorIndent(2);
    o.setIndentWithIndicator(true);
    o.setWidth(Integer.MAX_VALUE);
    return new Yaml(o).dump(manifest);
  }
}
