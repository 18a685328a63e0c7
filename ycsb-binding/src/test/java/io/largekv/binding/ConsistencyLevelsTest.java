package io.largekv.binding;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.binding.ServerChecks.Check;
import io.largekv.binding.ServerChecks.Verdict;
import io.largekv.common.Database;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Whether an existing keyspace's replicas can meet each consistency level, counted by hand: the
 * replicas a level needs against those that can answer (a datacenter's factor, at most its nodes).
 */
class ConsistencyLevelsTest {

  private static final String NTS = "org.apache.cassandra.locator.NetworkTopologyStrategy";

  /** dc1: 3 nodes, dc2: 1 node; the keyspace asks dc1 for 3 replicas and dc2 for 2: 4 of its 5 can answer. */
  private static final ServerFacts TWO_DCS = ServerFacts.builder().product(Database.CASSANDRA)
      .releaseVersion("5.0.6").nodes(Map.of("dc1", 3, "dc2", 1)).nodesUp(Map.of("dc1", 3, "dc2", 1))
      .keyspaceReplication(Map.of("class", NTS, "dc1", "3", "dc2", "2")).tableExists(true).build();

  /** One datacenter of 2 nodes, the keyspace at replication factor 3: 2 can answer. */
  private static final ServerFacts SHORT = ServerFacts.builder().product(Database.CASSANDRA).releaseVersion("5.0.6")
      .nodes(Map.of("dc1", 2)).nodesUp(Map.of("dc1", 2)).keyspaceReplication(Map.of("class", NTS, "dc1", "3"))
      .tableExists(true).build();

  private static Check read(ServerFacts f, String level, String localDc) {
    YcqlConfig c = Configs.of("ycql.target=cassandra", "ycql.localdc=" + localDc, "ycql.read_consistency=" + level);
    return ServerChecks.checks(c, f).stream().filter(x -> x.subject().equals("read consistency")).findFirst()
        .orElseThrow();
  }

  @Test
  void levelsAcrossTheClusterCountEveryDatacentersAnsweringReplicas() {
    for (String ok : new String[] {"ONE", "TWO", "THREE", "QUORUM"}) { // QUORUM: 5 / 2 + 1 = 3 of 4
      assertThat(read(TWO_DCS, ok, "dc1").verdict()).as(ok).isEqualTo(Verdict.OK);
    }
    Check all = read(TWO_DCS, "ALL", "dc1");
    assertThat(all.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(all.line()).startsWith("ycql.read_consistency=ALL needs 5 replicas and the keyspace has 4 that can"
        + " answer (").contains("so every operation would fail as unavailable; accepted: ");
    // at the edge: 2 can answer, TWO and QUORUM (3 / 2 + 1 = 2) need exactly 2, THREE and ALL one more
    assertThat(read(SHORT, "TWO", "dc1").verdict()).isEqualTo(Verdict.OK);
    assertThat(read(SHORT, "QUORUM", "dc1").verdict()).isEqualTo(Verdict.OK);
    assertThat(read(SHORT, "THREE", "dc1").line()).startsWith(
        "ycql.read_consistency=THREE needs 3 replicas and the keyspace has 2 that can answer (");
    assertThat(read(SHORT, "ALL", "dc1").line()).startsWith(
        "ycql.read_consistency=ALL needs 3 replicas and the keyspace has 2 that can answer (");
  }

  @Test
  void localLevelsCountTheLocalDatacenterOnlyAndEachQuorumEveryOne() {
    // dc2: factor 2, 1 node: LOCAL_QUORUM needs 2 / 2 + 1 = 2, LOCAL_ONE 1
    assertThat(read(TWO_DCS, "LOCAL_ONE", "dc2").verdict()).isEqualTo(Verdict.OK);
    Check localQuorum = read(TWO_DCS, "LOCAL_QUORUM", "dc2");
    assertThat(localQuorum.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(localQuorum.line()).startsWith("ycql.read_consistency=LOCAL_QUORUM needs 2 replicas in datacenter dc2"
        + " and it has 1 (");
    // dc1: factor 3, 3 nodes: 2 needed, 3 answer
    assertThat(read(TWO_DCS, "LOCAL_QUORUM", "dc1").verdict()).isEqualTo(Verdict.OK);
    // at the edge: factor 3 on 2 nodes, LOCAL_QUORUM needs exactly the 2
    assertThat(read(SHORT, "LOCAL_QUORUM", "dc1").verdict()).isEqualTo(Verdict.OK);
    // EACH_QUORUM: dc1's 2 of 3 are there, dc2's 2 of its 1 are not
    assertThat(read(TWO_DCS, "EACH_QUORUM", "dc1").line()).startsWith(
        "ycql.read_consistency=EACH_QUORUM needs 2 replicas in datacenter dc2 (");
  }
}
