package io.largekv.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.console.Console;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class PhaseProgressTest {

  private static PhaseProgress.Status load(long s, double rate, long done, long of, String eta, Long p99) {
    return new PhaseProgress.Status(s, 0, rate, done, 0L, null, 0, done, of, eta, "INSERT", p99);
  }

  @Test
  void severalClientsAddUpTheirRatesKeysAndCountsAndShowTheHighestP99NeverAnAverage() {
    PhaseProgress.Status a = load(10, 1000, 4000, 10000, "6 s", 9_000L);
    PhaseProgress.Status b = load(10, 500, 2000, 10000, "16 s", 30_000L);
    assertThat(PhaseProgress.line(new PhaseProgress.Status[] {a, b})).isEqualTo("10 s | 6,000 of 20,000 keys (30 %),"
        + " ETA 16 s | 1,500 ops/s, INSERT p99 30.00 ms (highest client) in the last s | in all: 0 failed");
  }

  @Test
  void aFigureTheHarnessDoesNotGiveIsLeftOutNotZero() {
    // nb5 while it runs: completed operations only
    PhaseProgress.Status nb5 = new PhaseProgress.Status(20, 30, 812, 15_000, null, null, 0, null, null, null, null,
        null);
    assertThat(PhaseProgress.line(new PhaseProgress.Status[] {nb5})).isEqualTo("20 s of 30 s | 812 ops/s in the last s"
        + " | in all: 15,000 ok");
    PhaseProgress.Status bad = new PhaseProgress.Status(10, 30, 100, 1_000, 2L, 990L, 3, null, null, null, "READ",
        1_500L);
    assertThat(PhaseProgress.line(new PhaseProgress.Status[] {bad})).endsWith("in all: 1,000 ok, 2 failed, 990 verified"
        + " (3 corrupt or missing)");
  }

  @Test
  void aLineIsPrintedOnceEveryTenSecondsWhicheverClientReachesThemFirst() {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PhaseProgress p = new PhaseProgress(new Console(new PrintStream(out, true, StandardCharsets.UTF_8), false),
        "largekv: [load] ", 2);
    for (int s = 1; s <= 21; s++) {
      p.update(0, load(s, 100, 100 * s, 10_000, "1 min 0 s", null));
      p.update(1, load(s, 100, 100 * s, 10_000, "1 min 0 s", null));
    }
    assertThat(out.toString(StandardCharsets.UTF_8).lines()).containsExactly(
        // client 0 reached 10 s first: client 1's figures are its last, of 9 s
        "largekv: [load] 10 s | 1,900 of 20,000 keys (10 %), ETA 1 min 0 s | 200 ops/s in the last s | in all: 0 failed",
        "largekv: [load] 20 s | 3,900 of 20,000 keys (20 %), ETA 1 min 0 s | 200 ops/s in the last s | in all: 0"
            + " failed");
  }
}
