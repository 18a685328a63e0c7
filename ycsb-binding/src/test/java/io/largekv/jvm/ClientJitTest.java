package io.largekv.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** The JIT compiler's CPU in the window after the client's warm-up, and when it is worth a warning. */
class ClientJitTest {

  private final AtomicReference<Map<Long, Long>> compilerCpu = new AtomicReference<>(Map.of());
  private final AtomicLong nanos = new AtomicLong();

  private ClientJit jit(int processors) {
    return new ClientJit(compilerCpu::get, nanos::get, processors);
  }

  private static String printed(ClientJit jit) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    jit.print(new PrintStream(b, true, StandardCharsets.UTF_8));
    return b.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theCompilerThreadsCpuAfterTheWarmUpIsCountedAndOnOneCpuOnePercentIsWorthAWarning() {
    ClientJit one = jit(1);
    compilerCpu.set(Map.of(101L, 4_000L, 102L, 1_000L)); // the warm-up's compiling is left out
    one.warmUpEnded();
    // the C2 thread used 800 ms more, the C1 thread 100; a third thread started in the window: all of its 30
    compilerCpu.set(Map.of(101L, 4_800L, 102L, 1_100L, 103L, 30L));
    nanos.set(60_000_000_000L);
    one.runFinished();
    assertThat(one.cpuMillisAfterWarmUp()).hasValue(930L);
    assertThat(printed(one)).isEqualTo("[LARGEKV], JitCpuMsAfterWarmUp, 930\n");
    assertThat(one.warning()).hasValueSatisfying(w -> assertThat(w).startsWith("the client JVM's JIT compiler used"
        + " 0.9 s of CPU in the 60.0 s after the client's warm-up (1.6 % of the 1 CPU(s) it sees)").endsWith(
        "a longer largekv.warmup_s leaves more of it out"));
    // the same 930 ms on 16 CPUs are 0.1 % of them: no warning, the figure stays
    ClientJit sixteen = jit(16);
    compilerCpu.set(Map.of(101L, 4_000L, 102L, 1_000L));
    nanos.set(0);
    sixteen.warmUpEnded();
    compilerCpu.set(Map.of(101L, 4_800L, 102L, 1_100L, 103L, 30L));
    nanos.set(60_000_000_000L);
    sixteen.runFinished();
    assertThat(printed(sixteen)).isEqualTo("[LARGEKV], JitCpuMsAfterWarmUp, 930\n");
    assertThat(sixteen.warning()).isEmpty();
  }

  @Test
  void aCompilerThreadThatEndedInTheWindowTakesItsCpuWithItAndNothingIsNegative() {
    ClientJit j = jit(1);
    compilerCpu.set(Map.of(101L, 4_000L, 102L, 9_000L));
    j.warmUpEnded();
    compilerCpu.set(Map.of(101L, 4_200L)); // 102 ended: a lower bound, not 200 − 9,000
    nanos.set(10_000_000_000L);
    j.runFinished();
    assertThat(j.cpuMillisAfterWarmUp()).hasValue(200L);
  }

  @Test
  void noWindowAfterTheWarmUpOrNoProcNoFigure() {
    ClientJit never = jit(1); // a load, or a run that ended before its warm-up did
    never.runFinished();
    assertThat(printed(never)).isEmpty();
    assertThat(never.warning()).isEmpty();
    ClientJit putBack = jit(1); // nothing ran after the warm-up: the figures are the whole run's
    putBack.warmUpEnded();
    putBack.warmUpIncluded();
    putBack.runFinished();
    assertThat(printed(putBack)).isEmpty();
    ClientJit noProc = new ClientJit(() -> null, nanos::get, 1);
    noProc.warmUpEnded();
    noProc.runFinished();
    assertThat(printed(noProc)).isEmpty();
    assertThat(noProc.warning()).isEmpty();
  }

  @Test
  void aTasksTicksAreTenMillisecondsEach() {
    // utime + stime of a stat line (parsed by ProcStat.cpuTicks, ProcStatTest) at Linux's 100 Hz
    assertThat(ClientJit.millis(1234 + 56)).isEqualTo((1234 + 56) * 10);
    assertThat(ClientJit.millis(7)).isEqualTo(70);
  }

  /** The compiler threads' names as Linux shows them (15 characters), and the JVM's other threads'. */
  @Test
  void onlyTheJitCompilersThreadsAreCounted() {
    for (String compiler : new String[] {"C1 CompilerThre", "C2 CompilerThre", "JVMCI CompilerT"}) {
      assertThat(ClientJit.isCompilerThread(compiler)).as(compiler).isTrue();
    }
    for (String other : new String[] {"java", "VM Thread", "GC Thread#0", "G1 Young RemSet", "G1 Conc#0",
        "Reference Handl", "Signal Dispatch", "Service Thread", "Common-Cleaner", "largekv-cassand",
        "ClientThread-3", "Notification Th", "JFR Periodic Ta"}) {
      assertThat(ClientJit.isCompilerThread(other)).as(other).isFalse();
    }
  }

  /**
   * This JVM's compiler threads, read by ClientJit, against the test's own reading of
   * /proc/self/task (each thread's comm and its stat line's 14th and 15th fields, split here):
   * the same threads, each figure between the test's readings before and after.
   */
  @Test
  void thisJvmsCompilerThreadsAreFoundAndReadAsTheKernelCountsThem() throws Exception {
    Map<Long, Long> before = compilerTicksByHand();
    Map<Long, Long> cpu = ClientJit.compilerThreadsCpuMillis();
    Map<Long, Long> after = compilerTicksByHand();
    // every HotSpot JVM with its JIT on has at least one compiler thread; by now it has compiled
    assertThat(cpu).isNotNull().isNotEmpty();
    assertThat(cpu.keySet()).isSubsetOf(after.keySet());
    for (Map.Entry<Long, Long> e : cpu.entrySet()) {
      long low = before.getOrDefault(e.getKey(), 0L) * 10;
      assertThat(e.getValue()).as("thread %d", e.getKey()).isBetween(low, after.get(e.getKey()) * 10);
    }
    assertThat(cpu.values().stream().mapToLong(Long::longValue).sum()).isPositive();
    ClientJit real = ClientJit.ofThisJvm();
    real.warmUpEnded();
    real.runFinished();
    assertThat(real.cpuMillisAfterWarmUp()).hasValueSatisfying(ms -> assertThat(ms).isNotNegative());
  }

  /** Each compiler thread's utime + stime ticks, read here without ProcStat. */
  private static Map<Long, Long> compilerTicksByHand() throws java.io.IOException {
    Map<Long, Long> ticks = new HashMap<>();
    try (java.nio.file.DirectoryStream<java.nio.file.Path> tasks =
        java.nio.file.Files.newDirectoryStream(java.nio.file.Path.of("/proc/self/task"))) {
      for (java.nio.file.Path t : tasks) {
        String comm = java.nio.file.Files.readString(t.resolve("comm")).strip();
        if (comm.endsWith("CompilerThre") || comm.endsWith("CompilerT")) {
          String stat = java.nio.file.Files.readString(t.resolve("stat"));
          String[] after = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
          ticks.put(Long.parseLong(t.getFileName().toString()), Long.parseLong(after[11]) + Long.parseLong(after[12]));
        }
      }
    }
    return ticks;
  }
}
