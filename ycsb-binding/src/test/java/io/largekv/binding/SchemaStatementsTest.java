package io.largekv.binding;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The DDL of every target, as text: YugabyteDB and Scylla cannot run here. */
class SchemaStatementsTest {

  private static YcqlConfig config(String... kv) {
    return Configs.of(kv);
  }

  @Test
  void yugabyteHasNoCompactionOrCompressionAndOptionalTablets() {
    YcqlConfig c = config("ycql.target=yugabyte");
    assertThat(SchemaStatements.createKeyspace(c, "dc1")).isEqualTo(
        "CREATE KEYSPACE IF NOT EXISTS largekv WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}");
    assertThat(SchemaStatements.createTable(c)).isEqualTo(
        "CREATE TABLE IF NOT EXISTS largekv.kv (k varchar PRIMARY KEY, v blob)");
    assertThat(SchemaStatements.createTable(config("ycql.target=yugabyte", "ycql.tablets=80"))).isEqualTo(
        "CREATE TABLE IF NOT EXISTS largekv.kv (k varchar PRIMARY KEY, v blob) WITH tablets = 80");
  }

  @Test
  void cassandraHasNetworkTopologyReplicationCompactionAndCompression() {
    YcqlConfig c = config("ycql.target=cassandra", "ycql.replication_factor=3");
    assertThat(SchemaStatements.createKeyspace(c, "us-east")).isEqualTo(
        "CREATE KEYSPACE IF NOT EXISTS largekv WITH replication = {'class': 'NetworkTopologyStrategy', 'us-east': 3}");
    // never SimpleStrategy (ScyllaDB refuses it under tablets): ServerChecks refuses a cluster with no datacenter first
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> SchemaStatements.createKeyspace(c, ""))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(SchemaStatements.createTable(c)).isEqualTo(
        "CREATE TABLE IF NOT EXISTS largekv.kv (k varchar PRIMARY KEY, v blob)"
            + " WITH compaction = {'class': 'SizeTieredCompactionStrategy'} AND compression = {'class': 'LZ4Compressor'}");
    assertThat(SchemaStatements.createTable(config("ycql.target=cassandra",
        "ycql.compaction=UnifiedCompactionStrategy", "ycql.compression=none"))).endsWith(
        "WITH compaction = {'class': 'UnifiedCompactionStrategy'} AND compression = {'enabled': 'false'}");
  }

  @Test
  void scyllaSpellsCompressionItsOwnWay() {
    YcqlConfig c = config("ycql.target=scylla", "ycql.compaction=IncrementalCompactionStrategy");
    assertThat(SchemaStatements.createTable(c)).isEqualTo(
        "CREATE TABLE IF NOT EXISTS largekv.kv (k varchar PRIMARY KEY, v blob)"
            + " WITH compaction = {'class': 'IncrementalCompactionStrategy'}"
            + " AND compression = {'sstable_compression': 'LZ4Compressor'}");
    assertThat(SchemaStatements.createTable(config("ycql.target=scylla", "ycql.compression=none")))
        .endsWith("AND compression = {}");
  }

  @Test
  void usertableLayoutHasYcsbsFieldColumns() {
    YcqlConfig c = config("ycql.target=yugabyte", "ycql.layout=usertable", "fieldcount=3",
        "ycql.keyspace=ycsb");
    assertThat(SchemaStatements.createTable(c)).isEqualTo(
        "CREATE TABLE IF NOT EXISTS ycsb.usertable (y_id varchar PRIMARY KEY, field0 blob, field1 blob, field2 blob)");
    assertThat(SchemaStatements.dropTable(c)).isEqualTo("DROP TABLE IF EXISTS ycsb.usertable");
  }
}
