package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Per-thread CPU from /proc, read off this test's own JVM. */
@Timeout(30)
class ProcessCpuTest {

  @Test
  void theCompilerThreadsOfThisJvmAreFoundByName() {
    long pid = ProcessHandle.current().pid();
    Map<Long, Double> jit = ProcessCpu.threadSeconds(pid, Pattern.compile(CompilerThreads.NAME));
    // HotSpot starts at least one C1 and one C2 thread ("C1 CompilerThre", "C2 CompilerThre" in /proc)
    assertThat(jit).hasSizeGreaterThanOrEqualTo(2);
    assertThat(jit.values()).allSatisfy(s -> assertThat(s).isGreaterThanOrEqualTo(0.0));
    // their CPU is part of the process's
    double all = ProcessCpu.seconds(pid);
    assertThat(jit.values().stream().mapToDouble(Double::doubleValue).sum()).isLessThanOrEqualTo(all);
  }

  @Test
  void noThreadOfThatNameIsAnEmptyReadingAndAProcessGoneIsNone() throws Exception {
    long pid = ProcessHandle.current().pid();
    assertThat(ProcessCpu.threadSeconds(pid, Pattern.compile("no such thread"))).isEmpty();
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    assertThat(ProcessCpu.threadSeconds(p.pid(), Pattern.compile(".*"))).isNull();
  }
}
