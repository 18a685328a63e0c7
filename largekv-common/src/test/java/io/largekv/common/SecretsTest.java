package io.largekv.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class SecretsTest {

  @Test
  void literalsAreHiddenReferencesAreShown() {
    assertThat(Secrets.redact("bin/ycsb -p ycql.password=hunter2 -p ycql.keystore_password=env:KS "
        + "-p ycql.truststore_password=file:/run/ts -p ycql.username=bench"))
        .isEqualTo("bin/ycsb -p ycql.password=*** -p ycql.keystore_password=env:KS "
            + "-p ycql.truststore_password=file:/run/ts -p ycql.username=bench");
    assertThat(Secrets.redact(List.of("c1:ycql.password=x", "recordcount=5")))
        .containsExactly("c1:ycql.password=***", "recordcount=5");
    assertThat(Secrets.isSecret("ycql.password")).isTrue();
    assertThat(Secrets.isSecret("ycql.username")).isFalse();
  }
  /**
   * bin/lib/secrets.sh hides secrets before any JVM starts, so it spells the names itself: it hides
   * a literal of each of {@link Secrets#PROPERTIES}, and its pattern names no other property.
   */
  @Test
  @Timeout(60)
  void theLaunchersShellCopyHidesExactlyTheSecretProperties() throws Exception {
    Path script = Paths.get(System.getProperty("largekv.repo.dir", ".."), "bin", "lib", "secrets.sh");
    Matcher names = Pattern.compile("re='\\^\\(\\.\\*\\)\\(ycql\\\\\\.\\(([a-z_|]+)\\)\\)=")
        .matcher(Files.readString(script));
    assertThat(names.find()).as("the pattern in " + script).isTrue();
    assertThat(Stream.of(names.group(1).split("\\|")).map(n -> "ycql." + n).toList())
        .containsExactlyInAnyOrderElementsOf(Secrets.PROPERTIES);
    for (String property : Secrets.PROPERTIES) {
      Process p = new ProcessBuilder("bash", "-c", "source \"$0\"; largekv_hide_secrets \"$@\"; "
          + "printf '%s\\n' \"${LARGEKV_ARGS[@]}\"", script.toString(), "-p", property + "=hunter2", "-p",
          "ycql.username=bench", "--target-prop", "c1:" + property + "=hunter2").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as(out).isZero();
      assertThat(out).doesNotContain("hunter2").contains("ycql.username=bench\n")
          .containsPattern("(?m)^" + Pattern.quote(property) + "=env:LARGEKV_SECRET_\\d+_1$")
          .containsPattern("(?m)^c1:" + Pattern.quote(property) + "=env:LARGEKV_SECRET_\\d+_2$");
    }
  }
}
