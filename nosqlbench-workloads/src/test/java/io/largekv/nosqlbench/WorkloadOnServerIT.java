package io.largekv.nosqlbench;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultProtocolVersion;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataTypes;
import io.largekv.binding.SchemaStatements;
import io.largekv.binding.YcqlConfig;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.TestSessions;
import java.io.File;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * yb_kv_large's DDL against a real Cassandra 5.0 (the local one), for every target: it is the YCSB
 * binding's, it runs, twice, and makes the YCSB table.
 *
 * <p>The ops themselves are run by a real nb5 only: RealNb5SmokeIT prepares and runs every block
 * but {@code append} on Cassandra and verifies every row; RealNb5StdoutFarCyclesIT shows, with nb5's
 * own values, that {@code append}'s statement is the load's and binds the same kinds of values (a
 * 50-byte key String, a 256-byte ByteBuffer) of the format's rows, keys keycount + cycle.
 */
class WorkloadOnServerIT {

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
}
