package io.largekv.nosqlbench;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DefaultProtocolVersion;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.ColumnDefinition;
import com.datastax.oss.driver.api.core.cql.ColumnDefinitions;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.codec.registry.CodecRegistry;
import io.largekv.binding.SchemaStatements;
import io.largekv.binding.YcqlConfig;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.format.KeyValueFormat;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.TestSessions;
import java.io.File;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * yb_kv_large against a real Cassandra 5.0 (the local one): the DDL runs, every statement
 * PREPAREs with one marker per bind point, every binding's Java type fits its column, and the
 * phases, executed op by op as nb5 binds them, leave only rows the YCSB format verifies.
 */
class WorkloadOnServerIT {

  private static final KeyValueFormat FORMAT = KeyValueFormat.standard();
  private static final WorkloadFile FILE = WorkloadFile.load();
  private static CqlSession cql;

  @BeforeAll
  static void connect() {
    cql = TestSessions.open(SharedCassandra.get());
  }

  @AfterAll
  static void close() {
    if (cql != null) {
      cql.close();
    }
  }

  private static Map<String, String> params(String keyspace, String target, long keycount) {
    Map<String, String> p = new HashMap<>();
    p.put("keyspace", keyspace);
    p.put("target", target);
    p.put("rf", "1");
    p.put("datacenter", SharedCassandra.get().localDatacenter());
    p.put("keycount", Long.toString(keycount));
    return p;
  }

  /**
   * Runs the schema step of a scenario as nb5 would: each raw op once, in order. Scylla's spelling
   * of the compression option is the one thing Cassandra 5 refuses, so it is swapped for
   * Cassandra's there; {@code ddlIsTheYcsbBindingsDdl} checks the Scylla text itself.
   */
  private static Workload createSchema(String keyspace, String target, long keycount) {
    Workload w = FILE.workload(params(keyspace, target, keycount));
    Workload.Step schema = w.steps("load").get(0);
    assertThat(schema.blockPattern()).isEqualTo("schema_" + target);
    for (Workload.Op op : w.opsOfBlocks(schema.blockPattern())) {
      cql.execute(op.statement().replace("'sstable_compression'", "'class'"));
    }
    return w;
  }

  private static String oneLine(String statement) {
    return statement.trim().replaceAll("\\s+", " ");
  }

  /** The same keyspace and table DDL, per target, as the YCSB binding's (ycql.create_schema=true). */
  @Test
  void ddlIsTheYcsbBindingsDdl() {
    for (String target : List.of("yugabyte", "cassandra", "scylla")) {
      Properties props = new Properties();
      props.setProperty(YcqlConfig.TARGET, target);
      props.setProperty(YcqlConfig.REPLICATION_FACTOR, "3");
      YcqlConfig ycsb = YcqlConfig.from(props);
      Workload w = FILE.workload(Map.of("target", target, "datacenter", "dc1"));
      List<Workload.Op> ddl = w.opsOfBlocks("schema_" + target);
      assertThat(oneLine(ddl.get(0).statement())).as(target)
          .isEqualTo(SchemaStatements.createKeyspace(ycsb, "dc1"));
      assertThat(oneLine(ddl.get(1).statement())).as(target).isEqualTo(SchemaStatements.createTable(ycsb));
    }
  }

  private static TableMetadata table(String keyspace) {
    return cql.refreshSchema().getKeyspace(keyspace).orElseThrow().getTable("kv").orElseThrow();
  }

  @Test
  void schemaCreatesTheYcsbTableAndCanRunAgain() {
    for (String target : List.of("cassandra", "yugabyte", "scylla")) {
      String ks = "nb_schema_" + target;
      createSchema(ks, target, 1000);
      createSchema(ks, target, 1000); // IF NOT EXISTS: a second run changes nothing
      TableMetadata t = table(ks);
      assertThat(t.getPartitionKey()).extracting(c -> c.getName().asInternal()).containsExactly("k");
      assertThat(t.getColumn("k").orElseThrow().getType()).isEqualTo(DataTypes.TEXT);
      assertThat(t.getColumn("v").orElseThrow().getType()).isEqualTo(DataTypes.BLOB);
      assertThat(t.getColumns()).hasSize(2);
      if (!target.equals("yugabyte")) {
        assertThat(t.getOptions().toString()).contains("SizeTieredCompactionStrategy", "LZ4Compressor");
      }
    }
  }

