package io.largekv.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The real nb5 the integration tests run, as a user's {@code bin/nb5} finds it: {@code LARGEKV_NB5}
 * names an executable called {@code nb5} (CI: {@code ../shared/nb5/nb5}, which runs the release
 * {@code NB5_VERSION} names); its directory goes first on {@code PATH}. Without it, the test is
 * skipped with the reason, or fails under {@code CI=true} ({@link MissingTool}).
 */
public final class Nb5Executable {

  private Nb5Executable() {}

  /** The nb5 executable {@code LARGEKV_NB5} names; skips or fails (CI) when there is none. */
  public static Path configured() {
    String configured = System.getenv("LARGEKV_NB5");
    if (configured == null || configured.isBlank()) {
      throw MissingTool.skipOrFail("real nb5: LARGEKV_NB5 is not set: the real-nb5 tests need an nb5 executable "
          + "(e.g. LARGEKV_NB5=$PWD/../shared/nb5/nb5, which .ci/run sets)");
    }
    Path exe = Path.of(configured).toAbsolutePath().normalize();
    if (!Files.isExecutable(exe) || !exe.getFileName().toString().equals("nb5")) {
      throw MissingTool.skipOrFail("real nb5: LARGEKV_NB5=" + configured
          + " is not an executable named nb5 (bin/nb5 looks for nb5 on PATH)");
    }
    return exe;
  }

  /**
   * {@code env} (a process builder's) such that {@code bin/nb5} runs {@code executable} at release
   * {@code version}, and no nb5 of the machine's own.
   */
  public static void environment(Map<String, String> env, Path executable, String version) {
    env.remove("NB5_JAR");
    env.remove("NB5_JAVA");
    env.put("NB5_VERSION", version);
    env.put("PATH", executable.getParent() + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
  }
}
