package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.largekv.bench.MeasuredProcess.Sample;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Where a client is steady: from the first progress line at 20 % of its operations at which its JVM's
 * compiler threads have gone quiet, to its first line at 90 %; no window, and why, rather than a figure
 * that pays for the JIT's backlog.
 */
@Timeout(10)
class SteadyWindowTest {

  private static final long SECOND = 1_000_000_000L;
  private static final long TOTAL = 100_000;

  /**
   * A line a second, 1,000 operations a second at 1 ms of CPU each (one core busy), of which the
   * compiler threads take {@code jitShare.applyAsDouble(second)} in that second.
   */
  private static List<Sample> run(IntToDoubleFunction jitShare) {
    List<Sample> samples = new ArrayList<>();
    double cpu = 0;
    double jit = 0;
    for (int second = 1; second <= 100; second++) {
      cpu += 1.0;
      jit += jitShare.applyAsDouble(second);
      samples.add(new Sample(second * 1_000L, cpu, second * SECOND, jit));
    }
    return samples;
  }

  @Test
  void theJvmsOwnTimeToSteadyIsItsFirstLineWithItsCompilerQuietWhateverTheOperationsDone() {
    // 20 % of the CPU for 30 s, then 1 %: at 38 s the 10 s before hold 2 x 0.2 + 8 x 0.01 = 4.8 % (37 s: 6.7 %)
    assertThat(SteadyWindow.jitQuietAfter(run(s -> s <= 30 ? 0.2 : 0.01), TOTAL, 0)).hasValue(38.0);
    // from its start, not from the machine's clock's zero
    assertThat(SteadyWindow.jitQuietAfter(run(s -> s <= 30 ? 0.2 : 0.01), TOTAL, 3 * SECOND)).hasValue(35.0);
    // still compiling at 7 % to the end, and a client without compiler threads (latte): no figure
    assertThat(SteadyWindow.jitQuietAfter(run(s -> 0.07), TOTAL, 0)).isEmpty();
    assertThat(SteadyWindow.jitQuietAfter(run(s -> 0), TOTAL, 0)).isEmpty();
  }

  @Test
  void aJvmWhoseCompilerIsQuietFromTheStartIsSteadyFromTwentyPerCentToNinety() {
    // the compiler threads use 3 % of the client's CPU throughout: quiet by the 5 % rule
    SteadyWindow w = SteadyWindow.find(run(s -> 0.03), TOTAL, 0).window();
    assertThat(w).isNotNull();
    assertThat(w.from().ops()).isEqualTo(20_000);
    assertThat(w.to().ops()).isEqualTo(90_000);
    assertThat(w.cpuPerOp()).isCloseTo(0.001, within(1e-12));
    assertThat(w.opsPerSecond()).isCloseTo(1_000, within(1e-6));
    assertThat(w.jitShare()).isCloseTo(0.03, within(1e-9));
    assertThat(w.secondsToSteady()).isEqualTo(20.0);
  }

  @Test
  void theWindowWaitsUntilTheCompilerThreadsHaveBeenQuietForTenSeconds() {
    // compiling at half the client's CPU until second 40, nothing after: the 10 s before second 50 are quiet
    SteadyWindow w = SteadyWindow.find(run(s -> s <= 40 ? 0.5 : 0), TOTAL, 0).window();
    assertThat(w).isNotNull();
    assertThat(w.from().ops()).isEqualTo(50_000);
    assertThat(w.jitShare()).isZero();
    assertThat(w.secondsToSteady()).isEqualTo(50.0);
    // 6 % is not quiet, 4 % is
    assertThat(SteadyWindow.find(run(s -> s <= 40 ? 0.5 : 0.06), TOTAL, 0).window()).isNull();
    assertThat(SteadyWindow.find(run(s -> s <= 40 ? 0.5 : 0.04), TOTAL, 0).window().from().ops())
        .isEqualTo(50_000);
  }

