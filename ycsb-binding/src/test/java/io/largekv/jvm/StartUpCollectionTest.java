package io.largekv.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The one collection after the start-up: it runs, and a JVM that refuses it is said to. */
class StartUpCollectionTest {

  @Test
  void collectsOnceAndSaysHowMuchHeapItLeft() {
    long before = StartUpCollection.collections();
    String line = StartUpCollection.run();
    assertThat(StartUpCollection.collections()).isGreaterThan(before);
    assertThat(line).matches("one full collection after the start-up, before the first operation: heap \\d+ -> \\d+ MiB"
        + " in \\d+ ms");
  }

  @Test
  void aJvmWithExplicitGcDisabledIsToldNotCollected() throws Exception {
    String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
    Process p = new ProcessBuilder(List.of(java, "-XX:+DisableExplicitGC", "-cp", System.getProperty("java.class.path"),
        Main.class.getName())).redirectErrorStream(true).start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(p.exitValue()).as(out).isZero();
    assertThat(out).startsWith("no collection after the start-up (explicit GC is disabled in this JVM)");
  }

  /** Prints {@link StartUpCollection#run}'s line: the other JVM's side. */
  public static final class Main {
    public static void main(String[] args) {
      System.out.println(StartUpCollection.run());
    }
  }
}
