package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.cli.Largekv;
import io.largekv.common.UserError;
import io.largekv.harness.nb5.Nb5PodClient;
import io.largekv.k8s.K8sManifests;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;

/**
 * {@code bin/largekv k8s render}: the manifests it writes, read back with a YAML parser, hold the
 * Indexed Job's invariants, the local client's command line and no password; bad input writes
 * nothing. (Their validity against Kubernetes' schemas: {@link K8sSchemaTest}.)
 */
class K8sRenderTest {

  private static final Path REPO = Paths.get(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath().normalize();

  @TempDir
  Path tmp;

  /** Renders {@code args} (after {@code k8s render}) into {@code out}; the file name → its one YAML document. */
  static Map<String, Map<String, Object>> render(Path out, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of("k8s", "render"));
    all.addAll(Arrays.asList(args));
    all.addAll(List.of("--out", out.toString()));
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    int status = Largekv.run(all.toArray(String[]::new), new PrintStream(stdout, true, StandardCharsets.UTF_8),
        System.err);
    assertThat(status).as(stdout.toString(StandardCharsets.UTF_8)).isZero();
    Map<String, Map<String, Object>> docs = new java.util.TreeMap<>();
    try (Stream<Path> files = Files.list(out)) {
      for (Path f : files.toList()) {
        docs.put(f.getFileName().toString(), new Yaml().load(Files.readString(f)));
      }
    }
    return docs;
  }

  @SuppressWarnings("unchecked")
  static <T> T at(Object node, Object... path) {
    Object n = node;
    for (Object p : path) {
      n = p instanceof Integer i ? ((List<Object>) n).get(i) : ((Map<String, Object>) n).get(p);
      assertThat(n).as("%s in %s", p, Arrays.toString(path)).isNotNull();
    }
    return (T) n;
  }

  private static final String[] READ = {"--phase", "uniform-read", "--clients", "3", "--hosts", "yb1,yb2:9043",
      "--image", "registry.example.com/largekv:0.1.0", "--namespace", "bench", "--run", "r1",
      "--password-secret", "ycql-pw", "--full-scale", "--records", "1_000_000", "--duration", "600",
      "--threads", "64", "-p", "ycql.username=bench"};

  @Test
  void anIndexedJobOfNClientsEachOnItsOwnNode() throws Exception {
    Map<String, Map<String, Object>> docs = render(tmp.resolve("out"), READ);
    assertThat(docs).containsOnlyKeys("configmap.yaml", "job.yaml", "results-pvc.yaml");
    Map<String, Object> job = docs.get("job.yaml");
    assertThat(job).containsEntry("apiVersion", "batch/v1").containsEntry("kind", "Job");
    assertThat((String) at(job, "metadata", "name")).isEqualTo("largekv-r1-uniform-read");
    Map<String, Object> spec = at(job, "spec");
    assertThat(spec).containsEntry("completionMode", "Indexed").containsEntry("completions", 3)
        .containsEntry("parallelism", 3).containsEntry("backoffLimitPerIndex", 0);
    Map<String, Object> rule = at(spec, "podFailurePolicy", "rules", 0);
    assertThat(rule).containsEntry("action", "FailIndex");
    assertThat((List<Object>) at(rule, "onExitCodes", "values")).containsExactly(1, 2);

    Map<String, Object> pod = at(spec, "template");
    assertThat((String) at(pod, "spec", "restartPolicy")).isEqualTo("Never");
    Map<String, Object> term = at(pod, "spec", "affinity", "podAntiAffinity",
        "requiredDuringSchedulingIgnoredDuringExecution", 0);
    assertThat(term).containsEntry("topologyKey", "kubernetes.io/hostname");
    Map<String, Object> selector = at(term, "labelSelector", "matchLabels");
    Map<String, Object> podLabels = at(pod, "metadata", "labels");
    // the selector picks this Job's pods, and only them
    assertThat(selector).isNotEmpty();
    assertThat(podLabels).containsAllEntriesOf(selector).containsEntry(K8sManifests.JOB_LABEL, "largekv-r1-uniform-read");

    for (Map<String, Object> doc : docs.values()) {
      assertThat((String) at(doc, "metadata", "namespace")).isEqualTo("bench");
    }
  }

