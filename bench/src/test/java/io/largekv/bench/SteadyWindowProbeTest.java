package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class SteadyWindowProbeTest {

  /** Lines as perf 6.x writes them with {@code -x , --per-thread} (taken from a bench run of a YCSB client). */
  private static final String PERF = """
      # started on Fri Nov 27 22:22:15 2026

      largekv-cassand-18301,4273.60,msec,task-clock,4273548809,100.00,0.259,CPUs utilized
      C2 CompilerThre-18290,4065.60,msec,task-clock,4065548809,100.00,0.259,CPUs utilized
      C1 CompilerThre-18291,108.30,msec,task-clock,108548809,100.00,0.259,CPUs utilized
      Signal Dispatch-18288,<not counted>,msec,task-clock,0,100.00,,
      largekv-cassand-18301,63358,,context-switches,4273548809,100.00,12.592,K/sec
      C2 CompilerThre-18290,50481,,context-switches,4065548809,100.00,12.592,K/sec
      C1 CompilerThre-18291,1274,,context-switches,108548809,100.00,12.592,K/sec
      Signal Dispatch-18288,<not counted>,,context-switches,0,100.00,,
      largekv-cassand-18301,1,,cpu-migrations,4273548809,100.00,9.919,/sec
      C2 CompilerThre-18290,2,,cpu-migrations,4065548809,100.00,9.919,/sec
      C1 CompilerThre-18291,0,,cpu-migrations,108548809,100.00,9.919,/sec
      Signal Dispatch-18288,<not counted>,,cpu-migrations,0,100.00,,
      largekv-cassand-18301,816,,syscalls:sys_enter_futex,4273548809,100.00,0.000,/sec
      C2 CompilerThre-18290,206,,syscalls:sys_enter_futex,4065548809,100.00,0.000,/sec
      C1 CompilerThre-18291,858,,syscalls:sys_enter_futex,108548809,100.00,0.000,/sec
      Signal Dispatch-18288,<not counted>,,syscalls:sys_enter_futex,0,100.00,,
      largekv-cassand-18301,<not supported>,,raw_syscalls:sys_enter,0,100.00,,
      C2 CompilerThre-18290,<not supported>,,raw_syscalls:sys_enter,0,100.00,,
      """;

  @Test
  void sumsEveryThreadAndSaysWhatPerfCouldNotCount(@TempDir Path dir) throws Exception {
    Path perf = dir.resolve("r1-read-largekv.perf");
    Files.writeString(perf, PERF);
    SteadyWindowProbe.Window w = SteadyWindowProbe.summarize(perf, 1_000, 2.0, List.of());
    assertThat(w.cpuSeconds()).isCloseTo(4.2736 + 4.0656 + 0.1083, within(1e-9));
    assertThat(w.jitCpuSeconds()).isCloseTo(4.0656 + 0.1083, within(1e-9));
    // a thread that never ran in the window ("<not counted>") adds nothing
    assertThat(w.contextSwitches()).isEqualTo(63358 + 50481 + 1274);
    assertThat(w.migrations()).isEqualTo(3);
    assertThat(w.futexCalls()).isEqualTo(816 + 206 + 858);
    assertThat(w.perOp(w.futexCalls())).isEqualTo(1.88);
    // an event this kernel cannot count is unavailable, never 0
    assertThat(w.syscalls()).isNaN();
    assertThat(w.unavailable()).contains("raw_syscalls:sys_enter not counted");
    assertThat(SteadyWindowProbe.render("read", w)).contains("system calls unavailable").contains("futex calls 1.880")
        .contains("JIT compiler threads 4173.90 µs");
  }

  @Test
  void aThreadNameWithACommaIsCountedAndNoCpuMeansNoJitShare(@TempDir Path dir) throws Exception {
    Path perf = dir.resolve("r1-read-x.perf");
    Files.writeString(perf, """
        pool,worker-7,12.50,msec,task-clock,12500000,100.00,0.100,CPUs utilized
        pool,worker-7,3,,context-switches,12500000,100.00,0.240,K/sec
        C2 CompilerThre-9,<not supported>,msec,task-clock,0,100.00,,
        C2 CompilerThre-9,<not counted>,,context-switches,0,100.00,,
        """);
    SteadyWindowProbe.Window w = SteadyWindowProbe.summarize(perf, 10, 1.0, List.of());
    assertThat(SteadyWindowProbe.perThread(perf)).containsKey("pool,worker-7");
    assertThat(w.contextSwitches()).isEqualTo(3);
    // task-clock not counted for one thread: the CPU, and so the JIT's share, is unavailable
    assertThat(w.cpuSeconds()).isNaN();
    assertThat(w.jitCpuSeconds()).isNaN();
    assertThat(SteadyWindowProbe.render("read", w)).contains("CPU unavailable µs (JIT compiler threads unavailable µs)");
  }

  @Test
  void withoutPerfEveryFigureIsUnavailable(@TempDir Path dir) throws Exception {
    SteadyWindowProbe.Window w = SteadyWindowProbe.summarize(dir.resolve("absent.perf"), 1_000, 2.0,
        List.of("perf stat: Cannot run program perf"));
    assertThat(w.cpuSeconds()).isNaN();
    assertThat(w.jitCpuSeconds()).isNaN();
    assertThat(SteadyWindowProbe.render("read", w)).contains("CPU unavailable µs").contains("Cannot run program");
  }
}
