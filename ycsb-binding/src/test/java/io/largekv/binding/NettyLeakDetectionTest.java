package io.largekv.binding;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.Database;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class NettyLeakDetectionTest {

  @Test
  void offByDefaultForTheDriverInUseOnly() {
    Properties system = new Properties();
    assertThat(NettyLeakDetection.apply(Database.CASSANDRA, system)).isEqualTo("disabled");
    assertThat(system).containsOnly(java.util.Map.entry(
        "io.largekv.shaded.cassandra.io.netty.leakDetection.level", "disabled"));
  }

  @Test
  void nettysUsualPropertyReachesTheRelocatedCopy() {
    Properties system = new Properties();
    system.setProperty("io.netty.leakDetection.level", "paranoid");
    assertThat(NettyLeakDetection.apply(Database.YUGABYTE, system)).isEqualTo("paranoid");
    assertThat(system.getProperty("io.largekv.shaded.yugabyte.io.netty.leakDetection.level")).isEqualTo("paranoid");
  }

  @Test
  void theRelocatedPropertyAUserSetWins() {
    Properties system = new Properties();
    system.setProperty("io.netty.leakDetection.level", "paranoid");
    system.setProperty("io.largekv.shaded.scylla.io.netty.leakDetection.level", "simple");
    assertThat(NettyLeakDetection.apply(Database.SCYLLA, system)).isEqualTo("simple");
    assertThat(system.getProperty("io.largekv.shaded.scylla.io.netty.leakDetection.level")).isEqualTo("simple");
  }
}
