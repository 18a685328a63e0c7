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
    assertThat(ClientSummary.Stalls.merge(List.of(a, b)).describe())
        .isEqualTo("3, 63.5 ms (longest 40.5 ms), all the client's (the machine's share not read)");
    // with each client's run-queue wait: added, and the client's share the rest
    ClientSummary.Stalls c = of("[LARGEKV], EventLoopStalls, 2\n[LARGEKV], EventLoopStallMaxMs, 40.5\n"
        + "[LARGEKV], EventLoopStallTotalMs, 52.5\n[LARGEKV], EventLoopStallMachineMs, 40.0\n"
        + "[LARGEKV], EventLoopStallsOnTheMachine, 1\n[LARGEKV], EventLoopStallsAfterWarmUp, 1\n");
    ClientSummary.Stalls d = of("[LARGEKV], EventLoopStalls, 1\n[LARGEKV], EventLoopStallMaxMs, 11.0\n"
        + "[LARGEKV], EventLoopStallTotalMs, 11.0\n[LARGEKV], EventLoopStallMachineMs, 10.5\n"
        + "[LARGEKV], EventLoopStallsOnTheMachine, 1\n[LARGEKV], EventLoopStallsAfterWarmUp, 0\n");
    assertThat(ClientSummary.Stalls.merge(List.of(c, d))).isEqualTo(new ClientSummary.Stalls(3, 40.5, 63.5, 50.5, 2L, 1L));
    assertThat(ClientSummary.Stalls.merge(List.of(c, d)).describe())
        .isEqualTo("3, 63.5 ms: 50.5 ms the machine's, 13.0 ms the client's");
    assertThat(ClientSummary.Stalls.merge(Arrays.asList(none, platform)).describe()).isEqualTo("0");
    assertThat(ClientSummary.Stalls.merge(Arrays.asList(platform, null))).isNull();
  }
}
