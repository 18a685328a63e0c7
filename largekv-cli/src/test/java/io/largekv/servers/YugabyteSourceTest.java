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

/**
 * {@link YugabyteSource} against YugabyteDB's tablet server and master pages served over HTTP
 * (samples: yugabyte/README.md).
 */
class YugabyteSourceTest {

  private List<TestPages> tservers;
  private TestPages master;
  private TestPages follower;

  @BeforeEach
  void start() throws IOException {
    tservers = TestPages.nodes(3);
    tservers.get(0).serve("/prometheus-metrics", TestPages.resource("yugabyte/tserver-a.prom"));
    tservers.get(1).serve("/prometheus-metrics", TestPages.resource("yugabyte/tserver-b.prom"));
    tservers.get(2).serve("/prometheus-metrics", TestPages.resource("yugabyte/tserver-c.prom"));
    master = TestPages.any()
        .serve("/api/v1/tablet-servers", TestPages.resource("yugabyte/master-tablet-servers.json"))
        .serve("/api/v1/is-leader", "")
        .serve("/api/v1/health-check", TestPages.resource("yugabyte/master-health-settled.json"))
        .serve("/prometheus-metrics", TestPages.resource("yugabyte/master-idle.prom"));
    follower = TestPages.any()
        .serve("/api/v1/tablet-servers", TestPages.resource("yugabyte/master-tablet-servers.json"))
        .serve("/api/v1/is-leader", 503, "")
        .serve("/prometheus-metrics", TestPages.resource("yugabyte/master-old.prom"));
  }

  @AfterEach
  void stop() {
    tservers.forEach(TestPages::close);
    master.close();
    follower.close();
  }

  private YugabyteSource source(String... hosts) {
    return new YugabyteSource(List.of(hosts), List.of("127.0.0.1:" + follower.port(), "127.0.0.1:" + master.port()),
        tservers.get(0).port(), "largekv", "kv");
  }

  private static Map<String, NodeReading> byNode(List<NodeReading> readings) {
    return readings.stream().collect(Collectors.toMap(NodeReading::node, Function.identity()));
  }

  @Test
  @Timeout(20)
  void sumsTheTablesTabletSeriesAndLeavesOtherTablesOut() throws IOException {
    Map<String, NodeReading> r = byNode(source("127.0.0.1", "127.0.0.2").read());

    NodeReading a = r.get("127.0.0.1");
    assertThat(a.values()).containsEntry(ServerFigure.TABLE_BYTES, 1_048_576_000.0)
        .containsEntry(ServerFigure.UNCOMPRESSED_BYTES, 2_097_152_000.0)
        .containsEntry(ServerFigure.MEMTABLE_BYTES, 67_108_864.0);
    assertThat(a.unavailable()).isEmpty();
    assertThat(a.state()).isEqualTo("ALIVE");
    NodeReading b = r.get("127.0.0.2");
    assertThat(b.values()).containsEntry(ServerFigure.TABLE_BYTES, 300_000_000.0 + 400_000_000)
        .containsEntry(ServerFigure.UNCOMPRESSED_BYTES, 650_000_000.0 + 750_000_000)
        .containsEntry(ServerFigure.MEMTABLE_BYTES, 1_000_000.0 + 3_000_000);
  }

  @Test
  @Timeout(20)
  void aTableWithNoSeriesIsUnavailableNeverZero() throws IOException {
    NodeReading c = byNode(source("127.0.0.3").read()).get("127.0.0.3");

    assertThat(c.values()).isEmpty();
    assertThat(c.unavailable().get(ServerFigure.TABLE_BYTES)).isEqualTo(
        "no rocksdb_current_version_sst_files_size series of largekv.kv on this node (is the keyspace/table right?);"
            + " the master says the whole server holds 6500 bytes of SST files, every table");
    assertThat(c.unavailable().get(ServerFigure.MEMTABLE_BYTES))
        .isEqualTo("no mem_tracker_RegularDB_MemTable series of largekv.kv on this node (is the keyspace/table right?)");
  }

  @Test
  @Timeout(20)
  void aTabletServerDownHasEveryFigureUnavailableWithTheMastersState() throws IOException {
    int port = tservers.get(0).port();

    Map<String, NodeReading> r = byNode(source("127.0.0.1", "127.0.0.4").read());

    assertThat(r.get("127.0.0.1").values()).containsKey(ServerFigure.TABLE_BYTES);
    NodeReading down = r.get("127.0.0.4");
    assertThat(down.values()).isEmpty();
    assertThat(down.unavailable().keySet()).containsExactlyInAnyOrderElementsOf(source("x").figures());
    assertThat(down.unavailable().get(ServerFigure.TABLE_BYTES))
        .startsWith("http://127.0.0.4:" + port + "/prometheus-metrics: ");
    assertThat(down.state()).isEqualTo("DEAD");
  }

