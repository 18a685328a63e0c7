package io.largekv.binding;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.Database;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Protocol version and routing for every target and driver; which layer each option is in. */
class DriverSettingsTest {

  private static YcqlConfig config(String... kv) {
    return Configs.of(kv);
  }

  /** The options on the target's own vendor's driver, both layers. */
  private static Map<String, Object> settings(String... kv) {
    YcqlConfig c = config(kv);
    return DriverSettings.of(c, c.driver).merged();
  }

  @Test
  void yugabyteUsesProtocolV4AndPartitionAwareRouting() {
    Map<String, Object> s = settings("ycql.target=yugabyte");
    assertThat(s).containsEntry("advanced.protocol.version", "V4")
        .containsEntry("basic.load-balancing-policy.class", "PartitionAwarePolicy")
        .containsEntry("advanced.metadata.partition-metadata.enabled", true)
        .doesNotContainKey("basic.load-balancing-policy.local-datacenter")
        .containsEntry("advanced.metadata.schema.refreshed-keyspaces", java.util.List.of("largekv"))
        .containsEntry("advanced.metadata.schema.debouncer.window", "50 milliseconds");
  }

  @Test
  void cassandraNegotiatesProtocolAndRoutesByToken() {
    Map<String, Object> s = settings("ycql.target=cassandra");
    assertThat(s).doesNotContainKey("advanced.protocol.version")
        .containsEntry("basic.load-balancing-policy.class", "DcInferringLoadBalancingPolicy")
        .doesNotContainKey("advanced.metadata.partition-metadata.enabled");
    assertThat(settings("ycql.target=cassandra", "ycql.localdc=dc1"))
        .containsEntry("basic.load-balancing-policy.class", "DefaultLoadBalancingPolicy")
        .containsEntry("basic.load-balancing-policy.local-datacenter", "dc1");
  }

  @Test
  void scyllaUsesProtocolV4AndRoutesByTokenItsDriverByShard() {
    assertThat(settings("ycql.target=scylla", "ycql.localdc=dc1"))
        .containsEntry("advanced.protocol.version", "V4")
        .containsEntry("basic.load-balancing-policy.class", "DefaultLoadBalancingPolicy")
        .doesNotContainKey("advanced.metadata.partition-metadata.enabled");
  }

  @Test
  void routingFollowsTheDriverNotOnlyTheTarget() {
    // YugabyteDB's driver on Cassandra: token-aware, no system.partitions to read
    YcqlConfig cassandraOnYbDriver = config("ycql.target=cassandra", "ycql.driver=yugabyte");
    assertThat(cassandraOnYbDriver.driver).isEqualTo(Database.YUGABYTE);
    assertThat(DriverSettings.of(cassandraOnYbDriver, Database.YUGABYTE).merged())
        .containsEntry("basic.load-balancing-policy.class", "DcInferringLoadBalancingPolicy")
        .containsEntry("advanced.metadata.partition-metadata.enabled", false);
    // YugabyteDB on Apache Cassandra's driver (the "same driver everywhere" control): token-aware
    assertThat(DriverSettings.of(config("ycql.target=yugabyte", "ycql.driver=cassandra"), Database.CASSANDRA).merged())
        .containsEntry("basic.load-balancing-policy.class", "DcInferringLoadBalancingPolicy")
        .doesNotContainKey("advanced.metadata.partition-metadata.enabled")
        .containsEntry("advanced.protocol.version", "V4");
  }

  @Test
  void optionsFromPropertiesTheUserSetAreExplicitTheRestDefaults() {
    DriverSettings.Layers unset = DriverSettings.of(config("ycql.target=cassandra"), Database.CASSANDRA);
    assertThat(unset.defaults()).containsEntry("basic.request.timeout", "2000 milliseconds")
        .containsEntry("advanced.reconnection-policy.max-delay", "2000 milliseconds");
    assertThat(unset.explicit()).isEmpty();
    DriverSettings.Layers set = DriverSettings.of(config("ycql.target=cassandra", "ycql.request_timeout_ms=750",
        "ycql.localdc=dc1"), Database.CASSANDRA);
    assertThat(set.explicit()).containsEntry("basic.request.timeout", "750 milliseconds")
        .containsEntry("basic.load-balancing-policy.local-datacenter", "dc1");
    assertThat(set.defaults()).doesNotContainKey("basic.request.timeout");
  }

  @Test
  void poolTimeoutAuthAndTls() throws Exception {
    java.nio.file.Path ts = java.nio.file.Files.createTempFile("ts", ".jks");
    try {
      Map<String, Object> s = settings("ycql.connections_per_host=4", "ycql.request_timeout_ms=750",
          "ycql.username=u", "ycql.password=p", "ycql.truststore=" + ts, "ycql.truststore_password=tp");
      assertThat(s).containsEntry("advanced.connection.pool.local.size", 4)
          .containsEntry("basic.request.timeout", "750 milliseconds")
          .containsEntry("advanced.auth-provider.class", "PlainTextAuthProvider")
          .containsEntry("advanced.auth-provider.username", "u")
          .containsEntry("advanced.ssl-engine-factory.class", "DefaultSslEngineFactory")
          .containsEntry("advanced.ssl-engine-factory.truststore-path", ts.toAbsolutePath().toString());
    } finally {
      java.nio.file.Files.delete(ts);
    }
  }
}
