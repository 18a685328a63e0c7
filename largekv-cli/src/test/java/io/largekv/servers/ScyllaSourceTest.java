package io.largekv.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link ScyllaSource} against ScyllaDB's Prometheus pages served over HTTP (samples: scylla/README.md). */
class ScyllaSourceTest {

  private List<TestPages> nodes;

  @BeforeEach
  void start() throws IOException {
    nodes = TestPages.nodes(3);
    nodes.get(0).serve("/metrics", TestPages.resource("scylla/node-1.prom"));
    nodes.get(1).serve("/metrics", TestPages.resource("scylla/node-2.prom"));
    nodes.get(2).serve("/metrics", TestPages.resource("scylla/node-3-joining.prom"));
  }

  @AfterEach
  void stop() {
    nodes.forEach(TestPages::close);
  }

  private ScyllaSource source(String... hosts) {
    return new ScyllaSource(List.of(hosts), nodes.get(0).port(), "largekv", "kv");
  }

  private static Map<String, NodeReading> byNode(List<NodeReading> readings) {
    return readings.stream().collect(Collectors.toMap(NodeReading::node, Function.identity()));
  }

  @Test
  @Timeout(20)
  void sumsTheTablesSeriesOverShardsAndLeavesOtherTablesOut() throws IOException {
    Map<String, NodeReading> r = byNode(source("127.0.0.1", "127.0.0.2").read());

    NodeReading one = r.get("127.0.0.1");
    assertThat(one.values()).containsEntry(ServerFigure.TABLE_BYTES, 1_073_741_824.0)
        .containsEntry(ServerFigure.UNCOMPRESSED_BYTES, 2_200_000_000.0);
    assertThat(one.state()).isEqualTo("NORMAL");
    NodeReading two = r.get("127.0.0.2");
    assertThat(two.values()).containsEntry(ServerFigure.TABLE_BYTES, 500.0 + 600)
        .containsEntry(ServerFigure.UNCOMPRESSED_BYTES, 900.0 + 1100);
    assertThat(two.unavailable()).containsKey(ServerFigure.MEMTABLE_BYTES);
    assertThat(two.unavailable().get(ServerFigure.MEMTABLE_BYTES)).contains("per node");
  }

  @Test
  @Timeout(20)
  void aTableWithNoSeriesIsUnavailableNeverZero() throws IOException {
    NodeReading joining = byNode(source("127.0.0.3").read()).get("127.0.0.3");

    assertThat(joining.values()).isEmpty();
    assertThat(joining.unavailable().get(ServerFigure.TABLE_BYTES)).isEqualTo(
        "no scylla_column_family_live_disk_space series of largekv.kv on this node (is the keyspace/table right?)");
    assertThat(joining.state()).isEqualTo("JOINING");

    NodeReading wrongTable = byNode(new ScyllaSource(List.of("127.0.0.1"), nodes.get(0).port(), "largekv", "nope")
        .read()).get("127.0.0.1");
    assertThat(wrongTable.values()).isEmpty();
    assertThat(wrongTable.unavailable().get(ServerFigure.TABLE_BYTES)).contains("largekv.nope");
  }

  @Test
  @Timeout(20)
  void aNodeDownHasEveryFigureUnavailableAndTheOthersAreRead() throws IOException {
    nodes.get(1).close();

    Map<String, NodeReading> r = byNode(source("127.0.0.1", "127.0.0.2").read());

    assertThat(r.get("127.0.0.1").values()).containsKey(ServerFigure.TABLE_BYTES);
    NodeReading down = r.get("127.0.0.2");
    assertThat(down.values()).isEmpty();
    assertThat(down.unavailable().keySet()).containsExactlyInAnyOrderElementsOf(source("x").figures());
    assertThat(down.unavailable().get(ServerFigure.TABLE_BYTES))
        .startsWith("http://127.0.0.2:" + nodes.get(0).port() + "/metrics: ");
  }

