package io.largekv.testing;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** A missing tool fails the test that needs it, for anyone; only an explicit opt-out skips it. */
@Timeout(10)
class MissingToolTest {

  @Test
  void aMissingToolFailsUnlessTheUserOptsOut() {
    String was = System.getProperty(MissingTool.SKIP_MISSING);
    try {
      System.setProperty(MissingTool.SKIP_MISSING, "false");
      org.junit.jupiter.api.Assumptions.assumeFalse("true".equalsIgnoreCase(System.getenv("LARGEKV_TESTS_SKIP_MISSING")),
          "this JVM's environment opts out");
      assertThatThrownBy(() -> MissingTool.skipOrFail("no nb5")).isInstanceOf(AssertionFailedError.class)
          .hasMessageStartingWith("no nb5 (a test whose tool is missing fails; -Dlargekv.tests.skip_missing=true");
      System.setProperty(MissingTool.SKIP_MISSING, "true");
      assertThatThrownBy(() -> MissingTool.skipOrFail("no nb5")).isInstanceOf(TestAbortedException.class)
          .hasMessageContaining("no nb5");
    } finally {
      if (was == null) {
        System.clearProperty(MissingTool.SKIP_MISSING);
      } else {
        System.setProperty(MissingTool.SKIP_MISSING, was);
      }
    }
  }
}
