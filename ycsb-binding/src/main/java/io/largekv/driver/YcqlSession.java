package io.largekv.driver;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatementBuilder;
import com.datastax.oss.driver.api.core.loadbalancing.NodeDistance;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.servererrors.AlreadyExistsException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import com.datastax.oss.driver.api.core.servererrors.ServerError;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import io.largekv.common.Target;
import io.largekv.common.YcsbOutput;
import io.largekv.common.UserError;
import io.largekv.run.RunOutcome;
import io.largekv.jvm.StartUpCollection;
import io.largekv.binding.Layout;
import io.largekv.binding.SchemaStatements;
import io.largekv.binding.ServerChecks;
import io.largekv.binding.ServerFacts;
import io.largekv.binding.YcqlConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;

/**
 * The cold path of the binding: one driver session per JVM shared by every YCSB thread, schema
 * checks and creation, and the prepared statements. {@link #acquire} and {@link #release} count
 * references; the last release closes the session. Public for tools that drive the same session
 * without YCSB ({@link #open}), such as the benchmarks' asynchronous client.
 */
public final class YcqlSession {

  /** Timeout of DDL and PREPARE at start-up, independent of the operations' timeout. */
  static final Duration SET_UP_TIMEOUT = Duration.ofSeconds(60);

  private static YcqlSession shared;
  private static int references;
  private static final java.util.concurrent.locks.ReentrantLock SHARED_LOCK = new java.util.concurrent.locks.ReentrantLock();

  public final YcqlConfig config;
  public final CqlSession session;
  /** Column names, key column first; their CQL types. */
  public final List<String> columns;
  final List<DataType> columnTypes;
  /** {@code SELECT <value columns> FROM t WHERE k = ?}. */
  public final PreparedStatement read;
  /** {@code INSERT INTO t (<all columns>) VALUES (?, ...)}. */
  public final PreparedStatement insert;
  final PreparedStatement delete;
  final PreparedStatement scan;
  private final Map<String, PreparedStatement> byFields = new ConcurrentHashMap<>();

  private YcqlSession(YcqlConfig config, CqlSession session) {
    this.config = config;
    this.session = session;
    ServerFacts facts = ServerProbe.read(session, config);
    describeServer(facts);
    // before any DDL: a setting this cluster cannot work with is bad input, and nothing is created
    for (ServerChecks.Check warning : ServerChecks.enforce(config, facts)) {
      System.err.println("yugabyte-ycql: warning: " + warning.line());
    }
    TableMetadata table = ensureSchema(facts);
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
    this.read = prepareWhenServed(session, "SELECT " + String.join(", ", columns.subList(1, columns.size()))
        + " FROM " + t + " WHERE " + key + " = ?", config.readConsistency);
    this.insert = prepare("INSERT INTO " + t + " (" + String.join(", ", columns) + ") VALUES ("
        + "?, ".repeat(columns.size() - 1) + "?)", config.writeConsistency);
    this.delete = prepare("DELETE FROM " + t + " WHERE " + key + " = ?", config.writeConsistency);
    this.scan = prepare("SELECT " + String.join(", ", columns) + " FROM " + t + " WHERE token(" + key
        + ") >= token(?) LIMIT ?", config.scanConsistency);
  }

  /**
   * The process's shared session, opened by the first client thread. A lock, not
   * {@code synchronized}: on Java 21–23 a virtual client thread waiting in a {@code synchronized}
   * method for the connection (or to enter it) pins its carrier thread.
   */
  static YcqlSession acquire(Properties properties) {
    SHARED_LOCK.lock();
    try {
      if (shared == null) {
        shared = open(properties);
        shared.loadOperationClasses();
        // before any client thread's first operation: they wait for the session
        System.err.println("yugabyte-ycql: " + StartUpCollection.run());
      }
      references++;
      return shared;
    } finally {
      SHARED_LOCK.unlock();
    }
  }

