package io.largekv.driver;

import static io.largekv.driver.DriverErrors.oneLine;
import static io.largekv.driver.YcqlSession.SET_UP_TIMEOUT;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatementBuilder;
import com.datastax.oss.driver.api.core.loadbalancing.NodeDistance;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.servererrors.AlreadyExistsException;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import io.largekv.binding.SchemaStatements;
import io.largekv.binding.ServerChecks;
import io.largekv.binding.ServerFacts;
import io.largekv.binding.YcqlConfig;
import io.largekv.common.UserError;
import io.largekv.run.RunOutcome;
import java.util.Comparator;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * The schema's DDL: the keyspace and the table created when absent (or the table dropped first,
 * {@code ycql.drop_table}), each statement on the one node every client picks, then the cluster's
 * schema agreement and the driver's metadata awaited, all within the set-up timeout.
 */
final class SchemaDdl {

  /** Runs of an idempotent DDL statement that the server failed with an error of its own. */
  static final int DDL_ATTEMPTS = 5;

  private final CqlSession session;
  private final YcqlConfig config;
  /** Sleeps this many ms between attempts ({@link YcqlSession#pause}; tests record it). */
  private final LongConsumer pause;

  SchemaDdl(CqlSession session, YcqlConfig config, LongConsumer pause) {
    this.session = session;
    this.config = config;
    this.pause = pause;
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
   * must agree and the table be visible before any client goes on (and each PREPARE of the set-up
   * waits while the node it goes to does not serve it yet: {@link PreparedStatements#prepareWhenServed}). When the
   * server refuses the table, a keyspace this client created is dropped again, so nothing is left
   * behind.
   */
  TableMetadata ensureSchema(ServerFacts facts) {
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
      SchemaChecks.checkColumns(config, table.get(), YcqlConfig.DROP_TABLE + "=true refuses to drop it");
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
    SchemaChecks.checkColumns(config, table.orElseThrow(), "");
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
  void ddl(String cql) {
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
        if (!idempotent || !DriverErrors.serverFailed(e) || attempt >= DDL_ATTEMPTS || System.nanoTime() > deadline) {
          throw e;
        }
        System.err.println("yugabyte-ycql: the server failed it (" + DriverErrors.describe(e)
            + "); running it again (attempt " + (attempt + 1) + " of " + DDL_ATTEMPTS + ")");
        pause.accept(500L * attempt);
      }
    }
    awaitSchemaAgreement(cql);
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
  private void retryWithinSetUpTimeout(BooleanSupplier attempt, String failure) {
    long deadline = System.nanoTime() + SET_UP_TIMEOUT.toNanos();
    while (!attempt.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException(failure);
      }
      pause.accept(200);
    }
  }
}
