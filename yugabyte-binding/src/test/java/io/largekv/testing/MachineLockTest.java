package io.largekv.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.Directories;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * MachineLock across real processes, as the build's test JVMs hold it: two classes at a time, a
 * class to be alone waits for both to end, and while it waits no class that came later starts.
 */
class MachineLockTest {

  private Path repo;
  private final List<Process> holders = new ArrayList<>();
  private String previous;

  @BeforeEach
  void repository() throws Exception {
    repo = Files.createTempDirectory("largekv-machine-lock");
    previous = System.setProperty("largekv.repo.dir", repo.toString());
  }

  @AfterEach
  void clean() {
    holders.forEach(Process::destroyForcibly);
    if (previous == null) {
      System.clearProperty("largekv.repo.dir");
    } else {
      System.setProperty("largekv.repo.dir", previous);
    }
    Directories.deleteRecursively(repo);
  }

  /** Another JVM that holds the lock (shared or alone) from when it prints "held" until its stdin ends. */
  private Process holder(boolean alone) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
        "-Dlargekv.repo.dir=" + repo, Holder.class.getName(), Boolean.toString(alone))
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    holders.add(p);
    return p;
  }

  /** Whether the holder said "held" (its first line): done once it did, or ended. */
  private static CompletableFuture<Boolean> held(Process p) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return "held".equals(new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))
            .readLine());
      } catch (Exception e) {
        return false;
      }
    });
  }

  private static void release(Process p) throws Exception {
    p.getOutputStream().close();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isZero();
  }

  @Test
  void twoClassesAtATimeAndOneAloneWhenNoOtherRunsAheadOfThoseThatCameLater() throws Exception {
    Process first = holder(false);
    Process second = holder(false);
    assertThat(held(first).get(60, TimeUnit.SECONDS)).as("the first class").isTrue();
    assertThat(held(second).get(60, TimeUnit.SECONDS)).as("the second, beside it").isTrue();
    // waits, never bounds: had the lock not held a class back, it would have its place by now
    Process third = holder(false);
    CompletableFuture<Boolean> thirdHeld = held(third);
    Thread.sleep(1_000);
    assertThat(thirdHeld).as("a third class while two run").isNotDone();
    release(first);
    assertThat(thirdHeld.get(60, TimeUnit.SECONDS)).as("the third class once the first ended").isTrue();

    CompletableFuture<MachineLock.Held> alone = CompletableFuture.supplyAsync(() -> {
      try {
        return MachineLock.hold(true);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    Thread.sleep(1_000);
    assertThat(alone).as("a class to be alone while two run").isNotDone();
    Process later = holder(false);
    CompletableFuture<Boolean> laterHeld = held(later);
    release(second);
    Thread.sleep(1_000);
    assertThat(laterHeld).as("a class that came after the one waiting to be alone, a place free").isNotDone();
    assertThat(alone).as("the class to be alone while one still runs").isNotDone();
    release(third);
    MachineLock.Held machine = alone.get(60, TimeUnit.SECONDS);
    try {
      Thread.sleep(1_000);
      assertThat(laterHeld).as("a class while one is alone").isNotDone();
    } finally {
      machine.close();
    }
    assertThat(laterHeld.get(60, TimeUnit.SECONDS)).as("the later class once the lone one ended").isTrue();
    release(later);
  }

  /** The other JVM: holds the lock from "held" until its stdin ends. */
  public static final class Holder {
    public static void main(String[] args) throws Exception {
      MachineLock.Held held = MachineLock.hold(Boolean.parseBoolean(args[0]));
      try {
        System.out.println("held");
        System.out.flush();
        while (System.in.read() >= 0) {
          // until the test closes our stdin
        }
      } finally {
        held.close();
      }
    }
  }
}
