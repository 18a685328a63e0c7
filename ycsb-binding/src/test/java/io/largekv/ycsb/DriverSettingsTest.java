package io.largekv.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Protocol version and routing for every target. */
class DriverSettingsTest {

  private static Map<String, Object> settings(String... kv) {
    Properties p = new Properties();
    for (String s : kv) {
      p.setProperty(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
    }
    return DriverSettings.of(YcqlConfig.from(p));
  }

  @Test
  void yugabyteUsesProtocolV4AndPartitionAwareRouting() {
    Map<String, Object> s = settings("ycql.target=yugabyte");
    assertThat(s).containsEntry("advanced.protocol.version", "V4")
        .containsEntry("basic.load-balancing-policy.class", "PartitionAwarePolicy")
        .containsEntry("advanced.metadata.partition-metadata.enabled", true)
        .doesNotContainKey("basic.load-balancing-policy.local-datacenter")
        .containsEntry("advanced.metadata.schema.refreshed-keyspaces", java.util.List.of("largekv"));
  }

  @Test
  void cassandraNegotiatesProtocolAndRoutesByToken() {
    Map<String, Object> s = settings("ycql.target=cassandra");
    assertThat(s).doesNotContainKey("advanced.protocol.version")
        .containsEntry("basic.load-balancing-policy.class", "DcInferringLoadBalancingPolicy")
        .containsEntry("advanced.metadata.partition-metadata.enabled", false);
    assertThat(settings("ycql.target=cassandra", "ycql.localdc=dc1"))
        .containsEntry("basic.load-balancing-policy.class", "DefaultLoadBalancingPolicy")
        .containsEntry("basic.load-balancing-policy.local-datacenter", "dc1");
  }

  @Test
  void scyllaUsesProtocolV4AndRoutesByToken() {
    assertThat(settings("ycql.target=scylla", "ycql.localdc=dc1"))
        .containsEntry("advanced.protocol.version", "V4")
        .containsEntry("basic.load-balancing-policy.class", "DefaultLoadBalancingPolicy")
        .containsEntry("advanced.metadata.partition-metadata.enabled", false);
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
