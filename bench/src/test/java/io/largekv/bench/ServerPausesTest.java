package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The local server's pauses, from its GC log, within one client's run. */
class ServerPausesTest {

  private static final List<String> LOG = List.of(
      "[2026-11-25T14:01:40.519+0000][559.728s] GC(400) Pause Young (Normal) (G1 Evacuation Pause) 845M->234M(1024M)"
          + " 19.089ms",
      "[2026-11-25T14:01:46.330+0000][565.539s] GC(403) Concurrent Mark Cycle",
      "[2026-11-25T14:01:47.718+0000][566.928s] GC(403) Pause Remark 524M->524M(1024M) 16.067ms",
      "[2026-11-25T14:01:48.165+0000][567.374s] GC(403) Concurrent Mark Cycle 1834.830ms",
      "[2026-11-25T14:01:49.535+0000][568.744s] GC(405) Pause Young (Mixed) (G1 Evacuation Pause) 284M->233M(1024M)"
          + " 43.848ms",
      "[0.004s][info][gc] Using G1");

  @Test
  void countsTheStopTheWorldPausesThatOverlapARunAndNotTheConcurrentPhases() {
    ServerPauses pauses = ServerPauses.parse(LOG);
    ServerPauses.Within all = pauses.between(Instant.parse("2026-11-25T14:01:00Z"), Instant.parse("2026-11-25T14:02:00Z"));
    assertThat(all.count()).isEqualTo(3);
    assertThat(all.longestMillis()).isEqualTo(43.848);
    assertThat(all.totalMillis()).isCloseTo(19.089 + 16.067 + 43.848, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(all.render()).isEqualTo("3, longest 44 ms, 79 ms in all");
    // a pause that began before the run and ended in it counts; one that ended before it does not
    ServerPauses.Within last = pauses.between(Instant.parse("2026-11-25T14:01:49.500Z"),
        Instant.parse("2026-11-25T14:01:50Z"));
    assertThat(last.count()).isEqualTo(1);
    assertThat(pauses.between(Instant.parse("2026-11-25T14:01:49.536Z"), Instant.parse("2026-11-25T14:01:59Z"))
        .count()).isZero();
  }

  @Test
  void noLogMeansNoFigureNotZeroPauses() throws Exception {
    assertThat(ServerPauses.read(Path.of("target/no-such-gc.log")).between(Instant.EPOCH, Instant.now()))
        .isEqualTo(ServerPauses.Within.UNKNOWN);
    assertThat(ServerPauses.Within.UNKNOWN.known()).isFalse();
    assertThat(ServerPauses.Within.UNKNOWN.render()).isEqualTo("-");
  }
}
