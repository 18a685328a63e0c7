package io.largekv.testing;

import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * What a test does when something it needs from the machine is missing (a Java 21+, nb5, Chromium,
 * YCSB's launchers): on a developer's machine it is skipped and says why; in CI ({@code CI=true},
 * where .ci/run provides each of them) it fails, so a missing install never passes as a skipped test.
 */
public final class MissingTool {

  private MissingTool() {}

  /** True when this is a CI run ({@code CI=true}). */
  private static boolean inCi() {
    return "true".equalsIgnoreCase(System.getenv("CI"));
  }

  /** Skips the test with {@code why}, or fails it in CI; never returns. */
  public static RuntimeException skipOrFail(String why) {
    System.out.println("missing: " + why); // in the console too, not only the test report
    if (inCi()) {
      Assertions.fail("CI=true, so this is a failure, not a skip: " + why);
    }
    Assumptions.abort(why);
    throw new IllegalStateException("unreachable");
  }
}
