package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.largekv.bench.MeasuredProcess.Sample;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code --paired}: a client and latte run at the same time, and both figures come from the seconds
 * where both were steady, each read at its own progress lines; no figure for either when they were
 * not steady together long enough.
 */
@Timeout(10)
class PairedWindowTest {

  private static final long SECOND = 1_000_000_000L;
  private static final long OPS = 100_000;

  /**
   * A run started at time 0 with a line a second from {@code firstLine} s: {@code opsPerSecond}
   * operations a second, {@code cpuPerOp.applyAsDouble(second)} s of CPU each, {@code jitShare} of
   * the CPU its compiler threads' until {@code compilingUntil} s, none after.
   */
  private static MeasuredProcess.Result run(int firstLine, int opsPerSecond, IntToDoubleFunction cpuPerOp,
      double jitShare, int compilingUntil) {
    List<Sample> samples = new ArrayList<>();
    long ops = 0;
    double cpu = 0;
    double jit = 0;
    for (int s = firstLine; ops < OPS; s++) {
      ops = Math.min(OPS, ops + opsPerSecond);
      double used = opsPerSecond * cpuPerOp.applyAsDouble(s);
      cpu += used;
      jit += s <= compilingUntil ? jitShare * used : 0;
      samples.add(new Sample(ops, cpu, s * SECOND, jit));
    }
    return new MeasuredProcess.Result(0, new MeasuredProcess.Usage(samples.size(), cpu, 0, 1, 1, 1), samples, 0, 0,
        Path.of("out.txt"), Instant.EPOCH, 0, Instant.EPOCH, new CompilerThreads.Cpu(jit, null));
  }

  @Test
  void bothFiguresComeFromTheSecondsWhereBothWereSteady() {
    // the machine is twice as slow from second 60: every operation of both costs twice the CPU then
    IntToDoubleFunction client = s -> s < 60 ? 5e-6 : 10e-6;
    IntToDoubleFunction latte = s -> s < 60 ? 4e-6 : 8e-6;
    // the client compiles until second 30 (1,000 ops/s, 100 s); latte runs from its first second (1,250 ops/s, 80 s)
    PairedWindow.Pair pair = PairedWindow.find(run(1, 1_000, client, 0.5, 30), run(1, 1_250, latte, 0, 0), OPS);
    SteadyWindow mine = pair.client().window();
    SteadyWindow theirs = pair.latte().window();
    // the client is quiet 10 s after second 30; latte's own window closes at 90 % of its operations, second 72
    assertThat(mine.from().nanos()).isEqualTo(40 * SECOND);
    assertThat(theirs.from().nanos()).isEqualTo(40 * SECOND);
    assertThat(mine.to().nanos()).isEqualTo(72 * SECOND);
    assertThat(theirs.to().nanos()).isEqualTo(72 * SECOND);
    assertThat(mine.secondsToSteady()).isEqualTo(40.0);
    // seconds 41-59 at the first cost, 60-72 at the second: the same mix for both, so the ratio is 1.25
    assertThat(mine.cpuPerOp()).isCloseTo((19 * 5e-6 + 13 * 10e-6) / 32, within(1e-12));
    assertThat(mine.cpuPerOp() / theirs.cpuPerOp()).isCloseTo(1.25, within(1e-9));
    assertThat(mine.opsPerSecond() / theirs.opsPerSecond()).isCloseTo(0.8, within(1e-9));
  }

  @Test
  void runsSteadyTogetherForTooFewOperationsHaveNoFigureAndSayWhy() {
    // latte reads ten times as fast and is done by second 10, before the client is quiet at second 40
    PairedWindow.Pair pair = PairedWindow.find(run(1, 1_000, s -> 5e-6, 0.5, 30), run(1, 10_000, s -> 4e-6, 0, 0),
        OPS);
    assertThat(pair.client().window()).isNull();
    assertThat(pair.latte().window()).isNull();
    assertThat(pair.client().missing()).startsWith("the two runs were steady together for 0.0 s, under 10 %");
  }

  @Test
  void aClientWithoutAWindowOfItsOwnGivesNoneToEither() {
    // compiling to the end
    PairedWindow.Pair pair = PairedWindow.find(run(1, 1_000, s -> 5e-6, 0.5, 100), run(1, 1_000, s -> 4e-6, 0, 0),
        OPS);
    assertThat(pair.latte().window()).isNull();
    assertThat(pair.client().missing()).startsWith("no window of its own: the compiler threads at 50.0 %");
    assertThat(pair.latte().missing()).startsWith("the client beside it had none: the compiler threads at 50.0 %");
  }

  @Test
  void eachClientIsComparedWithTheLatteRunBesideIt() {
    MeasuredProcess.Result slow = run(1, 1_000, s -> 8e-6, 0, 0);
    MeasuredProcess.Result fast = run(1, 1_000, s -> 4e-6, 0, 0);
    PairedWindow.Pair a = PairedWindow.find(fast, slow, OPS);
    PairedWindow.Pair b = PairedWindow.find(fast, fast, OPS);
    List<ClientRun> runs = List.of(
        new ClientRun(1, BenchPhase.READ, "a", report(), fast, OPS, a.client(), LatteClient.NAME),
        new ClientRun(1, BenchPhase.READ, LatteClient.NAME, report(), slow, OPS, a.latte(), "a"),
        new ClientRun(1, BenchPhase.READ, "b", report(), fast, OPS, b.client(), LatteClient.NAME),
        new ClientRun(1, BenchPhase.READ, LatteClient.NAME, report(), fast, OPS, b.latte(), "b"));
    assertThat(runs.get(0).latteIn(runs)).containsSame(runs.get(1));
    assertThat(runs.get(2).latteIn(runs)).containsSame(runs.get(3));
    assertThat(runs.get(3).latteIn(runs)).containsSame(runs.get(3));
    assertThat(runs.get(1).serverCpuMicrosPerOp()).isNaN();
    assertThat(SteadyHeadline.settled(runs)).containsPattern("read +a +0\\.50×")
        .containsPattern("read +b +1\\.00×");
  }

  private static BenchClient.Report report() {
    return new BenchClient.Report(OPS, 0, 1_000, 1, null);
  }
}
