package io.largekv.driver;

import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataTypes;
import io.largekv.binding.Layout;
import io.largekv.binding.SchemaStatements;
import io.largekv.binding.ServerChecks;
import io.largekv.binding.ServerFacts;
import io.largekv.binding.YcqlConfig;
import io.largekv.common.UserError;
import java.util.Optional;

/**
 * The checks of the session's set-up: the run's settings against what the cluster says of itself
 * (datacenter, replication, consistency, table options: {@link ServerChecks}) before any DDL, and
 * an existing table's columns against {@code ycql.layout} before it is used or dropped.
 */
final class SchemaChecks {

  private SchemaChecks() {}

  /**
   * Before any DDL: a setting this cluster cannot work with is bad input (a {@link UserError}), and
   * nothing is created; the warnings are printed.
   */
  static void beforeDdl(YcqlConfig config, ServerFacts facts) {
    for (ServerChecks.Check warning : ServerChecks.enforce(config, facts)) {
      System.err.println("yugabyte-ycql: warning: " + warning.line());
    }
  }

  /** The table must have a largekv layout ({@code ycql.layout}); {@code consequence} is added to the error. */
  static void checkColumns(YcqlConfig config, TableMetadata table, String consequence) {
    String expected = SchemaStatements.createTable(config) + (consequence.isEmpty() ? "" : "; " + consequence);
    if (table.getPartitionKey().size() != 1 || !table.getClusteringColumns().isEmpty()) {
      throw new UserError("table " + config.qualifiedTable() + " exists with another primary key; "
          + YcqlConfig.LAYOUT + "=" + config.layout.propertyValue() + " expects: " + expected);
    }
    ColumnMetadata key = table.getPartitionKey().get(0);
    if (!key.getType().equals(DataTypes.TEXT)) {
      throw new UserError("table " + config.qualifiedTable() + " has key column " + key.getName()
          + " of type " + key.getType() + "; " + YcqlConfig.LAYOUT + "=" + config.layout.propertyValue()
          + " expects: " + expected);
    }
    if (config.layout == Layout.KV) {
      Optional<ColumnMetadata> v = table.getColumn("v");
      if (table.getColumns().size() != 2 || v.isEmpty() || !v.get().getType().equals(DataTypes.BLOB)) {
        throw new UserError("table " + config.qualifiedTable() + " exists with columns "
            + table.getColumns().keySet() + "; " + YcqlConfig.LAYOUT + "=kv expects: " + expected);
      }
    } else {
      for (ColumnMetadata c : table.getColumns().values()) {
        if (c != key && !c.getType().equals(DataTypes.BLOB) && !c.getType().equals(DataTypes.TEXT)) {
          throw new UserError("table " + config.qualifiedTable() + " column " + c.getName()
              + " is " + c.getType() + "; " + YcqlConfig.LAYOUT + "=usertable expects blob or varchar fields");
        }
      }
    }
  }
}
