package io.largekv.driver;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ServerError;
import java.lang.reflect.Proxy;
import java.util.AbstractMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Which refusals of a client's first PREPARE mean "the table is not served yet" (wait for it) and
 * which fail at once (PreparedStatements.prepareWhenServed; PrepareWhenServedIT meets the window against a
 * real server).
 */
class TableNotServedTest {

  private static final String UNKNOWN_CF =
      "java.lang.IllegalArgumentException: Unknown CF 1e6ff460-e913-11f1-af50-c9fc6a143262";

  @Test
  void eachServersWordsForATableItDoesNotServeYet() {
    assertThat(DriverErrors.tableNotServed(new InvalidQueryException(null, "table t does not exist"))).isTrue();
    assertThat(DriverErrors.tableNotServed(new InvalidQueryException(null, "unconfigured table t"))).isTrue();
    assertThat(DriverErrors.tableNotServed(new InvalidQueryException(null, "Object Not Found"))).isTrue();
    // YugabyteDB's whole message (src/yb/yql/cql/ql: ErrorCode::OBJECT_NOT_FOUND, the statement, a caret
    // line, the code). This retry is what covers a table YCQL does not serve yet: its system.local and
    // system.peers report one constant schema_version, so the driver's schema agreement passes at once
    assertThat(DriverErrors.tableNotServed(new InvalidQueryException(null, "Object Not Found\n"
        + "SELECT v FROM largekv.kv WHERE k = ?\n              ^^^^^^^^^^\n (ql error -301)"))).isTrue();
    // Cassandra 5 a moment later: the schema row is there, the table's store is not
    assertThat(DriverErrors.tableNotServed(new ServerError(null, UNKNOWN_CF))).isTrue();
  }

  @Test
  void anyOtherRefusalIsNot() {
    assertThat(DriverErrors.tableNotServed(new InvalidQueryException(null, "Undefined column name nosuch"))).isFalse();
    assertThat(DriverErrors.tableNotServed(new ServerError(null, "java.lang.RuntimeException: boom"))).isFalse();
  }

  @Test
  void allNodesFailedCountsOnlyWhenEveryNodeSaidSo() {
    assertThat(DriverErrors.tableNotServed(allFailed(new ServerError(null, UNKNOWN_CF),
        new InvalidQueryException(null, "table t does not exist")))).isTrue();
    assertThat(DriverErrors.tableNotServed(allFailed(new ServerError(null, UNKNOWN_CF),
        new ServerError(null, "java.lang.RuntimeException: boom")))).isFalse();
    // no node tried: nothing says the table is missing
    assertThat(DriverErrors.tableNotServed(AllNodesFailedException.fromErrors(List.of()))).isFalse();
  }

  /** What the driver throws when it tried one node per error and each refused with it. */
  private static AllNodesFailedException allFailed(Throwable... errors) {
    List<Map.Entry<Node, Throwable>> tried = new java.util.ArrayList<>();
    for (Throwable t : errors) {
      tried.add(new AbstractMap.SimpleEntry<>(node(), t));
    }
    return AllNodesFailedException.fromErrors(tried);
  }

  /** A node as a key of the driver's error map only: none of its methods but identity is called. */
  private static Node node() {
    return (Node) Proxy.newProxyInstance(Node.class.getClassLoader(), new Class<?>[] {Node.class},
        (proxy, method, args) -> switch (method.getName()) {
          case "hashCode" -> System.identityHashCode(proxy);
          case "equals" -> proxy == args[0];
          case "toString" -> "node@" + System.identityHashCode(proxy);
          default -> throw new UnsupportedOperationException(method.getName());
        });
  }
}
