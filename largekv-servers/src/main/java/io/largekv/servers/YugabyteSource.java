package io.largekv.servers;

import io.largekv.report.files.ServerFigure;
import io.largekv.servers.PrometheusText.Sample;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * YugabyteDB's own view of the benchmark table (docs/servers.md), read over the servers' web ports:
 *
 * <ul>
 *   <li>each tablet server's {@code /prometheus-metrics} (port 9000): the table's tablets' RocksDB
 *       gauges, labelled {@code namespace_name} (the YCQL keyspace) and {@code table_name}, with
 *       {@code metric_type="tablet"}. Summed over the page's series of the table (one per table where
 *       the server aggregates tablets to their table, one per tablet where it does not):
 *       {@code rocksdb_current_version_sst_files_size} is {@link ServerFigure#TABLE_BYTES},
 *       {@code rocksdb_current_version_sst_files_uncompressed_size} {@link ServerFigure#UNCOMPRESSED_BYTES},
 *       {@code mem_tracker_RegularDB_MemTable} {@link ServerFigure#MEMTABLE_BYTES} (the memory the
 *       table's memtables hold). These are the regular RocksDB of each tablet, where a YCQL table's
 *       rows live; the intents RocksDB (provisional writes of transactions) is not counted;
 *   <li>a master's {@code /api/v1/tablet-servers} (port 7000): each tablet server's {@code ALIVE} or
 *       {@code DEAD} as the node's state. Its SST sizes are every table's of the server, system
 *       tables included, so they are no figure here: when a tablet server's page has no series of
 *       the table, the reason quotes the server's whole-server SST size instead.
 * </ul>
 *
 * CPU and disk are the machines' sources' (node_exporter). {@link #balance} is {@link YugabyteBalance}.
 */
public final class YugabyteSource implements ServerSource {

  /** The masters' web port. */
  public static final int MASTER_WEB_PORT = 7000;
  /** The tablet servers' web port. */
  public static final int TSERVER_WEB_PORT = 9000;
  /** The tablet servers' Prometheus page. */
  public static final String TSERVER_PATH = "/prometheus-metrics";
  /** The master's list of tablet servers. */
  public static final String TABLET_SERVERS_PATH = "/api/v1/tablet-servers";

  static final String SST = "rocksdb_current_version_sst_files_size";
  static final String SST_UNCOMPRESSED = "rocksdb_current_version_sst_files_uncompressed_size";
  static final String MEMTABLE = "mem_tracker_RegularDB_MemTable";
  private static final Set<String> METRICS = Set.of(SST, SST_UNCOMPRESSED, MEMTABLE);
  private static final Set<ServerFigure> FIGURES = Collections.unmodifiableSet(EnumSet.of(
      ServerFigure.TABLE_BYTES, ServerFigure.UNCOMPRESSED_BYTES, ServerFigure.MEMTABLE_BYTES));

  private final List<String> hosts;
  private final EachHost tservers;
  private final List<String> masters;
  private final int tserverWebPort;
  private final YugabyteAdmin admin;
  private final String keyspace;
  private final String table;
  private final Function<String, Set<String>> resolver;
  /** The last master listing's hosts and how they matched {@code hosts}, resolved once per listing. */
  private Set<String> matchedListing = Set.of();
  private YugabyteTabletServers.ForHosts matched;
  private final List<String> warnings = new ArrayList<>();

  /** The tablet servers {@code hosts}, each also a master at port 7000, web port 9000, no yb-admin. */
  public YugabyteSource(List<String> hosts, String keyspace, String table) {
    this(hosts, YugabyteEndpoints.DEFAULT, keyspace, table);
  }

  /**
   * @param hosts the tablet servers (names or addresses, no port)
   * @param endpoints the masters, the tablet servers' web port, yb-admin
   * @param keyspace the YCQL keyspace (YugabyteDB's namespace) of the table
   */
  public YugabyteSource(List<String> hosts, YugabyteEndpoints endpoints, String keyspace, String table) {
    this(hosts, endpoints, keyspace, table, YugabyteTabletServers::addresses);
  }

  YugabyteSource(List<String> hosts, YugabyteEndpoints endpoints, String keyspace, String table,
      Function<String, Set<String>> resolver) {
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException("YugabyteDB source: no tablet server host");
    }
    this.hosts = List.copyOf(hosts);
    this.tservers = new EachHost("YugabyteDB tablet server", hosts);
    this.masters = endpoints.masters().isEmpty()
        ? hosts.stream().map(h -> h.contains(":") && !h.startsWith("[") ? "[" + h + "]" : h).toList()
        : endpoints.masters();
    this.tserverWebPort = endpoints.tserverWebPort();
    this.admin = endpoints.admin() == null ? null
        : new YugabyteAdmin(endpoints.admin(), masters.stream().map(NodeHost::of).toList());
    this.keyspace = keyspace;
    this.table = table;
    this.resolver = resolver;
  }

  @Override
  public String describe() {
    return "YugabyteDB tablet servers " + String.join(",", hosts) + " at port " + tserverWebPort + TSERVER_PATH
        + ", masters " + String.join(",", masters) + (admin == null ? "" : ", " + admin.describe()) + " ("
        + keyspace + "." + table + ")";
  }

  @Override
  public Set<ServerFigure> figures() {
    return FIGURES;
  }

  @Override
  public void check() throws IOException {
    List<String> failures = new ArrayList<>(tservers.read(host -> {
      URI uri = tserverPage(host);
      if (PrometheusPage.read(uri, n -> true).stream().noneMatch(s -> "yb.tabletserver".equals(s.label("metric_id")))) {
        throw new IOException(uri + ": no series with metric_id=\"yb.tabletserver\" (is this a YugabyteDB tablet"
            + " server's web port?)");
      }
      return uri;
    }).failed().values());
    // the masters: one that answers is enough (a cluster has fewer masters than tablet servers, and
    // the default names every host)
    List<String> masterFailures = new ArrayList<>();
    for (String master : masters) {
      URI uri = masterPage(master, TABLET_SERVERS_PATH);
      try {
        YugabyteTabletServers.ForHosts matched = match(YugabyteTabletServers.parse(SourceHttp.get(uri), uri));
        if (!matched.unmatched().isEmpty()) {
          warnings.add("YugabyteDB: " + String.join(", ", matched.unmatched()) + " of --hosts match"
              + (matched.unmatched().size() == 1 ? "es" : "") + " no tablet server " + uri + " lists, by name or by"
              + " address (it lists " + String.join(", ", matchedListing) + "): "
              + (matched.unmatched().size() == 1 ? "its node state is" : "their node states are") + " unknown");
        }
        masterFailures.clear();
        break;
      } catch (IOException e) {
        masterFailures.add(e.getMessage());
      }
    }
    if (!masterFailures.isEmpty()) {
      failures.add("no master answered: " + String.join("; ", masterFailures));
    }
    if (!failures.isEmpty()) {
      throw new IOException(String.join("; ", failures));
    }
  }

  @Override
  public List<NodeReading> read() throws IOException {
    Map<String, YugabyteTabletServers.Server> servers = Map.of();
    try {
      servers = tabletServers();
    } catch (IOException e) {
      // The states are then unknown; the tablet servers' figures are still read.
    }
    Map<String, YugabyteTabletServers.Server> known = servers.isEmpty() ? Map.of() : match(servers).byHost();
    Function<String, YugabyteTabletServers.Server> server = known::get;
    EachHost.Answers<List<Sample>> pages = tservers.read(host -> PrometheusPage.read(tserverPage(host),
        METRICS::contains)).requireOne();
    return pages.each((host, page) -> reading(host, page, server.apply(host)), (host, why) -> {
      YugabyteTabletServers.Server s = server.apply(host);
      NodeReading.Builder b = NodeReading.of(host).state(s == null ? null : s.status());
      FIGURES.forEach(f -> b.unavailable(f, why));
      return b.build();
    });
  }

  @Override
  public boolean tellsBalance() {
    return true;
  }

  @Override
  public Balance balance() throws IOException {
    List<Function<String, URI>> pages = new ArrayList<>();
    for (String master : masters) {
      pages.add(path -> masterPage(master, path));
    }
    return YugabyteBalance.read(pages, admin);
  }

  /** Said once, after {@link #check}: hosts of {@code --hosts} the master's list does not name. */
  @Override
  public List<String> warnings() {
    return List.copyOf(warnings);
  }

  /** {@code servers} matched to the hosts, resolving names once per listing. */
  private synchronized YugabyteTabletServers.ForHosts match(Map<String, YugabyteTabletServers.Server> servers) {
    if (matched == null || !matchedListing.equals(servers.keySet())) {
      matched = YugabyteTabletServers.forHosts(servers, hosts, resolver);
      matchedListing = new java.util.TreeSet<>(servers.keySet());
    }
    return matched;
  }

  private NodeReading reading(String host, List<Sample> samples, YugabyteTabletServers.Server server) {
    NodeReading.Builder b = NodeReading.of(host).state(server == null ? null : server.status());
    Predicate<Sample> ofTable = s -> keyspace.equals(s.label("namespace_name")) && table.equals(s.label("table_name"))
        && (s.label("metric_type") == null || "tablet".equals(s.label("metric_type")));
    String name = keyspace + "." + table;
    String wholeServer = server == null || server.sstFileBytes() == null ? ""
        : "; the master says the whole server holds " + server.sstFileBytes() + " bytes of SST files, every table";
    TableSeries.put(b, ServerFigure.TABLE_BYTES, samples, SST, ofTable, name,
        "no " + SST + " series on this node at all (no tablet here yet)", wholeServer);
    TableSeries.put(b, ServerFigure.UNCOMPRESSED_BYTES, samples, SST_UNCOMPRESSED, ofTable, name,
        "no " + SST_UNCOMPRESSED + " series on this node (this YugabyteDB does not export it, or no tablet here yet)",
        "");
    TableSeries.put(b, ServerFigure.MEMTABLE_BYTES, samples, MEMTABLE, ofTable, name,
        "no " + MEMTABLE + " series on this node (this YugabyteDB does not export it, or no tablet here yet)", "");
    return b.build();
  }

  private Map<String, YugabyteTabletServers.Server> tabletServers() throws IOException {
    List<String> tried = new ArrayList<>();
    for (String master : masters) {
      URI uri = masterPage(master, TABLET_SERVERS_PATH);
      try {
        return YugabyteTabletServers.parse(SourceHttp.get(uri), uri);
      } catch (IOException e) {
        tried.add(e.getMessage());
      }
    }
    throw new IOException("no YugabyteDB master answered: " + String.join("; ", tried));
  }

  @Override
  public void close() {
    tservers.close();
  }

  private URI tserverPage(String host) {
    return NodeHost.url(host, tserverWebPort, TSERVER_PATH);
  }

  private static URI masterPage(String master, String path) {
    return NodeHost.url(NodeHost.of(master), NodeHost.portOf(master, MASTER_WEB_PORT), path);
  }
}
