package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.YcsbOutput;
import io.largekv.results.ClientSummary;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class StallsTest {

  /** A client's stalls as the report reads them: from its output's [LARGEKV] section. */
  private static ClientSummary.Stalls of(String ycsbOutput) {
    return ClientSummary.of(YcsbOutput.parse(ycsbOutput)).stalls();
  }

  @Test
  void clientsAddTheirStallsAndTheLongestIsTheLongestOfAny() {
    ClientSummary.Stalls a = of("[LARGEKV], EventLoopStalls, 2\n[LARGEKV], EventLoopStallMaxMs, 40.5\n"
        + "[LARGEKV], EventLoopStallTotalMs, 52.5\n");
    ClientSummary.Stalls b = of("[LARGEKV], EventLoopStalls, 1\n[LARGEKV], EventLoopStallMaxMs, 11.0\n"
        + "[LARGEKV], EventLoopStallTotalMs, 11.0\n");
    ClientSummary.Stalls none = of("[LARGEKV], EventLoopStalls, 0\n[LARGEKV], EventLoopStallMaxMs, 0.0\n"
        + "[LARGEKV], EventLoopStallTotalMs, 0.0\n");
    ClientSummary.Stalls platform = of("[LARGEKV], Operations, 10\n");
    assertThat(platform).isNull();
    assertThat(ClientSummary.Stalls.merge(List.of(a, b)).describe()).isEqualTo("3 (longest 40.5 ms, 63.5 ms in all)");
    assertThat(ClientSummary.Stalls.merge(Arrays.asList(none, platform)).describe()).isEqualTo("0");
    assertThat(ClientSummary.Stalls.merge(Arrays.asList(platform, null))).isNull();
  }
}