  @Test
  void everyStatementPreparesAndEveryBindingFitsItsColumn() {
    Workload w = createSchema("nb_prepare", "cassandra", 30_000_000_000L);
    CodecRegistry codecs = cql.getContext().getCodecRegistry();
    int prepared = 0;
    for (Workload.Op op : w.ops()) {
      if (!op.type().equals("prepared")) {
        continue;
      }
      PreparedStatement ps = cql.prepare(WorkloadFile.withMarkers(op.statement()));
      ColumnDefinitions vars = ps.getVariableDefinitions();
      List<String> points = op.bindPoints();
      assertThat(vars.size()).as("%s.%s markers", op.block(), op.name()).isEqualTo(points.size());
      Map<String, Object> state = new HashMap<>();
      for (int i = 0; i < points.size(); i++) {
        ColumnDefinition column = vars.get(i);
        Object value = BindingChain.parse(w.bindings().get(points.get(i))).apply(12_345_678_901L, state);
        DataType expected = value instanceof String ? DataTypes.TEXT
            : value instanceof ByteBuffer ? DataTypes.BLOB : null;
        assertThat(column.getType()).as("%s.%s marker %d (%s) is a %s column", op.block(), op.name(), i,
            points.get(i), column.getName()).isEqualTo(expected);
        // what the driver does when nb5 binds: picks a codec from the column type and the value's class
        assertThat(codecs.codecFor(column.getType(), value).accepts(value)).isTrue();
      }
      if (op.isRead()) {
        assertThat(ps.getResultSetDefinitions()).extracting(c -> c.getType())
            .containsExactly(DataTypes.TEXT, DataTypes.BLOB);
      }
      DefaultConsistencyLevel.valueOf(op.consistency()); // a name nb5's cl: accepts
      prepared++;
    }
    assertThat(prepared).isEqualTo(8);
  }

  /** protocol-v4.conf, the driverconfig for YugabyteDB and Scylla, loads and pins protocol v4. */
  @Test
  void protocolV4DriverConfigPinsV4() {
    LocalCassandra c = SharedCassandra.get();
    File conf = WorkloadFile.repoDir().resolve("nosqlbench-workloads/protocol-v4.conf").toFile();
    try (CqlSession s = CqlSession.builder()
        .addContactPoint(new InetSocketAddress(c.host(), c.nativePort()))
        .withLocalDatacenter(c.localDatacenter())
        // nb5's stock driver reads no partition map; this test's YugabyteDB driver would try
        .withConfigLoader(DriverConfigLoader.compose(DriverConfigLoader.programmaticBuilder()
                .build(),
            DriverConfigLoader.fromFile(conf)))
        .build()) {
      // Cassandra 5 would negotiate v5 without it
      assertThat(s.getContext().getProtocolVersion()).isEqualTo(DefaultProtocolVersion.V4);
      assertThat(s.execute("SELECT release_version FROM system.local").one()).isNotNull();
    }
  }

  /**
   * Executes the phases op by op, binding values as nb5 does (one value per marker, same cycle),
   * then reads the whole table back: every row is a YCSB-format row, and the key set is the loaded
   * keys plus the phases' contiguous inserts.
   */
  @Test
  void phasesExecutedAsNb5DoesLeaveOnlyVerifiableRows() {
    long keycount = 600;
    String ks = "nb_phases";
    createSchema(ks, "cassandra", keycount);
    Map<String, String> p = params(ks, "cassandra", keycount);
    p.put("latest_p", "0.01d");
    Workload w = FILE.workload(p);
    Map<String, PreparedStatement> statements = new HashMap<>();
    long reads = 0;
    long found = 0;
    long newest = keycount - 1;
    String[][] phases = {{"rampup", "600"}, {"uniform_.*", "744"}, {"latest_.*", "1200"},
        {"fixed_latest_.*", "600"}, {"append", "20"}};
    for (String[] phase : phases) {
      OpSequence seq = new OpSequence(w.opsOfBlocks(phase[0]));
      Map<String, Object> state = new HashMap<>();
      for (long c = 0; c < Long.parseLong(phase[1]); c++) {
        Workload.Op op = seq.at(c);
        PreparedStatement ps = statements.computeIfAbsent(op.block() + "." + op.name(),
            k -> cql.prepare(WorkloadFile.withMarkers(op.statement())));
        List<Object> values = new ArrayList<>();
        for (String point : op.bindPoints()) {
          values.add(BindingChain.parse(w.bindings().get(point)).apply(c, state));
        }
        var bound = ps.bind(values.toArray())
            .setConsistencyLevel(DefaultConsistencyLevel.valueOf(op.consistency()));
        Row row = cql.execute(bound).one();
        if (op.isRead()) {
          reads++;
          if (row != null) {
            found++;
            long n = FORMAT.keyNumber(row.getString("k"));
            assertThat(n).isEqualTo(FORMAT.keyNumber((String) values.get(0)));
            assertThat(FORMAT.valueMatches(n, row.getByteBuffer("v"))).isTrue();
          }
        } else {
          newest = Math.max(newest, FORMAT.keyNumber((String) values.get(0)));
        }
      }
    }
    assertThat(found).as("every read finds its row").isEqualTo(reads);

    TreeSet<Long> keys = new TreeSet<>();
    for (Row row : cql.execute("SELECT k, v FROM " + ks + ".kv")) {
      long n = FORMAT.keyNumber(row.getString("k"));
      assertThat(n).as("a key of the format: %s", row.getString("k")).isNotNegative();
      assertThat(FORMAT.valueMatches(n, row.getByteBuffer("v"))).as("value of key number %d", n).isTrue();
      keys.add(n);
    }
    // 600 loaded; the latest phase inserts 600..619, append rewrites 600..619: one contiguous range
    assertThat(keys.first()).isZero();
    assertThat(keys.last()).isEqualTo(newest).isEqualTo(619);
    assertThat(keys).hasSize(620);
  }
}
