package io.largekv.testing;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * What a test does when something it needs from the machine is missing (a Java 21+, nb5, Chromium,
 * Prometheus, YCSB's launchers): it fails, for a user's or developer's {@code mvn -B verify} as in
 * CI (.ci/run installs or points at each), so a missing install never passes as a skipped test. A
 * developer who knowingly runs without one opts out: {@code -Dlargekv.tests.skip_missing=true} (or
 * the environment's {@code LARGEKV_TESTS_SKIP_MISSING=true}); the test is then skipped and says why
 * (docs/testing.md).
 */
public final class MissingTool {

  /** The system property that turns a missing tool's failure into a skip. */
  public static final String SKIP_MISSING = "largekv.tests.skip_missing";

  private MissingTool() {}

  /** True when the user asked to skip, not fail, tests whose tools are missing. */
  static boolean skipAllowed() {
    return Boolean.getBoolean(SKIP_MISSING) || "true".equalsIgnoreCase(System.getenv("LARGEKV_TESTS_SKIP_MISSING"));
  }

  /** Fails the test with {@code why}, or skips it where the user opted out; never returns. */
  public static RuntimeException skipOrFail(String why) {
    System.out.println("missing: " + why); // in the console too, not only the test report
    if (!skipAllowed()) {
      Assertions.fail(why + " (a test whose tool is missing fails; -D" + SKIP_MISSING + "=true skips it instead:"
          + " docs/testing.md)");
    }
    Assumptions.abort(why);
    throw new IllegalStateException("unreachable");
  }

  /** The Java 21 or later the client runs on (what bin/ycsb picks), or a failure naming what to set. */
  public static java.nio.file.Path java21OrLater() {
    return io.largekv.common.JavaRuntimes.java21OrLater().orElseThrow(() -> skipOrFail("no Java 21 or later found:"
        + " the client's virtual client threads need one (set LARGEKV_JAVA21_HOME; .ci/run fetches one)"));
  }
}
