package io.largekv.driver;

import static io.largekv.driver.YcqlSession.SET_UP_TIMEOUT;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ServerError;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * How the binding prepares its statements: with the set-up timeout ({@link SetUpPrepareRequest}),
 * idempotent, at the consistency the property names; those of the set-up waiting while the node
 * that prepares them does not serve the table yet; the usertable layout's statements for a subset
 * of the fields prepared once and cached by text.
 */
final class PreparedStatements {

  private final CqlSession session;
  private final Map<String, PreparedStatement> byFields = new ConcurrentHashMap<>();

  PreparedStatements(CqlSession session) {
    this.session = session;
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
   * A PREPARE of the client's set-up, which waits (at most the set-up timeout) while the server says
   * the table does not exist. Each may go to another node of a ring, and each node serves a new table
   * in its own time: after the read's PREPARE succeeded on one node, the insert's was refused on
   * another of a 3-node ring. Cassandra writes a new table to {@code system_schema}, which the
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
        if (!DriverErrors.tableNotServed(e) || System.nanoTime() > deadline) {
          throw e;
        }
        if (!said) {
          System.err.println("yugabyte-ycql: the table is in the schema but the server does not serve it yet ("
              + DriverErrors.oneLine(e.getMessage()) + "); waiting up to " + SET_UP_TIMEOUT.toSeconds() + " s");
          said = true;
        }
        YcqlSession.pause(200);
      }
    }
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
}
