package io.largekv.it;

import io.largekv.cassandra.LocalCassandra;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * One real local Cassandra for the whole integration-test JVM, started on first use and stopped
 * (data directory deleted) by its shutdown hook when the JVM exits.
 */
public final class SharedCassandra {
  private static LocalCassandra server;

  private SharedCassandra() {}

  public static synchronized LocalCassandra get() {
    if (server == null || !server.isRunning()) {
      try {
        server = LocalCassandra.builder().heap("768m").start();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return server;
  }
}
