package io.largekv.binding;

import io.largekv.common.Database;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The driver options a run gets, as paths under {@code datastax-java-driver}, in two layers: the
 * ones that come from {@code ycql.*} properties the user set ({@link Layers#explicit}) and
 * largekv's defaults ({@link Layers#defaults}). The user's {@code ycql.driver_config} file goes
 * between them: explicit {@code ycql.*} → the file → largekv's defaults → the driver's own. Pure
 * data, unit-tested for every target and driver.
 *
 * <p>Routing depends on the driver, not only the target: YugabyteDB's driver routes to the
 * tablet leader with its {@code PartitionAwarePolicy} on YugabyteDB; every other combination is
 * token-aware ({@code DefaultLoadBalancingPolicy}, or {@code DcInferringLoadBalancingPolicy} when
 * no local datacenter is given). ScyllaDB's driver is shard-aware by itself on ScyllaDB.
 */
public final class DriverSettings {

  /** YugabyteDB's partition-aware policy (the default of com.yugabyte:java-driver-core). */
  public static final String PARTITION_AWARE_POLICY = "PartitionAwarePolicy";
  /** Token-aware, local datacenter given. */
  public static final String TOKEN_AWARE_POLICY = "DefaultLoadBalancingPolicy";
  /** Token-aware, local datacenter inferred from the contact points. */
  public static final String TOKEN_AWARE_DC_INFERRING_POLICY = "DcInferringLoadBalancingPolicy";

  /** The two layers of options. */
  public record Layers(Map<String, Object> explicit, Map<String, Object> defaults) {
    /** Both layers, explicit ones winning: what the driver gets when no file is given. */
    public Map<String, Object> merged() {
      Map<String, Object> m = new LinkedHashMap<>(defaults);
      m.putAll(explicit);
      return m;
    }
  }

  /** The driver's wait to gather schema events before it refreshes its metadata (its own: 1 s). */
  public static final Duration SCHEMA_DEBOUNCE_WINDOW = Duration.ofMillis(50);

  private DriverSettings() {}

  /** The options for {@code c} on the driver of {@code vendor}. */
  public static Layers of(YcqlConfig c, Database vendor) {
    Map<String, Object> explicit = new LinkedHashMap<>();
    Map<String, Object> defaults = new LinkedHashMap<>();
    defaults.put("basic.session-name", "largekv-" + c.target.propertyValue());
    layer(c, YcqlConfig.REQUEST_TIMEOUT_MS, explicit, defaults).put("basic.request.timeout",
        c.requestTimeoutMs + " milliseconds");
    defaults.put("basic.request.page-size", 5000);
    Map<String, Object> connect = layer(c, YcqlConfig.CONNECT_TIMEOUT_MS, explicit, defaults);
    connect.put("advanced.connection.connect-timeout", c.connectTimeoutMs + " milliseconds");
    connect.put("advanced.connection.init-query-timeout", c.connectTimeoutMs + " milliseconds");
    Map<String, Object> pool = layer(c, YcqlConfig.CONNECTIONS_PER_HOST, explicit, defaults);
    pool.put("advanced.connection.pool.local.size", c.connectionsPerHost);
    pool.put("advanced.connection.pool.remote.size", c.connectionsPerHost);
    layer(c, YcqlConfig.MAX_REQUESTS_PER_CONNECTION, explicit, defaults)
        .put("advanced.connection.max-requests-per-connection", c.maxRequestsPerConnection);
    // schema metadata of our keyspace only: a cluster with many keyspaces connects faster
    defaults.put("advanced.metadata.schema.refreshed-keyspaces", List.of(c.keyspace));
    // a DDL statement's result waits for the driver's schema refresh, which the driver holds back
    // for its debouncer's window (1 s by default) to gather a burst of events: a client's set-up,
    // CREATE KEYSPACE then CREATE TABLE, took 2.2 s of it on a local Cassandra and takes 0.3 s at
    // 50 ms; bursts of schema events only come from set-up DDL here
    defaults.put("advanced.metadata.schema.debouncer.window", SCHEMA_DEBOUNCE_WINDOW.toMillis() + " milliseconds");
    // fail fast on a wrong host instead of retrying in the background
    defaults.put("advanced.reconnect-on-init", false);
    // a node that went down is tried again within 0.5-2 s, not the driver's 1-60 s: throughput is
    // back within seconds of the server accepting connections again
    defaults.put("advanced.reconnection-policy.class", "ExponentialReconnectionPolicy");
    layer(c, YcqlConfig.RECONNECT_BASE_DELAY_MS, explicit, defaults)
        .put("advanced.reconnection-policy.base-delay", c.reconnectBaseDelayMs + " milliseconds");
    layer(c, YcqlConfig.RECONNECT_MAX_DELAY_MS, explicit, defaults)
        .put("advanced.reconnection-policy.max-delay", c.reconnectMaxDelayMs + " milliseconds");
    // close at once when YCSB's last thread cleans up: the default 2 s quiet period would be
    // counted in YCSB's RunTime and lower the reported throughput
    defaults.put("advanced.netty.io-group.shutdown.quiet-period", 0);
    defaults.put("advanced.netty.admin-group.shutdown.quiet-period", 0);
    // no native clock through JNR in a relocated jar: the driver's Java clock, without its warning
    defaults.put("advanced.timestamp-generator.force-java-clock", true);
    if (!c.protocolVersion.isEmpty()) {
      layer(c, YcqlConfig.PROTOCOL_VERSION, explicit, defaults).put("advanced.protocol.version", c.protocolVersion);
    }
    boolean partitionAware = vendor == Database.YUGABYTE && c.target == Database.YUGABYTE;
    defaults.put("basic.load-balancing-policy.class", partitionAware ? PARTITION_AWARE_POLICY
        : c.localDatacenter.isEmpty() ? TOKEN_AWARE_DC_INFERRING_POLICY : TOKEN_AWARE_POLICY);
    if (vendor == Database.YUGABYTE) {
      // YugabyteDB's system.partitions; other servers have none (the driver would warn on each refresh)
      defaults.put("advanced.metadata.partition-metadata.enabled", partitionAware);
    }
    if (!c.localDatacenter.isEmpty()) {
      explicit.put("basic.load-balancing-policy.local-datacenter", c.localDatacenter);
    }
    if (!c.username.isEmpty()) {
      explicit.put("advanced.auth-provider.class", "PlainTextAuthProvider");
      explicit.put("advanced.auth-provider.username", c.username);
      explicit.put("advanced.auth-provider.password", c.password);
    }
    if (c.tls) {
      explicit.put("advanced.ssl-engine-factory.class", "DefaultSslEngineFactory");
      explicit.put("advanced.ssl-engine-factory.hostname-validation", c.tlsHostnameValidation);
      if (c.truststore != null) {
        explicit.put("advanced.ssl-engine-factory.truststore-path", c.truststore.toAbsolutePath().toString());
        explicit.put("advanced.ssl-engine-factory.truststore-password", c.truststorePassword);
      }
      if (c.keystore != null) {
        explicit.put("advanced.ssl-engine-factory.keystore-path", c.keystore.toAbsolutePath().toString());
        explicit.put("advanced.ssl-engine-factory.keystore-password", c.keystorePassword);
      }
    }
    return new Layers(explicit, defaults);
  }

  /** The layer an option derived from {@code property} goes to: explicit when the user set it. */
  private static Map<String, Object> layer(YcqlConfig c, String property, Map<String, Object> explicit,
      Map<String, Object> defaults) {
    return c.isSet(property) ? explicit : defaults;
  }
}
