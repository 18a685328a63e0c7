package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a measured client's progress lines say of its run: when its first operation was seen, what is written of them. */
class MeasuredProcessTest {

  private static final long SECOND = 1_000_000_000L;

  private static MeasuredProcess.Result result(List<MeasuredProcess.Sample> samples) {
    MeasuredProcess.Usage usage = new MeasuredProcess.Usage(60, 10, 1, 100_000, 10, 10);
    return new MeasuredProcess.Result(0, usage, samples, 0, 0, Path.of("out.txt"), Instant.EPOCH, 0,
        Instant.EPOCH, new CompilerThreads.Cpu(0, null));
  }

  @Test
  void theFirstOperationIsSeenAtTheFirstProgressLineThatCountsOneOnTheWallClock() {
    List<MeasuredProcess.Sample> samples = List.of(new MeasuredProcess.Sample(0, 1, 2 * SECOND, 0),
        new MeasuredProcess.Sample(0, 1, 3 * SECOND, 0), new MeasuredProcess.Sample(1_156, 2, 4 * SECOND, 0));
    assertThat(result(samples).firstOperationSeen()).hasValue(Instant.EPOCH.plusSeconds(4));
    assertThat(result(List.of(new MeasuredProcess.Sample(0, 1, SECOND, 0))).firstOperationSeen()).isEmpty();
  }

  @Test
  void aRunInProgressSaysHowFarItIsAndHowFastItWentSinceTheLastLine() {
    assertThat(MeasuredProcess.progressLine("round 1 read latte", 1_234_567, 6_000_000, 22_891.6))
        .isEqualTo("bench:   round 1 read latte: 1,234,567 of 6,000,000 (20 %) operations, 22,892/s");
    // a run bounded in time has no total to give
    assertThat(MeasuredProcess.progressLine("100% read latte", 50_000, 0, 5_000))
        .isEqualTo("bench:   100% read latte: 50,000 operations, 5,000/s");
  }
}
