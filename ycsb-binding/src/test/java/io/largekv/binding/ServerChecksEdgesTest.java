package io.largekv.binding;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.binding.ServerChecks.Check;
import io.largekv.binding.ServerChecks.Verdict;
import io.largekv.binding.YugabyteTabletLimits.Figure;
import io.largekv.common.Database;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The edges of the first-contact rules as {@code bin/largekv check} prints them: each check's verdict
 * and its exact line where a branch decides the words (the schema to create, the datacenter the driver
 * infers, ScyllaDB's placement, a replication factor that an existing keyspace ignores, a level met
 * exactly, YugabyteDB's tablet caps), and what {@link ServerChecks#enforce} hands back to print.
 */
class ServerChecksEdgesTest {

  private static final String NTS = "NetworkTopologyStrategy";

  private static YcqlConfig config(String... kv) {
    return Configs.of(kv);
  }

  /** Apache Cassandra 5.0.6, {@code n} nodes all up in datacenter {@code dc}, no keyspace yet. */
  private static ServerFacts cassandra(String dc, int n) {
    return ServerFacts.builder().product(Database.CASSANDRA).releaseVersion("5.0.6").nodes(Map.of(dc, n))
        .nodesUp(Map.of(dc, n)).build();
  }

  /** {@link #cassandra} with keyspace largekv at {@code replication}, and table kv in it when {@code table}. */
  private static ServerFacts cassandra(String dc, int n, Map<String, String> replication, boolean table) {
    return cassandra(dc, n).toBuilder().keyspaceReplication(replication).tableExists(table).build();
  }

  /** ScyllaDB 2025.1.2, 3 nodes in dc1, no keyspace yet; {@code tablets}: its default for new keyspaces. */
  private static ServerFacts scylla(Boolean tablets) {
    return ServerFacts.builder().product(Database.SCYLLA).releaseVersion("3.0.8").productVersion("2025.1.2")
        .nodes(Map.of("dc1", 3)).nodesUp(Map.of("dc1", 3)).tabletsForNewKeyspaces(tablets).build();
  }

  private static Check check(List<Check> checks, String subject) {
    return checks.stream().filter(c -> c.subject().equals(subject)).findFirst().orElseThrow();
  }

  private static Check check(YcqlConfig c, ServerFacts f, String subject) {
    return check(ServerChecks.checks(c, f), subject);
  }

  @Test
  void aCheckPrintsItsVerdictAndSubjectInColumnsBeforeItsLine() {
    Check dc = check(config("ycql.target=cassandra", "ycql.localdc=dc1"), cassandra("dc1", 3), "local datacenter");
    assertThat(dc.lead()).isEqualTo("ok        local datacenter   ");
    assertThat(dc.toString()).isEqualTo("ok        local datacenter   dc1");
    assertThat(new Check("replication", Verdict.FAIL, "too few nodes").toString())
        .isEqualTo("FAIL      replication        too few nodes");
  }

  @Test
  void aScanConsistencyOfItsOwnIsAThirdConsistencyCheck() {
    ServerFacts three = cassandra("dc1", 3);
    assertThat(ServerChecks.checks(config("ycql.target=cassandra"), three)).extracting(Check::subject)
        .containsExactly("server", "local datacenter", "schema", "replication", "read consistency", "write consistency",
            "table options");
    assertThat(ServerChecks.checks(config("ycql.target=cassandra", "ycql.scan_consistency=QUORUM"), three))
        .extracting(Check::subject).doesNotContain("scan consistency");
    List<Check> own = ServerChecks.checks(config("ycql.target=cassandra", "ycql.scan_consistency=LOCAL_ONE"), three);
    assertThat(own).extracting(Check::subject).containsExactly("server", "local datacenter", "schema", "replication",
        "read consistency", "write consistency", "scan consistency", "table options");
    assertThat(check(own, "scan consistency").verdict()).isEqualTo(Verdict.OK);
    assertThat(check(own, "scan consistency").line()).isEqualTo("LOCAL_ONE");
  }

  @Test
  void enforceHandsBackTheWarningsAloneWhenNothingFails() {
    // the YugabyteDB dialect on a one-node Cassandra at replication factor 1: the server line warns, all else is ok
    List<Check> warnings = ServerChecks.enforce(config("ycql.target=yugabyte", "ycql.replication_factor=1"),
        cassandra("datacenter1", 1));
    assertThat(warnings).hasSize(1);
    assertThat(warnings.get(0).subject()).isEqualTo("server");
    assertThat(warnings.get(0).verdict()).isEqualTo(Verdict.WARN);
    assertThat(warnings.get(0).line()).isEqualTo("ycql.target=yugabyte names YugabyteDB YCQL, and the server is Apache"
        + " Cassandra 5.0.6: the run uses YugabyteDB YCQL's DDL dialect and routing (for this server:"
        + " ycql.target=cassandra)");
    assertThat(ServerChecks.enforce(config("ycql.target=cassandra", "ycql.replication_factor=1"),
        cassandra("datacenter1", 1))).isEmpty();
  }

  @Test
  void withoutALocalDatacenterTheLineNamesTheOneTheDriverInfers() {
    assertThat(check(config("ycql.target=cassandra"), cassandra("datacenter1", 3), "local datacenter").line())
        .isEqualTo("datacenter1, inferred by the driver from the contact points (ycql.localdc not set)");
    Check none = check(config("ycql.target=cassandra"), cassandra("", 3), "local datacenter");
    assertThat(none.verdict()).isEqualTo(Verdict.OK);
    assertThat(none.line()).isEqualTo("not known, inferred by the driver from the contact points (ycql.localdc not set)");
  }

  @Test
  void theSchemaLineSaysWhatWouldBeCreatedAndWhatIsMissing() {
    YcqlConfig c = config("ycql.target=cassandra", "ycql.replication_factor=1");
    Map<String, String> rf1 = Map.of("class", NTS, "dc1", "1");
    assertThat(check(c, cassandra("dc1", 1), "schema").line())
        .isEqualTo("keyspace largekv and table largekv.kv would be created");
    assertThat(check(c, cassandra("dc1", 1, rf1, false), "schema").line())
        .isEqualTo("table largekv.kv would be created");
    Check exists = check(c, cassandra("dc1", 1, rf1, true), "schema");
    assertThat(exists.verdict()).isEqualTo(Verdict.OK);
    assertThat(exists.line()).isEqualTo("table largekv.kv exists");
    Check missing = check(config("ycql.target=cassandra", "ycql.replication_factor=1", "ycql.create_schema=false"),
        cassandra("dc1", 1, rf1, false), "schema");
    assertThat(missing.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(missing.line()).isEqualTo("ycql.table=kv does not exist in keyspace largekv and ycql.create_schema=false;"
        + " accepted: an existing table, or ycql.create_schema=true");
  }

  @Test
  void aNewScyllaKeyspaceSaysWhetherItWouldBeOnTabletsOrVnodes() {
    YcqlConfig c = config("ycql.target=scylla");
    Check tablets = check(c, scylla(true), "replication");
    assertThat(tablets.verdict()).isEqualTo(Verdict.OK);
    assertThat(tablets.line()).isEqualTo("keyspace largekv would be created: NetworkTopologyStrategy {dc1: 3} on 3 nodes,"
        + " on tablets (the server's default for new keyspaces)");
    assertThat(check(c, scylla(false), "replication").line())
        .isEqualTo("keyspace largekv would be created: NetworkTopologyStrategy {dc1: 3} on 3 nodes, on vnodes (tablets"
            + " are off for new keyspaces)");
    // tablets not readable, or not ScyllaDB: nothing said of placement
    assertThat(check(c, scylla(null), "replication").line())
        .isEqualTo("keyspace largekv would be created: NetworkTopologyStrategy {dc1: 3} on 3 nodes");
    assertThat(check(config("ycql.target=cassandra"), cassandra("dc1", 3), "replication").line())
        .isEqualTo("keyspace largekv would be created: NetworkTopologyStrategy {dc1: 3} on 3 nodes");
  }

  @Test
  void theKeyspaceToBeCreatedIsCountedPerDatacenterOrOverTheWholeClusterAsItsStrategySays() {
    // NetworkTopologyStrategy {dc1: 3} on one node
    Check nts = check(config("ycql.target=cassandra"), cassandra("dc1", 1), "read consistency");
    assertThat(nts.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(nts.line()).isEqualTo("ycql.read_consistency=QUORUM needs 2 replicas and the keyspace has 1 that can"
        + " answer (RF 3 in dc1 on 1 node), so every operation would fail as unavailable; accepted: ONE, LOCAL_ONE,"
        + " or more replicas");
    // the YugabyteDB dialect's SimpleStrategy keyspace: RF 3 over the whole one-node cluster
    Check simple = check(config("ycql.target=yugabyte"), cassandra("datacenter1", 1), "read consistency");
    assertThat(simple.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(simple.line()).isEqualTo("ycql.read_consistency=QUORUM needs 2 replicas and the keyspace has 1 that can"
        + " answer (RF 3 on 1 node), so every operation would fail as unavailable; accepted: ONE, LOCAL_ONE,"
        + " or more replicas");
    // no datacenter to name: no keyspace to count
    List<Check> noDc = ServerChecks.checks(config("ycql.target=cassandra"), cassandra("", 3));
    assertThat(check(noDc, "read consistency").verdict()).isEqualTo(Verdict.UNCHECKED);
    assertThat(check(noDc, "read consistency").line()).isEqualTo("QUORUM: the keyspace's replication is not known");
    assertThat(check(noDc, "write consistency").line()).isEqualTo("QUORUM: the keyspace's replication is not known");
  }

  @Test
  void anExistingKeyspaceIgnoresAReplicationFactorGivenForIt() {
    ServerFacts rf1 = cassandra("dc1", 3, Map.of("class", NTS, "dc1", "1"), true);
    Check given = check(config("ycql.target=cassandra", "ycql.replication_factor=3"), rf1, "replication");
    assertThat(given.verdict()).isEqualTo(Verdict.WARN);
    assertThat(given.line()).isEqualTo("keyspace largekv exists with replication {class=NetworkTopologyStrategy, dc1=1};"
        + " ycql.replication_factor=3 applies only to a keyspace this client creates");
    // not given, or given as the keyspace has it: nothing to say
    Check notGiven = check(config("ycql.target=cassandra"), rf1, "replication");
    assertThat(notGiven.verdict()).isEqualTo(Verdict.OK);
    assertThat(notGiven.line()).isEqualTo("keyspace largekv exists with replication {class=NetworkTopologyStrategy,"
        + " dc1=1}");
    Check same = check(config("ycql.target=cassandra", "ycql.replication_factor=1"), rf1, "replication");
    assertThat(same.verdict()).isEqualTo(Verdict.OK);
    assertThat(same.line()).isEqualTo("keyspace largekv exists with replication {class=NetworkTopologyStrategy, dc1=1}");
  }

  @Test
  void eachQuorumMetExactlyByADatacentersAnsweringReplicasIsOk() {
    // factor 3 on 2 nodes: EACH_QUORUM needs 3 / 2 + 1 = 2, and 2 answer
    ServerFacts shortDc = cassandra("dc1", 2, Map.of("class", NTS, "dc1", "3"), true);
    Check each = check(config("ycql.target=cassandra", "ycql.read_consistency=EACH_QUORUM"), shortDc,
        "read consistency");
    assertThat(each.verdict()).isEqualTo(Verdict.OK);
    assertThat(each.line()).isEqualTo("EACH_QUORUM");
    // ALL fails there, and the levels it lists as met include EACH_QUORUM
    assertThat(check(config("ycql.target=cassandra", "ycql.write_consistency=ALL"), shortDc, "write consistency").line())
        .isEqualTo("ycql.write_consistency=ALL needs 3 replicas and the keyspace has 2 that can answer (RF 3 in dc1 on"
            + " 2 nodes), so every operation would fail as unavailable; accepted: ANY, ONE, TWO, QUORUM, LOCAL_ONE,"
            + " LOCAL_QUORUM, EACH_QUORUM, or more replicas");
  }

  @Test
  void unifiedCompactionOnACassandraWhoseVersionCannotBeReadIsNotRefused() {
    YcqlConfig ucs = config("ycql.target=cassandra", "ycql.compaction=UnifiedCompactionStrategy",
        "ycql.replication_factor=1");
    Check options = check(ucs, cassandra("dc1", 1).toBuilder().releaseVersion(null).build(),
        "table options");
    assertThat(options.verdict()).isEqualTo(Verdict.OK);
    assertThat(options.line()).isEqualTo("compaction UnifiedCompactionStrategy, compression LZ4Compressor");
  }

  /** YugabyteDB's caps as read: {@code live} tablet servers, the master flag by default, the analyzer's 5000. */
  private static ServerFacts yugabyte(Figure live, Figure rf) {
    YugabyteTabletLimits limits = new YugabyteTabletLimits(live,
        Figure.byDefault(50, "the masters' /varz did not answer"), rf,
        Figure.read(5000, "the tablet servers' flag"));
    return ServerFacts.builder().product(Database.YUGABYTE).releaseVersion("3.9-SNAPSHOT").nodes(Map.of("dc1", 3))
        .nodesUp(Map.of("dc1", 3)).yugabyteTablets(limits).build();
  }

  @Test
  void yugabyteTabletsAtTheServersDefaultNameTheCapsThatApply() {
    YcqlConfig byDefault = config("ycql.target=yugabyte");
    Check capped = check(byDefault, yugabyte(Figure.read(3, "system.peers"), Figure.read(3, "system.partitions")),
        "table options");
    assertThat(capped.verdict()).isEqualTo(Verdict.OK);
    assertThat(capped.line()).isEqualTo("tablets: the server's default; at most 150 here (the master's 150:"
        + " max_create_tablets_per_ts 50 (its default; not read: the masters' /varz did not answer) × 3 live tablet"
        + " servers (system.peers), at replication factor 3 (system.partitions); max_num_tablets_for_table 5000 (the"
        + " tablet servers' flag))");
    assertThat(check(byDefault, yugabyte(Figure.read(3, "system.peers"), Figure.read(1, "system.partitions")),
        "table options").line()).isEqualTo("tablets: the server's default; at most 5000 here (max_num_tablets_for_table"
            + " 5000 (the tablet servers' flag); the master's cap does not apply at replication factor 1"
            + " (system.partitions))");
    assertThat(check(byDefault, yugabyte(Figure.unknown("the masters list no tablet server"),
        Figure.read(3, "system.partitions")), "table options").line()).isEqualTo("tablets: the server's default; at"
            + " most 5000 here (max_num_tablets_for_table 5000 (the tablet servers' flag); the master's cap: live"
            + " tablet servers unknown (not read: the masters list no tablet server))");
    ServerFacts notRead = ServerFacts.builder().nodes(Map.of("dc1", 3)).nodesUp(Map.of("dc1", 3)).build();
    assertThat(check(byDefault, notRead, "table options").line()).isEqualTo("tablets: the server's default");
  }

  @Test
  void yugabyteTabletsAtTheAnalyzersCapExactlyAreAccepted() {
    Check atCap = check(config("ycql.target=yugabyte", "ycql.tablets=5000"),
        yugabyte(Figure.read(3, "system.peers"), Figure.read(1, "system.partitions")), "table options");
    assertThat(atCap.verdict()).isEqualTo(Verdict.OK);
    assertThat(atCap.line()).isEqualTo("tablets = 5000, at most 5000 here (max_num_tablets_for_table 5000 (the tablet"
        + " servers' flag); the master's cap does not apply at replication factor 1 (system.partitions))");
    // caps not read: the analyzer's default alone, said as such
    ServerFacts notRead = ServerFacts.builder().nodes(Map.of("dc1", 3)).nodesUp(Map.of("dc1", 3)).build();
    Check unread = check(config("ycql.target=yugabyte", "ycql.tablets=100"), notRead, "table options");
    assertThat(unread.verdict()).isEqualTo(Verdict.OK);
    assertThat(unread.line()).isEqualTo("tablets = 100 (the YCQL analyzer's default cap 5000; the masters' was not read)");
  }
}
