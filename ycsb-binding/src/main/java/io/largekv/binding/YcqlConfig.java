package io.largekv.binding;

import io.largekv.common.TcpPort;
import io.largekv.common.Database;
import io.largekv.common.Secrets;
import io.largekv.common.UserError;
import io.largekv.properties.PropertyNames;
import io.largekv.properties.PropertyValues;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * Every property of the {@code yugabyte-ycql} binding, parsed and validated in one place.
 * {@code hosts} and {@code port} are spelled as in YCSB's cassandra binding; everything else is
 * namespaced {@code ycql.*} (plain {@code target} is YCSB's throughput property). The defaults
 * here are the ones documented in docs/ycsb-binding.md.
 */
public final class YcqlConfig {

  public static final String HOSTS = "hosts";
  public static final String PORT = "port";
  public static final String TARGET = "ycql.target";
  public static final String LOCAL_DC = "ycql.localdc";
  public static final String KEYSPACE = "ycql.keyspace";
  public static final String TABLE = "ycql.table";
  public static final String LAYOUT = "ycql.layout";
  public static final String FIELD_COUNT = "fieldcount";
  public static final String REPLICATION_FACTOR = "ycql.replication_factor";
  public static final String CREATE_SCHEMA = "ycql.create_schema";
  public static final String DROP_TABLE = "ycql.drop_table";
  public static final String READ_CONSISTENCY = "ycql.read_consistency";
  public static final String WRITE_CONSISTENCY = "ycql.write_consistency";
  public static final String SCAN_CONSISTENCY = "ycql.scan_consistency";
  public static final String REQUEST_TIMEOUT_MS = "ycql.request_timeout_ms";
  /** {@value #REQUEST_TIMEOUT_MS}'s default: the driver's {@code basic.request.timeout} the clients run with. */
  public static final int DEFAULT_REQUEST_TIMEOUT_MS = 2000;
  /** The longest {@value #REQUEST_TIMEOUT_MS} accepted (an hour); the shortest is 1. */
  public static final int MAX_REQUEST_TIMEOUT_MS = 3_600_000;
  public static final String CONNECT_TIMEOUT_MS = "ycql.connect_timeout_ms";
  public static final String CONNECTIONS_PER_HOST = "ycql.connections_per_host";
  public static final String MAX_REQUESTS_PER_CONNECTION = "ycql.max_requests_per_connection";
  public static final String USERNAME = "ycql.username";
  public static final String PASSWORD = "ycql.password";
  public static final String TLS = "ycql.tls";
  public static final String TRUSTSTORE = "ycql.truststore";
  public static final String TRUSTSTORE_PASSWORD = "ycql.truststore_password";
  public static final String KEYSTORE = "ycql.keystore";
  public static final String KEYSTORE_PASSWORD = "ycql.keystore_password";
  public static final String TLS_HOSTNAME_VALIDATION = "ycql.tls_hostname_validation";
  public static final String DRIVER_CONFIG = "ycql.driver_config";
  public static final String TABLETS = "ycql.tablets";
  public static final String COMPACTION = "ycql.compaction";
  public static final String COMPRESSION = "ycql.compression";
  public static final String PROTOCOL_VERSION = "ycql.protocol_version";
  public static final String RECONNECT_BASE_DELAY_MS = "ycql.reconnect_base_delay_ms";
  public static final String RECONNECT_MAX_DELAY_MS = "ycql.reconnect_max_delay_ms";
  public static final String BACKOFF_MAX_MS = "ycql.backoff_max_ms";
  public static final String DRIVER = "ycql.driver";
  /** YCSB's own workload, which needs the usertable layout (or one field). */
  static final String YCSB_CORE_WORKLOAD = "site.ycsb.workloads.CoreWorkload";

  /** Every ycql.* property; any other ycql.* name is an error. */
  static final List<String> ALL = List.of(TARGET, LOCAL_DC, KEYSPACE, TABLE, LAYOUT, REPLICATION_FACTOR,
      CREATE_SCHEMA, DROP_TABLE, READ_CONSISTENCY, WRITE_CONSISTENCY, SCAN_CONSISTENCY, REQUEST_TIMEOUT_MS,
      CONNECT_TIMEOUT_MS, CONNECTIONS_PER_HOST, MAX_REQUESTS_PER_CONNECTION, USERNAME, PASSWORD, TLS, TRUSTSTORE,
      TRUSTSTORE_PASSWORD, KEYSTORE, KEYSTORE_PASSWORD, TLS_HOSTNAME_VALIDATION, DRIVER_CONFIG, TABLETS, COMPACTION,
      COMPRESSION, PROTOCOL_VERSION, RECONNECT_BASE_DELAY_MS, RECONNECT_MAX_DELAY_MS, BACKOFF_MAX_MS, DRIVER);

  /** Compaction classes by short name; a fully qualified class name is passed through. */
  private static final Map<Database, List<String>> COMPACTIONS = Map.of(
      Database.CASSANDRA, List.of("SizeTieredCompactionStrategy", "LeveledCompactionStrategy",
          "TimeWindowCompactionStrategy", "UnifiedCompactionStrategy"),
      Database.SCYLLA, List.of("SizeTieredCompactionStrategy", "LeveledCompactionStrategy",
          "TimeWindowCompactionStrategy", "IncrementalCompactionStrategy"),
      Database.YUGABYTE, List.of());
  private static final List<String> COMPRESSORS = List.of("LZ4Compressor", "ZstdCompressor", "SnappyCompressor",
      "DeflateCompressor");
  private static final List<String> READ_LEVELS = List.of(
      "ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE", "LOCAL_QUORUM", "EACH_QUORUM",
      "SERIAL", "LOCAL_SERIAL");
  private static final List<String> WRITE_LEVELS = List.of(
      "ANY", "ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE", "LOCAL_QUORUM", "EACH_QUORUM");
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z][A-Za-z0-9_]{0,47}");
  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9._-]+|\\[[0-9A-Fa-f:.]+\\]");
  private static final Pattern COMPACTION_CLASS = Pattern.compile("[A-Za-z][A-Za-z0-9_.]*");

  public final List<InetSocketAddress> contactPoints;
  public final Database target;
  public final String localDatacenter;
  public final String keyspace;
  public final String table;
  public final Layout layout;
  public final int fieldCount;
  public final int replicationFactor;
  public final boolean createSchema;
  public final boolean dropTable;
  public final String readConsistency;
  public final String writeConsistency;
  public final String scanConsistency;
  public final int requestTimeoutMs;
  public final int connectTimeoutMs;
  public final int connectionsPerHost;
  public final int maxRequestsPerConnection;
  public final String username;
  /** The password itself (resolved from {@code env:NAME} or {@code file:PATH}); never printed. */
  public final String password;
  public final boolean tls;
  public final Path truststore;
  public final String truststorePassword;
  public final Path keystore;
  public final String keystorePassword;
  /** The driver that runs: {@code ycql.driver}, by default the target's own vendor's. */
  public final Database driver;
  public final int reconnectBaseDelayMs;
  public final int reconnectMaxDelayMs;
  public final int backoffMaxMs;
  public final boolean tlsHostnameValidation;
  public final Path driverConfig;
  /** YugabyteDB only: {@code WITH tablets = N}; 0 = server default. */
  public final int tablets;
  /** Cassandra/Scylla only: compaction class. */
  public final String compaction;
  /** Cassandra/Scylla only: compression class, or "none". */
  public final String compression;
  /** "V4", "V5" or "" (negotiate). */
  public final String protocolVersion;

  /** The properties given, to tell a user's setting from a default. */
  private final java.util.Set<String> given;

  private YcqlConfig(Properties properties, Map<String, String> environment) {
    PropertyNames.check(properties, "ycql.", ALL, Map.of());
    this.given = properties.stringPropertyNames();
    PropertyValues p = new PropertyValues(properties);
    this.target = Database.parse(TARGET, p.string(TARGET, Database.YUGABYTE.propertyValue()));
    this.driver = Database.parse(DRIVER, p.string(DRIVER, target.propertyValue()));
    int port = p.intRange(PORT, 9042, TcpPort.MIN, TcpPort.MAX);
    this.contactPoints = parseHosts(p.string(HOSTS, "127.0.0.1"), port);
    String dc = properties.getProperty(LOCAL_DC, "").trim();
    this.localDatacenter = dc;
    this.keyspace = identifier(p, KEYSPACE, "largekv");
    this.layout = Layout.valueOf(p.oneOf(LAYOUT, "kv", "kv", "usertable").toUpperCase(Locale.ROOT));
    this.table = identifier(p, TABLE, layout.defaultTable());
    this.fieldCount = p.intRange(FIELD_COUNT, layout == Layout.KV ? 1 : 10, 1, 1000);
    // YCSB's CoreWorkload writes fieldcount fields (default 10) per record; the kv layout keeps one
    if (layout == Layout.KV && YCSB_CORE_WORKLOAD.equals(properties.getProperty("workload", "").trim())
        && p.intRange(FIELD_COUNT, 10, 1, 1000) > 1) {
      throw new UserError(LAYOUT + "=kv stores one value per key, and " + YCSB_CORE_WORKLOAD + " writes "
          + FIELD_COUNT + "=" + p.intRange(FIELD_COUNT, 10, 1, 1000) + " fields per record; accepted: -p " + LAYOUT
          + "=usertable (YCSB's usertable), or -p " + FIELD_COUNT + "=1");
    }
    this.replicationFactor = p.intRange(REPLICATION_FACTOR, 3, 1, 100);
    this.createSchema = p.bool(CREATE_SCHEMA, true);
    this.dropTable = p.bool(DROP_TABLE, false);
    this.readConsistency = consistency(p, READ_CONSISTENCY, "QUORUM", READ_LEVELS);
    this.writeConsistency = consistency(p, WRITE_CONSISTENCY, "QUORUM", WRITE_LEVELS);
    this.scanConsistency = consistency(p, SCAN_CONSISTENCY, readConsistency, READ_LEVELS);
    if (target == Database.SCYLLA) {
      // ScyllaDB refuses EACH_QUORUM for reads ("only supported for writes"): every read would fail
      for (String key : List.of(READ_CONSISTENCY, SCAN_CONSISTENCY)) {
        String level = key.equals(READ_CONSISTENCY) ? readConsistency : scanConsistency;
        if (level.equals("EACH_QUORUM")) {
          throw new UserError(key + "=EACH_QUORUM is not accepted with " + TARGET + "=scylla: ScyllaDB supports"
              + " EACH_QUORUM for writes only; accepted values: " + String.join(", ", READ_LEVELS.stream()
                  .filter(l -> !l.equals("EACH_QUORUM")).toList()));
        }
      }
    }
    this.requestTimeoutMs = p.intRange(REQUEST_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS, 1, MAX_REQUEST_TIMEOUT_MS);
    this.connectTimeoutMs = p.intRange(CONNECT_TIMEOUT_MS, 5000, 1, 600_000);
    this.connectionsPerHost = p.intRange(CONNECTIONS_PER_HOST, 1, 1, 1024);
    this.maxRequestsPerConnection = p.intRange(MAX_REQUESTS_PER_CONNECTION, 1024, 1, 32768);
    this.username = properties.getProperty(USERNAME, "");
    this.password = secret(properties, PASSWORD, environment);
    if (username.isEmpty() != password.isEmpty()) {
      throw new UserError(USERNAME + " and " + PASSWORD + " must be given together");
    }
    this.truststore = path(properties, TRUSTSTORE);
    this.keystore = path(properties, KEYSTORE);
    this.tls = p.bool(TLS, truststore != null || keystore != null);
    this.truststorePassword = secret(properties, TRUSTSTORE_PASSWORD, environment);
    this.keystorePassword = secret(properties, KEYSTORE_PASSWORD, environment);
    this.tlsHostnameValidation = p.bool(TLS_HOSTNAME_VALIDATION, false);
    if (!tls && (truststore != null || keystore != null)) {
      throw new UserError(TLS + "=false contradicts " + TRUSTSTORE + "/" + KEYSTORE
          + "; accepted values: true (or leave " + TLS + " unset)");
    }
    this.driverConfig = path(properties, DRIVER_CONFIG);
    this.tablets = p.intRange(TABLETS, 0, 0, 100_000);
    if (tablets > 0 && target != Database.YUGABYTE) {
      throw new UserError(TABLETS + " applies to " + TARGET + "=yugabyte only, not "
          + target.propertyValue());
    }
    String compactionValue = properties.getProperty(COMPACTION);
    if (compactionValue != null && target == Database.YUGABYTE) {
      throw new UserError(COMPACTION + " applies to " + TARGET
          + "=cassandra or scylla; YugabyteDB YCQL has no compaction options");
    }
    this.compaction = compactionValue == null ? "SizeTieredCompactionStrategy" : compactionValue.trim();
    if (target != Database.YUGABYTE && !(COMPACTIONS.get(target).contains(compaction)
        || compaction.contains(".") && COMPACTION_CLASS.matcher(compaction).matches())) {
      throw new UserError(COMPACTION, compaction, String.join(", ", COMPACTIONS.get(target))
          + " (" + TARGET + "=" + target.propertyValue() + "), or a fully qualified class name");
    }
    String compressionValue = properties.getProperty(COMPRESSION);
    if (compressionValue != null && target == Database.YUGABYTE) {
      throw new UserError(COMPRESSION + " applies to " + TARGET
          + "=cassandra or scylla; YugabyteDB YCQL has no compression options");
    }
    this.compression = compressionValue == null ? "LZ4Compressor" : compressionValue.trim();
    if (!compression.equals("none") && !COMPRESSORS.contains(compression)
        && !(compression.contains(".") && COMPACTION_CLASS.matcher(compression).matches())) {
      throw new UserError(COMPRESSION, compression, "none, " + String.join(", ", COMPRESSORS)
          + ", or a fully qualified class name");
    }
    String defaultProtocol = target == Database.CASSANDRA ? "" : "V4";
    String proto = p.string(PROTOCOL_VERSION, defaultProtocol.isEmpty() ? "auto" : defaultProtocol)
        .toUpperCase(Locale.ROOT);
    if (!List.of("AUTO", "V3", "V4", "V5").contains(proto)) {
      throw new UserError(PROTOCOL_VERSION, proto, "auto, V3, V4, V5");
    }
    this.protocolVersion = proto.equals("AUTO") ? "" : proto;
    this.reconnectBaseDelayMs = p.intRange(RECONNECT_BASE_DELAY_MS, 500, 1, 3_600_000);
    this.reconnectMaxDelayMs = p.intRange(RECONNECT_MAX_DELAY_MS, Math.max(2000, reconnectBaseDelayMs),
        reconnectBaseDelayMs, 3_600_000);
    this.backoffMaxMs = p.intRange(BACKOFF_MAX_MS, 1000, 0, 600_000);
  }

  /** Parses and validates; throws {@link UserError} with a one-line message. */
  public static YcqlConfig from(Properties properties) {
    return new YcqlConfig(properties, System.getenv());
  }

  /** As {@link #from(Properties)} with the environment given (secrets as {@code env:NAME}); for tests. */
  static YcqlConfig from(Properties properties, Map<String, String> environment) {
    return new YcqlConfig(properties, environment);
  }

  private static String secret(Properties p, String key, Map<String, String> environment) {
    String v = Secrets.resolve(key, p.getProperty(key), environment);
    return v == null ? "" : v;
  }

  /** True when the user gave {@code property} (as opposed to its default). */
  public boolean isSet(String property) {
    return given.contains(property);
  }

  public String qualifiedTable() {
    return keyspace + "." + table;
  }

  /** A description for logs and reports; never contains a password. */
  @Override
  public String toString() {
    return "yugabyte-ycql{target=" + target.propertyValue() + ", driver=" + driver.propertyValue()
        + ", hosts=" + contactPoints
        + ", localdc=" + (localDatacenter.isEmpty() ? "(inferred)" : localDatacenter)
        + ", table=" + qualifiedTable() + ", layout=" + layout.propertyValue()
        + ", rf=" + replicationFactor + ", read=" + readConsistency + ", write=" + writeConsistency
        + ", timeout=" + requestTimeoutMs + "ms, connections/host=" + connectionsPerHost
        + ", auth=" + (username.isEmpty() ? "none" : "user " + username)
        + ", tls=" + tls + "}";
  }

  static List<InetSocketAddress> parseHosts(String hosts, int defaultPort) {
    List<InetSocketAddress> out = new ArrayList<>();
    for (String raw : hosts.split(",")) {
      String h = raw.trim();
      if (h.isEmpty()) {
        throw new UserError(HOSTS, hosts, "comma-separated host or host:port entries, e.g. 10.0.0.1,10.0.0.2:9042");
      }
      String host = h;
      int port = defaultPort;
      int colon = h.lastIndexOf(':');
      if (colon > 0 && !h.endsWith("]") && h.indexOf(':') == colon) {
        host = h.substring(0, colon);
        String portText = h.substring(colon + 1);
        try {
          port = Integer.parseInt(portText);
        } catch (NumberFormatException e) {
          port = -1;
        }
        if (!TcpPort.valid(port)) {
          throw new UserError(HOSTS, hosts, "host or host:port with a port in " + TcpPort.MIN + ".." + TcpPort.MAX);
        }
      } else if (h.startsWith("[") && h.contains("]:")) {
        int close = h.indexOf("]:");
        host = h.substring(0, close + 1);
        try {
          port = Integer.parseInt(h.substring(close + 2));
        } catch (NumberFormatException e) {
          throw new UserError(HOSTS, hosts, "host or host:port with a port in " + TcpPort.MIN + ".." + TcpPort.MAX);
        }
      }
      if (!HOST.matcher(host).matches()) {
        throw new UserError(HOSTS, hosts, "comma-separated host or host:port entries, e.g. 10.0.0.1,10.0.0.2:9042");
      }
      String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
      out.add(InetSocketAddress.createUnresolved(bare, port));
    }
    return Collections.unmodifiableList(out);
  }

  private static String identifier(PropertyValues p, String key, String def) {
    String v = p.string(key, def);
    if (!IDENTIFIER.matcher(v).matches()) {
      throw new UserError(key, v, "a CQL identifier: a letter, then letters, digits or _ (at most 48)");
    }
    return v.toLowerCase(Locale.ROOT);
  }

  private static String consistency(PropertyValues p, String key, String def, List<String> accepted) {
    String v = p.string(key, def).toUpperCase(Locale.ROOT);
    if (!accepted.contains(v)) {
      throw new UserError(key, v, String.join(", ", accepted));
    }
    return v;
  }

  private static Path path(Properties p, String key) {
    String v = p.getProperty(key);
    if (v == null || v.isBlank()) {
      return null;
    }
    Path path = Paths.get(v.trim());
    if (!Files.isReadable(path)) {
      throw new UserError(key + "=" + v + " is not a readable file");
    }
    return path;
  }
}
