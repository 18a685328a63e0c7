package io.largekv.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Where the client JVM's pauses fall on nanoTime's clock, and how much of a stall they cover. */
class ClientGcPausesTest {

  private static final long MS = 1_000_000;

  @Test
  void aStallIsCoveredByThePausesInItPaddedByTheirWholeMilliseconds() {
    ClientGcPauses gc = new ClientGcPauses();
    // GC clock 0 ms is nanoTime 1,000 ms: the report of each pause came as it ended
    gc.pause(100, 110, 1_110 * MS);
    gc.pause(200, 230, 1_230 * MS);
    gc.pause(150, 160, 1_160 * MS); // a second collector's report, crossing the first's order
    assertThat(gc.pausedNanos(1_000 * MS, 1_050 * MS)).isZero();
    assertThat(gc.pausedNanos(1_095 * MS, 1_125 * MS)).isEqualTo(12 * MS); // 99..111
    assertThat(gc.pausedNanos(1_105 * MS, 1_205 * MS)).isEqualTo((6 + 12 + 6) * MS); // ..111, 149..161, 199..
    assertThat(gc.pausedNanos(1_210 * MS, 1_220 * MS)).isEqualTo(10 * MS); // inside one pause: all of it
    assertThat(gc.pausedNanos(1_300 * MS, 1_400 * MS)).isZero();
  }

  @Test
  void aLateReportMovesTheClockTowardsTheTruthAndTheOldestHalfGoesWhenFull() {
    ClientGcPauses gc = new ClientGcPauses();
    gc.pause(100, 110, 1_115 * MS); // reported 5 ms late
    assertThat(gc.pausedNanos(1_104 * MS, 1_116 * MS)).isEqualTo(12 * MS); // placed at 104..116
    gc.pause(200, 210, 1_210 * MS); // on time: the clock is 1,000 ms
    assertThat(gc.pausedNanos(1_104 * MS, 1_116 * MS)).isEqualTo(7 * MS); // 99..111 now
    for (int i = 0; i < ClientGcPauses.KEPT; i++) {
      gc.pause(1_000 + 2L * i, 1_001 + 2L * i, (2_001 + 2L * i) * MS);
    }
    assertThat(gc.pausedNanos(1_095 * MS, 1_215 * MS)).as("the oldest half went").isZero();
    long last = 1_001 + 2L * (ClientGcPauses.KEPT - 1);
    assertThat(gc.pausedNanos((1_000 + last - 1) * MS, (1_000 + last) * MS)).isEqualTo(MS);
  }
}