  /**
   * Loads and initializes the classes of the operations' path once, on the thread that opened the
   * shared session, while every other client thread waits for the session without a carrier: binds
   * each statement, reads one key no workload writes (a single read at consistency ONE, not counted:
   * the set-up's, like {@link #describeServer}; its failure is left to the operations), and
   * initializes the driver's prepared-statement cache's removal enum.
   * Otherwise the first operations of all client threads load them at once, and a virtual thread
   * waiting for another's class initializer holds its carrier, with largekv's scheduler a driver
   * I/O thread (a CI run saw 20 ms and more on a busy 2-core machine: ClientThreadsIT).
   */
  void loadOperationClasses() {
    String key = "largekv-set-up-read-" + Long.toHexString(System.nanoTime());
    insert.bind(key);
    delete.bind(key);
    scan.bind(key, 1);
    com.datastax.oss.driver.shaded.guava.common.cache.RemovalCause.values();
    try {
      // at ONE: the run's own consistency may not be met (a replica down, a test of unavailable
      // replicas); the operations' failures are the run's to count, not the set-up's
      session.execute(read.bind(key).setConsistencyLevel(DefaultConsistencyLevel.ONE)).one();
    } catch (DriverException e) {
      // the request and error paths' classes are loaded either way
    }
  }

  static void release() {
    SHARED_LOCK.lock();
    try {
      if (references > 0 && --references == 0 && shared != null) {
        shared.session.close();
        shared = null;
      }
    } finally {
      SHARED_LOCK.unlock();
    }
  }

  /** Opens a session of its own (not shared): for tests and tools. Close it. */
  public static YcqlSession open(Properties properties) {
    YcqlConfig config = YcqlConfig.from(properties);
    CqlSession session = connect(config);
    try {
      return new YcqlSession(config, session);
    } catch (RuntimeException e) {
      session.close();
      throw e;
    }
  }

  public void close() {
    session.close();
  }

