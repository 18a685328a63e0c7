package io.largekv.it;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.largekv.cassandra.LocalCassandra;
import java.net.InetSocketAddress;
import java.time.Duration;

/** A plain driver session for tests to look at the server directly. */
public final class TestSessions {
  private TestSessions() {}

  public static CqlSession open(LocalCassandra cassandra) {
    return CqlSession.builder()
        .addContactPoint(new InetSocketAddress(cassandra.host(), cassandra.nativePort()))
        .withLocalDatacenter(cassandra.localDatacenter())
        .withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withString(DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS, "DefaultLoadBalancingPolicy")
            .withBoolean(DefaultDriverOption.METADATA_PARTITION_METADATA_ENABLED, false)
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(20))
            .build())
        .build();
  }
}
