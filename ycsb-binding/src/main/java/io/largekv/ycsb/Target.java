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

  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT);
  }

}
