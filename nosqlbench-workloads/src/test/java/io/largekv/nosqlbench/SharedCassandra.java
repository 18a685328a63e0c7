package io.largekv.nosqlbench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.largekv.cassandra.LocalCassandra;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.time.Duration;

/**
 * One real local Cassandra for every test class of this module's test JVM: started on first use,
 * stopped (and its data deleted) by LocalCassandra's shutdown hook when the JVM exits.
 */
final class SharedCassandra {
  private static LocalCassandra server;

  private SharedCassandra() {}

  static synchronized LocalCassandra get() {
    if (server == null || !server.isRunning()) {
      try {
        server = LocalCassandra.builder().quiet(true).heap("768m").start();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return server;
  }

  /** A plain driver session on the shared server (close it). */
  static CqlSession session() {
    LocalCassandra c = get();
    return CqlSession.builder()
        .addContactPoint(new InetSocketAddress(c.host(), c.nativePort()))
        .withLocalDatacenter(c.localDatacenter())
        .withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withString(DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS, "DefaultLoadBalancingPolicy")
            .withBoolean(DefaultDriverOption.METADATA_PARTITION_METADATA_ENABLED, false)
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(20))
            .build())
        .build();
  }
}
