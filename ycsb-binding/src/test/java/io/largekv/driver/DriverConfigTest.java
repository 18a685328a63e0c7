package io.largekv.driver;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import io.largekv.binding.YcqlConfig;
import io.largekv.common.Database;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The documented precedence, read back through the driver's own config API: explicit ycql.* →
 * the user's driver_config file → largekv's defaults → the driver's reference.conf.
 */
class DriverConfigTest {

  private Path file;

  @BeforeEach
  void file() throws Exception {
    file = Files.createTempFile("driver", ".conf");
    Files.writeString(file, "datastax-java-driver {\n"
        + "  basic.request.timeout = 9 seconds\n"
        + "  advanced.heartbeat.interval = 17 seconds\n"
        + "  advanced.reconnection-policy.max-delay = 5 seconds\n"
        + "}\n");
  }

  @AfterEach
  void delete() throws Exception {
    Files.delete(file);
  }

  private static DriverExecutionProfile profile(String... kv) {
    Properties p = new Properties();
    for (String s : kv) {
      p.setProperty(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
    }
    try (DriverConfigLoader loader = DriverConfig.loader(YcqlConfig.from(p), Database.CASSANDRA)) {
      return loader.getInitialConfig().getDefaultProfile();
    }
  }

  @Test
  void aFileSetsWhatTheUserDidNotSetWithYcqlProperties() {
    DriverExecutionProfile p = profile("ycql.target=cassandra", "ycql.driver_config=" + file);
    assertThat(p.getDuration(DefaultDriverOption.REQUEST_TIMEOUT)).isEqualTo(Duration.ofSeconds(9));
    assertThat(p.getDuration(DefaultDriverOption.HEARTBEAT_INTERVAL)).isEqualTo(Duration.ofSeconds(17));
    assertThat(p.getDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY)).isEqualTo(Duration.ofSeconds(5));
    // largekv's defaults where neither says anything; the driver's own below them
    assertThat(p.getDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY)).isEqualTo(Duration.ofMillis(500));
    assertThat(p.getString(DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS)).isEqualTo("DcInferringLoadBalancingPolicy");
    assertThat(p.getDuration(DefaultDriverOption.CONNECTION_SET_KEYSPACE_TIMEOUT)).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void anExplicitYcqlPropertyWinsOverTheFile() {
    DriverExecutionProfile p = profile("ycql.target=cassandra", "ycql.driver_config=" + file,
        "ycql.request_timeout_ms=1500", "ycql.reconnect_max_delay_ms=3000");
    assertThat(p.getDuration(DefaultDriverOption.REQUEST_TIMEOUT)).isEqualTo(Duration.ofMillis(1500));
    assertThat(p.getDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY)).isEqualTo(Duration.ofSeconds(3));
    assertThat(p.getDuration(DefaultDriverOption.HEARTBEAT_INTERVAL)).isEqualTo(Duration.ofSeconds(17));
  }

  @Test
  void withoutAFileLargekvsDefaultsApply() {
    DriverExecutionProfile p = profile("ycql.target=cassandra");
    assertThat(p.getDuration(DefaultDriverOption.REQUEST_TIMEOUT)).isEqualTo(Duration.ofSeconds(2));
    assertThat(p.getInt(DefaultDriverOption.REQUEST_PAGE_SIZE)).isEqualTo(5000);
  }
}
