package io.largekv.driver;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import io.largekv.binding.ServerFacts;
import io.largekv.binding.YcqlConfig;
import io.largekv.common.Database;
import io.largekv.common.YcsbOutput;
import io.largekv.jvm.StartUpCollection;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * The cold path of the binding: one driver session per JVM shared by every YCSB thread, set up in
 * order: connected, the server described and checked ({@link SchemaChecks}), the schema ensured
 * ({@link SchemaDdl}), the table's statements prepared ({@link PreparedStatements}).
 * {@link #acquire} and {@link #release} count references; the last release closes the session.
 * Public for tools that drive the same session without YCSB ({@link #open}), such as the
 * benchmarks' asynchronous client.
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
  /** How this session prepares, and the usertable layout's statements for a subset of the fields. */
  final PreparedStatements statements;

  private YcqlSession(YcqlConfig config, CqlSession session) {
    this.config = config;
    this.session = session;
    ServerFacts facts = ServerProbe.read(session, config);
    describeServer(facts);
    // before any DDL: a setting this cluster cannot work with is bad input, and nothing is created
    SchemaChecks.beforeDdl(config, facts);
    TableMetadata table = new SchemaDdl(session, config, YcqlSession::pause).ensureSchema(facts);
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
    this.statements = new PreparedStatements(session);
    String t = config.qualifiedTable();
    String key = columns.get(0);
    // each PREPARE may go to another node, which may not serve a table created a moment ago yet
    this.read = PreparedStatements.prepareWhenServed(session, "SELECT "
        + String.join(", ", columns.subList(1, columns.size())) + " FROM " + t + " WHERE " + key + " = ?",
        config.readConsistency);
    this.insert = PreparedStatements.prepareWhenServed(session, "INSERT INTO " + t + " ("
        + String.join(", ", columns) + ") VALUES (" + "?, ".repeat(columns.size() - 1) + "?)",
        config.writeConsistency);
    this.delete = PreparedStatements.prepareWhenServed(session, "DELETE FROM " + t + " WHERE " + key + " = ?",
        config.writeConsistency);
    this.scan = PreparedStatements.prepareWhenServed(session, "SELECT " + String.join(", ", columns) + " FROM "
        + t + " WHERE token(" + key + ") >= token(?) LIMIT ?", config.scanConsistency);
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

  /**
   * A driver session alone to the cluster {@code properties} name (as YCSB's {@code -p}), with the
   * benchmark's driver settings and none of its statements: for what reads the servers beside the
   * run (largekv's servers' side). Close it.
   */
  public static CqlSession connect(Properties properties) {
    return connect(YcqlConfig.from(properties));
  }

  /** A driver session to {@code config}'s cluster; a {@link io.largekv.common.UserError} ({@link ConnectErrors}) when none. */
  static CqlSession connect(YcqlConfig config) {
    Database vendor = DriverInfo.vendor();
    if (vendor != config.driver) {
      throw ConnectErrors.driverNotHere(config, vendor);
    }
    DriverConfigLoader loader = DriverConfig.loader(config, vendor);
    try {
      return CqlSession.builder()
          .addContactPoints(config.contactPoints)
          .withConfigLoader(loader)
          .withClassLoader(YcqlSession.class.getClassLoader())
          .build();
    } catch (AllNodesFailedException e) {
      throw ConnectErrors.allNodesFailed(config, e);
    } catch (IllegalStateException | DriverException e) {
      throw ConnectErrors.refused(config, e);
    }
  }

  /** The set-up's wait between attempts (DDL, schema agreement, the PREPAREs). */
  static void pause(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while setting up the schema");
    }
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