  @Test
  void eachPodRunsTheLocalClientsCommandWithItsIndex() throws Exception {
    Map<String, Map<String, Object>> docs = render(tmp.resolve("out"), READ);
    Map<String, Object> container = at(docs.get("job.yaml"), "spec", "template", "spec", "containers", 0);
    List<String> command = at(container, "command");
    assertThat(command.subList(0, 2)).containsExactly("bash", "-c");
    assertThat(command.get(2)).isEqualTo(K8sManifests.clientScript(false, "ycsb.txt"));
    String clientDir = "/results/r1/uniform-read/client-$(JOB_COMPLETION_INDEX)";
    assertThat(command.subList(3, 5)).containsExactly("largekv-client", clientDir);
    List<String> ycsb = command.subList(5, command.size());
    assertThat(ycsb.subList(0, 6)).containsExactly("/opt/largekv/bin/ycsb", "run", "yugabyte-ycql", "-P",
        "/etc/largekv/workloads/large30b-uniform-read", "-s");
    List<String> props = new ArrayList<>();
    for (int i = 6; i < ycsb.size(); i += 2) {
      assertThat(ycsb.get(i)).isEqualTo("-p");
      props.add(ycsb.get(i + 1));
    }
    assertThat(props).contains("ycql.password=env:" + K8sManifests.PASSWORD_ENV, "hosts=yb1,yb2:9043",
        "ycql.target=yugabyte", "ycql.username=bench", "recordcount=1000000", "threadcount=64",
        "maxexecutiontime=600", "client.index=$(JOB_COMPLETION_INDEX)", "client.count=3",
        "hdrhistogram.output.path=" + clientDir + "/hdr/", "largekv.timeline=" + clientDir + "/timeline.csv");
    // the pods begin together: they meet in the phase's directory on the results volume
    assertThat(props).contains("largekv.start_barrier=" + clientDir.substring(0, clientDir.lastIndexOf('/')) + "/barrier");
    // the options win over the user's -p, as in a local run: they come after them
    assertThat(props.indexOf("threadcount=64")).isGreaterThan(props.indexOf("ycql.username=bench"));
    // a read phase keeps no load checkpoint
    assertThat(props).noneMatch(p -> p.startsWith("largekv.checkpoint="));

    // the one $( the kubelet sees is the index; no $$ that it would turn into $
    String job = Files.readString(tmp.resolve("out/job.yaml"));
    Matcher refs = Pattern.compile("\\$\\(([^)]*)\\)").matcher(job);
    int n = 0;
    while (refs.find()) {
      assertThat(refs.group(1)).isEqualTo("JOB_COMPLETION_INDEX");
      n++;
    }
    // the client directory, its hdr/ and timeline, client.index, the metrics' client label
    assertThat(n).isEqualTo(5);
    assertThat(job).doesNotContain("$$");

    Map<String, Object> resources = at(container, "resources");
    assertThat((Map<String, Object>) at(resources, "requests")).containsEntry("cpu", "4").containsEntry("memory", "6144Mi");
    assertThat((Map<String, Object>) at(resources, "limits")).containsOnlyKeys("memory").containsEntry("memory", "6144Mi");
    assertThat((List<Map<String, Object>>) at(container, "env"))
        .contains(Map.of("name", "JAVA_OPTS", "value", "-Xmx4608m"));
  }

