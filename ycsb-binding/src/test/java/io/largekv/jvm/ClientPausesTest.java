package io.largekv.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Where the client JVM's pauses fall on nanoTime's clock, and how much of a stall they cover. */
class ClientPausesTest {

  private static final long MS = 1_000_000;

  @Test
  void aStallIsCoveredByThePausesInItPaddedByTheirWholeMilliseconds() {
    ClientPauses gc = new ClientPauses();
    // GC clock 0 ms is nanoTime 1,000 ms: the report of each pause came as it ended
    gc.collection(100, 110, 1_110 * MS);
    gc.collection(200, 230, 1_230 * MS);
    gc.collection(150, 160, 1_160 * MS); // a second collector's report, crossing the first's order
    assertThat(gc.pausedNanos(1_000 * MS, 1_050 * MS)).isZero();
    assertThat(gc.pausedNanos(1_095 * MS, 1_125 * MS)).isEqualTo(12 * MS); // 99..111
    assertThat(gc.pausedNanos(1_105 * MS, 1_205 * MS)).isEqualTo((6 + 12 + 6) * MS); // ..111, 149..161, 199..
    assertThat(gc.pausedNanos(1_210 * MS, 1_220 * MS)).isEqualTo(10 * MS); // inside one pause: all of it
    assertThat(gc.pausedNanos(1_300 * MS, 1_400 * MS)).isZero();
  }

  /**
   * The flight recorder's safepoints, on the epoch's clock: each whole, from its begin to its end;
   * its edges, stopping the threads and letting them go, apart.
   */
  @Test
  void aSafepointCoversAStallFromItsBeginToItsEnd() {
    ClientPauses p = new ClientPauses();
    p.offset(-500 * MS); // epoch 1,500 ms is nanoTime 1,000 ms
    // nanoTime 1,100 .. 1,111.5 ms: 0.5 ms stopping the threads, a collection of 8 ms, 3 ms letting them go
    p.safepoint(1_600 * MS, 1_600_500_000L, 1_608_500_000L, 1_611_500_000L);
    assertThat(p.pausedNanos(1_095 * MS, 1_125 * MS)).isEqualTo(11_500_000L);
    assertThat(p.pausedNanos(1_105 * MS, 1_108 * MS)).isEqualTo(3 * MS);
    assertThat(p.pausedNanos(1_112 * MS, 1_120 * MS)).isZero();
    // where a thread may also have been waiting for a CPU: stopping and letting go
    assertThat(p.edgeNanos(1_095 * MS, 1_125 * MS)).isEqualTo(3_500_000L);
    assertThat(p.edgeNanos(1_105 * MS, 1_108 * MS)).isZero();
  }

  /** In a JVM with a flight recorder, the pauses are its safepoints: a forced collection's is seen. */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void thisJvmsSafepointsAreSeenWithAForcedCollectionAmongThem() throws Exception {
    ClientPauses p = ClientPauses.listen();
    assertThat(p.source()).startsWith("the JVM's safepoints");
    long from = System.nanoTime();
    System.gc();
    long to = System.nanoTime();
    // the flight recorder hands its events over about once a second
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (p.pausedNanos(from, to) == 0 && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(p.pausedNanos(from, to)).isPositive().isLessThanOrEqualTo(to - from);
  }

  @Test
  void aLateReportMovesTheClockTowardsTheTruthAndTheOldestHalfGoesWhenFull() {
    ClientPauses gc = new ClientPauses();
    gc.collection(100, 110, 1_115 * MS); // reported 5 ms late
    assertThat(gc.pausedNanos(1_104 * MS, 1_116 * MS)).isEqualTo(12 * MS); // placed at 104..116
    gc.collection(200, 210, 1_210 * MS); // on time: the clock is 1,000 ms
    assertThat(gc.pausedNanos(1_104 * MS, 1_116 * MS)).isEqualTo(7 * MS); // 99..111 now
    for (int i = 0; i < ClientPauses.KEPT; i++) {
      gc.collection(1_000 + 2L * i, 1_001 + 2L * i, (2_001 + 2L * i) * MS);
    }
    assertThat(gc.pausedNanos(1_095 * MS, 1_215 * MS)).as("the oldest half went").isZero();
    long last = 1_001 + 2L * (ClientPauses.KEPT - 1);
    assertThat(gc.pausedNanos((1_000 + last - 1) * MS, (1_000 + last) * MS)).isEqualTo(MS);
  }
}
