package io.largekv.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.binding.ServerChecks.Check;
import io.largekv.binding.ServerChecks.Verdict;
import io.largekv.common.Database;
import io.largekv.common.UserError;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The rules a run's settings meet at connect, before any DDL, against what each database says of
 * itself; and the servers' refusals, as their sources spell them, told as the setting that caused
 * them. YugabyteDB and ScyllaDB cannot run here: these are their facts as data
 * (ServerChecksIT meets the Cassandra rules on real servers).
 */
class ServerChecksTest {

  private static YcqlConfig config(String... kv) {
    return Configs.of(kv);
  }

  /** A cluster of one datacenter with {@code n} nodes, all up, no keyspace yet. */
  private static ServerFacts cluster(Database product, String version, String dc, int n, Boolean tablets) {
    return new ServerFacts(product, product == Database.CASSANDRA ? version : "3.0.8",
        product == Database.SCYLLA ? version : null, "c1", Map.of(dc, n), Map.of(dc, n), tablets, null, null, false);
  }

  private static ServerFacts withKeyspace(ServerFacts f, Map<String, String> replication, boolean table) {
    return new ServerFacts(f.product(), f.releaseVersion(), f.productVersion(), f.clusterName(), f.nodes(), f.nodesUp(),
        f.tabletsForNewKeyspaces(), replication, null, table);
  }

  private static Check check(List<Check> checks, String subject) {
    return checks.stream().filter(c -> c.subject().equals(subject)).findFirst().orElseThrow();
  }

  @Test
  void aReplicationFactorAboveTheDatacentersNodesIsRefusedBeforeAnyDdlOnEveryTarget() {
    for (Database t : List.of(Database.SCYLLA, Database.CASSANDRA)) {
      ServerFacts oneNode = cluster(t, t == Database.SCYLLA ? "2025.1.2" : "5.0.6", "dc1", 1, t == Database.SCYLLA);
      YcqlConfig c = config("ycql.target=" + t.propertyValue());
      Check rf = check(ServerChecks.checks(c, oneNode), "replication");
      assertThat(rf.verdict()).isEqualTo(Verdict.FAIL);
      assertThat(rf.line()).startsWith("ycql.replication_factor=3 is more than the 1 node of datacenter dc1")
          .contains("accepted: ycql.replication_factor=1..1");
      assertThatThrownBy(() -> ServerChecks.enforce(c, oneNode)).isInstanceOf(UserError.class)
          .hasMessage(rf.line());
      assertThat(check(ServerChecks.checks(c, cluster(t, "5.0.6", "dc1", 3, false)), "replication").verdict())
          .isEqualTo(Verdict.OK);
    }
    assertThat(check(ServerChecks.checks(config("ycql.target=scylla"),
        cluster(Database.SCYLLA, "2025.1.2", "dc1", 2, true)), "replication").line())
        .contains("ScyllaDB with tablets refuses the table");
  }

