package io.largekv.ycsb;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.internal.core.config.typesafe.DefaultDriverConfigLoader;
import com.datastax.oss.driver.internal.core.cql.DefaultPrepareRequest;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The cold path of the binding: one driver session per JVM shared by every YCSB thread, schema
 * checks and creation, and the prepared statements. {@link #acquire} and {@link #release} count
 * references; the last release closes the session.
 */
final class YcqlSession {

  /** Timeout of DDL and PREPARE at start-up, independent of the operations' timeout. */
  static final Duration SET_UP_TIMEOUT = Duration.ofSeconds(60);

  private static YcqlSession shared;
  private static int references;

  final YcqlConfig config;
  final CqlSession session;
  /** Column names, key column first; their CQL types. */
  final List<String> columns;
  final List<DataType> columnTypes;
  final PreparedStatement read;
  final PreparedStatement insert;
  final PreparedStatement delete;
  final PreparedStatement scan;
  private final Map<String, PreparedStatement> byFields = new ConcurrentHashMap<>();

  private YcqlSession(YcqlConfig config, CqlSession session) {
    this.config = config;
    this.session = session;
    describeServer();
    ensureSchema();
    TableMetadata table = tableMetadata().orElseThrow();
    this.columns = new ArrayList<>();
    this.columnTypes = new ArrayList<>();
    for (ColumnMetadata column : table.getColumns().values()) {
      // partition key first
      if (column.getName().equals(table.getPartitionKey().get(0).getName())) {
        columns.add(0, column.getName().asInternal());
        columnTypes.add(0, column.getType());
      } else {
        columns.add(column.getName().asInternal());
        columnTypes.add(column.getType());
      }
    }
    String t = config.qualifiedTable();
    String key = columns.get(0);
    this.read = prepare("SELECT " + String.join(", ", columns.subList(1, columns.size())) + " FROM " + t
        + " WHERE " + key + " = ?", config.readConsistency);
    this.insert = prepare("INSERT INTO " + t + " (" + String.join(", ", columns) + ") VALUES ("
        + "?, ".repeat(columns.size() - 1) + "?)", config.writeConsistency);
    this.delete = prepare("DELETE FROM " + t + " WHERE " + key + " = ?", config.writeConsistency);
    this.scan = prepare("SELECT " + String.join(", ", columns) + " FROM " + t + " WHERE token(" + key
        + ") >= token(?) LIMIT ?", config.scanConsistency);
  }

  static synchronized YcqlSession acquire(Properties properties) {
    if (shared == null) {
      shared = open(properties);
    }
    references++;
    return shared;
  }

  static synchronized void release() {
    if (references > 0 && --references == 0 && shared != null) {
      shared.session.close();
      shared = null;
    }
  }

  /** Opens a session of its own (not shared): for tests and tools. */
  static YcqlSession open(Properties properties) {
    YcqlConfig config = YcqlConfig.from(properties);
    CqlSession session = connect(config);
    try {
      return new YcqlSession(config, session);
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
  }

  void close() {
    session.close();
  }

  static CqlSession connect(YcqlConfig config) {
    Map<String, Object> options = DriverSettings.of(config);
    Config ours = ConfigFactory.parseMap(options);
    Config file = config.driverConfig == null ? ConfigFactory.empty()
        : ConfigFactory.parseFile(config.driverConfig.toFile()).withFallback(ConfigFactory.empty());
    if (file.hasPath("datastax-java-driver")) {
      file = file.getConfig("datastax-java-driver");
    }
    Config merged = ours.withFallback(file)
        .withFallback(ConfigFactory.defaultReference(YcqlSession.class.getClassLoader())
            .getConfig("datastax-java-driver"))
        .resolve();
    DriverConfigLoader loader = new DefaultDriverConfigLoader(() -> merged, false);
    try {
      return CqlSession.builder()
          .addContactPoints(config.contactPoints)
          .withConfigLoader(loader)
          .withClassLoader(YcqlSession.class.getClassLoader())
          .build();
    } catch (AllNodesFailedException e) {
      throw new ConfigException("cannot connect to " + YcqlConfig.HOSTS + "=" + describe(config)
          + ": " + firstCause(e) + " (check hosts, port, " + YcqlConfig.LOCAL_DC + ", TLS and credentials)");
    } catch (IllegalStateException | DriverException e) {
      throw new ConfigException("cannot connect to " + YcqlConfig.HOSTS + "=" + describe(config)
          + ": " + oneLine(e.getMessage()) + " (check " + YcqlConfig.LOCAL_DC + " and " + YcqlConfig.TARGET + ")");
    }
  }

  private static String describe(YcqlConfig config) {
    StringBuilder sb = new StringBuilder();
    config.contactPoints.forEach(a -> sb.append(sb.length() == 0 ? "" : ",")
        .append(a.getHostString()).append(':').append(a.getPort()));
    return sb.toString();
  }

  private static String firstCause(AllNodesFailedException e) {
    for (List<Throwable> errors : e.getAllErrors().values()) {
      for (Throwable t : errors) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
          root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + oneLine(root.getMessage());
      }
    }
    return oneLine(e.getMessage());
  }

  static String oneLine(String s) {
    if (s == null) {
      return "";
    }
    String line = s.replace('\n', ' ').replace('\r', ' ');
    return line.length() > 300 ? line.substring(0, 300) + "..." : line;
  }

  private Optional<KeyspaceMetadata> keyspaceMetadata() {
    return session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(config.keyspace));
  }

  private Optional<TableMetadata> tableMetadata() {
    return keyspaceMetadata().flatMap(k -> k.getTable(CqlIdentifier.fromInternal(config.table)));
  }

  private void ensureSchema() {
    Optional<KeyspaceMetadata> keyspace = keyspaceMetadata();
    if (keyspace.isEmpty()) {
      if (!config.createSchema) {
        throw new ConfigException(YcqlConfig.KEYSPACE + "=" + config.keyspace
            + " does not exist and " + YcqlConfig.CREATE_SCHEMA + "=false; accepted: an existing keyspace, or "
            + YcqlConfig.CREATE_SCHEMA + "=true");
      }
      execute(SchemaStatements.createKeyspace(config, datacenter()));
    }
    if (config.dropTable && tableMetadata().isPresent()) {
      System.err.println("yugabyte-ycql: " + YcqlConfig.DROP_TABLE + "=true: dropping " + config.qualifiedTable());
      execute(SchemaStatements.dropTable(config));
    }
    Optional<TableMetadata> table = tableMetadata();
    if (table.isEmpty()) {
      if (!config.createSchema) {
        throw new ConfigException(YcqlConfig.TABLE + "=" + config.table + " does not exist in keyspace "
            + config.keyspace + " and " + YcqlConfig.CREATE_SCHEMA + "=false; accepted: an existing table, or "
            + YcqlConfig.CREATE_SCHEMA + "=true");
      }
      execute(SchemaStatements.createTable(config));
      table = tableMetadata();
      if (table.isEmpty()) {
        throw new IllegalStateException("table " + config.qualifiedTable() + " not visible after CREATE TABLE");
      }
    }
    checkColumns(table.get());
  }

  private void checkColumns(TableMetadata table) {
    String expected = SchemaStatements.createTable(config);
    if (table.getPartitionKey().size() != 1 || !table.getClusteringColumns().isEmpty()) {
      throw new ConfigException("table " + config.qualifiedTable() + " exists with another primary key; "
          + YcqlConfig.LAYOUT + "=" + config.layout.propertyValue() + " expects: " + expected);
    }
    ColumnMetadata key = table.getPartitionKey().get(0);
    if (!key.getType().equals(DataTypes.TEXT)) {
      throw new ConfigException("table " + config.qualifiedTable() + " has key column " + key.getName()
          + " of type " + key.getType() + "; " + YcqlConfig.LAYOUT + "=" + config.layout.propertyValue()
          + " expects: " + expected);
    }
    if (config.layout == Layout.KV) {
      Optional<ColumnMetadata> v = table.getColumn("v");
      if (table.getColumns().size() != 2 || v.isEmpty() || !v.get().getType().equals(DataTypes.BLOB)) {
        throw new ConfigException("table " + config.qualifiedTable() + " exists with columns "
            + table.getColumns().keySet() + "; " + YcqlConfig.LAYOUT + "=kv expects: " + expected);
      }
    } else {
      for (ColumnMetadata c : table.getColumns().values()) {
        if (c != key && !c.getType().equals(DataTypes.BLOB) && !c.getType().equals(DataTypes.TEXT)) {
          throw new ConfigException("table " + config.qualifiedTable() + " column " + c.getName()
              + " is " + c.getType() + "; " + YcqlConfig.LAYOUT + "=usertable expects blob or varchar fields");
        }
      }
    }
  }

  private String datacenter() {
    if (!config.localDatacenter.isEmpty()) {
      return config.localDatacenter;
    }
    for (Node node : session.getMetadata().getNodes().values()) {
      if (node.getDatacenter() != null) {
        return node.getDatacenter();
      }
    }
    return "";
  }

  private void execute(String cql) {
    System.err.println("yugabyte-ycql: " + cql);
    session.execute(SimpleStatement.builder(cql).setTimeout(SET_UP_TIMEOUT).build());
  }

  PreparedStatement prepare(String cql, String consistency) {
    ConsistencyLevel cl = DefaultConsistencyLevel.valueOf(consistency);
    return session.prepare(new SetUpPrepareRequest(SimpleStatement.builder(cql).setConsistencyLevel(cl).build()));
  }

  /**
   * PREPARE with the set-up timeout; the bound statements keep {@code ycql.request_timeout_ms}
   * (a short operation timeout must not fail the preparation).
   */
  private static final class SetUpPrepareRequest extends DefaultPrepareRequest {
    SetUpPrepareRequest(SimpleStatement statement) {
      super(statement);
    }

    @Override
    public Duration getTimeout() {
      return SET_UP_TIMEOUT;
    }
  }

  /** For the usertable layout: statements naming a subset of the field columns, cached by text. */
  PreparedStatement preparedFor(String cql, String consistency) {
    return byFields.computeIfAbsent(cql, q -> prepare(q, consistency));
  }

  /**
   * One line for logs and comparison reports: cluster name, node count and the release_version
   * of system.local (YugabyteDB reports its YCQL compatibility version there).
   */
  private void describeServer() {
    Row row = session.execute(SimpleStatement.builder("SELECT cluster_name, release_version FROM system.local")
        .setTimeout(SET_UP_TIMEOUT).build()).one();
    System.err.printf("yugabyte-ycql: connected to cluster '%s', %d node(s), release_version %s, target %s%n",
        row == null ? "?" : row.getString(0), session.getMetadata().getNodes().size(),
        row == null ? "?" : row.getString(1), config.target.propertyValue());
  }
}
