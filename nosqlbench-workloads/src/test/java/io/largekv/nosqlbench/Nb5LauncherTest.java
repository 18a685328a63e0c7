package io.largekv.nosqlbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/nb5 with a stand-in nb5 on PATH that prints what it was given: how the launcher finds nb5,
 * what it rewrites, and its one-line error when there is no nb5.
 */
class Nb5LauncherTest {

  private static final Path REPO = WorkloadFile.repoDir();

  @TempDir
  Path tmp;

  private record Run(int exit, String stdout, String stderr) {}

  private Run run(Path cwd, Map<String, String> env, String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("bash", REPO.resolve("bin/nb5").toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile());
    pb.environment().remove("NB5_JAR");
    pb.environment().remove("NB5_JAVA");
    pb.environment().remove("JAVA_TOOL_OPTIONS");
    pb.environment().putAll(env);
    Path out = tmp.resolve("out.txt");
    Path err = tmp.resolve("err.txt");
    Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** A directory with an `nb5` that prints its cwd, arguments and JAVA_TOOL_OPTIONS. */
  private Path fakeNb5() throws IOException {
    Path dir = Files.createDirectories(tmp.resolve("fakebin"));
    Path nb5 = dir.resolve("nb5");
    Files.writeString(nb5, "#!/bin/sh\necho \"cwd=$(pwd -P)\"\nfor a in \"$@\"; do echo \"arg=$a\"; done\n"
        + "echo \"jto=$JAVA_TOOL_OPTIONS\"\n", StandardCharsets.UTF_8);
    Files.setPosixFilePermissions(nb5, PosixFilePermissions.fromString("rwxr-xr-x"));
    return dir;
  }

  private static String pathWith(Path dir) {
    return dir + ":/usr/bin:/bin";
  }

  @Test
  void fromTheRepoRootTheWorkloadNameBecomesTheRelativePath() throws Exception {
    Run r = run(REPO, Map.of("PATH", pathWith(fakeNb5())), "yb_kv_large", "smoke", "hosts=h",
        "run", "driver=cqld4", "workload=yb_kv_large", "tags=block:rampup", "keyspace=yb_kv_large");
    assertThat(r.exit()).as(r.stderr()).isZero();
    // a logs directory per run (nb5 5.25 re-creates its session.log link: two runs in one directory race)
    String logs = r.stdout().lines().filter(l -> l.startsWith("arg=results/nb5-logs/")).findFirst().orElseThrow()
        .substring("arg=".length());
    assertThat(logs).matches("results/nb5-logs/\\d{8}-\\d{6}-\\d+");
    assertThat(r.stdout().lines()).containsSubsequence(
        "cwd=" + REPO.toRealPath(),
        "arg=--logs-dir", "arg=" + logs,
        "arg=nosqlbench-workloads/yb_kv_large.yaml", "arg=smoke", "arg=hosts=h", "arg=run", "arg=driver=cqld4",
        "arg=workload=nosqlbench-workloads/yb_kv_large.yaml", "arg=tags=block:rampup",
        "arg=keyspace=yb_kv_large");
    assertThat(r.stdout()).contains("jto=-Duser.language=en -Duser.country=US");
    assertThat(Files.isDirectory(REPO.resolve(logs))).isTrue();
    Files.delete(REPO.resolve(logs));
  }

  @Test
  void elsewhereItUsesTheAbsolutePathAndNb5sOwnLogsDir() throws Exception {
    Run r = run(tmp, Map.of("PATH", pathWith(fakeNb5())), "--logs-dir", "mylogs", "yb_kv_large.yaml",
        "default");
    assertThat(r.exit()).isZero();
    assertThat(r.stdout().lines()).containsExactly("cwd=" + tmp.toRealPath(), "arg=--logs-dir", "arg=mylogs",
        "arg=" + REPO.resolve("nosqlbench-workloads/yb_kv_large.yaml"), "arg=default",
        "jto=-Duser.language=en -Duser.country=US");
  }

  @Test
  void nb5JarRunsWithJavaAndTheEnglishLocale() throws Exception {
    Path fakeJava = fakeNb5().resolve("nb5"); // prints its arguments as well
    Path jar = Files.writeString(tmp.resolve("nb5.jar"), "not really a jar");
    Run r = run(tmp, Map.of("NB5_JAR", jar.toString(), "NB5_JAVA", fakeJava.toString(), "PATH", "/usr/bin:/bin"),
        "--version");
    assertThat(r.exit()).isZero();
    assertThat(r.stdout().lines()).containsSubsequence("arg=-Duser.language=en", "arg=-Duser.country=US",
        "arg=-jar", "arg=" + jar, "arg=--version");
  }

  @Test
  void withoutNb5ItSaysSoInOneLineAndFails() throws Exception {
    Run r = run(tmp, Map.of("PATH", "/usr/bin:/bin"), "yb_kv_large", "smoke");
    assertThat(r.exit()).isEqualTo(127);
    assertThat(r.stdout()).isEmpty();
    assertThat(r.stderr().lines()).hasSize(1).first().asString()
        .startsWith("bin/nb5: nb5 is not installed").contains("NB5_JAR");

    Run missingJar = run(tmp, Map.of("NB5_JAR", tmp.resolve("absent.jar").toString()), "smoke");
    assertThat(missingJar.exit()).isEqualTo(2);
    assertThat(missingJar.stderr().lines()).hasSize(1).first().asString().contains("is not a file");
  }

  @Test
  void itDoesNotFindItselfAsNb5() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("selfbin"));
    Files.createSymbolicLink(dir.resolve("nb5"), REPO.resolve("bin/nb5"));
    Run r = run(tmp, Map.of("PATH", dir + ":/usr/bin:/bin"), "smoke");
    assertThat(r.exit()).isEqualTo(127);
    assertThat(r.stderr()).contains("nb5 is not installed");
  }
}
