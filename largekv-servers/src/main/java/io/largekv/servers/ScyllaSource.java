package io.largekv.servers;

import io.largekv.report.files.ServerFigure;
import io.largekv.servers.PrometheusText.Sample;
import java.io.IOException;
import java.net.URI;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * ScyllaDB's own view of the benchmark table (docs/servers.md), read from each node's Prometheus
 * endpoint ({@code http://HOST:9180/metrics}; seastar names a metric {@code scylla_GROUP_NAME} and
 * writes a {@code shard} label unless the series is aggregated over the node's shards):
 *
 * <ul>
 *   <li>{@code scylla_column_family_live_disk_space{ks,cf}}, summed over the node's shards, is
 *       {@link ServerFigure#TABLE_BYTES}: the table's live SSTables;
 *   <li>{@code scylla_column_family_total_disk_space_before_compression{ks,cf}} is
 *       {@link ServerFigure#UNCOMPRESSED_BYTES}: what the table's SSTables would take uncompressed. It
 *       counts every SSTable on disk, those compaction replaced and not yet deleted too (ScyllaDB
 *       gives no uncompressed size of the live ones alone), so it may exceed the live figure's
 *       uncompressed size while compactions finish;
 *   <li>{@link ServerFigure#MEMTABLE_BYTES} is unavailable: ScyllaDB counts memtable writes per
 *       table but sizes memtables only per node, every table together ({@code scylla_memory_dirty_bytes});
 *   <li>{@code scylla_node_operation_mode} is the node's state ({@link ScyllaOperationMode}).
 * </ul>
 *
 * CPU and disk are the machines' sources' (node_exporter). {@link #balance} is {@link ScyllaBalance},
 * with the table's tablets from {@code system.tablets} ({@link ScyllaTablets}, through the driver).
 */
public final class ScyllaSource implements ServerSource {

  /** ScyllaDB's Prometheus port ({@code prometheus_port}). */
  public static final int PROMETHEUS_PORT = 9180;
  /** Its page. */
  public static final String PATH = "/metrics";

  static final String LIVE = "scylla_column_family_live_disk_space";
  static final String UNCOMPRESSED = "scylla_column_family_total_disk_space_before_compression";
  static final String MODE = "scylla_node_operation_mode";
  private static final Set<String> METRICS = Set.of(LIVE, UNCOMPRESSED, MODE);
  /** What a sample reads of each node's page: its figures' series and the balance's. */
  private static final Set<String> PAGE = union(METRICS, ScyllaBalance.METRICS);
  private static final Set<ServerFigure> FIGURES = Collections.unmodifiableSet(EnumSet.of(
      ServerFigure.TABLE_BYTES, ServerFigure.UNCOMPRESSED_BYTES, ServerFigure.MEMTABLE_BYTES));
  static final String NO_MEMTABLE = "ScyllaDB sizes memtables per node only, every table together"
      + " (scylla_memory_dirty_bytes), not per table";

  private final List<String> hosts;
  private final EachHost nodes;
  private final int port;
  private final String keyspace;
  private final String table;
  private final ScyllaTabletReader tablets;
  private final ScyllaBalance balance;

  /**
   * The nodes {@code hosts} at {@code prometheusPort}, the table's tablets through {@code session}
   * (closed with this source).
   *
   * @param hosts the nodes (names or addresses, no port)
   * @param prometheusPort their Prometheus port (9180 by default)
   */
  public static ScyllaSource of(List<String> hosts, int prometheusPort, String keyspace, String table,
      com.datastax.oss.driver.api.core.CqlSession session) {
    return new ScyllaSource(hosts, prometheusPort, keyspace, table, new ScyllaTablets(session, keyspace, table),
        new ScyllaBalance());
  }

  /**
   * The nodes' pages as {@link #of}, with no driver session: the tablets cannot be read, so the
   * balance never says settled ({@code why} says why).
   */
  public static ScyllaSource withoutSession(List<String> hosts, int prometheusPort, String keyspace, String table,
      String why) {
    return new ScyllaSource(hosts, prometheusPort, keyspace, table, ScyllaTablets.unavailable(why),
        new ScyllaBalance());
  }

  ScyllaSource(List<String> hosts, int prometheusPort, String keyspace, String table, ScyllaTabletReader tablets,
      ScyllaBalance balance) {
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException("ScyllaDB source: no host");
    }
    this.hosts = List.copyOf(hosts);
    this.nodes = new EachHost("ScyllaDB node", hosts);
    this.port = prometheusPort;
    this.keyspace = keyspace;
    this.table = table;
    this.tablets = tablets;
    this.balance = balance;
  }

  @Override
  public String describe() {
    return "ScyllaDB nodes " + String.join(",", hosts) + " at port " + port + PATH + " and " + tablets.describe() + " ("
        + keyspace + "." + table + ")";
  }

  @Override
  public Set<ServerFigure> figures() {
    return FIGURES;
  }

  @Override
  public void check() throws IOException {
    nodes.read(host -> {
      URI uri = page(host);
      if (PrometheusPage.read(uri, MODE::equals).isEmpty()) {
        throw new IOException(uri + ": no " + MODE + " series (is this ScyllaDB's Prometheus port?)");
      }
      return uri;
    }).requireEvery();
  }

  @Override
  public List<NodeReading> read() throws IOException {
    return readings(pages().requireOne());
  }

  /** Each node's page read once for both the node's figures and the balance. */
  @Override
  public SourceSample sample() {
    EachHost.Answers<List<Sample>> pages;
    try {
      pages = pages().requireOne();
    } catch (IOException e) {
      return new SourceSample(null, e.getMessage(), Balance.unknown(describe() + ": " + e.getMessage()));
    }
    Balance balance;
    try {
      balance = balanceOf(pages);
    } catch (RuntimeException e) {
      balance = Balance.unknown(describe() + ": " + e.getMessage());
    }
    return new SourceSample(readings(pages), null, balance);
  }

  @Override
  public boolean tellsBalance() {
    return true;
  }

  /**
   * Every answering node's operation mode, node operations, streaming and repair, and the table's
   * tablets: see {@link ScyllaBalance}. A node that does not answer is left out (a node down moves no
   * data by itself).
   *
   * @throws IOException when no node answers
   */
  @Override
  public Balance balance() throws IOException {
    return balanceOf(pages().requireOne());
  }

  private EachHost.Answers<List<Sample>> pages() throws IOException {
    return nodes.read(host -> PrometheusPage.read(page(host), PAGE::contains));
  }

  /** A node that did not answer has every figure unavailable, with why. */
  private List<NodeReading> readings(EachHost.Answers<List<Sample>> pages) {
    return pages.each(this::reading, (host, why) -> NodeReading.failed(host, FIGURES, why));
  }

  /** The answering nodes' pages (a node down moves no data by itself) and the table's tablets. */
  private Balance balanceOf(EachHost.Answers<List<Sample>> pages) {
    List<ScyllaTablet> read = null;
    String unread = null;
    try {
      read = tablets.read();
    } catch (IOException e) {
      unread = e.getMessage();
    }
    return balance.of(pages.answered(), read, unread, keyspace + "." + table);
  }

  @Override
  public void close() {
    nodes.close();
    tablets.close();
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    Set<String> u = new HashSet<>(a);
    u.addAll(b);
    return Set.copyOf(u);
  }

  private NodeReading reading(String host, List<Sample> samples) {
    NodeReading.Builder b = NodeReading.of(host);
    samples.stream().filter(s -> s.name().equals(MODE)).findFirst()
        .ifPresent(s -> b.state(ScyllaOperationMode.of(s.value()).name()));
    Predicate<Sample> ofTable = s -> keyspace.equals(s.label("ks")) && table.equals(s.label("cf"));
    String name = keyspace + "." + table;
    TableSeries.put(b, ServerFigure.TABLE_BYTES, samples, LIVE, ofTable, name,
        "no " + LIVE + " series on this node at all (per-table metrics off?)", "");
    TableSeries.put(b, ServerFigure.UNCOMPRESSED_BYTES, samples, UNCOMPRESSED, ofTable, name,
        "no " + UNCOMPRESSED + " series on this node (this ScyllaDB does not export it)", "");
    b.unavailable(ServerFigure.MEMTABLE_BYTES, NO_MEMTABLE);
    return b.build();
  }

  private URI page(String host) {
    return NodeHost.url(host, port, PATH);
  }
}
