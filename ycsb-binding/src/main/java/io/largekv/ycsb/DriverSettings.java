package io.largekv.ycsb;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The driver options each {@link Target} gets, as paths under {@code datastax-java-driver}.
 * Pure data, unit-tested for all three targets. Precedence when the session is built:
 * these options, then the file named by {@code ycql.driver_config}, then the driver's
 * reference.conf.
 */
public final class DriverSettings {

  /** YugabyteDB's partition-aware policy (the default of com.yugabyte:java-driver-core). */
  public static final String PARTITION_AWARE_POLICY = "PartitionAwarePolicy";
  /** Token-aware, local datacenter given. */
  public static final String TOKEN_AWARE_POLICY = "DefaultLoadBalancingPolicy";
  /** Token-aware, local datacenter inferred from the contact points. */
  public static final String TOKEN_AWARE_DC_INFERRING_POLICY = "DcInferringLoadBalancingPolicy";

  private DriverSettings() {}

  public static Map<String, Object> of(YcqlConfig c) {
    Map<String, Object> o = new LinkedHashMap<>();
    o.put("basic.session-name", "largekv-" + c.target.propertyValue());
    o.put("basic.request.timeout", c.requestTimeoutMs + " milliseconds");
    o.put("basic.request.page-size", 5000);
    o.put("advanced.connection.connect-timeout", c.connectTimeoutMs + " milliseconds");
    o.put("advanced.connection.init-query-timeout", c.connectTimeoutMs + " milliseconds");
    o.put("advanced.connection.pool.local.size", c.connectionsPerHost);
    o.put("advanced.connection.pool.remote.size", c.connectionsPerHost);
    o.put("advanced.connection.max-requests-per-connection", c.maxRequestsPerConnection);
    // schema metadata of our keyspace only: a cluster with many keyspaces connects faster
    o.put("advanced.metadata.schema.refreshed-keyspaces", java.util.List.of(c.keyspace));
    // fail fast on a wrong host instead of retrying in the background
    o.put("advanced.reconnect-on-init", false);
    // a node that went down is tried again within 0.5-2 s, not the driver's 1-60 s: throughput is
    // back within seconds of the server accepting connections again
    o.put("advanced.reconnection-policy.class", "ExponentialReconnectionPolicy");
    o.put("advanced.reconnection-policy.base-delay", c.reconnectBaseDelayMs + " milliseconds");
    o.put("advanced.reconnection-policy.max-delay", c.reconnectMaxDelayMs + " milliseconds");
    // close at once when YCSB's last thread cleans up: the default 2 s quiet period would be
    // counted in YCSB's RunTime and lower the reported throughput
    o.put("advanced.netty.io-group.shutdown.quiet-period", 0);
    o.put("advanced.netty.admin-group.shutdown.quiet-period", 0);
    if (!c.protocolVersion.isEmpty()) {
      o.put("advanced.protocol.version", c.protocolVersion);
    }
    switch (c.target) {
      case YUGABYTE:
        o.put("basic.load-balancing-policy.class", PARTITION_AWARE_POLICY);
        o.put("advanced.metadata.partition-metadata.enabled", true);
        break;
      case CASSANDRA:
      case SCYLLA:
        // token-aware routing; no system.partitions on these servers
        o.put("basic.load-balancing-policy.class",
            c.localDatacenter.isEmpty() ? TOKEN_AWARE_DC_INFERRING_POLICY : TOKEN_AWARE_POLICY);
        o.put("advanced.metadata.partition-metadata.enabled", false);
        break;
      default:
        throw new AssertionError(c.target);
    }
    if (!c.localDatacenter.isEmpty()) {
      o.put("basic.load-balancing-policy.local-datacenter", c.localDatacenter);
    }
    if (!c.username.isEmpty()) {
      o.put("advanced.auth-provider.class", "PlainTextAuthProvider");
      o.put("advanced.auth-provider.username", c.username);
      o.put("advanced.auth-provider.password", c.password);
    }
    if (c.tls) {
      o.put("advanced.ssl-engine-factory.class", "DefaultSslEngineFactory");
      o.put("advanced.ssl-engine-factory.hostname-validation", c.tlsHostnameValidation);
      if (c.truststore != null) {
        o.put("advanced.ssl-engine-factory.truststore-path", c.truststore.toAbsolutePath().toString());
        o.put("advanced.ssl-engine-factory.truststore-password", c.truststorePassword);
      }
      if (c.keystore != null) {
        o.put("advanced.ssl-engine-factory.keystore-path", c.keystore.toAbsolutePath().toString());
        o.put("advanced.ssl-engine-factory.keystore-password", c.keystorePassword);
      }
    }
    return o;
  }
}
