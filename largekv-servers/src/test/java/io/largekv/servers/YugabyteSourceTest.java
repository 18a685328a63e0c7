package io.largekv.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.report.files.ServerFigure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

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
    return source(null, hosts);
  }

  private YugabyteSource source(Path admin, String... hosts) {
    return new YugabyteSource(List.of(hosts), new YugabyteEndpoints(List.of("127.0.0.1:" + follower.port(),
        "127.0.0.1:" + master.port()), tservers.get(0).port(), admin), "largekv", "kv");
  }

  /** A stand-in for yb-admin that prints {@code out} and ends with {@code status}. */
  private static Path ybAdmin(Path dir, String out, int status) throws IOException {
    Path p = dir.resolve("yb-admin");
    Files.writeString(p, "#!/bin/sh\necho \"$@\" > \"$(dirname \"$0\")/args\"\nprintf '" + out + "'\nexit " + status + "\n");
    p.toFile().setExecutable(true);
    return p;
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
    assertThat(b.values()).containsEntry(ServerFigure.TABLE_BYTES, 700_000_000.0)
        .containsEntry(ServerFigure.UNCOMPRESSED_BYTES, 1_400_000_000.0)
        .containsEntry(ServerFigure.MEMTABLE_BYTES, 4_000_000.0);
  }

  @Test
  @Timeout(20)
  void aTableWithNoSeriesIsUnavailableNeverZero() throws IOException {
    NodeReading c = byNode(source("127.0.0.3").read()).get("127.0.0.3");

    assertThat(c.values()).isEmpty();
    assertThat(c.unavailableInWords().get(ServerFigure.TABLE_BYTES)).isEqualTo(
        "no rocksdb_current_version_sst_files_size series of largekv.kv on this node (is the keyspace/table right?);"
            + " the master says the whole server holds 6500 bytes of SST files, every table");
    assertThat(c.unavailableInWords().get(ServerFigure.MEMTABLE_BYTES))
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
    assertThat(down.unavailableInWords().get(ServerFigure.TABLE_BYTES))
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
  void balanceAsksTheLeaderMaster(@TempDir Path dir) throws IOException {
    // the gauges at 0 are an estimate: without the balancer's own idle state, not settled
    Balance estimate = source("127.0.0.1").balance();
    assertThat(estimate.settled()).isNull();
    assertThat(estimate.detail()).contains("they are an estimate").contains("give --yb-admin PATH");
    // yb-admin's answer is the truth
    Path admin = ybAdmin(dir, "Idle = 1\\n", 0);
    assertThat(source(admin, "127.0.0.1").balance()).isEqualTo(Balance.done());
    assertThat(Files.readString(dir.resolve("args")).strip()).isEqualTo("--master_addresses=127.0.0.1:7100,127.0.0.1:7100"
        + " --timeout_ms=10000 get_is_load_balancer_idle");
    assertThat(source(ybAdmin(dir, "Idle = 0\\n", 0), "127.0.0.1").balance())
        .isEqualTo(Balance.moving("the load balancer is not idle (yb-admin get_is_load_balancer_idle: Idle = 0)"));
    Balance failed = source(ybAdmin(dir, "Unable to establish connection to leader master\\n", 1), "127.0.0.1").balance();
    assertThat(failed.settled()).isNull();
    assertThat(failed.detail()).endsWith("get_is_load_balancer_idle (masters 127.0.0.1:7100,127.0.0.1:7100): exit status 1"
        + " (Unable to establish connection to leader master)");

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

  /** A new leader master's gauges read 0 before its balancer's first run: not settled, whatever yb-admin says. */
  @Test
  @Timeout(20)
  void aNewLeaderMasterWithZeroGaugesIsNotSettled(@TempDir Path dir) throws IOException {
    master.serve("/prometheus-metrics", TestPages.resource("yugabyte/master-new-leader.prom"));

    Balance b = source(ybAdmin(dir, "Idle = 1\\n", 0), "127.0.0.1").balance();

    assertThat(b.settled()).isNull();
    assertThat(b.detail()).startsWith("the leader master's load balancer has not run since it became leader"
        + " (load_balancer_duration_count 0 at http://127.0.0.1:" + master.port() + "/prometheus-metrics");
    master.serve("/prometheus-metrics", TestPages.resource("yugabyte/master-new-leader.prom")
        .replaceAll("load_balancer_duration_count\\{[^}]*} 0 \\d+\\n", ""));
    assertThat(source("127.0.0.1").balance().detail()).startsWith("no load_balancer_duration_count at");
  }

  /** The master keys its list by the address each tablet server registered; --hosts may name them otherwise. */
  @Test
  @Timeout(20)
  void nodeStatesMatchHostsByNameOrAddress() throws IOException {
    Map<String, Set<String>> dns = Map.of("localhost", Set.of("127.0.0.1"), "yb-a", Set.of("127.0.0.1"),
        "127.0.0.1", Set.of("127.0.0.1"), "127.0.0.2", Set.of("127.0.0.2"), "127.0.0.3", Set.of("127.0.0.3"),
        "127.0.0.4", Set.of("127.0.0.4"));
    YugabyteSource byName = new YugabyteSource(List.of("localhost", "yb-x"), new YugabyteEndpoints(
        List.of("127.0.0.1:" + master.port()), tservers.get(0).port(), null), "largekv", "kv",
        h -> dns.getOrDefault(h, Set.of()));
    assertThatThrownBy(byName::check).hasMessageContaining("http://yb-x:"); // its page does not answer either
    assertThat(byName.warnings()).containsExactly("YugabyteDB: yb-x of --hosts matches no tablet server http://127.0.0.1:"
        + master.port() + "/api/v1/tablet-servers lists, by name or by address (it lists 127.0.0.1, 127.0.0.2, 127.0.0.3,"
        + " 127.0.0.4): its node state is unknown");
    Map<String, NodeReading> r = byNode(byName.read());
    assertThat(r.get("localhost").state()).isEqualTo("ALIVE");
    assertThat(r.get("yb-x").state()).isNull();

    // the reverse: the master lists names, --hosts has addresses
    master.serve("/api/v1/tablet-servers", TestPages.resource("yugabyte/master-tablet-servers.json")
        .replace("\"127.0.0.1:9000\"", "\"yb-a:9000\""));
    YugabyteSource byAddress = new YugabyteSource(List.of("127.0.0.1"), new YugabyteEndpoints(
        List.of("127.0.0.1:" + master.port()), tservers.get(0).port(), null), "largekv", "kv",
        h -> dns.getOrDefault(h, Set.of()));
    byAddress.check();
    assertThat(byAddress.warnings()).isEmpty();
    assertThat(byNode(byAddress.read()).get("127.0.0.1").state()).isEqualTo("ALIVE");
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
    assertThat(new YugabyteSource(List.of("10.0.0.5"), new YugabyteEndpoints(List.of(), 9000, Path.of("/opt/yb/bin/yb-admin")),
        "largekv", "kv").describe()).isEqualTo("YugabyteDB tablet servers 10.0.0.5 at port 9000/prometheus-metrics,"
            + " masters 10.0.0.5, /opt/yb/bin/yb-admin get_is_load_balancer_idle (masters 10.0.0.5:7100) (largekv.kv)");
  }
}
