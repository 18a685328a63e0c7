package io.largekv.common;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The CQL database a run talks to ({@code ycql.target}, {@code bin/largekv --target}, the first
 * word of a {@code compare} label). It decides the DDL dialect, the native-protocol version and the
 * driver's routing; the one list of databases (a "target" is a labelled set of servers a run measures).
 */
public enum Database {
  /** YugabyteDB YCQL: protocol V4, partition-aware routing, no compaction/compression options. */
  YUGABYTE("YugabyteDB YCQL"),
  /** Apache Cassandra: negotiated protocol, token-aware routing, replication and compaction. */
  CASSANDRA("Apache Cassandra"),
  /** ScyllaDB: protocol V4, token-aware routing, replication and compaction. */
  SCYLLA("ScyllaDB");

  /** The accepted values, as users write them: {@code yugabyte, cassandra, scylla}. */
  public static final String ACCEPTED = Arrays.stream(values()).map(Database::propertyValue)
      .collect(Collectors.joining(", "));

  private final String product;

  Database(String product) {
    this.product = product;
  }

  /** The value of {@code ycql.target}: {@code yugabyte}, {@code cassandra}, {@code scylla}. */
  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The database's name for people: "YugabyteDB YCQL", "Apache Cassandra", "ScyllaDB". */
  public String product() {
    return product;
  }

  /**
   * The database named {@code value} (case-insensitive).
   *
   * @param setting what the user set, for the error: {@code ycql.target}, {@code --target}
   * @throws UserError for any other value
   */
  public static Database parse(String setting, String value) {
    for (Database t : values()) {
      if (t.propertyValue().equalsIgnoreCase(value == null ? "" : value.trim())) {
        return t;
      }
    }
    // an option is written "--target mongo", a property "ycql.target=mongo"
    throw new UserError(setting + (setting.startsWith("-") ? " " : "=") + value + " is not accepted; accepted values: "
        + ACCEPTED);
  }
}
