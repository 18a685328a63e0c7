package io.largekv.driver;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ServerError;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * What a driver error is, for the set-up, and how it reads in one line: the server's own failure
 * ({@link #serverFailed}: a DDL statement is run again), a table the server does not serve yet
 * ({@link #tableNotServed}: the set-up's PREPAREs wait), each judged on every node the driver tried.
 * (The operations' error classes, counted on the hot path, are {@code DriverDB.errorClass}'s.)
 */
final class DriverErrors {

  private DriverErrors() {}

  /**
   * True when the server itself failed the request (a {@code ServerError}: an exception inside it),
   * on every node tried; not for a refusal (invalid query, already exists, unauthorized), which
   * running it again would not change.
   */
  static boolean serverFailed(Throwable e) {
    return onEveryNode(e, t -> t instanceof ServerError);
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
      String m = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
      return t instanceof InvalidQueryException
          ? m.contains("does not exist") || m.contains("unconfigured table") || m.contains("object not found")
          : t instanceof ServerError && m.contains("unknown cf");
    });
  }

  /**
   * Whether {@code error} holds for {@code e}, or, when the driver tried every node ("all nodes
   * failed"), for each node's error; false when no node was tried.
   */
  private static boolean onEveryNode(Throwable e, Predicate<Throwable> error) {
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
  static String describe(Throwable e) {
    if (e instanceof AllNodesFailedException all && !all.getAllErrors().isEmpty()) {
      List<String> nodes = new ArrayList<>();
      all.getAllErrors().forEach((node, errors) -> errors.forEach(t -> nodes.add(node.getEndPoint() + ": "
          + t.getClass().getSimpleName() + ": " + String.valueOf(t.getMessage()).replace('\n', ' '))));
      return oneLine("AllNodesFailedException: " + String.join("; ", nodes));
    }
    return e.getClass().getSimpleName() + ": " + oneLine(e.getMessage());
  }

  /** A message on one line of at most 300 characters; "" for none. */
  static String oneLine(String s) {
    if (s == null) {
      return "";
    }
    String line = s.replace('\n', ' ').replace('\r', ' ');
    return line.length() > 300 ? line.substring(0, 300) + "..." : line;
  }
}
