package io.largekv.cli;

import io.largekv.common.ExitStatus;
import io.largekv.common.Secrets;
import io.largekv.common.UserError;
import io.largekv.harness.Installation;
import io.largekv.harness.nb5.Nb5PodClient;
import io.largekv.harness.ycsb.PhaseRunner;
import io.largekv.k8s.K8sManifests;
import io.largekv.phase.Phase;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code bin/largekv k8s render}: one phase's YCSB or nb5 clients as Kubernetes manifests
 * ({@link K8sManifests}), with the target, phase and size options of {@code run}
 * (its option groups) and the cluster's own (clients, namespace, image, password Secret, results
 * volume, resources). Every option is checked before anything is written; bad input is one line
 * naming the option and what is accepted.
 */
public final class K8sRender {

  private K8sRender() {}

  /**
   * Writes the manifests {@code o} (checked: {@link K8sRenderOptions#checked}) asks for; {@code args}: its
   * command line.
   */
  static int run(K8sRenderOptions o, String[] args, PrintStream out) throws IOException {
    Path repo = BenchmarkRun.repo();
    Path workload = repo.resolve("workloads").resolve(o.scale.workloadFile(o.phase));
    List<String> props = new ArrayList<>(ServerProperties.of(false, o.target.hosts, null, 1, o.localdc.name,
        o.target.database, o.props.list));
    props.addAll(o.size.phaseProperties(o.phase));
    K8sManifests.Settings s = K8sManifests.Settings.builder().namespace(o.namespace).run(o.run).phase(o.phase.name)
        .load(o.phase.isLoad()).image(o.image).clients(o.clients).workloadFile(workload.getFileName().toString())
        .workloadText(Files.readString(workload, StandardCharsets.UTF_8)).properties(props)
        .passwordSecret(o.passwordSecret).resultsClaim(o.resultsClaim).resultsSize(o.resultsSize())
        .storageClass(o.storageClass).cpu(o.cpu).memoryMib(o.memoryMib).retries(o.retries)
        .command(Secrets.redact("bin/largekv " + String.join(" ", args))).mounts(K8sManifests.POD).harness(o.harness.name)
        .nb5Jar(o.nb5Jar).ycsbClient(ycsbClient(o.phase))
        .metricsPort(o.results.metricsPort == null ? K8sRenderOptions.DEFAULT_METRICS_PORT : o.results.metricsPort).metricsAddress("0.0.0.0")
        .build();
    if (s.nb5()) {
      // what nb5 cannot apply is refused here, not in N pods
      Nb5PodClient.Options.of(o.phase, Path.of(s.clientDir("0")), workload, K8sManifests.nb5Properties(s));
    }
    Map<String, String> files = K8sManifests.render(s);

    Path dir = o.results.out != null ? o.results.out : Installation.current().resultsRoot().resolve("k8s").resolve(o.run + "-" + o.phase.name);
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
    out.println("largekv: " + s.jobName() + ": " + o.clients + " " + o.harness.name + " client pod" + (o.clients == 1 ? ""
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
}
