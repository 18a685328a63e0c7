package io.largekv.testing;

import com.datastax.oss.driver.api.core.CqlSession;
import io.largekv.cassandra.LocalCassandra;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One real local Cassandra for the whole integration-test JVM, started on first use and stopped
 * (data directory deleted) by its shutdown hook when the JVM exits.
 */
public final class SharedCassandra {
  private static LocalCassandra server;
  private static CqlSession session;

  private SharedCassandra() {}

  public static synchronized LocalCassandra get() {
    if (server == null || !server.isRunning()) {
      try {
        server = TestJit.cassandra().heap("768m").start();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return server;
  }

  /** A driver session on the shared server for tests to look at it directly; closed at JVM exit. */
  public static synchronized CqlSession session() {
    if (session == null) {
      session = TestSessions.open(get());
      CqlSession s = session;
      Runtime.getRuntime().addShutdownHook(new Thread(s::close));
    }
    return session;
  }
}