  @Test
  @Timeout(20)
  void noMasterLeavesTheStatesUnknownAndNoTabletServerFailsTheRead() throws IOException {
    master.close();
    follower.close();

    NodeReading a = byNode(source("127.0.0.1").read()).get("127.0.0.1");
    assertThat(a.state()).isNull();
    assertThat(a.values()).containsKey(ServerFigure.TABLE_BYTES);

    tservers.forEach(TestPages::close);
    assertThatThrownBy(() -> source("127.0.0.1", "127.0.0.2").read()).isInstanceOf(IOException.class)
        .hasMessageContaining("no YugabyteDB tablet server answered")
        .hasMessageContaining("http://127.0.0.2:" + tservers.get(0).port() + "/prometheus-metrics");
  }

  @Test
  @Timeout(20)
  void checkNamesEveryUrlThatFails() throws IOException {
    source("127.0.0.1", "127.0.0.2", "127.0.0.3").check();

    int port = tservers.get(0).port();
    tservers.get(1).close();
    tservers.get(2).serve("/prometheus-metrics", TestPages.resource("scylla/node-1.prom"));
    follower.serve("/api/v1/tablet-servers", "{\"error\":\"Not found: cluster config\"}");
    assertThatThrownBy(() -> source("127.0.0.1", "127.0.0.2", "127.0.0.3").check()).isInstanceOf(IOException.class)
        .hasMessageNotContaining("127.0.0.1:" + port)
        .hasMessageContaining("http://127.0.0.2:" + port + "/prometheus-metrics: ")
        .hasMessageContaining("http://127.0.0.3:" + port + "/prometheus-metrics: no series with metric_id=\"yb.tabletserver\"")
        // one master answering is enough: a cluster has fewer masters than hosts, and the default names every host
        .hasMessageNotContaining("/api/v1/tablet-servers");
    master.serve("/api/v1/tablet-servers", "{\"error\":\"Not found: cluster config\"}");
    assertThatThrownBy(() -> source("127.0.0.1").check()).isInstanceOf(IOException.class)
        .hasMessageStartingWith("no master answered: ")
        .hasMessageContaining("http://127.0.0.1:" + follower.port() + "/api/v1/tablet-servers: the master says Not found")
        .hasMessageContaining("http://127.0.0.1:" + master.port() + "/api/v1/tablet-servers: the master says Not found");
  }

  @Test
  @Timeout(20)
  void balanceAsksTheLeaderMaster() throws IOException {
    assertThat(source("127.0.0.1").balance()).isEqualTo(Balance.done());

    master.serve("/prometheus-metrics", TestPages.resource("yugabyte/master-busy.prom"));
    Balance busy = source("127.0.0.1").balance();
    assertThat(busy.settled()).isFalse();
    assertThat(busy.detail()).isEqualTo("load balancer: 6 tablet replicas to add or move (about 3221225472 bytes)");

    master.serve("/api/v1/health-check", TestPages.resource("yugabyte/master-health-under-replicated.json"));
    assertThat(source("127.0.0.1").balance())
        .isEqualTo(Balance.moving("3 tablets under-replicated (1 tablet server dead)"));
  }

  @Test
  @Timeout(20)
  void balanceCannotTellWithoutTheBalancersGaugesOrWithBalancingOff() throws IOException {
    master.serve("/prometheus-metrics", TestPages.resource("yugabyte/master-old.prom"));
    Balance old = source("127.0.0.1").balance();
    assertThat(old.settled()).isNull();
    assertThat(old.detail()).contains("no total_table_load_difference").contains("get_is_load_balancer_idle");

    master.serve("/prometheus-metrics", TestPages.resource("yugabyte/master-idle.prom")
        .replace("is_load_balancing_enabled{exported_instance=\"yb-master-1\",metric_id=\"yb.cluster\",metric_type=\"cluster\"} 1",
            "is_load_balancing_enabled{exported_instance=\"yb-master-1\",metric_id=\"yb.cluster\",metric_type=\"cluster\"} 0"));
    assertThat(source("127.0.0.1").balance().settled()).isNull();
  }

  @Test
  @Timeout(20)
  void balanceFailsWhenNoMasterIsTheLeader() {
    master.serve("/api/v1/is-leader", 503, "");

    assertThatThrownBy(() -> source("127.0.0.1").balance()).isInstanceOf(IOException.class)
        .hasMessageContaining("no YugabyteDB master answered as the leader")
        .hasMessageContaining("http://127.0.0.1:" + master.port() + "/api/v1/is-leader: HTTP 503");
  }

  @Test
  @Timeout(20)
  void mastersDefaultToTheHostsAtPort7000() {
    assertThat(new YugabyteSource(List.of("10.0.0.5", "10.0.0.6"), "largekv", "kv").describe())
        .isEqualTo("YugabyteDB tablet servers 10.0.0.5,10.0.0.6 at port 9000/prometheus-metrics,"
            + " masters 10.0.0.5,10.0.0.6 (largekv.kv)");
  }
}
