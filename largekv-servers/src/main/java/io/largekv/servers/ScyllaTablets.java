package io.largekv.servers;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The benchmark table's tablets as ScyllaDB's {@code system.tablets} lists them, read through the
 * driver: the one place that says a tablet is still moving. Tablet migration and rebuild stream
 * SSTable files ({@code enable_file_stream}, true by default), which moves none of the streaming
 * counters the Prometheus page has, and every node stays {@code NORMAL} meanwhile; a tablet in
 * transition has {@code stage} and {@code transition} set until its move has ended.
 *
 * <p>{@code system.tablets} is partitioned by {@code table_id}: the table's id comes from
 * {@code system_schema.tables}. A table that does not exist yet, a keyspace on vnodes (no row) and
 * a ScyllaDB without tablets (no such table) all have no tablet in transition.
 */
final class ScyllaTablets implements ScyllaTabletReader {

  private static final Duration TIMEOUT = Duration.ofSeconds(5);

  private final CqlSession session;
  private final String keyspace;
  private final String table;

  /** Reads through {@code session}, closed with this reader. */
  ScyllaTablets(CqlSession session, String keyspace, String table) {
    this.session = session;
    this.keyspace = keyspace;
    this.table = table;
  }

  /** A reader that cannot read: every look says {@code why}. */
  static ScyllaTabletReader unavailable(String why) {
    return new ScyllaTabletReader() {
      @Override
      public List<ScyllaTablet> read() throws IOException {
        throw new IOException(why);
      }

      @Override
      public String describe() {
        return "system.tablets (unavailable: " + why + ")";
      }
    };
  }

  @Override
  public String describe() {
    return "system.tablets of " + keyspace + "." + table;
  }

  @Override
  public List<ScyllaTablet> read() throws IOException {
    try {
      Row id = session.execute(statement("SELECT id FROM system_schema.tables WHERE keyspace_name = ? AND"
          + " table_name = ?", keyspace, table)).one();
      if (id == null) {
        return List.of(); // not created yet
      }
      UUID tableId = id.getUuid("id");
      List<ScyllaTablet> tablets = new ArrayList<>();
      for (Row r : session.execute(statement("SELECT last_token, stage, transition FROM system.tablets"
          + " WHERE table_id = ?", tableId))) {
        tablets.add(new ScyllaTablet(r.getLong("last_token"), r.getString("stage"), r.getString("transition")));
      }
      return tablets;
    } catch (InvalidQueryException e) {
      // "unconfigured table tablets": a ScyllaDB before tablets, whose data moves by streaming only
      if (String.valueOf(e.getMessage()).contains("tablets")) {
        return List.of();
      }
      throw new IOException(describe() + ": " + e.getMessage(), e);
    } catch (DriverException e) {
      throw new IOException(describe() + ": " + e.getClass().getSimpleName() + ": " + e.getMessage(), e);
    }
  }

  private static SimpleStatement statement(String cql, Object... values) {
    return SimpleStatement.builder(cql).addPositionalValues(values).setTimeout(TIMEOUT)
        .setConsistencyLevel(DefaultConsistencyLevel.ONE).build();
  }

  /**
   * What {@code tablets} say is moving: e.g. {@code 3 of 64 tablets of largekv.kv in transition
   * (2 migration, 1 rebuild_v2; stages streaming 2, write_both_read_old 1)}; null when none is.
   */
  static String inTransition(List<ScyllaTablet> tablets, String tableName) {
    Map<String, Integer> kinds = new TreeMap<>();
    Map<String, Integer> stages = new TreeMap<>();
    int moving = 0;
    for (ScyllaTablet t : tablets) {
      if (t.inTransition()) {
        moving++;
        kinds.merge(t.transition() == null ? "unknown" : t.transition(), 1, Integer::sum);
        stages.merge(t.stage() == null ? "unknown" : t.stage(), 1, Integer::sum);
      }
    }
    if (moving == 0) {
      return null;
    }
    return moving + " of " + tablets.size() + " tablet" + (tablets.size() == 1 ? "" : "s") + " of " + tableName
        + " in transition (" + counts(kinds) + "; stages " + counts(stages) + ")";
  }

  private static String counts(Map<String, Integer> m) {
    List<String> parts = new ArrayList<>();
    m.forEach((k, n) -> parts.add(n + " " + k));
    return String.join(", ", parts);
  }

  @Override
  public void close() {
    session.close();
  }
}
