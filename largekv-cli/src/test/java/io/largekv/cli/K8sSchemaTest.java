package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.testing.MissingTool;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The manifests {@code k8s render} writes validate offline against Kubernetes' own schemas, with
 * PyPI's kubernetes-validate (which ships them), strictly (no field the API does not know), for the
 * oldest Kubernetes they need (1.29: {@code backoffLimitPerIndex} and the pod failure policy's
 * {@code FailIndex}, beta and on by default from 1.29) and the newest the validator knows. A
 * deliberately broken Job fails the same validation, so it is a real one.
 *
 * <p>{@code LARGEKV_KUBERNETES_VALIDATE} names the validator's executable (.ci/run installs it into
 * a virtual environment and sets it); without it the test is skipped here and fails in CI.
 */
class K8sSchemaTest {

  /** The Kubernetes versions the manifests are validated against: the oldest supported, the newest known. */
  static final List<String> VERSIONS = List.of("1.29.0", "1.37.0");

  @TempDir
  Path tmp;

  private static Path validator() {
    String v = System.getenv("LARGEKV_KUBERNETES_VALIDATE");
    if (v == null || v.isBlank() || !Files.isExecutable(Path.of(v))) {
      throw MissingTool.skipOrFail("LARGEKV_KUBERNETES_VALIDATE does not name the kubernetes-validate executable"
          + " (" + v + "; .ci/run installs PyPI's kubernetes-validate and sets it): the rendered manifests' schema "
          + "check needs it");
    }
    return Path.of(v);
  }

  private record Validation(int status, String output) {}

  private static Validation validate(Path validator, List<Path> files) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(validator.toString(), "--strict"));
    for (String version : VERSIONS) {
      cmd.addAll(List.of("-k", version));
    }
    files.forEach(f -> cmd.add(f.toString()));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Validation(p.exitValue(), out);
  }

  private static List<Path> files(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }

  @Test
  @Timeout(value = 3, unit = TimeUnit.MINUTES)
  void renderedManifestsValidateAgainstKubernetesSchemas() throws Exception {
    Path validator = validator();
    Path read = tmp.resolve("read");
    K8sRenderTest.render(read, "--phase", "latest-read", "--clients", "4", "--hosts", "yb1,yb2,yb3,yb4",
        "--image", "registry.example.com/largekv:0.1.0", "--namespace", "bench", "--run", "r1",
        "--password-secret", "ycql-pw", "--full-scale", "--storage-class", "efs-sc", "--results-size", "200Gi");
    Path load = tmp.resolve("load");
    K8sRenderTest.render(load, "--phase", "load", "--clients", "16", "--hosts", "c1", "--target", "scylla",
        "--image", "largekv@sha256:" + "0f".repeat(32), "--results-claim", "shared", "--retries", "3",
        "--cpu", "500m", "--memory", "3072Mi");
    Path nb5 = tmp.resolve("nb5");
    K8sRenderTest.render(nb5, "--harness", "nb5", "--phase", "load", "--clients", "8", "--hosts", "c1",
        "--target", "cassandra", "--image", "registry.example.com/largekv:0.1.0", "--nb5-jar", "/opt/nb5/nb5-5.17.9.jar");
    List<Path> all = new ArrayList<>(files(read));
    all.addAll(files(load));
    all.addAll(files(nb5));
    assertThat(all).hasSize(8);

    Validation ok = validate(validator, all);
    assertThat(ok.status()).as(ok.output()).isZero();
    for (Path f : all) {
      for (String version : VERSIONS) {
        String minor = version.substring(0, version.lastIndexOf('.'));
        assertThat(ok.output()).as(ok.output()).containsPattern("(?m)^INFO " + java.util.regex.Pattern.quote(f.toString())
            + " passed for resource \\S+ against version " + java.util.regex.Pattern.quote(minor) + "$");
      }
    }

    // the same validation fails a Job with a wrong type, an unknown field, or a field the oldest lacks
    String job = Files.readString(read.resolve("job.yaml"));
    assertThat(job).contains("  completions: 4\n", "  parallelism: 4\n", "  completionMode: Indexed\n");
    List<String[]> broken = List.of(
        new String[] {"  completions: 4\n", "  completions: four\n", "'four' is not of type 'integer'"},
        new String[] {"  parallelism: 4\n", "  paralellism: 4\n", "'paralellism' was unexpected"},
        new String[] {"  completionMode: Indexed\n", "  completionMode: Indexed\n  successPolicy:\n    rules:\n"
            + "      - succeededCount: 1\n", "'successPolicy' was unexpected"});
    int i = 0;
    for (String[] b : broken) {
      Path bad = Files.writeString(tmp.resolve("broken-" + i++ + ".yaml"), job.replace(b[0], b[1]));
      Validation v = validate(validator, List.of(bad));
      assertThat(v.status()).as(v.output()).isNotZero();
      assertThat(v.output()).contains("ERROR " + bad).contains(b[2]);
    }
  }
}
