package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an event did to a run (docs/comparison.md#events), from runs whose 1-second throughputs are
 * known by construction: one client, one interval a second from T0, every read 2 ms. The figures
 * are worked out by hand from the fixtures' own rates.
 */
class EventImpactTest {

  private static final long T0 = 1_790_000_000_000L;

  /** One client reading {@code opsAt(s)} times in second s, for {@code seconds} seconds from T0; exit 0. */
  static void writeReads(Path run, int seconds, IntUnaryOperator opsAt) throws Exception {
    Path client = Files.createDirectories(run.resolve("client-0").resolve("hdr"));
    IntervalLogs.write(client.resolve("READ.hdr"), T0, seconds, s -> {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(2_000, opsAt.applyAsInt(s));
      return h;
    });
    Files.writeString(run.resolve("client-0").resolve("exit.txt"), "0\n");
  }

  /** The events.tsv of {@code run}: each event as {@code spec, start (ms after T0), end (ms after T0)}. */
  static void writeEvents(Path run, String... specStartEnd) throws Exception {
    List<String> lines = new java.util.ArrayList<>(List.of("event\tplanned_s\tstart_ms\tend_ms\tresult\tdetail"));
    for (int i = 0; i < specStartEnd.length; i += 3) {
      long start = Long.parseLong(specStartEnd[i + 1]);
      lines.add(specStartEnd[i] + "\t" + start / 1000.0 + "\t" + (T0 + start) + "\t"
          + (T0 + Long.parseLong(specStartEnd[i + 2])) + "\tok\t");
    }
    Files.write(run.resolve("events.tsv"), lines, StandardCharsets.UTF_8);
  }

  /**
   * 60 s of reads: 1,000 a second, except 100 at 20 s, 900 (exactly 90 %) at 21 s, 950 at 22 s, 1,000
   * at 23 s and 100 again at 24 s. A node killed at 20 s (0.1 s long), and one started at 40 s that
   * takes until 50.5 s (a bootstrap) without any drop.
   */
  static void writeTwoEvents(Path run) throws Exception {
    writeReads(run, 60, s -> switch (s) {
      case 20, 24 -> 100;
      case 21 -> 900;
      case 22 -> 950;
      default -> 1000;
    });
    writeEvents(run, "uniform-read@20:kill-node:2", "20000", "20100", "uniform-read@40:start-node:2", "40000", "50500");
  }

  @Test
  void aRecoveryStartsAtTheFirstOfThreeSecondsInARowAtNinetyPercentOrMore(@TempDir Path dir) throws Exception {
    writeTwoEvents(dir);
    List<EventImpact> impacts = PhaseResult.load(dir, 0).eventImpacts();
    EventImpact kill = impacts.get(0);
    assertThat(kill.startSecond).isEqualTo(20);
    assertThat(kill.before).isEqualTo(1000.0); // the 20 s before it: 1,000 each
    // 21 s holds exactly 90 % of 1,000 (it counts), 22 and 23 s more: recovered 1 s after the start,
    // though 24 s falls again (three seconds make a recovery, not four)
    assertThat(kill.recoverySeconds).isEqualTo(1);
    assertThat(kill.windowEndSecond).isEqualTo(24); // 3 s after the recovery at 21 s
    assertThat(kill.lowest).isEqualTo(100.0);
    EventImpact start = impacts.get(1);
    // the 30 s before 40 s: 26 of 1,000 and 100, 100, 900, 950: the median is 1,000
    assertThat(start.before).isEqualTo(1000.0);
    assertThat(start.recoverySeconds).isZero(); // it never fell
    // the window lasts to 1 s after the event's own end (50.5 s: second 50), not 3 s after 40 s
    assertThat(start.startSecond).isEqualTo(40);
    assertThat(start.windowEndSecond).isEqualTo(51);
    assertThat(start.lowest).isEqualTo(1000.0);
  }

  @Test
  void aRecoveryInThePhasesLastThreeSecondsIsSeen(@TempDir Path dir) throws Exception {
    // 40 s: 1,000 a second, 100 from 20 to 36 s, 1,000 again in 37, 38 and 39 s, the last three
    writeReads(dir, 40, s -> s >= 20 && s < 37 ? 100 : 1000);
    writeEvents(dir, "uniform-read@20:kill-node:2", "20000", "20100");
    EventImpact kill = PhaseResult.load(dir, 0).eventImpacts().get(0);
    assertThat(kill.recoverySeconds).isEqualTo(17); // 37 - 20
    assertThat(kill.windowEndSecond).isEqualTo(40); // the phase's end
    assertThat(kill.lowest).isEqualTo(100.0);
  }

  @Test
  void anEventAtThePhasesFirstSecondHasNoBeforeAndNoRecovery(@TempDir Path dir) throws Exception {
    writeReads(dir, 10, s -> 1000);
    writeEvents(dir, "uniform-read@0:kill-node:2", "0", "100");
    EventImpact kill = PhaseResult.load(dir, 0).eventImpacts().get(0);
    assertThat(kill.before).isNaN(); // no second before it
    assertThat(kill.recoverySeconds).isEqualTo(-1);
    assertThat(kill.windowEndSecond).isEqualTo(10); // not recovered: to the phase's end
    assertThat(kill.lowest).isEqualTo(1000.0);
  }

  @Test
  void failuresCountInTheSecondsThatEndInTheWindow(@TempDir Path dir) throws Exception {
    // EventReportTest's run: the kill at 30 s has the window 30-36 s (from T0 + 30,000 to T0 + 36,000 ms)
    EventReportTest.writeRun(dir);
    Files.write(dir.resolve("client-0").resolve("timeline.csv"), List.of(
        "# end_ms,successful,failed,verification_failures,classes",
        // second 10 (long before) and second 29 (ends at the window's start): not the event's
        (T0 + 11_000) + ",1000,5,1,READ:DriverTimeoutException=5",
        (T0 + 30_000) + ",1000,3,1,READ:DriverTimeoutException=3",
        // second 30 and second 35 (ends at the window's end): the event's
        (T0 + 31_000) + ",200,40,4,READ:DriverTimeoutException=40",
        (T0 + 36_000) + ",950,2,0,READ:ReadFailureException=2",
        // second 36: after the window
        (T0 + 37_000) + ",950,9,1,READ:ReadFailureException=9"), StandardCharsets.UTF_8);
    EventImpact kill = PhaseResult.load(dir, 0).eventImpacts().get(0);
    assertThat(kill.startSecond).isEqualTo(30);
    assertThat(kill.windowEndSecond).isEqualTo(36);
    assertThat(kill.failed).isEqualTo(40 + 2);
    assertThat(kill.failuresByClass).isEqualTo(Map.of("READ:DriverTimeoutException", 40L,
        "READ:ReadFailureException", 2L));
    assertThat(kill.verificationFailures).isEqualTo(4);
  }

  @Test
  void beforeIsTheMedianOfTheSeconds() {
    // odd: the middle value once sorted; even: the mean of the two middle ones; none: unknown
    assertThat(EventImpact.median(new double[] {1100, 1000, 900, 1050, 950})).isEqualTo(1000.0);
    assertThat(EventImpact.median(new double[] {3, 1, 2})).isEqualTo(2.0);
    assertThat(EventImpact.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5); // (2 + 3) / 2
    assertThat(EventImpact.median(new double[] {7})).isEqualTo(7.0);
    assertThat(EventImpact.median(new double[0])).isNaN();
  }
}