  @Test
  void eachYcsbPodServesItsMetricsAndIsAnnotatedForPrometheus() throws Exception {
    Map<String, Map<String, Object>> docs = render(tmp.resolve("out"), READ);
    Map<String, Object> template = at(docs.get("job.yaml"), "spec", "template");
    Map<String, String> annotations = at(template, "metadata", "annotations");
    assertThat(annotations).containsEntry("prometheus.io/scrape", "true").containsEntry("prometheus.io/port", "9464")
        .containsEntry("prometheus.io/path", "/metrics");
    Map<String, Object> container = at(template, "spec", "containers", 0);
    assertThat(at(container, "ports", 0, "containerPort").toString()).isEqualTo("9464");
    List<String> command = at(container, "command");
    // on every address of the pod, labelled with the run, the database, the phase and the pod's index
    assertThat(command).contains("largekv.metrics_port=9464", "largekv.metrics_address=0.0.0.0",
        "largekv.metrics_labels=run=r1,phase=uniform-read,client=$(JOB_COMPLETION_INDEX)", "ycql.target=yugabyte");

    List<String> other = new ArrayList<>(Arrays.asList(READ));
    other.addAll(List.of("--metrics-port", "9100", "--target", "scylla", "--localdc", "dc1"));
    Map<String, Object> t2 = at(render(tmp.resolve("out2"), other.toArray(String[]::new)).get("job.yaml"), "spec",
        "template");
    assertThat(at(t2, "metadata", "annotations").toString()).contains("prometheus.io/port=9100");
    assertThat((List<String>) at(t2, "spec", "containers", 0, "command")).contains("largekv.metrics_port=9100",
        "largekv.metrics_labels=run=r1,phase=uniform-read,client=$(JOB_COMPLETION_INDEX)", "ycql.target=scylla");
  }

  @Test
  void theWorkloadFileComesFromTheConfigMapAndTheResultsGoToAReadWriteManyVolume() throws Exception {
    Map<String, Map<String, Object>> docs = render(tmp.resolve("out"), READ);
    Map<String, Object> podSpec = at(docs.get("job.yaml"), "spec", "template", "spec");
    Map<String, Object> cm = docs.get("configmap.yaml");
    assertThat((Map<String, Object>) at(cm, "data")).containsOnlyKeys("large30b-uniform-read")
        .containsEntry("large30b-uniform-read", Files.readString(REPO.resolve("workloads/large30b-uniform-read")));
    assertThat((Map<String, Object>) at(podSpec, "volumes", 0)).containsEntry("name", "workload")
        .containsEntry("configMap", Map.of("name", at(cm, "metadata", "name")));
    List<Map<String, Object>> mounts = at(podSpec, "containers", 0, "volumeMounts");
    assertThat(mounts).containsExactly(
        Map.of("name", "workload", "mountPath", "/etc/largekv/workloads", "readOnly", true),
        Map.of("name", "results", "mountPath", "/results"));

    Map<String, Object> pvc = docs.get("results-pvc.yaml");
    assertThat((List<String>) at(pvc, "spec", "accessModes")).containsExactly("ReadWriteMany");
    assertThat((String) at(pvc, "spec", "resources", "requests", "storage")).isEqualTo("50Gi");
    assertThat((Map<String, Object>) at(podSpec, "volumes", 1)).containsEntry("persistentVolumeClaim",
        Map.of("claimName", at(pvc, "metadata", "name")));
  }

  @Test
  void thePasswordComesFromTheSecretAndNeverAppears() throws Exception {
    Map<String, Map<String, Object>> docs = render(tmp.resolve("out"), READ);
    List<Map<String, Object>> env = at(docs.get("job.yaml"), "spec", "template", "spec", "containers", 0, "env");
    assertThat(env).contains(Map.of("name", K8sManifests.PASSWORD_ENV, "valueFrom",
        Map.of("secretKeyRef", Map.of("name", "ycql-pw", "key", "password"))));
    assertThat(env).filteredOn(e -> e.get("name").equals(K8sManifests.PASSWORD_ENV)).allMatch(e -> !e.containsKey("value"));
    assertThat(docs.values()).noneMatch(d -> "Secret".equals(d.get("kind")));

    // a password given with -p (literal, or bin/largekv's env: reference for it) is refused and never written
    for (String given : List.of("ycql.password=hunter2", "ycql.password=env:LARGEKV_SECRET_1_1",
        "ycql.truststore_password=hunter2")) {
      Path out = tmp.resolve("refused-" + given.hashCode());
      String[] args = Stream.concat(Arrays.stream(READ), Stream.of("-p", given)).toArray(String[]::new);
      assertThatThrownBy(() -> render(out, args)).isInstanceOf(UserError.class)
          .hasMessageStartingWith("-p ycql.").hasMessageContaining("accepted: --password-secret NAME")
          .message().doesNotContain("hunter2");
      assertThat(out).doesNotExist();
    }
  }

