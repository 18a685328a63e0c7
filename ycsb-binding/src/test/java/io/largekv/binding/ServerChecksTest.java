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
    return ServerFacts.builder().product(product).releaseVersion(product == Database.CASSANDRA ? version : "3.0.8")
        .productVersion(product == Database.SCYLLA ? version : null).nodes(Map.of(dc, n)).nodesUp(Map.of(dc, n))
        .tabletsForNewKeyspaces(tablets).build();
  }

  private static ServerFacts withKeyspace(ServerFacts f, Map<String, String> replication, boolean table) {
    return f.toBuilder().keyspaceReplication(replication).tableExists(table).build();
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
    ServerFacts two = ServerFacts.builder().product(Database.CASSANDRA).releaseVersion("5.0.6")
        .nodes(Map.of("dc1", 3, "dc2", 3)).nodesUp(Map.of("dc1", 3, "dc2", 3)).build();
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
    ServerFacts twoDc = ServerFacts.builder().product(Database.CASSANDRA).releaseVersion("5.0.6")
        .nodes(Map.of("dc1", 3, "dc2", 3)).nodesUp(Map.of("dc1", 3, "dc2", 3))
        .keyspaceReplication(Map.of("class", "NetworkTopologyStrategy", "dc1", "3")).tableExists(true).build();
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

  /** A YugabyteDB cluster of {@code live} tablet servers whose masters and tablet servers served the sample flags. */
  private static ServerFacts yugabyte(int live, Integer rf) {
    Map<String, String> master = YugabyteFlags.parse(resource("yugabyte/master-varz-raw.txt"));
    Map<String, String> tserver = YugabyteFlags.parse(resource("yugabyte/tserver-varz-raw.txt"));
    YugabyteTabletLimits limits = new YugabyteTabletLimits(
        YugabyteTabletLimits.Figure.read(live, "system.peers"),
        YugabyteTabletLimits.Figure.read(YugabyteFlags.integer(master, "max_create_tablets_per_ts"),
            "the masters' flag, http://10.0.0.1:7000/varz?raw"),
        rf == null ? YugabyteTabletLimits.Figure.unknown("system.partitions lists no YCQL tablet")
            : YugabyteTabletLimits.Figure.read(rf, "system.partitions"),
        YugabyteTabletLimits.Figure.read(YugabyteFlags.integer(tserver, "max_num_tablets_for_table"),
            "the tablet servers' flag, http://10.0.0.1:9000/varz?raw"));
    return ServerFacts.builder().product(Database.YUGABYTE).releaseVersion("3.9-SNAPSHOT")
        .nodes(Map.of("dc1", live)).nodesUp(Map.of("dc1", live)).yugabyteTablets(limits).build();
  }

  private static String resource(String name) {
    try (java.io.InputStream in = ServerChecksTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The master caps a new table at max_create_tablets_per_ts (50) × live tablet servers: 150 on 3. */
  @Test
  void yugabyteTabletsAboveTheMastersCapForTheLiveTabletServersAreRefusedNamingBothCaps() {
    ServerFacts three = yugabyte(3, 3);
    YcqlConfig c = config("ycql.target=yugabyte", "ycql.tablets=151");
    Check tablets = check(ServerChecks.checks(c, three), "table options");
    assertThat(tablets.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(tablets.line()).isEqualTo("ycql.tablets=151 is more than the 150 tablets YugabyteDB's master accepts for a"
        + " new table: max_create_tablets_per_ts 50 (the masters' flag, http://10.0.0.1:7000/varz?raw) × 3 live tablet"
        + " servers (system.peers), at replication factor 3 (system.partitions); the YCQL analyzer's cap is 5000"
        + " (max_num_tablets_for_table); accepted: ycql.tablets=1..150, or more live tablet servers");
    assertThatThrownBy(() -> ServerChecks.enforce(c, three)).isInstanceOf(UserError.class).hasMessage(tablets.line());
    assertThat(check(ServerChecks.checks(config("ycql.target=yugabyte", "ycql.tablets=150"), three), "table options")
        .verdict()).isEqualTo(Verdict.OK);
    // the cap grows with the live tablet servers; at replication factor 1 the master does not cap at all
    assertThat(check(ServerChecks.checks(c, yugabyte(4, 3)), "table options").verdict()).isEqualTo(Verdict.OK);
    assertThat(check(ServerChecks.checks(config("ycql.target=yugabyte", "ycql.tablets=4000"), yugabyte(3, 1)),
        "table options").verdict()).isEqualTo(Verdict.OK);
    // a replication factor that was not read: the master caps every factor above 1, and the default is 3
    assertThat(check(ServerChecks.checks(c, yugabyte(3, null)), "table options").line())
        .contains("at a replication factor that was not read (not read: system.partitions lists no YCQL tablet");
    assertThat(check(ServerChecks.checks(config("ycql.target=yugabyte"), three), "replication").verdict())
        .isEqualTo(Verdict.UNCHECKED);
  }

  @Test
  void yugabyteTabletsAboveTheYcqlAnalyzersCapAreRefused() {
    Check tablets = check(ServerChecks.checks(config("ycql.target=yugabyte", "ycql.tablets=5001"), yugabyte(200, 1)),
        "table options");
    assertThat(tablets.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(tablets.line()).isEqualTo("ycql.tablets=5001 is more than the 5000 tablets YugabyteDB's YCQL analyzer"
        + " accepts for a table (max_num_tablets_for_table 5000 (the tablet servers' flag,"
        + " http://10.0.0.1:9000/varz?raw)); max_create_tablets_per_ts 50 (the masters' flag,"
        + " http://10.0.0.1:7000/varz?raw) × 200 live tablet servers (system.peers), at replication factor 1"
        + " (system.partitions); accepted: ycql.tablets=1..5000");
    // a server not read as YugabyteDB: the analyzer's default cap alone
    ServerFacts notRead = ServerFacts.builder().nodes(Map.of("dc1", 3)).nodesUp(Map.of("dc1", 3)).build();
    assertThat(check(ServerChecks.checks(config("ycql.target=yugabyte", "ycql.tablets=8000"), notRead), "table options")
        .line()).startsWith("ycql.tablets=8000 is more than the 5000 tablets YugabyteDB's YCQL analyzer accepts for a"
            + " table (max_num_tablets_for_table, its default)");
  }

  @Test
  void yugabyteFlagsAreReadFromVarzRaw() {
    Map<String, String> flags = YugabyteFlags.parse(resource("yugabyte/master-varz-raw.txt"));
    assertThat(YugabyteFlags.integer(flags, "max_create_tablets_per_ts")).isEqualTo(50);
    assertThat(YugabyteFlags.integer(flags, "replication_factor")).isEqualTo(3);
    assertThat(YugabyteFlags.integer(flags, "master_addresses")).isNull();
    assertThat(YugabyteFlags.integer(flags, "no_such_flag")).isNull();
    assertThat(YugabyteFlags.parse("<html>\n--a=1\n")).containsExactly(Map.entry("a", "1"));
  }

  /** ScyllaDB accepts a tablets keyspace of RF 3 in a datacenter of 2 nodes and refuses the table in it. */
  @Test
  void anExistingScyllaTabletsKeyspaceWithMoreReplicasThanNodesFailsBeforeCreateTable() {
    Map<String, String> rf3 = Map.of("class", "org.apache.cassandra.locator.NetworkTopologyStrategy", "dc1", "3");
    ServerFacts twoNodes = ServerFacts.builder().product(Database.SCYLLA).releaseVersion("3.0.8")
        .productVersion("2025.3.1").nodes(Map.of("dc1", 2)).nodesUp(Map.of("dc1", 2)).tabletsForNewKeyspaces(true)
        .keyspaceReplication(rf3).keyspaceUsesTablets(true).build();
    Check rf = check(ServerChecks.checks(config("ycql.target=scylla"), twoNodes), "replication");
    assertThat(rf.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(rf.line()).startsWith("keyspace largekv exists with replication {class=org.apache.cassandra.locator."
        + "NetworkTopologyStrategy, dc1=3} on tablets: datacenter dc1 has 2 nodes for 3 replicas, and ScyllaDB refuses"
        + " to create table largekv.kv in it").contains("doesn't have enough token-owning nodes");
    // the table exists already: it is served as it is (a warning, as on vnodes)
    ServerFacts withTable = ServerFacts.builder().product(Database.SCYLLA).releaseVersion("3.0.8")
        .productVersion("2025.3.1").nodes(Map.of("dc1", 2)).nodesUp(Map.of("dc1", 2)).tabletsForNewKeyspaces(true)
        .keyspaceReplication(rf3).keyspaceUsesTablets(true).tableExists(true).build();
    assertThat(check(ServerChecks.checks(config("ycql.target=scylla"), withTable), "replication").verdict())
        .isEqualTo(Verdict.WARN);
    // on vnodes the keyspace holds fewer copies: a warning
    ServerFacts vnodes = ServerFacts.builder().product(Database.SCYLLA).releaseVersion("3.0.8")
        .productVersion("2025.3.1").nodes(Map.of("dc1", 2)).nodesUp(Map.of("dc1", 2)).tabletsForNewKeyspaces(true)
        .keyspaceReplication(rf3).keyspaceUsesTablets(false).build();
    assertThat(check(ServerChecks.checks(config("ycql.target=scylla"), vnodes), "replication").verdict())
        .isEqualTo(Verdict.WARN);
  }

  @Test
  void aTargetOtherThanTheServerIsAWarningAndAnUnknownServerIsSaid() {
    ServerFacts cassandra = cluster(Database.CASSANDRA, "5.0.6", "datacenter1", 1, null);
    Check product = check(ServerChecks.checks(config("ycql.target=yugabyte"), cassandra), "server");
    assertThat(product.verdict()).isEqualTo(Verdict.WARN);
    assertThat(product.line()).contains("the server is Apache Cassandra 5.0.6");
    ServerFacts unknown = ServerFacts.builder().nodes(Map.of("dc1", 1)).nodesUp(Map.of("dc1", 1)).build();
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
        .startsWith("ycql.tablets=8000 (over the YCQL analyzer's cap: max_num_tablets_for_table, 5000 by default): the"
            + " server refused CREATE TABLE IF NOT EXISTS largekv.kv (k varchar PRIMARY KEY, v blob) WITH tablets = 8000");
    assertThat(ServerChecks.refusal(yb, "CREATE TABLE ...", "The requested number of tablets (8000) is over the"
        + " permitted maximum (150)")).startsWith("ycql.tablets=8000 (over the master's cap: max_create_tablets_per_ts ×"
            + " the live tablet servers): the server refused");
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
    ServerFacts twoDc = ServerFacts.builder().product(Database.CASSANDRA).releaseVersion("5.0.6")
        .nodes(Map.of("dc1", 3, "dc2", 3)).nodesUp(Map.of("dc1", 3, "dc2", 3)).contactDatacenter("dc2").build();
    assertThat(ServerChecks.keyspaceDatacenter(config("ycql.target=cassandra"), twoDc)).isEqualTo("dc2");
    assertThat(ServerChecks.keyspaceDatacenter(config("ycql.target=cassandra", "ycql.localdc=dc1"), twoDc)).isEqualTo("dc1");
  }

  @Test
  void nodesWithoutADatacenterAreNoDatacenterToChoose() {
    ServerFacts mixed = ServerFacts.builder().product(Database.CASSANDRA).releaseVersion("5.0.6")
        .nodes(Map.of("", 1, "dc1", 2)).nodesUp(Map.of("", 1, "dc1", 2)).build();
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