  @Test
  @Timeout(20)
  void readFailsOnlyWhenNoNodeAnswers() {
    nodes.forEach(TestPages::close);

    assertThatThrownBy(() -> source("127.0.0.1", "127.0.0.2").read()).isInstanceOf(IOException.class)
        .hasMessageContaining("no ScyllaDB node answered")
        .hasMessageContaining("http://127.0.0.1:" + nodes.get(0).port() + "/metrics")
        .hasMessageContaining("http://127.0.0.2:" + nodes.get(0).port() + "/metrics");
  }

  @Test
  @Timeout(20)
  void checkNamesEveryUrlThatFails() throws IOException {
    source("127.0.0.1", "127.0.0.2", "127.0.0.3").check();

    nodes.get(1).close();
    nodes.get(2).serve("/metrics", "node_cpu_seconds_total{cpu=\"0\",mode=\"idle\"} 12.5\n");
    int port = nodes.get(0).port();
    assertThatThrownBy(() -> source("127.0.0.1", "127.0.0.2", "127.0.0.3").check()).isInstanceOf(IOException.class)
        .hasMessageNotContaining("127.0.0.1:")
        .hasMessageContaining("http://127.0.0.2:" + port + "/metrics: ")
        .hasMessageContaining("http://127.0.0.3:" + port + "/metrics: no scylla_node_operation_mode series");
  }

  @Test
  @Timeout(20)
  void balanceIsSettledWhenEveryNodeIsNormalAndNothingStreamedBetweenTwoLooks() throws IOException {
    ScyllaSource source = source("127.0.0.1", "127.0.0.2");

    assertThat(source.balance().settled()).isNull();
    assertThat(source.balance()).isEqualTo(Balance.done());

    nodes.get(0).serve("/metrics", TestPages.resource("scylla/node-1.prom")
        .replace("scylla_streaming_total_incoming_bytes{shard=\"1\"} 524288",
            "scylla_streaming_total_incoming_bytes{shard=\"1\"} 1524288"));
    Balance streamed = source.balance();
    assertThat(streamed.settled()).isFalse();
    assertThat(streamed.detail()).isEqualTo("node 127.0.0.1 streamed 1000000 bytes since the last look");
  }

  @Test
  @Timeout(20)
  void balanceIsMovingWhileANodeJoins() throws IOException {
    Balance b = source("127.0.0.1", "127.0.0.2", "127.0.0.3").balance();

    assertThat(b.settled()).isFalse();
    assertThat(b.detail()).contains("node 127.0.0.3 JOINING").contains("node 127.0.0.3 bootstrap running");
  }

  @Test
  @Timeout(20)
  void balanceLeavesOutANodeDownAndFailsWhenNoneAnswers() throws IOException {
    ScyllaSource source = source("127.0.0.1", "127.0.0.2");
    nodes.get(1).close();
    source.balance();
    assertThat(source.balance()).isEqualTo(Balance.done());

    nodes.get(0).close();
    assertThatThrownBy(source::balance).isInstanceOf(IOException.class).hasMessageContaining("no ScyllaDB node answered");
  }

  @Test
  @Timeout(20)
  void operationModesAreScyllasNumbers() {
    assertThat(ScyllaOperationMode.of(3)).isEqualTo(ScyllaOperationMode.NORMAL);
    assertThat(ScyllaOperationMode.of(2)).isEqualTo(ScyllaOperationMode.JOINING);
    assertThat(ScyllaOperationMode.of(4)).isEqualTo(ScyllaOperationMode.LEAVING);
    assertThat(ScyllaOperationMode.of(5)).isEqualTo(ScyllaOperationMode.DECOMMISSIONED);
    assertThat(ScyllaOperationMode.of(9)).isEqualTo(ScyllaOperationMode.MAINTENANCE);
    assertThat(ScyllaOperationMode.of(42)).isEqualTo(ScyllaOperationMode.UNKNOWN);
  }
}
