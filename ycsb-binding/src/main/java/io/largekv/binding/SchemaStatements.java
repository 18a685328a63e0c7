package io.largekv.binding;

import io.largekv.common.Database;
import java.util.ArrayList;
import java.util.List;

/**
 * The DDL the binding runs when {@code ycql.create_schema=true}, in each target's dialect.
 * Pure text generation, so every dialect is unit-tested without its server.
 *
 * <ul>
 *   <li>YugabyteDB YCQL: replication is the universe's (the keyspace clause is accepted and
 *       ignored), no compaction or compression options; {@code WITH tablets = N} when
 *       {@code ycql.tablets} is set.</li>
 *   <li>Cassandra and Scylla: {@code NetworkTopologyStrategy} with the local datacenter;
 *       explicit compaction and compression.</li>
 * </ul>
 */
public final class SchemaStatements {

  private SchemaStatements() {}

  /**
   * The keyspace with {@code datacenter}'s replication factor: NetworkTopologyStrategy on Cassandra
   * and ScyllaDB (never SimpleStrategy: ScyllaDB refuses it under tablets, and a datacenter must be
   * named, {@link ServerChecks}); YugabyteDB accepts either and keeps the universe's replication.
   */
  public static String createKeyspace(YcqlConfig c, String datacenter) {
    String replication;
    if (c.target != Database.YUGABYTE) {
      if (datacenter == null || datacenter.isEmpty()) {
        throw new IllegalArgumentException("a keyspace on " + c.target.product() + " names a datacenter");
      }
      replication = "{'class': 'NetworkTopologyStrategy', '" + datacenter.replace("'", "''") + "': "
          + c.replicationFactor + "}";
    } else {
      replication = "{'class': 'SimpleStrategy', 'replication_factor': " + c.replicationFactor + "}";
    }
    return "CREATE KEYSPACE IF NOT EXISTS " + c.keyspace + " WITH replication = " + replication;
  }

  /** Column definitions in order: the key column first. */
  public static List<String[]> columns(YcqlConfig c) {
    List<String[]> cols = new ArrayList<>();
    if (c.layout == Layout.KV) {
      cols.add(new String[] {"k", "varchar"});
      cols.add(new String[] {"v", "blob"});
    } else {
      cols.add(new String[] {"y_id", "varchar"});
      for (int i = 0; i < c.fieldCount; i++) {
        cols.add(new String[] {"field" + i, "blob"});
      }
    }
    return cols;
  }

  public static String createTable(YcqlConfig c) {
    StringBuilder sb = new StringBuilder("CREATE TABLE IF NOT EXISTS ").append(c.qualifiedTable()).append(" (");
    List<String[]> cols = columns(c);
    for (int i = 0; i < cols.size(); i++) {
      sb.append(i == 0 ? "" : ", ").append(cols.get(i)[0]).append(' ').append(cols.get(i)[1]);
      if (i == 0) {
        sb.append(" PRIMARY KEY");
      }
    }
    sb.append(')');
    switch (c.target) {
      case YUGABYTE:
        if (c.tablets > 0) {
          sb.append(" WITH tablets = ").append(c.tablets);
        }
        break;
      case CASSANDRA:
      case SCYLLA:
        sb.append(" WITH compaction = {'class': '").append(c.compaction).append("'}");
        // Cassandra 3+: {'class': ..} / {'enabled': 'false'}; Scylla: {'sstable_compression': ..} / {}
        if (c.compression.equals("none")) {
          sb.append(c.target == Database.SCYLLA ? " AND compression = {}"
              : " AND compression = {'enabled': 'false'}");
        } else {
          sb.append(" AND compression = {'")
              .append(c.target == Database.SCYLLA ? "sstable_compression" : "class")
              .append("': '").append(c.compression).append("'}");
        }
        break;
      default:
        throw new AssertionError(c.target);
    }
    return sb.toString();
  }

  public static String dropTable(YcqlConfig c) {
    return "DROP TABLE IF EXISTS " + c.qualifiedTable();
  }
}
