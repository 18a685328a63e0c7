package io.largekv.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.servererrors.AlreadyExistsException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ServerError;
import io.largekv.binding.YcqlConfig;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The DDL retry through {@link SchemaDdl#ddl}, on a session that fails as a server does: an
 * idempotent statement ({@code IF [NOT] EXISTS}) that the server failed with an error of its own is
 * run again, at most {@value SchemaDdl#DDL_ATTEMPTS} times, 500 ms × the attempt apart, each retry
 * said in one line; a refusal, or a statement that is not idempotent, fails at once.
 */
class SchemaDdlTest {

  private static final String CREATE = "CREATE KEYSPACE IF NOT EXISTS ks WITH replication = {'class': 'SimpleStrategy',"
      + " 'replication_factor': 1}";

  /** What execute throws, attempt by attempt; then it succeeds. */
  private final Deque<DriverException> failures = new ArrayDeque<>();
  private final List<String> executed = new ArrayList<>();
  private final List<Long> pauses = new ArrayList<>();
  private int agreementChecks;
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream stderr;

  @BeforeEach
  void captureStderr() {
    stderr = System.err;
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restoreStderr() {
    System.setErr(stderr);
  }

  private SchemaDdl ddl() {
    return new SchemaDdl(session(), YcqlConfig.from(new Properties()), pauses::add);
  }

  /** The binding's lines on stderr (the driver's logging may print its own). */
  private List<String> stderr() {
    return err.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith("yugabyte-ycql: ")).toList();
  }

  @Test
  void theServersOwnErrorIsRunAgainUntilTheStatementSucceeds() {
    failures.add(new ServerError(null, "java.lang.RuntimeException:\nboom"));
    failures.add(new ServerError(null, "java.lang.RuntimeException: boom"));
    ddl().ddl(CREATE);
    assertThat(executed).containsExactly(CREATE, CREATE, CREATE);
    assertThat(pauses).containsExactly(500L, 1000L);
    assertThat(agreementChecks).isEqualTo(1); // then the schema must agree, once it ran
    // the error in one line
    assertThat(stderr()).containsExactly("yugabyte-ycql: " + CREATE,
        "yugabyte-ycql: the server failed it (ServerError: java.lang.RuntimeException: boom); running it again"
            + " (attempt 2 of 5)",
        "yugabyte-ycql: the server failed it (ServerError: java.lang.RuntimeException: boom); running it again"
            + " (attempt 3 of 5)");
  }

  @Test
  void afterTheLastAttemptTheServersErrorEndsTheSetUp() {
    for (int i = 0; i < SchemaDdl.DDL_ATTEMPTS; i++) {
      failures.add(new ServerError(null, "attempt " + (i + 1)));
    }
    assertThatThrownBy(() -> ddl().ddl(CREATE)).isInstanceOf(ServerError.class).hasMessage("attempt 5");
    assertThat(executed).hasSize(SchemaDdl.DDL_ATTEMPTS);
    assertThat(pauses).containsExactly(500L, 1000L, 1500L, 2000L);
    assertThat(agreementChecks).isZero();
  }

  @Test
  void aRefusalIsNotRunAgain() {
    failures.add(new InvalidQueryException(null, "line 1:7 no viable alternative"));
    assertThatThrownBy(() -> ddl().ddl(CREATE)).isInstanceOf(InvalidQueryException.class);
    failures.add(new AlreadyExistsException(null, "ks", "kv"));
    assertThatThrownBy(() -> ddl().ddl(CREATE)).isInstanceOf(AlreadyExistsException.class);
    // no node tried: nothing says the server failed
    failures.add(AllNodesFailedException.fromErrors(List.of()));
    assertThatThrownBy(() -> ddl().ddl(CREATE)).isInstanceOf(AllNodesFailedException.class);
    assertThat(executed).hasSize(3);
    assertThat(pauses).isEmpty();
    assertThat(stderr()).containsExactly("yugabyte-ycql: " + CREATE, "yugabyte-ycql: " + CREATE, "yugabyte-ycql: " + CREATE);
  }

  @Test
  void aStatementThatIsNotIdempotentIsNotRunAgain() {
    failures.add(new ServerError(null, "java.lang.RuntimeException: boom"));
    assertThatThrownBy(() -> ddl().ddl("DROP TABLE ks.kv")).isInstanceOf(ServerError.class);
    assertThat(executed).containsExactly("DROP TABLE ks.kv");
    assertThat(pauses).isEmpty();
  }

  /**
   * A session with no node in its metadata (the DDL goes to the driver's choice) whose execute fails
   * with {@link #failures} in turn, and whose schema always agrees.
   */
  private CqlSession session() {
    Metadata metadata = (Metadata) Proxy.newProxyInstance(Metadata.class.getClassLoader(),
        new Class<?>[] {Metadata.class}, (proxy, method, args) -> switch (method.getName()) {
          case "getNodes" -> Map.of();
          default -> throw new UnsupportedOperationException(method.getName());
        });
    return (CqlSession) Proxy.newProxyInstance(CqlSession.class.getClassLoader(), new Class<?>[] {CqlSession.class},
        (proxy, method, args) -> switch (method.getName()) {
          case "getMetadata" -> metadata;
          case "execute" -> {
            executed.add(((SimpleStatement) args[0]).getQuery());
            DriverException e = failures.poll();
            if (e != null) {
              throw e;
            }
            yield null;
          }
          case "checkSchemaAgreement" -> {
            agreementChecks++;
            yield true;
          }
          default -> throw new UnsupportedOperationException(method.getName());
        });
  }
}