  @Test
  void aLoadKeepsItsCheckpointOnTheVolumeAndMayBeRetried() throws Exception {
    Map<String, Map<String, Object>> docs = render(tmp.resolve("out"), "--phase", "load", "--clients", "16",
        "--hosts", "c1", "--target", "cassandra", "--localdc", "dc1", "--image", "largekv@sha256:" + "ab".repeat(32),
        "--run", "big", "--results-claim", "shared-results", "--retries", "3", "--cpu", "7500m", "--memory", "16Gi");
    assertThat(docs).containsOnlyKeys("configmap.yaml", "job.yaml");
    Map<String, Object> spec = at(docs.get("job.yaml"), "spec");
    assertThat(spec).containsEntry("completions", 16).containsEntry("parallelism", 16)
        .containsEntry("backoffLimitPerIndex", 3);
    Map<String, Object> podSpec = at(spec, "template", "spec");
    assertThat((Map<String, Object>) at(podSpec, "volumes", 1)).containsEntry("persistentVolumeClaim",
        Map.of("claimName", "shared-results"));
    List<String> command = at(podSpec, "containers", 0, "command");
    assertThat(command.get(2)).isEqualTo(K8sManifests.clientScript(true, "ycsb.txt")).doesNotContain("exit.txt ]]");
    // the kubelet would expand $(...) and turn $$ into $: neither is in the load's script
    assertThat(command.get(2)).doesNotContain("$(").doesNotContain("$$");
    assertThat(command).contains("load", "/etc/largekv/workloads/local-load", "ycql.target=cassandra",
        "ycql.localdc=dc1", "client.count=16",
        "largekv.checkpoint=/results/big/load/client-$(JOB_COMPLETION_INDEX)/load.checkpoint");
    // a load's figures keep every operation: the last word on the warm-up, after the user's -p
    assertThat(command.get(command.size() - 1)).isEqualTo("largekv.warmup_s=0");
    assertThat(command).noneMatch(a -> a.startsWith("ycql.password"));
    assertThat((List<Object>) at(podSpec, "containers", 0, "env")).hasSize(1);
    assertThat((String) at(podSpec, "containers", 0, "resources", "requests", "cpu")).isEqualTo("7500m");
  }

