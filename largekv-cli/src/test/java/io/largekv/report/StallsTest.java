package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.YcsbOutput;
import io.largekv.results.ClientSummary;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class StallsTest {

  /** A client's stalls as the report reads them: from its output's [LARGEKV] section. */
  private static PhaseResult.Stalls of(String ycsbOutput) {
    ClientSummary.Stalls s = ClientSummary.of(YcsbOutput.parse(ycsbOutput)).stalls();
    return s == null ? null : new PhaseResult.Stalls(s.count(), s.maxMs(), s.totalMs());
  }

  @Test
  void clientsAddTheirStallsAndTheLongestIsTheLongestOfAny() {
    PhaseResult.Stalls a = of("[LARGEKV], EventLoopStalls, 2\n[LARGEKV], EventLoopStallMaxMs, 40.5\n"
        + "[LARGEKV], EventLoopStallTotalMs, 52.5\n");
    PhaseResult.Stalls b = of("[LARGEKV], EventLoopStalls, 1\n[LARGEKV], EventLoopStallMaxMs, 11.0\n"
        + "[LARGEKV], EventLoopStallTotalMs, 11.0\n");
    PhaseResult.Stalls none = of("[LARGEKV], EventLoopStalls, 0\n[LARGEKV], EventLoopStallMaxMs, 0.0\n"
        + "[LARGEKV], EventLoopStallTotalMs, 0.0\n");
    PhaseResult.Stalls platform = of("[LARGEKV], Operations, 10\n");
    assertThat(platform).isNull();
    assertThat(PhaseResult.Stalls.merge(List.of(a, b)).describe()).isEqualTo("3 (longest 40.5 ms, 63.5 ms in all)");
    assertThat(PhaseResult.Stalls.merge(Arrays.asList(none, platform)).describe()).isEqualTo("0");
    assertThat(PhaseResult.Stalls.merge(Arrays.asList(platform, null))).isNull();
  }
}