  @Test
  void noDatacenterMeansNoSimpleStrategyFallbackButOneLine() {
    ServerFacts noDc = cluster(Database.SCYLLA, "2026.2.0", "", 3, true);
    Check rf = check(ServerChecks.checks(config("ycql.target=scylla"), noDc), "replication");
    assertThat(rf.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(rf.line()).contains("no node of the cluster reports its datacenter").endsWith("accepted: ycql.localdc=DC");
    // with ycql.localdc named, the keyspace names it
    assertThat(ServerChecks.keyspaceDatacenter(config("ycql.target=scylla", "ycql.localdc=dc1"), noDc)).isEqualTo("dc1");
  }

  @Test
  void aLocalDatacenterTheClusterDoesNotHaveNamesTheOnesItHas() {
    ServerFacts two = new ServerFacts(Database.CASSANDRA, "5.0.6", null, "c1", Map.of("dc1", 3, "dc2", 3),
        Map.of("dc1", 3, "dc2", 3), null, null, null, false);
    Check dc = check(ServerChecks.checks(config("ycql.target=cassandra", "ycql.localdc=us-east"), two), "local datacenter");
    assertThat(dc.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(dc.line()).isEqualTo("ycql.localdc=us-east is not accepted; accepted values: a datacenter of this cluster:"
        + " dc1, dc2");
  }

  @Test
  void aConsistencyLevelTheReplicasCannotMeetIsRefusedWithTheLevelsTheyCan() {
    // an existing keyspace of RF 1 and QUORUM: 1 replica, QUORUM of 1 is 1: fine; ALL on RF 2 over 1 node is not
    ServerFacts f = withKeyspace(cluster(Database.CASSANDRA, "5.0.6", "dc1", 1, null),
        Map.of("class", "org.apache.cassandra.locator.NetworkTopologyStrategy", "dc1", "2"), false);
    List<Check> checks = ServerChecks.checks(config("ycql.target=cassandra", "ycql.read_consistency=ALL"), f);
    assertThat(check(checks, "replication").verdict()).isEqualTo(Verdict.WARN);
    Check read = check(checks, "read consistency");
    assertThat(read.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(read.line()).startsWith("ycql.read_consistency=ALL needs 2 replicas and the keyspace has 1 that can"
        + " answer (RF 2 in dc1 on 1 node)").contains("accepted: ONE, LOCAL_ONE");
    assertThat(check(checks, "write consistency").verdict()).isEqualTo(Verdict.FAIL); // QUORUM of 2 is 2
    // LOCAL_QUORUM in a datacenter the keyspace does not replicate to
    ServerFacts twoDc = new ServerFacts(Database.CASSANDRA, "5.0.6", null, "c1", Map.of("dc1", 3, "dc2", 3),
        Map.of("dc1", 3, "dc2", 3), null, Map.of("class", "NetworkTopologyStrategy", "dc1", "3"), null, true);
    Check local = check(ServerChecks.checks(config("ycql.target=cassandra", "ycql.localdc=dc2",
        "ycql.read_consistency=LOCAL_QUORUM"), twoDc), "read consistency");
    assertThat(local.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(local.line()).contains("needs 1 replica in datacenter dc2 and it has 0");
    // SimpleStrategy counts the whole cluster; Scylla's "3/0"-style factors are read
    ServerFacts simple = withKeyspace(cluster(Database.CASSANDRA, "5.0.6", "dc1", 3, null),
        Map.of("class", "org.apache.cassandra.locator.SimpleStrategy", "replication_factor", "3"), true);
    assertThat(ServerChecks.checks(config("ycql.target=cassandra"), simple)).allMatch(c -> c.verdict() == Verdict.OK);
  }

  @Test
  void scyllaRefusesEachQuorumReadsAtParse() {
    assertThatThrownBy(() -> config("ycql.target=scylla", "ycql.read_consistency=EACH_QUORUM"))
        .isInstanceOf(UserError.class)
        .hasMessageStartingWith("ycql.read_consistency=EACH_QUORUM is not accepted with ycql.target=scylla")
        .hasMessageContaining("accepted values: ONE,");
    assertThatThrownBy(() -> config("ycql.target=scylla", "ycql.scan_consistency=each_quorum"))
        .hasMessageStartingWith("ycql.scan_consistency=EACH_QUORUM");
    // writes may; Cassandra reads may
    assertThat(config("ycql.target=scylla", "ycql.write_consistency=EACH_QUORUM").writeConsistency).isEqualTo("EACH_QUORUM");
    assertThat(config("ycql.target=cassandra", "ycql.read_consistency=EACH_QUORUM").readConsistency)
        .isEqualTo("EACH_QUORUM");
  }

  @Test
  void incrementalCompactionNeedsAScyllaReleaseThatHasIt() {
    YcqlConfig ics = config("ycql.target=scylla", "ycql.compaction=IncrementalCompactionStrategy",
        "ycql.replication_factor=1");
    Check old = check(ServerChecks.checks(ics, cluster(Database.SCYLLA, "6.2.3", "dc1", 1, true)), "table options");
    assertThat(old.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(old.line()).startsWith("ycql.compaction=IncrementalCompactionStrategy: ScyllaDB 6.2.3 has no such class")
        .endsWith("accepted: SizeTieredCompactionStrategy, LeveledCompactionStrategy, TimeWindowCompactionStrategy");
    for (String has : List.of("2025.1.0", "2025.3.1", "2026.2.0", "2024.1.9")) {
      assertThat(check(ServerChecks.checks(ics, cluster(Database.SCYLLA, has, "dc1", 1, true)), "table options")
          .verdict()).as(has).isEqualTo(Verdict.OK);
    }
    // unknown version: said, not guessed
    assertThat(check(ServerChecks.checks(ics, cluster(Database.SCYLLA, null, "dc1", 1, true)), "table options")
        .verdict()).isEqualTo(Verdict.UNCHECKED);
    // an existing table keeps its options: nothing to check
    assertThat(check(ServerChecks.checks(ics, withKeyspace(cluster(Database.SCYLLA, "6.2.3", "dc1", 1, true),
        Map.of("class", "NetworkTopologyStrategy", "dc1", "1"), true)), "table options").verdict()).isEqualTo(Verdict.OK);
  }

  @Test
  void unifiedCompactionNeedsCassandraFive() {
    YcqlConfig ucs = config("ycql.target=cassandra", "ycql.compaction=UnifiedCompactionStrategy",
        "ycql.replication_factor=1");
    assertThat(check(ServerChecks.checks(ucs, cluster(Database.CASSANDRA, "4.1.7", "dc1", 1, null)), "table options")
        .line()).startsWith("ycql.compaction=UnifiedCompactionStrategy: Apache Cassandra 4.1.7 has no such class");
    assertThat(check(ServerChecks.checks(ucs, cluster(Database.CASSANDRA, "5.0.6", "dc1", 1, null)), "table options")
        .verdict()).isEqualTo(Verdict.OK);
  }

  @Test
  void yugabyteTabletsAboveTheDefaultCapAreAWarningAndItsReplicationIsTheUniverses() {
    ServerFacts yb = new ServerFacts(Database.YUGABYTE, "3.9-SNAPSHOT", null, "local cluster", Map.of("dc1", 3),
        Map.of("dc1", 3), null, null, null, false);
    List<Check> checks = ServerChecks.checks(config("ycql.target=yugabyte", "ycql.tablets=8000"), yb);
    Check tablets = check(checks, "table options");
    assertThat(tablets.verdict()).isEqualTo(Verdict.WARN);
    assertThat(tablets.line()).contains("max_num_tablets_for_table").contains("5000");
    assertThat(check(checks, "replication").verdict()).isEqualTo(Verdict.UNCHECKED);
    assertThat(ServerChecks.enforce(config("ycql.target=yugabyte", "ycql.tablets=8000"), yb)).containsExactly(tablets);
    assertThat(check(ServerChecks.checks(config("ycql.target=yugabyte", "ycql.tablets=5000"), yb), "table options")
        .verdict()).isEqualTo(Verdict.OK);
  }

  @Test
  void aTargetOtherThanTheServerIsAWarningAndAnUnknownServerIsSaid() {
    ServerFacts cassandra = cluster(Database.CASSANDRA, "5.0.6", "datacenter1", 1, null);
    Check product = check(ServerChecks.checks(config("ycql.target=yugabyte"), cassandra), "server");
    assertThat(product.verdict()).isEqualTo(Verdict.WARN);
    assertThat(product.line()).contains("the server is Apache Cassandra 5.0.6");
    ServerFacts unknown = new ServerFacts(null, "?", null, "?", Map.of("dc1", 1), Map.of("dc1", 1), null, null, null,
        false);
    assertThat(check(ServerChecks.checks(config("ycql.target=cassandra", "ycql.replication_factor=1"), unknown), "server")
        .verdict()).isEqualTo(Verdict.UNCHECKED);
  }

  /**
   * What each server says when it refuses largekv's DDL, as its source spells it (ScyllaDB:
   * locator/network_topology_strategy.cc, locator/simple_strategy.cc, compaction/compaction_strategy.hh,
   * db/consistency_level.cc; YugabyteDB: src/yb/yql/cql/ql/ptree/pt_table_property.cc and the master's
   * catalog manager), told as the setting that caused it.
   */
  @Test
  void eachServersRefusalIsToldAsTheSettingThatCausedIt() {
    YcqlConfig scylla = config("ycql.target=scylla", "ycql.compaction=IncrementalCompactionStrategy");
    String table = SchemaStatements.createTable(scylla);
    assertThat(ServerChecks.refusal(scylla, table,
        "Datacenter dc1 doesn't have enough token-owning nodes for replication_factor=3"))
        .startsWith("ycql.replication_factor=3 (more replicas than nodes in the datacenter): the server refused CREATE TABLE")
        .endsWith("(Datacenter dc1 doesn't have enough token-owning nodes for replication_factor=3)");
    // ScyllaDB 6.0 and 6.1 said it without "token-owning"
    assertThat(ServerChecks.refusal(scylla, table, "Datacenter dc1 doesn't have enough nodes for replication_factor=3"))
        .startsWith("ycql.replication_factor=3 ");
    assertThat(ServerChecks.refusal(scylla, "CREATE KEYSPACE ...", "SimpleStrategy doesn't support tablet replication"))
        .startsWith("ycql.localdc (the keyspace needs NetworkTopologyStrategy with a datacenter)");
    assertThat(ServerChecks.refusal(scylla, table, "Unable to find compaction strategy class 'IncrementalCompactionStrategy'"))
        .startsWith("ycql.compaction=IncrementalCompactionStrategy: the server refused " + table);
    assertThat(ServerChecks.refusal(config("ycql.target=scylla", "ycql.write_consistency=EACH_QUORUM"), "SELECT ...",
        "EACH_QUORUM ConsistencyLevel is only supported for writes")).startsWith("ycql.read_consistency=QUORUM");
    YcqlConfig yb = config("ycql.target=yugabyte", "ycql.tablets=8000");
    assertThat(ServerChecks.refusal(yb, SchemaStatements.createTable(yb), "Invalid Arguments. Number of tablets exceeds"
        + " system limit CREATE TABLE IF NOT EXISTS largekv.kv (k varchar PRIMARY KEY, v blob) WITH tablets = 8000"
        + "  ^^^^  (ql error -304)"))
        .startsWith("ycql.tablets=8000 (above YugabyteDB's default cap of 5000, max_num_tablets_for_table): the server"
            + " refused CREATE TABLE IF NOT EXISTS largekv.kv (k varchar PRIMARY KEY, v blob) WITH tablets = 8000");
    assertThat(ServerChecks.refusal(yb, "CREATE TABLE ...", "The requested number of tablets (8000) is over the"
        + " permitted maximum (150)")).startsWith("ycql.tablets=8000 ");
    assertThat(ServerChecks.refusal(config("ycql.target=cassandra"), table, "Unknown property 'foo'"))
        .startsWith("the table options: the server refused");
  }

  @Test
  void scyllaVersionsWithIncrementalCompaction() {
    assertThat(ServerChecks.scyllaHasIncremental("6.2.3-0.20241212.abc")).isFalse();
    assertThat(ServerChecks.scyllaHasIncremental("5.4.9")).isFalse();
    assertThat(ServerChecks.scyllaHasIncremental("2019.1.3")).isFalse();
    assertThat(ServerChecks.scyllaHasIncremental("2019.1.4")).isTrue();
    assertThat(ServerChecks.scyllaHasIncremental("2025.1.0-0.20250210.1a2b3c")).isTrue();
  }

  @Test
  void theYugabyteDialectOnCassandraOrScyllaIsJudgedAsTheSimpleStrategyKeyspaceItCreates() {
    // ycql.target's default is yugabyte: on a Cassandra its keyspace is a real SimpleStrategy one
    ServerFacts oneNode = cluster(Database.CASSANDRA, "5.0.6", "datacenter1", 1, null);
    List<Check> checks = ServerChecks.checks(config("ycql.target=yugabyte"), oneNode);
    assertThat(check(checks, "replication").verdict()).isEqualTo(Verdict.FAIL);
    assertThat(check(checks, "replication").line()).startsWith("ycql.replication_factor=3 is more than the 1 node of"
        + " the cluster (ycql.target=yugabyte creates a SimpleStrategy keyspace on Apache Cassandra)")
        .endsWith("or ycql.target=cassandra");
    assertThat(check(checks, "read consistency").verdict()).isEqualTo(Verdict.FAIL);
    assertThat(ServerChecks.checks(config("ycql.target=yugabyte", "ycql.replication_factor=1"), oneNode))
        .filteredOn(c -> c.verdict() == Verdict.FAIL).isEmpty();
    // ScyllaDB 2026.2 and later refuse SimpleStrategy under tablets; 2026.1 gives it vnodes
    assertThat(check(ServerChecks.checks(config("ycql.target=yugabyte", "ycql.replication_factor=1"),
        cluster(Database.SCYLLA, "2026.2.0", "dc1", 3, true)), "replication").line())
        .contains("SimpleStrategy, which ScyllaDB 2026.2.0 refuses under tablets");
    assertThat(check(ServerChecks.checks(config("ycql.target=yugabyte", "ycql.replication_factor=1"),
        cluster(Database.SCYLLA, "2026.1.3", "dc1", 3, true)), "replication").verdict()).isEqualTo(Verdict.OK);
  }

  @Test
  void withSeveralDatacentersTheKeyspaceNamesTheOneTheDriverTakesAsLocal() {
    ServerFacts twoDc = new ServerFacts(Database.CASSANDRA, "5.0.6", null, "c1", Map.of("dc1", 3, "dc2", 3),
        Map.of("dc1", 3, "dc2", 3), null, null, null, false, "dc2");
    assertThat(ServerChecks.keyspaceDatacenter(config("ycql.target=cassandra"), twoDc)).isEqualTo("dc2");
    assertThat(ServerChecks.keyspaceDatacenter(config("ycql.target=cassandra", "ycql.localdc=dc1"), twoDc)).isEqualTo("dc1");
  }

  @Test
  void nodesWithoutADatacenterAreNoDatacenterToChoose() {
    ServerFacts mixed = new ServerFacts(Database.CASSANDRA, "5.0.6", null, "c1", Map.of("", 1, "dc1", 2),
        Map.of("", 1, "dc1", 2), null, null, null, false);
    assertThat(check(ServerChecks.checks(config("ycql.target=cassandra", "ycql.localdc=dc1",
        "ycql.replication_factor=2"), mixed), "local datacenter").verdict()).isEqualTo(Verdict.OK);
    assertThat(check(ServerChecks.checks(config("ycql.target=cassandra", "ycql.localdc=x"), mixed), "local datacenter")
        .line()).endsWith("a datacenter of this cluster: dc1");
  }

  @Test
  void aScyllaVersionThatCannotBeReadIsUncheckedNotRefused() {
    YcqlConfig ics = config("ycql.target=scylla", "ycql.compaction=IncrementalCompactionStrategy",
        "ycql.replication_factor=1");
    assertThat(check(ServerChecks.checks(ics, cluster(Database.SCYLLA, "unknown-build", "dc1", 1, true)), "table options")
        .verdict()).isEqualTo(Verdict.UNCHECKED);
  }

  @Test
  void withoutCreateSchemaTheKeyspaceAndTableMustBeThere() {
    YcqlConfig noCreate = config("ycql.target=cassandra", "ycql.create_schema=false", "ycql.replication_factor=1");
    ServerFacts none = cluster(Database.CASSANDRA, "5.0.6", "dc1", 1, null);
    assertThat(check(ServerChecks.checks(noCreate, none), "schema").line()).isEqualTo(
        "ycql.keyspace=largekv does not exist and ycql.create_schema=false; accepted: an existing keyspace, or"
            + " ycql.create_schema=true");
    ServerFacts keyspaceOnly = withKeyspace(none, Map.of("class", "NetworkTopologyStrategy", "dc1", "1"), false);
    assertThat(check(ServerChecks.checks(noCreate, keyspaceOnly), "schema").verdict()).isEqualTo(Verdict.FAIL);
    assertThat(check(ServerChecks.checks(noCreate, withKeyspace(none, Map.of("class", "NetworkTopologyStrategy", "dc1",
        "1"), true)), "schema").verdict()).isEqualTo(Verdict.OK);
  }
}
