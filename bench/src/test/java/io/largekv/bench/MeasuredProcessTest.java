package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The steady window of a measured client: CPU per operation and throughput both between the
 * first progress lines at 20 % and at 90 % of the operations, so a JVM's warm-up (slow start, JIT CPU) counts in
 * neither, and a run without enough samples reports nothing rather than a figure of its warm-up.
 */
class MeasuredProcessTest {

  private static final long SECOND = 1_000_000_000L;

  private static MeasuredProcess.Result result(List<MeasuredProcess.Sample> samples) {
    MeasuredProcess.Usage usage = new MeasuredProcess.Usage(60, 10, 1, 100_000, 10, 10);
    return new MeasuredProcess.Result(0, usage, samples, 0, 0, Path.of("out.txt"), Instant.EPOCH, 0,
        Instant.EPOCH, new CompilerThreads.Cpu(0, null));
  }

  /** 1,000 operations a second at 0.5 ms of CPU each, after 10 s of warm-up at 100/s and 5 ms each. */
  private static List<MeasuredProcess.Sample> warmUpThenSteady() {
    List<MeasuredProcess.Sample> samples = new ArrayList<>();
    long ops = 0;
    double cpu = 0;
    for (int second = 1; second <= 10; second++) {
      ops += 100;
      cpu += 100 * 0.005;
      samples.add(new MeasuredProcess.Sample(ops, cpu, second * SECOND));
    }
    for (int second = 11; ops < 10_000; second++) {
      ops += 1_000;
      cpu += 1_000 * 0.0005;
      samples.add(new MeasuredProcess.Sample(Math.min(ops, 10_000), cpu, second * SECOND));
    }
    return samples;
  }

  @Test
  void steadyThroughputAndCpuLeaveTheWarmUpOut() {
    MeasuredProcess.Result r = result(warmUpThenSteady());
    // 10,000 operations: the window runs from the first sample at >= 2,000 to the first at >= 9,000
    assertThat(r.steadyOpsPerSecond(10_000)).hasValueSatisfying(v -> assertThat(v).isCloseTo(1_000.0, within(1e-6)));
    assertThat(r.steadyCpuPerOp(10_000)).hasValueSatisfying(v -> assertThat(v).isCloseTo(0.0005, within(1e-12)));
  }

  @Test
  void theWindowEndsAtTheFirstLineAtNinetyPerCentAsTheProbesDoes() {
    // lines at 2,000, 5,000, 8,800, 9,300 and 10,000 of 10,000 operations: the window is 2,000 to 9,300
    List<MeasuredProcess.Sample> samples = List.of(new MeasuredProcess.Sample(2_000, 10, SECOND),
        new MeasuredProcess.Sample(5_000, 11, 2 * SECOND), new MeasuredProcess.Sample(8_800, 12, 3 * SECOND),
        new MeasuredProcess.Sample(9_300, 14.5, 4 * SECOND), new MeasuredProcess.Sample(10_000, 20, 5 * SECOND));
    assertThat(result(samples).steadyCpuPerOp(10_000)).hasValueSatisfying(v -> assertThat(v).isCloseTo(4.5 / 7_300,
        within(1e-12)));
    assertThat(result(samples).steadyOpsPerSecond(10_000)).hasValueSatisfying(v -> assertThat(v).isCloseTo(7_300 / 3.0,
        within(1e-6)));
    // the line at 90 % without a CPU reading: no figure rather than one of another window
    List<MeasuredProcess.Sample> unread = new ArrayList<>(samples);
    unread.set(3, new MeasuredProcess.Sample(9_300, Double.NaN, 4 * SECOND));
    assertThat(result(unread).steadyCpuPerOp(10_000)).isEmpty();
  }

  @Test
  void tooFewSamplesGiveNoSteadyFigure() {
    List<MeasuredProcess.Sample> two = List.of(new MeasuredProcess.Sample(100, 1, SECOND),
        new MeasuredProcess.Sample(10_000, 5, 10 * SECOND));
    assertThat(result(two).steadyOpsPerSecond(10_000)).isEmpty();
    assertThat(result(two).steadyCpuPerOp(10_000)).isEmpty();
    assertThat(result(List.of()).steadyOpsPerSecond(10_000)).isEmpty();
  }

  @Test
  void aClientWhoseCpuCouldNotBeReadHasNoSteadyFigure() {
    List<MeasuredProcess.Sample> samples = new ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      samples.add(new MeasuredProcess.Sample(i * 1_000L, Double.NaN, i * SECOND));
    }
    assertThat(result(samples).steadyOpsPerSecond(10_000)).isEmpty();
    assertThat(result(samples).steadyCpuPerOp(10_000)).isEmpty();
  }

  @Test
  void theFirstOperationIsSeenAtTheFirstProgressLineThatCountsOneOnTheWallClock() {
    List<MeasuredProcess.Sample> samples = List.of(new MeasuredProcess.Sample(0, 1, 2 * SECOND),
        new MeasuredProcess.Sample(0, 1, 3 * SECOND), new MeasuredProcess.Sample(1_156, 2, 4 * SECOND));
    assertThat(result(samples).firstOperationSeen()).hasValue(Instant.EPOCH.plusSeconds(4));
    assertThat(result(List.of(new MeasuredProcess.Sample(0, 1, SECOND))).firstOperationSeen()).isEmpty();
  }
}
