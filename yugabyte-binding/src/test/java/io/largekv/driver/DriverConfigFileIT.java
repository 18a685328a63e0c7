package io.largekv.driver;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import io.largekv.testing.SharedCassandra;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * On a real session: ycql.driver_config passes any driver setting through, above largekv's defaults
 * (its request timeout applies) and below the ycql.* properties the user set.
 */
class DriverConfigFileIT {

  @Test
  void driverConfigFileSitsBetweenExplicitPropertiesAndLargekvsDefaults() throws Exception {
    Path file = Files.createTempFile("driver", ".conf");
    Files.writeString(file, "datastax-java-driver {\n"
        + "  advanced.heartbeat.interval = 17 seconds\n"
        + "  basic.request.timeout = 9 seconds\n"
        + "}\n");
    Properties p = new Properties();
    p.setProperty("hosts", SharedCassandra.get().contactPoint());
    p.setProperty("ycql.target", "cassandra");
    p.setProperty("ycql.replication_factor", "1");
    p.setProperty("ycql.keyspace", "it_driverconf");
    p.setProperty("ycql.driver_config", file.toString());
    // the file's request timeout applies: the user did not set ycql.request_timeout_ms
    YcqlSession s = YcqlSession.open(p);
    try {
      DriverExecutionProfile profile = s.session.getContext().getConfig().getDefaultProfile();
      assertThat(profile.getDuration(DefaultDriverOption.HEARTBEAT_INTERVAL)).isEqualTo(Duration.ofSeconds(17));
      assertThat(profile.getDuration(DefaultDriverOption.REQUEST_TIMEOUT)).isEqualTo(Duration.ofSeconds(9));
      assertThat(profile.getString(DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS))
          .isEqualTo("DcInferringLoadBalancingPolicy");
    } finally {
      s.close();
    }
    // an explicit ycql.* property wins over the file
    p.setProperty("ycql.request_timeout_ms", "1500");
    s = YcqlSession.open(p);
    try {
      DriverExecutionProfile profile = s.session.getContext().getConfig().getDefaultProfile();
      assertThat(profile.getDuration(DefaultDriverOption.REQUEST_TIMEOUT)).isEqualTo(Duration.ofMillis(1500));
      assertThat(profile.getDuration(DefaultDriverOption.HEARTBEAT_INTERVAL)).isEqualTo(Duration.ofSeconds(17));
    } finally {
      s.close();
      Files.delete(file);
    }
  }
}
