package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.bench.MeasuredProcess.Sample;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The headline: each run's steady window or why it has none, and whether the rounds' ratios to
 * latte agree within ±5 % — said as NOT settled when they do not, never a single ratio for them.
 */
@Timeout(10)
class SteadyHeadlineTest {

  private static final long SECOND = 1_000_000_000L;
  private static final long OPS = 100_000;

  @Test
  void roundsWithinFivePerCentOfTheirMedianSettle() {
    assertThat(SteadyHeadline.verdict(List.of(0.98, 1.00, 1.04)))
        .isEqualTo("0.98×, 1.00×, 1.04×; median 1.00×, rounds within ±4.0 % of it: settled (±5 %)");
  }

  @Test
  void roundsFurtherApartAreNotSettled() {
    assertThat(SteadyHeadline.verdict(List.of(1.58, 2.05, 2.10)))
        .startsWith("1.58×, 2.05×, 2.10×; median 2.05×, rounds within ±22.9 % of it: NOT settled (over ±5 %)");
  }

  @Test
  void fewerThanThreeRoundsCannotSayAndNoneIsUnavailable() {
    assertThat(SteadyHeadline.verdict(List.of(0.9, 0.91))).endsWith("2 rounds, too few to say whether it settles"
        + " (--rounds 3)");
    assertThat(SteadyHeadline.verdict(List.of())).startsWith("unavailable");
  }

  @Test
  void aRunWithoutAWindowSaysWhyAndLeavesItsRoundOutOfTheVerdict() {
    List<ClientRun> runs = new ArrayList<>();
    for (int round = 1; round <= 3; round++) {
      runs.add(run(round, LatteClient.NAME, 10, 0));
      // round 2's JVM compiles at 7 % of its CPU to the end: no window, no ratio
      runs.add(run(round, "largekv YCSB (default)", round == 3 ? 6 : 5, round == 2 ? 0.07 : 0.01));
    }
    String text = SteadyHeadline.render(runs, "AMD EPYC");
    assertThat(text).contains("STEADY on AMD EPYC", "under 5 % of its CPU\nover the 10 s before");
    assertThat(text).contains("round 2 read largekv YCSB (default):\n    the compiler threads at 7.0 % of the client's"
        + " CPU in the 10 s before 89 % of the operations (quiet: under 5 %); run more operations (--ops)");
    // rounds 1 and 3 only: 0.50× and 0.60×
    assertThat(text).contains("read   largekv YCSB (default)     0.50×, 0.60×; median 0.55×");
    assertThat(text).contains("2 rounds, too few to say");
    // the window's line: steady after 20 s, 70,000 operations, 1 % JIT, 5 µs per read, 0.50× latte
    assertThat(text)
        .containsPattern("1  read   largekv YCSB \\(default\\) +11\\.0 s +20\\.0 s +70,000 +1\\.0% +5\\.00 +0\\.50");
    // the JVM's own time to steady: quiet at 11 s (1 % over the 10 s before), never in round 2, none for latte
    assertThat(text).containsPattern("2  read   largekv YCSB \\(default\\) +never +no window");
    assertThat(text).containsPattern("1  read   latte +- +20\\.0 s");
    // the table and its legend within 120 columns
    assertThat(text.lines().filter(l -> !l.startsWith(" "))).allMatch(l -> l.length() <= 120);
  }

  @Test
  void atTheSameFixedRateEachRunIsComparedWithLattesOfItsTurn() {
    List<FixedRates.RateRun> runs = new ArrayList<>();
    double[] largekv = {9.5, 9.7, 10.0};
    for (int run = 1; run <= 3; run++) {
      runs.add(rateRun(run, LatteClient.NAME, 10, 0, 0));
      runs.add(rateRun(run, "largekv YCSB (default)", largekv[run - 1], 0.01, 0));
    }
    // a fourth turn whose largekv run failed, and a fifth whose JIT never went quiet: neither gives a ratio
    runs.add(rateRun(4, LatteClient.NAME, 10, 0, 0));
    runs.add(rateRun(4, "largekv YCSB (default)", 5, 0.01, 1));
    runs.add(rateRun(5, LatteClient.NAME, 10, 0, 0));
    runs.add(rateRun(5, "largekv YCSB (default)", 5, 0.2, 0));
    // a sixth whose largekv run shared the machine with other work, and a seventh whose latte run did: no ratio
    runs.add(rateRun(6, LatteClient.NAME, 10, 0, 0));
    runs.add(disturbed(rateRun(6, "largekv YCSB (default)", 5, 0.01, 0)));
    runs.add(disturbed(rateRun(7, LatteClient.NAME, 10, 0, 0)));
    runs.add(rateRun(7, "largekv YCSB (default)", 5, 0.01, 0));
    String text = SteadyHeadline.atRates(runs);
    assertThat(text).contains("   50%  largekv YCSB (default)     0.95×, 0.97×, 1.00×; median 0.97×, runs within ±3.1 %"
        + " of it: settled (±5 %)");
    assertThat(text).contains("    run 5: the compiler threads at 20.0 % of the client's CPU");
    assertThat(text).doesNotContain("run 4:");
    assertThat(text).contains("    run 6: disturbed: other work on the machine used over 0.25 cores while it ran")
        .contains("    run 7: disturbed: other work on the machine used over 0.25 cores while latte ran");
  }

  /** {@code r} with half a core of other work on the machine while it ran. */
  private static FixedRates.RateRun disturbed(FixedRates.RateRun r) {
    return new FixedRates.RateRun(r.fraction(), r.rate(), r.run(), r.client(), r.report(), r.serverPauses(),
        new FixedRates.RateRun.Measured(r.exitCode(), r.steady(), 0.5));
  }

  private static FixedRates.RateRun rateRun(int run, String client, double microsPerOp, double jitShare, int exit) {
    ClientRun r = run(run, client, microsPerOp, jitShare);
    return new FixedRates.RateRun(0.5, 1_000, run, client, r.report(), ServerPauses.Within.UNKNOWN,
        new FixedRates.RateRun.Measured(exit, r.steady(), 0));
  }

  /**
   * A read run of a line a second, 1,000 reads a second at {@code microsPerOp} µs of CPU each, of
   * which the compiler threads' share is {@code jitShare}.
   */
  static ClientRun run(int round, String client, double microsPerOp, double jitShare) {
    List<Sample> samples = new ArrayList<>();
    double cpu = 0;
    double jit = 0;
    for (int s = 1; s <= 100; s++) {
      cpu += microsPerOp * 1e-3;
      jit += jitShare * microsPerOp * 1e-3;
      samples.add(new Sample(s * 1_000L, cpu, s * SECOND, jit));
    }
    MeasuredProcess.Result process = new MeasuredProcess.Result(0, new MeasuredProcess.Usage(100, cpu, 0, 1, 1, 1),
        samples, 0, 0, Path.of("out.txt"), Instant.EPOCH, 0, Instant.EPOCH, new CompilerThreads.Cpu(jit, null));
    return new ClientRun(round, BenchPhase.READ, client, new BenchClient.Report(OPS, 0, 1_000, 1, null), process, OPS);
  }
}
