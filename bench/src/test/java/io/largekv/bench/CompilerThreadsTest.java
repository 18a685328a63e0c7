package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The compiler threads' CPU that --subtract leaves out: read off real processes, and never flattering. */
@Timeout(30)
class CompilerThreadsTest {

  @Test
  void aJvmsCompilerThreadsAreRead() {
    CompilerThreads t = new CompilerThreads();
    t.read(ProcessHandle.current().pid());
    CompilerThreads.Cpu cpu = t.cpu();
    assertThat(cpu.unavailable()).isNull();
    assertThat(cpu.seconds()).isGreaterThanOrEqualTo(0.0).isLessThanOrEqualTo(ProcessCpu.seconds(ProcessHandle.current().pid()));
  }

  @Test
  void aProcessThatIsNoJvmHasNoJit() throws Exception {
    Process sleep = new ProcessBuilder("sleep", "20").start();
    try {
      CompilerThreads t = new CompilerThreads();
      t.read(sleep.pid());
      assertThat(t.cpu()).isEqualTo(new CompilerThreads.Cpu(0, null));
    } finally {
      sleep.destroyForcibly().waitFor();
    }
  }

  @Test
  void aLauncherThatForksTheJvmIsReadThroughIt(@TempDir Path dir)
      throws Exception {
    // a shell that starts java as its child (not exec): the JVM's compiler threads are still found
    Files.writeString(dir.resolve("Sleep.java"),
        "class Sleep { public static void main(String[] a) throws Exception { Thread.sleep(20_000); } }");
    String javaCommand = ProcessHandle.current().info().command().orElseThrow();
    Process launcher = new ProcessBuilder("sh", "-c", "'" + javaCommand + "' Sleep.java; true").directory(dir.toFile()).start();
    try {
      long deadline = System.nanoTime() + 20_000_000_000L;
      Optional<ProcessHandle> jvm = Optional.empty();
      while (System.nanoTime() < deadline && jvm.isEmpty()) {
        jvm = launcher.descendants().filter(h -> ProcessCpu.isJava(h.pid())).findFirst();
        Thread.sleep(10);
      }
      assertThat(jvm).isPresent();
      // as at a client's first progress line, the JVM has started its compiler threads
      Pattern name = Pattern.compile(CompilerThreads.NAME);
      while (System.nanoTime() < deadline && ProcessCpu.threadSeconds(jvm.get().pid(), name).isEmpty()) {
        Thread.sleep(10);
      }
      CompilerThreads t = new CompilerThreads();
      t.read(launcher.pid());
      assertThat(t.jvm()).isEqualTo(jvm.get().pid());
      assertThat(t.cpu().unavailable()).isNull();
      assertThat(t.cpu().seconds()).isGreaterThanOrEqualTo(0.0);
    } finally {
      launcher.descendants().forEach(ProcessHandle::destroyForcibly);
      launcher.destroyForcibly().waitFor();
    }
  }

  @Test
  void nothingReadIsUnavailableNotZero() {
    assertThat(new CompilerThreads().cpu().seconds()).isNaN();
    assertThat(new CompilerThreads().cpu().unavailable()).contains("never read");
  }

  @Test
  void threadsThatComeOrGoMakeItUnavailable() {
    // a thread that ended between two readings took CPU with it that no reading saw
    CompilerThreads gone = new CompilerThreads();
    gone.add(Map.of(1L, 1.0, 2L, 2.0));
    gone.add(Map.of(1L, 1.5));
    assertThat(gone.cpu().seconds()).isNaN();
    assertThat(gone.cpu().unavailable()).contains("changed between two progress lines");
    CompilerThreads came = new CompilerThreads();
    came.add(Map.of(1L, 1.0));
    came.add(Map.of(1L, 1.5, 3L, 0.2));
    assertThat(came.cpu().seconds()).isNaN();
    // the same threads: their last readings summed
    CompilerThreads same = new CompilerThreads();
    same.add(Map.of(1L, 1.0, 2L, 2.0));
    same.add(Map.of(1L, 1.5, 2L, 2.5));
    assertThat(same.cpu()).isEqualTo(new CompilerThreads.Cpu(4.0, null));
    // a JVM without compiler threads is no JVM without a JIT
    CompilerThreads none = new CompilerThreads();
    none.add(Map.of());
    assertThat(none.cpu().seconds()).isNaN();
    assertThat(none.cpu().unavailable()).contains("no compiler thread");
  }
}
