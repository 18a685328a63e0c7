package io.largekv.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.TestSessions;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On the real server: a client's first PREPARE waits while the server says the table does not
 * exist (another client's CREATE TABLE is visible in the driver's metadata a moment before the
 * node serves the table), and fails at once on any other refusal.
 */
class PrepareWhenServedIT {
  private static CqlSession cql;

  @BeforeAll
  static void keyspace() {
    cql = SharedCassandra.session();
    cql.execute("CREATE KEYSPACE IF NOT EXISTS it_served WITH replication = "
        + "{'class': 'SimpleStrategy', 'replication_factor': 1}");
  }

  @AfterAll
  static void drop() {
    cql.execute("DROP KEYSPACE IF EXISTS it_served");
  }

  @Test
  void theFirstPrepareWaitsForATableCreatedMeanwhile() throws Exception {
    String select = "SELECT v FROM it_served.late WHERE k = ?";
    // the server's own words for a table it does not serve are recognised
    InvalidQueryException refused = catchThrowableOfType(
        () -> PreparedStatements.prepare(cql, select, "ONE"), InvalidQueryException.class);
    assertThat(refused).isNotNull();
    assertThat(DriverErrors.tableNotServed(refused)).as(refused.getMessage()).isTrue();

    CompletableFuture<PreparedStatement> waiting =
        CompletableFuture.supplyAsync(() -> PreparedStatements.prepareWhenServed(cql, select, "ONE"));
    Thread.sleep(1000);
    // still waiting: the table does not exist, so the call can neither have succeeded nor given up
    assertThat(waiting).as("the first PREPARE gave up before the table was created").isNotDone();
    cql.execute("CREATE TABLE it_served.late (k text PRIMARY KEY, v blob)");
    PreparedStatement ps = waiting.get(120, TimeUnit.SECONDS);
    assertThat(ps.getQuery()).isEqualTo(select);
    assertThat(ps.getVariableDefinitions().size()).isEqualTo(1);
  }

  /**
   * The window itself: a second session refreshes its metadata without pause while the first
   * creates a table, and prepares the moment the table appears there. Here a plain PREPARE at that
   * moment was refused in 40 of 40 rounds ("table t does not exist"); the test checks that it was in
   * the window (the waiting line) in at least one of its rounds, so it tests what it says.
   */
  @Test
  void aTableSeenInTheMetadataWhileAnotherSessionCreatesItIsPrepared() throws Exception {
    PrintStream stderr = System.err;
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    System.setErr(new PrintStream(said, true, StandardCharsets.UTF_8));
    try (CqlSession other = TestSessions.open(SharedCassandra.get())) {
      for (int round = 0; round < 10; round++) {
        String table = "created" + round;
        CompletableFuture<?> create = CompletableFuture.runAsync(
            () -> other.execute("CREATE TABLE it_served." + table + " (k text PRIMARY KEY, v blob)"));
        while (cql.getMetadata().getKeyspace("it_served")
            .flatMap(k -> k.getTable(CqlIdentifier.fromInternal(table))).isEmpty()) {
          assertThat(create).as("CREATE TABLE").isNotCompletedExceptionally();
          cql.refreshSchema();
        }
        String select = "SELECT v FROM it_served." + table + " WHERE k = ?";
        assertThat(PreparedStatements.prepareWhenServed(cql, select, "ONE").getQuery()).isEqualTo(select);
        create.get(120, TimeUnit.SECONDS);
      }
    } finally {
      System.setErr(stderr);
      stderr.print(said.toString(StandardCharsets.UTF_8)); // what the rounds said, in the test's output
    }
    assertThat(said.toString(StandardCharsets.UTF_8).split("does not serve it yet", -1).length - 1)
        .as("rounds in which the first PREPARE met the window and waited").isGreaterThanOrEqualTo(1);
  }

  @Test
  void anyOtherRefusalFailsAtOnce() {
    cql.execute("CREATE TABLE IF NOT EXISTS it_served.kv (k text PRIMARY KEY, v blob)");
    assertThatThrownBy(() -> PreparedStatements.prepareWhenServed(cql, "SELECT nosuch FROM it_served.kv WHERE k = ?", "ONE"))
        .isInstanceOfSatisfying(InvalidQueryException.class,
            e -> assertThat(DriverErrors.tableNotServed(e)).as(e.getMessage()).isFalse());
  }
}
