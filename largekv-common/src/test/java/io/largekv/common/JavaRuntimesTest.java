package io.largekv.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Test;

class JavaRuntimesTest {

  private static final int THIS = Runtime.version().feature();
  private static final Path THIS_JAVA = Paths.get(System.getProperty("java.home"), "bin", "java");

  @Test
  void readsTheFeatureVersionOfAJavaBinary() throws Exception {
    assertThat(JavaRuntimes.featureVersion(THIS_JAVA)).isEqualTo(THIS);
  }

  @Test
  void aConfiguredHomeMustHoldTheWantedJava() throws Exception {
    String home = System.getProperty("java.home");
    assertThat(JavaRuntimes.find(home, "X_HOME", v -> v == THIS)).contains(THIS_JAVA);
    assertThatThrownBy(() -> JavaRuntimes.find(home, "X_HOME", v -> v > THIS))
        .isInstanceOf(UserError.class).hasMessage("X_HOME=" + home + " is Java " + THIS + ", not the one needed");
    Path empty = Files.createTempDirectory("no-java");
    try {
      assertThatThrownBy(() -> JavaRuntimes.find(empty.toString(), "X_HOME", v -> true))
          .isInstanceOf(UserError.class).hasMessage("X_HOME=" + empty + " has no bin/java");
    } finally {
      Files.delete(empty);
    }
  }

  @Test
  void thisJvmFirstThenNothingWhenNoneQualifies() throws Exception {
    assertThat(JavaRuntimes.find(null, "X_HOME", v -> v == THIS)).contains(THIS_JAVA);
    assertThat(JavaRuntimes.find(null, "X_HOME", v -> v > 1000)).isEmpty();
  }

  @Test
  void aReleaseIsThatFeatureReleaseExactly() {
    org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv(JavaRuntimes.releaseHomeEnv(THIS)) == null);
    assertThat(JavaRuntimes.release(THIS)).contains(THIS_JAVA);
    assertThat(JavaRuntimes.release(1000)).isEmpty();
  }
}
