package io.largekv.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.common.StartBarrier;
import io.largekv.common.UserError;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The start barrier's properties, as the workload reads them. */
@Timeout(30)
class RunPropertiesTest {

  @Test
  void startBarrierSettingsAreCheckedAndNeedADirectory() {
    Properties p = new Properties();
    assertThat(RunProperties.startBarrier(p, 0, 1)).isNull();
    p.setProperty(StartBarrier.MARGIN_S, "5");
    assertThatThrownBy(() -> RunProperties.startBarrier(p, 0, 1)).isInstanceOf(UserError.class)
        .hasMessage("largekv.start_barrier_margin_s applies to a start barrier; accepted: with largekv.start_barrier=DIR"
            + " (a directory shared by the phase's clients)");
    p.setProperty(StartBarrier.DIR, System.getProperty("java.io.tmpdir") + "/largekv-barrier-never-written");
    assertThat(RunProperties.startBarrier(p, 0, 1)).isNotNull();
    p.setProperty(StartBarrier.MARGIN_S, "0");
    assertThatThrownBy(() -> RunProperties.startBarrier(p, 0, 1)).isInstanceOf(UserError.class)
        .hasMessageStartingWith("largekv.start_barrier_margin_s=0 is not accepted");
    p.setProperty(StartBarrier.MARGIN_S, "5");
    p.setProperty(StartBarrier.TIMEOUT_S, "-1");
    assertThatThrownBy(() -> RunProperties.startBarrier(p, 0, 1)).isInstanceOf(UserError.class)
        .hasMessageStartingWith("largekv.start_barrier_timeout_s=-1 is not accepted");
  }
}
