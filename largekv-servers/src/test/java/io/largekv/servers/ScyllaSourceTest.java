package io.largekv.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.report.files.ServerFigure;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@link ScyllaSource} against ScyllaDB's Prometheus pages served over HTTP (samples: scylla/README.md). */
class ScyllaSourceTest {

  private List<TestPages> nodes;
  /** The table's tablets as system.tablets would list them at the next look (a fixture's rows). */
  private volatile List<ScyllaTablet> tablets = List.of();
  /** The balance's clock, ms. */
  private final AtomicLong now = new AtomicLong(1_000_000);

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
    return sourceOf("kv", hosts);
  }

  private ScyllaSource sourceOf(String table, String... hosts) {
    ScyllaTabletReader reader = new ScyllaTabletReader() {
      @Override
      public List<ScyllaTablet> read() {
        return tablets;
      }

      @Override
      public String describe() {
        return "system.tablets of largekv." + table;
      }
    };
    return new ScyllaSource(List.of(hosts), nodes.get(0).port(), "largekv", table, reader, new ScyllaBalance(now::get));
  }

  /**
   * The rows of a {@code system.tablets} fixture (scylla/README.md), in cqlsh's layout: a header naming
   * the columns, a separator, a row a line with {@code null} for none, {@code (N rows)}.
   */
  static List<ScyllaTablet> tabletRows(String name) {
    List<String> lines = TestPages.resource(name).lines().filter(l -> !l.isBlank()).toList();
    List<String> header = Arrays.stream(lines.get(0).split("\\|")).map(String::strip).toList();
    List<ScyllaTablet> rows = new ArrayList<>();
    for (String line : lines.subList(2, lines.size())) {
      if (line.startsWith("(")) {
        break;
      }
      List<String> cells = Arrays.stream(line.split("\\|")).map(String::strip)
          .map(c -> c.equals("null") ? null : c).toList();
      rows.add(new ScyllaTablet(Long.parseLong(cells.get(header.indexOf("last_token"))),
          cells.get(header.indexOf("stage")), cells.get(header.indexOf("transition"))));
    }
    return rows;
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
    assertThat(two.unavailableInWords().get(ServerFigure.MEMTABLE_BYTES)).contains("per node");
  }

  @Test
  @Timeout(20)
  void aTableWithNoSeriesIsUnavailableNeverZero() throws IOException {
    NodeReading joining = byNode(source("127.0.0.3").read()).get("127.0.0.3");

    assertThat(joining.values()).isEmpty();
    assertThat(joining.unavailableInWords().get(ServerFigure.TABLE_BYTES)).isEqualTo(
        "no scylla_column_family_live_disk_space series of largekv.kv on this node (is the keyspace/table right?)");
    assertThat(joining.state()).isEqualTo("JOINING");

    NodeReading wrongTable = byNode(sourceOf("nope", "127.0.0.1").read()).get("127.0.0.1");
    assertThat(wrongTable.values()).isEmpty();
    assertThat(wrongTable.unavailableInWords().get(ServerFigure.TABLE_BYTES)).contains("largekv.nope");
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
    assertThat(down.unavailableInWords().get(ServerFigure.TABLE_BYTES))
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
  void aSampleReadsEachNodesPageOnceForTheFiguresAndTheBalance() throws IOException {
    SourceSample sample;
    try (ScyllaSource source = source("127.0.0.1", "127.0.0.2", "127.0.0.3")) {
      sample = source.sample();
    }

    assertThat(nodes).allSatisfy(n -> assertThat(n.requests("/metrics")).isEqualTo(1));
    assertThat(sample.failed()).isNull();
    Map<String, NodeReading> r = byNode(sample.readings());
    assertThat(r.get("127.0.0.1").values()).containsEntry(ServerFigure.TABLE_BYTES, 1_073_741_824.0);
    assertThat(r.get("127.0.0.3").state()).isEqualTo("JOINING");
    // node-3-joining.prom: the balance comes from the same pages
    assertThat(sample.balance().settled()).isFalse();
    assertThat(sample.balance().detail()).contains("127.0.0.3").contains("JOINING");
  }

  @Test
  @Timeout(20)
  void aSampleOfNodesThatDoNotAnswerFailsWithTheirUrlsAndCannotTellTheBalance() throws IOException {
    nodes.forEach(TestPages::close);
    SourceSample sample;
    String describe;
    try (ScyllaSource source = source("127.0.0.1", "127.0.0.2")) {
      sample = source.sample();
      describe = source.describe();
    }

    assertThat(sample.readings()).isNull();
    assertThat(sample.failed()).startsWith("no ScyllaDB node answered: http://127.0.0.1:" + nodes.get(0).port()
        + "/metrics").contains("; http://127.0.0.2:" + nodes.get(0).port() + "/metrics");
    assertThat(sample.balance().settled()).isNull();
    assertThat(sample.balance().detail()).isEqualTo(describe + ": " + sample.failed());
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
    assertThat(streamed.detail()).isEqualTo("node 127.0.0.1 streamed or repaired 1000000 bytes since the last look");

    // repair-based node operations (replace, removenode, rebuild by default) move repair's rows, not streams
    nodes.get(0).serve("/metrics", TestPages.resource("scylla/node-1.prom")
        .replace("scylla_streaming_total_incoming_bytes{shard=\"1\"} 524288",
            "scylla_streaming_total_incoming_bytes{shard=\"1\"} 1524288")
        .replace("scylla_repair_rx_row_bytes{shard=\"0\"} 2097152", "scylla_repair_rx_row_bytes{shard=\"0\"} 2097153"));
    assertThat(source.balance().detail()).isEqualTo("node 127.0.0.1 streamed or repaired 1 bytes since the last look");
  }

  /**
   * A tablet migration streams files: every node NORMAL, no counter moving, and still moving until the
   * last tablet's transition clears in system.tablets.
   */
  @Test
  @Timeout(20)
  void aTabletMigrationIsMovingUntilTheLastTabletsTransitionClears() throws IOException {
    ScyllaSource source = source("127.0.0.1", "127.0.0.2");
    tablets = tabletRows("scylla/tablets-migrating.txt");
    assertThat(tablets).hasSize(4);
    assertThat(source.balance()).isEqualTo(Balance.moving("3 of 4 tablets of largekv.kv in transition (2 migration,"
        + " 1 rebuild_v2; stages 1 rebuild_repair, 1 streaming, 1 write_both_read_old)"));

    // the second look: the pages say nothing moved (the counters did not change), the tablets still do
    Balance oneLeft;
    tablets = tabletRows("scylla/tablets-one-left.txt");
    oneLeft = source.balance();
    assertThat(oneLeft.settled()).isFalse();
    assertThat(oneLeft.detail()).isEqualTo("1 of 4 tablets of largekv.kv in transition (1 migration; stages 1 cleanup)");

    tablets = tabletRows("scylla/tablets-settled.txt");
    assertThat(source.balance()).isEqualTo(Balance.done());
  }

  @Test
  @Timeout(20)
  void tabletsThatCannotBeReadNeverSaySettled() throws IOException {
    ScyllaSource source = new ScyllaSource(List.of("127.0.0.1"), nodes.get(0).port(), "largekv", "kv",
        ScyllaTablets.unavailable("no driver session: connection refused"), new ScyllaBalance(now::get));
    source.balance();
    Balance b = source.balance();
    assertThat(b.settled()).isNull();
    assertThat(b.detail()).isEqualTo("the table's tablets could not be read (no driver session: connection refused)");
    assertThat(source.describe()).contains("system.tablets (unavailable: no driver session: connection refused)");
  }

  @Test
  @Timeout(20)
  void anAbortedOperationsPercentageDoesNotReadAsMovingForever() throws IOException {
    String stuck = TestPages.resource("scylla/node-2.prom")
        .replace("scylla_node_ops_finished_percentage{ops=\"removenode\",shard=\"0\"} 1.000000",
            "scylla_node_ops_finished_percentage{ops=\"removenode\",shard=\"0\"} 0.420000");
    nodes.get(1).serve("/metrics", stuck);
    ScyllaSource source = source("127.0.0.2");

    // first seen below 1: it may run or be left from an aborted operation; the counters say nothing yet
    Balance first = source.balance();
    assertThat(first.settled()).isNull();
    assertThat(first.detail()).contains("node 127.0.0.2 removenode at 42%, not yet seen progressing");
    // seen progressing: running
    nodes.get(1).serve("/metrics", stuck.replace("0.420000", "0.430000"));
    now.addAndGet(10_000);
    assertThat(source.balance()).isEqualTo(Balance.moving("node 127.0.0.2 removenode running (43%)"));
    // unchanged, within the window after its last progress: still running
    now.addAndGet(ScyllaBalance.ABORTED_AFTER_MS - 20_000);
    assertThat(source.balance().settled()).isFalse();
    // unchanged for longer, nothing moving: an aborted operation's remnant, not a move
    now.addAndGet(20_000);
    assertThat(source.balance()).isEqualTo(Balance.done());
    // and while something else moves, the remnant is said beside it
    tablets = tabletRows("scylla/tablets-one-left.txt");
    assertThat(source.balance().detail()).endsWith("node 127.0.0.2 removenode at 43% unchanged for over 10 min: taken"
        + " for an aborted operation's remnant");
  }

  @Test
  @Timeout(20)
  void balanceIsMovingWhileANodeJoins() throws IOException {
    Balance b = source("127.0.0.1", "127.0.0.2", "127.0.0.3").balance();

    assertThat(b.settled()).isFalse();
    assertThat(b.detail()).contains("node 127.0.0.3 JOINING");
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