  static CqlSession connect(YcqlConfig config) {
    Target vendor = DriverInfo.vendor();
    if (vendor != config.driver) {
      throw new UserError(YcqlConfig.DRIVER + "=" + config.driver.propertyValue() + " (the driver of "
          + YcqlConfig.TARGET + "=" + config.target.propertyValue() + " unless set) is not here: this classpath has "
          + DriverInfo.describe() + "; accepted: " + vendor.propertyValue() + ", or largekv's shaded jar, which has all three");
    }
    DriverConfigLoader loader = DriverConfig.loader(config, vendor);
    try {
      return CqlSession.builder()
          .addContactPoints(config.contactPoints)
          .withConfigLoader(loader)
          .withClassLoader(YcqlSession.class.getClassLoader())
          .build();
    } catch (AllNodesFailedException e) {
      throw new UserError("cannot connect to " + YcqlConfig.HOSTS + "=" + describe(config)
          + ": " + firstCause(e) + " (check hosts, port, " + YcqlConfig.LOCAL_DC + ", TLS and credentials)");
    } catch (IllegalStateException | DriverException e) {
      throw new UserError("cannot connect to " + YcqlConfig.HOSTS + "=" + describe(config)
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

  /**
   * The table, created when absent. Safe when several clients start at once: DDL goes to one
   * node chosen the same way by every client, "already exists" is not an error, and the schema
   * must agree and the table be visible before any client goes on (and the first PREPARE waits
   * while the server does not serve it yet: {@link #prepareWhenServed}). When the server refuses the
   * table, a keyspace this client created is dropped again, so nothing is left behind.
   */
  private TableMetadata ensureSchema(ServerFacts facts) {
    boolean keyspaceCreated = false;
    if (keyspaceMetadata().isEmpty()) {
      if (!config.createSchema) {
        throw new UserError(ServerChecks.missingKeyspace(config));
      }
      String createKeyspace = SchemaStatements.createKeyspace(config, ServerChecks.keyspaceDatacenter(config, facts));
      try {
        ddl(createKeyspace);
      } catch (QueryValidationException e) {
        throw new UserError(ServerChecks.refusal(config, createKeyspace, oneLine(e.getMessage()))
            + "; nothing was created");
      }
      keyspaceCreated = true;
      awaitMetadata(() -> keyspaceMetadata().isPresent(), "keyspace " + config.keyspace);
    }
    Optional<TableMetadata> table = tableMetadata();
    if (config.dropTable && table.isPresent()) {
      // never drop a table that is not one of ours
      checkColumns(table.get(), YcqlConfig.DROP_TABLE + "=true refuses to drop it");
      System.err.println("yugabyte-ycql: " + YcqlConfig.DROP_TABLE + "=true: dropping " + config.qualifiedTable());
      ddl(SchemaStatements.dropTable(config));
      awaitMetadata(() -> tableMetadata().isEmpty(), "the drop of table " + config.qualifiedTable());
      table = Optional.empty();
    }
    if (table.isEmpty()) {
      if (!config.createSchema) {
        throw new UserError(ServerChecks.missingTable(config));
      }
      try {
        ddl(SchemaStatements.createTable(config));
      } catch (AlreadyExistsException e) {
        // another client created it a moment ago
      } catch (QueryValidationException e) {
        // a refusal of the statement: running it again would not change it
        if (!String.valueOf(e.getMessage()).contains("already exists")) {
          throw refusedTable(e, keyspaceCreated);
        }
      } catch (DriverException e) {
        // not a refusal (a timeout, a server's own error): not bad input, and still nothing left behind
        dropKeyspaceCreated(keyspaceCreated);
        throw e;
      }
      RunOutcome.get().tableCreated(config.qualifiedTable());
      awaitMetadata(() -> tableMetadata().isPresent(), "table " + config.qualifiedTable());
      table = tableMetadata();
    } else {
      // perhaps created a moment ago by another client: every node must know it before any is sent work
      awaitSchemaAgreement("finding table " + config.qualifiedTable());
    }
    checkColumns(table.orElseThrow(), "");
    return table.get();
  }

  /** The server refused CREATE TABLE: drop the keyspace this client just created, name the option. */
  private UserError refusedTable(QueryValidationException e, boolean keyspaceCreated) {
    String left = dropKeyspaceCreated(keyspaceCreated);
    return new UserError(ServerChecks.refusal(config, SchemaStatements.createTable(config), oneLine(e.getMessage()))
        + (left.isEmpty() ? "; nothing was left behind" : left));
  }

  /**
   * Drops the keyspace this client created a moment ago when it holds no table (another client's
   * table keeps it); "" when nothing is left behind, else what is and why.
   */
  private String dropKeyspaceCreated(boolean keyspaceCreated) {
    if (keyspaceCreated) {
      session.refreshSchema();
      if (keyspaceMetadata().map(k -> k.getTables().isEmpty()).orElse(false)) {
        try {
          ddl("DROP KEYSPACE IF EXISTS " + config.keyspace);
        } catch (DriverException dropFailed) {
          return "; keyspace " + config.keyspace + " was left behind (" + oneLine(dropFailed.getMessage()) + ")";
        }
      }
    }
    return "";
  }

  /**
   * Runs DDL on the one node every client picks, then waits until the cluster's schema agrees. An
   * idempotent statement ({@code IF [NOT] EXISTS}) that the server failed with an error of its own
   * (Cassandra 5.0 did so once for one of four clients creating one keyspace at once) is run again,
   * a few times within the set-up timeout, saying so; any other error ends the set-up.
   */
  private void ddl(String cql) {
    System.err.println("yugabyte-ycql: " + cql);
    SimpleStatementBuilder b = SimpleStatement.builder(cql).setTimeout(SET_UP_TIMEOUT);
    ddlNode().ifPresent(b::setNode);
    boolean idempotent = cql.contains(" IF NOT EXISTS ") || cql.contains(" IF EXISTS ");
    long deadline = System.nanoTime() + SET_UP_TIMEOUT.toNanos();
    for (int attempt = 1; ; attempt++) {
      try {
        session.execute(b.build());
        break;
      } catch (DriverException e) {
        if (!idempotent || !serverFailed(e) || attempt >= DDL_ATTEMPTS || System.nanoTime() > deadline) {
          throw e;
        }
        System.err.println("yugabyte-ycql: the server failed it (" + describe(e) + "); running it again (attempt "
            + (attempt + 1) + " of " + DDL_ATTEMPTS + ")");
        pause(500L * attempt);
      }
    }
    awaitSchemaAgreement(cql);
  }

  /** Runs of an idempotent DDL statement that the server failed with an error of its own. */
  static final int DDL_ATTEMPTS = 5;

  /**
   * True when the server itself failed the request (a {@code ServerError}: an exception inside it),
   * on every node tried; not for a refusal (invalid query, already exists, unauthorized), which
   * running it again would not change.
   */
  static boolean serverFailed(Throwable e) {
    return onEveryNode(e, t -> t instanceof ServerError);
  }

  /**
   * Whether {@code error} holds for {@code e}, or, when the driver tried every node ("all nodes
   * failed"), for each node's error; false when no node was tried.
   */
  private static boolean onEveryNode(Throwable e, java.util.function.Predicate<Throwable> error) {
    if (e instanceof AllNodesFailedException all) {
      List<Throwable> errors = all.getAllErrors().values().stream().flatMap(List::stream).toList();
      return !errors.isEmpty() && errors.stream().allMatch(t -> onEveryNode(t, error));
    }
    return error.test(e);
  }

  /**
   * One line for a driver error: for "all nodes failed", each node's own error (its class and
   * message) rather than the wrapper's text, which would fill the line before reaching them.
   */
  public static String describe(Throwable e) {
    if (e instanceof AllNodesFailedException all && !all.getAllErrors().isEmpty()) {
      List<String> nodes = new ArrayList<>();
      all.getAllErrors().forEach((node, errors) -> errors.forEach(t -> nodes.add(node.getEndPoint() + ": "
          + t.getClass().getSimpleName() + ": " + String.valueOf(t.getMessage()).replace('\n', ' '))));
      return oneLine("AllNodesFailedException: " + String.join("; ", nodes));
    }
    return e.getClass().getSimpleName() + ": " + oneLine(e.getMessage());
  }

  /** Waits, at most the set-up timeout, until every node reports the same schema version. */
  private void awaitSchemaAgreement(String after) {
    retryWithinSetUpTimeout(session::checkSchemaAgreement,
        "the cluster's schema did not agree within " + SET_UP_TIMEOUT.toSeconds() + " s after: " + after);
  }

  /**
   * The node every client sends DDL to: the first, by address, of the nodes this client connects
   * to. Concurrent CREATE ... IF NOT EXISTS on one coordinator never conflict.
   */
  private Optional<Node> ddlNode() {
    return session.getMetadata().getNodes().values().stream()
        .filter(n -> n.getState() == NodeState.UP && n.getDistance() != NodeDistance.IGNORED)
        .min(Comparator.comparing(n -> n.getEndPoint().toString()));
  }

  /** Refreshes schema metadata until {@code visible}, at most the set-up timeout. */
  private void awaitMetadata(BooleanSupplier visible, String what) {
    if (!visible.getAsBoolean()) {
      retryWithinSetUpTimeout(() -> {
        session.refreshSchema();
        return visible.getAsBoolean();
      }, what + " not visible in the driver's metadata " + SET_UP_TIMEOUT.toSeconds() + " s after its DDL");
    }
  }

  /** Calls {@code attempt} every 200 ms until it says done; past the set-up timeout, fails with {@code failure}. */
  private static void retryWithinSetUpTimeout(BooleanSupplier attempt, String failure) {
    long deadline = System.nanoTime() + SET_UP_TIMEOUT.toNanos();
    while (!attempt.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(failure);
      }
      pause(200);
    }
  }

  private static void pause(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while setting up the schema");
    }
  }

  /** The table must have a largekv layout ({@code ycql.layout}); {@code consequence} is added to the error. */
  private void checkColumns(TableMetadata table, String consequence) {
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

  /**
   * Every statement is idempotent (reads; upserts of a key's value; deletes): the driver may
   * retry it on another node when one fails.
   */
  PreparedStatement prepare(String cql, String consistency) {
    return prepare(session, cql, consistency);
  }

  static PreparedStatement prepare(CqlSession session, String cql, String consistency) {
    ConsistencyLevel cl = DefaultConsistencyLevel.valueOf(consistency);
    return session.prepare(new SetUpPrepareRequest(SimpleStatement.builder(cql).setConsistencyLevel(cl)
        .setIdempotence(true).build(), SET_UP_TIMEOUT));
  }

  /**
   * The first PREPARE of a client, which waits (at most the set-up timeout) while the server says
   * the table does not exist. Cassandra writes a new table to {@code system_schema}, which the
   * driver's metadata reads, a moment before the node that wrote it serves the table: a client
   * that starts while another creates the table can see it in the metadata and still be refused,
   * with "table t does not exist" or, a moment later, a server error "Unknown CF &lt;table id&gt;"
   * (the node has the table's schema row and not yet its store). Any other refusal fails at once.
   */
  static PreparedStatement prepareWhenServed(CqlSession session, String cql, String consistency) {
    long deadline = System.nanoTime() + SET_UP_TIMEOUT.toNanos();
    boolean said = false;
    while (true) {
      try {
        return prepare(session, cql, consistency);
      } catch (InvalidQueryException | ServerError | AllNodesFailedException e) {
        if (!tableNotServed(e) || System.nanoTime() > deadline) {
          throw e;
        }
        if (!said) {
          System.err.println("yugabyte-ycql: the table is in the schema but the server does not serve it yet ("
              + oneLine(e.getMessage()) + "); waiting up to " + SET_UP_TIMEOUT.toSeconds() + " s");
          said = true;
        }
        pause(200);
      }
    }
  }

  /**
   * The server's "no such table" (Cassandra 5: "table t does not exist"; Cassandra 4 and ScyllaDB:
   * "unconfigured table t"; YugabyteDB: "Object Not Found"), or Cassandra's server error for a table
   * whose schema row it has and whose store it has not made yet ("Unknown CF"); the driver gives
   * the latter inside an {@link AllNodesFailedException} when it tried every node, and that counts
   * only when every node said so.
   */
  static boolean tableNotServed(Throwable e) {
    return onEveryNode(e, t -> {
      String m = String.valueOf(t.getMessage()).toLowerCase(java.util.Locale.ROOT);
      return t instanceof InvalidQueryException
          ? m.contains("does not exist") || m.contains("unconfigured table") || m.contains("object not found")
          : t instanceof ServerError && m.contains("unknown cf");
    });
  }

  /**
   * For the usertable layout: statements naming a subset of the field columns, cached by text.
   * Not {@code computeIfAbsent}: it would wait for the server's answer inside the map's lock, which
   * on Java 21–23 pins a virtual client thread to its carrier — the driver's I/O thread that must
   * read that answer (io.largekv.client.IoThreadScheduler). Two threads may prepare the same text
   * at once; the driver answers both from one prepared statement.
   */
  PreparedStatement preparedFor(String cql, String consistency) {
    PreparedStatement ps = byFields.get(cql);
    if (ps == null) {
      ps = prepare(cql, consistency);
      PreparedStatement first = byFields.putIfAbsent(cql, ps);
      if (first != null) {
        ps = first;
      }
    }
    return ps;
  }

  /**
   * One line for logs and comparison reports: cluster name, node count and the release_version
   * of system.local (YugabyteDB reports its YCQL compatibility version there), the driver and the
   * native protocol version the session speaks (negotiated, or {@code ycql.protocol_version}).
   */
  private void describeServer(ServerFacts facts) {
    System.err.printf(YcsbOutput.CONNECTED + "cluster '%s', %d node(s), release_version %s, target %s, driver %s, "
        + "protocol %s%n", facts.clusterName(), session.getMetadata().getNodes().size(), facts.releaseVersion(),
        config.target.propertyValue(), DriverInfo.describe(), session.getContext().getProtocolVersion().name());
  }
}
