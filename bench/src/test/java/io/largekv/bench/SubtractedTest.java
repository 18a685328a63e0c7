package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class SubtractedTest {

  private static CompilerThreads.Cpu jit(double seconds) {
    return new CompilerThreads.Cpu(seconds, null);
  }

  @Test
  void cpuPerOperationIsTheDifferenceOverTwoN() {
    Subtracted s = new Subtracted(1, BenchPhase.READ, "largekv", 16.0, 27.0, jit(5.0), jit(6.0), 450_000);
    assertThat(s.cpuPerOp()).isCloseTo(11.0 / 900_000, within(1e-15));
    // without the compiler threads: (27 − 6) − (16 − 5) = 10 s over 2N
    assertThat(s.withoutJitPerOp()).isCloseTo(10.0 / 900_000, within(1e-15));
  }

  @Test
  void compilerThreadsNotReadGiveNoFigureWithoutThem() {
    Subtracted s = new Subtracted(1, BenchPhase.READ, "largekv", 16.0, 27.0,
        CompilerThreads.Cpu.unavailable("no compiler thread (C1 or C2 CompilerThread) found in the JVM"), jit(6.0),
        450_000);
    assertThat(s.cpuPerOp()).isCloseTo(11.0 / 900_000, within(1e-15));
    assertThat(s.withoutJitPerOp()).isNaN();
    assertThat(Subtracted.render(List.of(s)))
        .contains("12.22 µs (CPU 16.00 s for N, 27.00 s for 3N); without the JIT: unavailable (no compiler thread"
            + " (C1 or C2 CompilerThread) found in the JVM, run of N)");
  }

  @Test
  void aLongerRunThatCostNoMoreGivesNoFigure() {
    Subtracted s = new Subtracted(1, BenchPhase.READ, "largekv", 16.0, 15.5, jit(5.0), jit(5.0), 450_000);
    assertThat(s.cpuPerOp()).isNaN();
    assertThat(Subtracted.render(List.of(s)))
        .contains("unavailable: the run of 3N cost no more than the run of N");
  }

  @Test
  void subtractIsRefusedWithTheProbe() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
        () -> BenchOptions.parse(new String[] {"--subtract", "--counts"}))
        .isInstanceOf(io.largekv.common.UserError.class).hasMessageContaining("--subtract is not accepted with --counts");
  }

  @Test
  void aFailedRunIsUnavailableAndGetsNoRatio() {
    List<Subtracted> all = List.of(
        new Subtracted(1, BenchPhase.READ, "latte", 5.0, 14.0, jit(0), jit(0), 450_000),
        new Subtracted(1, BenchPhase.READ, "largekv", 16.0, 27.0, jit(5.0), jit(6.0), 450_000),
        new Subtracted(1, BenchPhase.INSERT, "largekv", 16.0, Double.NaN, jit(5.0), jit(6.0), 450_000));
    String text = Subtracted.render(all);
    assertThat(text).contains("round 1 read latte: 10.00 µs (CPU 5.00 s for N, 14.00 s for 3N), 1.00× latte")
        .contains("round 1 read latte: 10.00 µs (CPU 5.00 s for N, 14.00 s for 3N), 1.00× latte\n")
        .contains("round 1 read largekv: 12.22 µs (CPU 16.00 s for N, 27.00 s for 3N), 1.22× latte; compiler threads"
            + " 5.00 s and 6.00 s; without the JIT 11.11 µs, 1.11× latte's\n")
        .contains("round 1 insert largekv: unavailable: a run failed (CPU 16.00 s for N, unavailable for 3N)\n");
  }
}