  /** The pod's script, run here with bash: YCSB's output in the client's directory, as a local run keeps it. */
  @Test
  @Timeout(value = 60, unit = TimeUnit.SECONDS)
  void theClientScriptKeepsTheRawLayoutAndTheExitStatus() throws Exception {
    Path dir = tmp.resolve("results/r1/uniform-read/client-2");
    Script run = script(false, dir, "sh", "-c", "echo '[OVERALL], RunTime(ms), 10'; echo status line >&2; exit 1");
    assertThat(run.status).isEqualTo(1);
    assertThat(run.stderr).contains("status line");
    assertThat(Files.readString(dir.resolve("ycsb.txt"))).isEqualTo("[OVERALL], RunTime(ms), 10\n");
    assertThat(Files.readString(dir.resolve("stderr.txt"))).isEqualTo("status line\n");
    assertThat(Files.readString(dir.resolve("exit.txt"))).isEqualTo("1\n");
    assertThat(Files.readString(dir.resolve("command.txt"))).startsWith("sh -c echo");
    assertThat(dir.resolve("hdr")).isDirectory();

    // a read client of the same run again: refused, its results kept
    Script again = script(false, dir, "sh", "-c", "echo overwritten");
    assertThat(again.status).isEqualTo(2);
    assertThat(again.stderr).contains("holds a finished client of this run already");
    assertThat(Files.readString(dir.resolve("ycsb.txt"))).isEqualTo("[OVERALL], RunTime(ms), 10\n");

    // a load's client run again (the Job's retry) continues its checkpoint, in the directory; the
    // earlier attempt's files move to attempt-1/, nothing it measured overwritten
    Files.writeString(dir.resolve("load.checkpoint"), "format=1\n");
    Script load = script(true, dir, "sh", "-c", "echo continued");
    assertThat(load.status).isZero();
    assertThat(load.stderr).contains("holds an earlier attempt of this client", dir + "/attempt-1");
    assertThat(Files.readString(dir.resolve("exit.txt"))).isEqualTo("0\n");
    assertThat(Files.readString(dir.resolve("ycsb.txt"))).isEqualTo("continued\n");
    assertThat(Files.readString(dir.resolve("load.checkpoint"))).isEqualTo("format=1\n");
    assertThat(Files.readString(dir.resolve("attempt-1/ycsb.txt"))).isEqualTo("[OVERALL], RunTime(ms), 10\n");
    assertThat(Files.readString(dir.resolve("attempt-1/exit.txt"))).isEqualTo("1\n");
    assertThat(dir.resolve("attempt-1/hdr")).isDirectory();
    assertThat(dir.resolve("attempt-1/load.checkpoint")).doesNotExist();
    // a killed attempt (no exit.txt) and a third: attempt-2, the earlier ones left as they are
    Files.delete(dir.resolve("exit.txt"));
    assertThat(script(true, dir, "sh", "-c", "echo third").status).isZero();
    assertThat(Files.readString(dir.resolve("attempt-2/ycsb.txt"))).isEqualTo("continued\n");
    assertThat(dir.resolve("attempt-2/exit.txt")).doesNotExist();
    assertThat(Files.readString(dir.resolve("attempt-1/ycsb.txt"))).isEqualTo("[OVERALL], RunTime(ms), 10\n");
    assertThat(Files.readString(dir.resolve("ycsb.txt"))).isEqualTo("third\n");

    // outside an Indexed Job the kubelet leaves $(JOB_COMPLETION_INDEX) as it is
    Path unexpanded = tmp.resolve("results/r1/uniform-read/client-$(JOB_COMPLETION_INDEX)");
    Script outside = script(false, unexpanded, "true");
    assertThat(outside.status).isEqualTo(2);
    assertThat(outside.stderr).contains("JOB_COMPLETION_INDEX is not set");
    assertThat(unexpanded).doesNotExist();
  }

  private record Script(int status, String stderr) {}