  @Test
  void aCompilerStillBusyAtNinetyPerCentGivesNoWindowAndSaysSo() {
    SteadyWindow.Search s = SteadyWindow.find(run(x -> 0.07), TOTAL, 0);
    assertThat(s.window()).isNull();
    assertThat(s.missing()).contains("7.0 % of the client's CPU in the 10 s before 89 % of the operations",
        "under 5 %");
  }

  @Test
  void aCompilerQuietTooLateGivesNoWindow() {
    // compiling until second 75: 3 % of the CPU in the 10 s before second 84, the window would open at 84 %
    SteadyWindow.Search s = SteadyWindow.find(run(x -> x <= 75 ? 0.3 : 0), TOTAL, 0);
    assertThat(s.window()).isNull();
    assertThat(s.missing()).contains("went quiet at 84 %", "run more operations");
  }

  @Test
  void aClientWithoutCompilerThreadsIsSteadyFromTwentyPerCentWithoutTenSecondsBehindIt() {
    // latte: no JVM, a short run of 10 lines
    List<Sample> samples = new ArrayList<>();
    for (int i = 1; i <= 10; i++) {
      samples.add(new Sample(i * 10_000L, i * 0.5, i * SECOND, 0));
    }
    SteadyWindow w = SteadyWindow.find(samples, TOTAL, 0).window();
    assertThat(w.from().ops()).isEqualTo(20_000);
    assertThat(w.to().ops()).isEqualTo(90_000);
    assertThat(w.cpuPerOp()).isCloseTo(0.00005, within(1e-12));
  }

  @Test
  void aMissingReadingGivesNoWindowNotAFigureOfAnotherOne() {
    List<Sample> unread = new ArrayList<>(run(s -> 0));
    unread.set(89, new Sample(90_000, Double.NaN, 90 * SECOND, 0));
    assertThat(SteadyWindow.find(unread, TOTAL, 0).missing()).contains("CPU could not be read");
    List<Sample> noJit = new ArrayList<>();
    run(s -> 0.03).forEach(x -> noJit.add(new Sample(x.ops(), x.cpuSeconds(), x.nanos(), Double.NaN)));
    assertThat(SteadyWindow.find(noJit, TOTAL, 0).missing()).contains("compiler threads could not be read");
    assertThat(SteadyWindow.find(List.of(), TOTAL, 0).missing()).contains("ended before it");
  }

  @Test
  void theWindowClosesAtTheFirstLineAtNinetyPerCent() {
    // lines at 20 %, 50 %, 88 %, 93 % and 100 %: the window is 20 % to 93 %
    List<Sample> samples = List.of(new Sample(20_000, 10, SECOND, 0), new Sample(50_000, 11, 2 * SECOND, 0),
        new Sample(88_000, 12, 3 * SECOND, 0), new Sample(93_000, 14.5, 4 * SECOND, 0),
        new Sample(100_000, 20, 5 * SECOND, 0));
    SteadyWindow w = SteadyWindow.find(samples, TOTAL, 0).window();
    assertThat(w.cpuPerOp()).isCloseTo(4.5 / 73_000, within(1e-12));
    assertThat(w.opsPerSecond()).isCloseTo(73_000 / 3.0, within(1e-6));
  }

  @Test
  void theProbeStartsAtTheLineTheWindowOpensAt() {
    for (List<Sample> run : List.of(run(s -> 0.03), run(s -> s <= 40 ? 0.5 : 0), run(s -> s <= 33 ? 0.2 : 0.001))) {
      long from = SteadyWindow.find(run, TOTAL, 0).window().from().ops();
      Long opened = null;
      for (int i = 1; i <= run.size() && opened == null; i++) {
        if (SteadyWindow.mayOpenAt(run.subList(0, i), TOTAL)) {
          opened = run.get(i - 1).ops();
        }
      }
      assertThat(opened).isEqualTo(from);
    }
  }
}
