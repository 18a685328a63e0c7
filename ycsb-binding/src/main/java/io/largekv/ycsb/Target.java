package io.largekv.ycsb;

import java.util.Locale;

/**
 * The CQL database the binding talks to ({@code ycql.target}). It decides the DDL dialect, the
 * native-protocol version and the driver's routing policy.
 */
public enum Target {
  /** YugabyteDB YCQL: protocol V4, partition-aware routing, no compaction/compression options. */
  YUGABYTE,
  /** Apache Cassandra: negotiated protocol, token-aware routing, replication and compaction. */
  CASSANDRA,
  /** ScyllaDB: protocol V4, token-aware routing, replication and compaction. */
  SCYLLA;

  public static final String ACCEPTED = "yugabyte, cassandra, scylla";

  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  static Target parse(String value) {
    for (Target t : values()) {
      if (t.propertyValue().equals(value.trim().toLowerCase(Locale.ROOT))) {
        return t;
      }
    }
    throw new ConfigException(YcqlConfig.TARGET, value, ACCEPTED);
  }
}