  private Script script(boolean load, Path dir, String... client) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("bash", "-c", K8sManifests.clientScript(load, "ycsb.txt"), "largekv-client",
        dir.toString()));
    cmd.addAll(List.of(client));
    Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return new Script(p.exitValue(), err);
  }

  private static final String[] OK = {"--phase", "uniform-read", "--hosts", "h1", "--image", "largekv:0.1.0"};

  /** A render command that is right but for {@code extra}. */
  private static List<String> withOk(String... extra) {
    List<String> args = new ArrayList<>(List.of(OK));
    args.addAll(List.of(extra));
    return args;
  }

  @Test
  void nb5PodsRunLargekvsNb5ClientWithTheSamePropertiesAndNoRetries() throws Exception {
    Map<String, Map<String, Object>> docs = render(tmp.resolve("out"), "--harness", "nb5", "--phase", "uniform-read",
        "--clients", "3", "--hosts", "c1,c2", "--target", "cassandra", "--image", "registry.example.com/largekv:0.1.0",
        "--run", "r1", "--records", "1_000_000", "--duration", "600", "--threads", "64", "-p", "nb5.rf=3",
        "-p", "client.count=1");
    Map<String, Object> job = docs.get("job.yaml");
    Map<String, Object> container = at(job, "spec", "template", "spec", "containers", 0);
    assertThat((String) at(container, "name")).isEqualTo("nb5");
    assertThat((String) at(job, "spec", "podFailurePolicy", "rules", 0, "onExitCodes", "containerName")).isEqualTo("nb5");
    assertThat((Integer) at(job, "spec", "backoffLimitPerIndex")).isZero();
    assertThat((String) at(job, "metadata", "labels", "app.kubernetes.io/component")).isEqualTo("nb5-client");
    List<String> command = at(container, "command");
    // the script keeps the client's lines in client.txt (not ycsb.txt: they are not YCSB's output; its summary is
    // client-summary.json) and refuses a finished client's directory, as for a YCSB read client
    assertThat(command.get(2)).isEqualTo(K8sManifests.clientScript(false, "client.txt")).contains("exit.txt ]]");
    String clientDir = "/results/r1/uniform-read/client-$(JOB_COMPLETION_INDEX)";
    List<String> client = command.subList(5, command.size());
    assertThat(client.subList(0, 8)).containsExactly("/opt/largekv/bin/largekv", "nb5-client", "--phase", "uniform-read",
        "--dir", clientDir, "-P", "/etc/largekv/workloads/local-uniform-read");
    List<String> props = new ArrayList<>();
    for (int i = 8; i < client.size(); i += 2) {
      assertThat(client.get(i)).isEqualTo("-p");
      props.add(client.get(i + 1));
    }
    // YCSB's form and order, as a YCSB pod's: the report reads client.count and the sizes the same
    // way, and the pod's own count and index come last, so that no -p of the user's changes them
    assertThat(props).startsWith("largekv.start_barrier=/results/r1/uniform-read/barrier")
        .endsWith("client.count=3", "client.index=$(JOB_COMPLETION_INDEX)").contains("hosts=c1,c2",
            "ycql.target=cassandra", "nb5.rf=3", "recordcount=1000000", "threadcount=64", "maxexecutiontime=600");
    assertThat((List<Map<String, Object>>) at(container, "env"))
        .containsExactly(Map.of("name", "NB5_JAR", "value", K8sManifests.DEFAULT_NB5_JAR));

    // what the pod runs parses, and takes its index from the kubelet's expansion (the ConfigMap's
    // file is this checkout's)
    List<String> expanded = new ArrayList<>(client.subList(1, client.size()).stream()
        .map(a -> a.replace(K8sManifests.INDEX, "2").replace(K8sManifests.WORKLOAD_DIR, REPO.resolve("workloads")
            .toString())).toList());
    Nb5PodClient.Options o = Nb5ClientOptions.parse(expanded.toArray(String[]::new));
    assertThat(o.index()).isEqualTo(2);
    assertThat(o.count()).isEqualTo(3);
    assertThat(o.warmupSeconds()).isEqualTo(io.largekv.common.WarmUp.DEFAULT_READ_SECONDS);
    assertThat(o.settings().records).isEqualTo(1_000_000);
    assertThat(o.settings().durationSeconds).isEqualTo(600);
    // client.index beyond client.count: one line
    expanded.set(expanded.indexOf("client.index=2"), "client.index=3");
    assertThatThrownBy(() -> Nb5ClientOptions.parse(expanded.toArray(String[]::new)))
        .isInstanceOf(UserError.class).hasMessage("client.index 3 is not accepted; accepted values: 0..2");
  }

  @Test
  void badInputIsOneLineNamingTheOptionAndNothingIsWritten() throws Exception {
    Map<List<String>, String> refused = new java.util.LinkedHashMap<>();
    refused.put(List.of("--phase", "uniform-read", "--image", "largekv:0.1.0"), "--hosts is needed");
    refused.put(List.of("--phase", "uniform-read", "--hosts", "h1"), "--image is needed");
    refused.put(List.of("--hosts", "h1", "--image", "largekv:0.1.0"),
        "--phase is needed; accepted values: load, uniform-read, latest-read");
    refused.put(withOk("--phase", "warm"), "--phase warm is not accepted; accepted values: load, uniform-read, latest-read");
    refused.put(withOk("--image", "largekv:latest"), "--image largekv:latest is not accepted; accepted values: NAME:TAG");
    refused.put(withOk("--image", "registry:5000/largekv"), "--image registry:5000/largekv is not accepted");
    refused.put(withOk("--phases", "load"), "--phases: k8s render writes one phase's Job");
    refused.put(withOk("--clients", "1001"), "--clients 1001 is not accepted; accepted values: 1..1000");
    refused.put(withOk("--clients", "0"), "--clients 0 is not accepted; accepted values: 1..1000");
    refused.put(withOk("--namespace", "Bench_1"), "--namespace Bench_1 is not accepted; accepted values: a DNS label");
    refused.put(withOk("--run", "r".repeat(41)), "is not accepted; accepted values: a DNS label (a-z, 0-9, '-') of at most 40");
    refused.put(withOk("--memory", "512Mi"), "--memory 512Mi is not accepted; accepted values: 1Gi or more");
    refused.put(withOk("--cpu", "0"), "--cpu 0 is not accepted");
    refused.put(withOk("--results-size", "lots"), "--results-size lots is not accepted");
    refused.put(withOk("--results-claim", "mine", "--results-size", "1Ti"), "--results-size sizes the claim");
    refused.put(withOk("--retries", "2"), "--retries 2 with --phase uniform-read: a read client run again");
    refused.put(withOk("--harness", "ycsb,nb5"), "--harness ycsb,nb5 is not accepted; accepted: ycsb, nb5");
    refused.put(withOk("--nb5-jar", "/opt/nb5/nb5.jar"), "--nb5-jar names nb5 in the image, and the pods run YCSB");
    refused.put(withOk("--harness", "nb5", "--nb5-jar", "nb5.jar"), "--nb5-jar nb5.jar is not accepted; accepted"
        + " values: the absolute path");
    refused.put(List.of("--phase", "load", "--hosts", "h1", "--image", "largekv:0.1.0", "--harness", "nb5", "--retries",
        "1"), "--retries 1 with --harness nb5: nb5's load keeps no checkpoint");
    refused.put(withOk("--harness", "nb5", "--password-secret", "pw"), "--password-secret with --harness nb5");
    refused.put(withOk("--harness", "nb5", "-p", "ycql.username=bench"), "-p ycql.username=bench: the nb5 harness"
        + " cannot apply ycql.username (YCSB-only)");
    refused.put(withOk("--harness", "nb5", "-p", "largekv.warmup_s=600", "--duration", "600"),
        "largekv.warmup_s=600 leaves nothing of the read phase's 600 s");
    refused.put(withOk("--target", "mongo"), "--target mongo is not accepted; accepted values: yugabyte, cassandra, scylla");
    refused.put(withOk("--event", "uniform-read@10:kill-node:1"), "--event acts on a local cluster");
    refused.put(withOk("--plan"), "--plan: k8s render starts nothing");
    refused.put(withOk("-p", "hosts=h2"), "-p hosts=h2: the contact points are --hosts");
    refused.put(withOk("-p", "nb5.rf=3"), "-p nb5.rf=3 is an nb5 parameter");
    // the servers' side is sampled by run and compare: k8s render has none of its options, so refuses them
    for (List<String> side : List.of(List.of("--node-exporter", "9100"), List.of("--prometheus", "http://p:9090"),
        List.of("--server-samples", "5"), List.of("--yb-masters", "m1"), List.of("--yb-web-port", "9000"),
        List.of("--scylla-metrics-port", "9180"), List.of("--node-exporter", "10.0.0.1:9100"))) {
      refused.put(withOk(side.toArray(String[]::new)), "unknown option " + side.get(0)
          + " (see bin/largekv k8s render --help)");
    }
    refused.put(withOk("--frobnicate", "1"), "unknown option --frobnicate");
    int i = 0;
    for (Map.Entry<List<String>, String> r : refused.entrySet()) {
      Path out = tmp.resolve("bad-" + i++);
      List<String> args = r.getKey();
      assertThatThrownBy(() -> render(out, args.toArray(String[]::new))).as("%s", args).isInstanceOf(UserError.class)
          .hasMessageContaining(r.getValue()).message().doesNotContain("\n");
      assertThat(out).as("%s", args).doesNotExist();
    }

    // a directory that holds something: kubectl apply -f would apply it too
    Path used = Files.createDirectories(tmp.resolve("used"));
    Files.writeString(used.resolve("old-job.yaml"), "kind: Job\n");
    assertThatThrownBy(() -> render(used, OK)).isInstanceOf(UserError.class)
        .hasMessageContaining("is not empty: kubectl apply -f would also apply what is there");
    try (Stream<Path> files = Files.list(used)) {
      assertThat(files).containsExactly(used.resolve("old-job.yaml"));
    }
  }

  @Test
  void helpAndUnknownSubcommands() throws Exception {
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(stdout, true, StandardCharsets.UTF_8);
    assertThat(Largekv.run(new String[] {"k8s", "--help"}, out, System.err)).isZero();
    assertThat(Largekv.run(new String[] {"k8s", "render", "--help"}, out, System.err)).isZero();
    assertThat(Largekv.run(new String[] {"k8s"}, out, System.err)).isEqualTo(2);
    assertThat(stdout.toString(StandardCharsets.UTF_8)).contains("Usage: bin/largekv k8s render|local",
        "Usage: bin/largekv k8s render [OPTIONS]", "--image=IMAGE:TAG");
    assertThatThrownBy(() -> Largekv.run(new String[] {"k8s", "apply"}, out, System.err))
        .hasMessage("unknown command 'k8s apply'; accepted: k8s render, k8s local (see bin/largekv k8s --help)");
    assertThat(Largekv.run(new String[] {"k8s", "local", "--help"}, out, System.err)).isZero();
    assertThat(stdout.toString(StandardCharsets.UTF_8)).contains("Usage: bin/largekv k8s local [OPTIONS]",
        "--clients=N");
  }

  /** k8s local's bad input: one line naming the option, before any server starts or any file is written. */
  @Test
  void k8sLocalRefusesBadInputBeforeStartingAnything() {
    String[][] bad = {
        {"--clients", "0"}, {"--warmup", "5"}, {"--run", "Bad_Name"}, {"--event", "uniform-read@5:kill-node:1"},
        {"--hosts", "10.0.0.1", "--nodes", "3"}, {"-p", "ycql.password=secret"}, {"--image", "x:1"},
        {"--retries", "-1"}};
    String[] expected = {"--clients 0 is not accepted", "--warmup: the pods' clients leave out largekv.warmup_s",
        "--run Bad_Name is not accepted", "--event: the pods run no events", "--nodes 3 sizes the local cluster",
        "-p ycql.password=", "unknown option --image", "--retries -1 is not accepted"};
    for (int i = 0; i < bad.length; i++) {
      String[] args = new String[bad[i].length + 2];
      args[0] = "k8s";
      args[1] = "local";
      System.arraycopy(bad[i], 0, args, 2, bad[i].length);
      assertThatThrownBy(() -> Largekv.run(args, System.out, System.err)).as(String.join(" ", bad[i]))
          .isInstanceOf(UserError.class).hasMessageContaining(expected[i]).hasMessageNotContaining("secret");
    }
  }
}
