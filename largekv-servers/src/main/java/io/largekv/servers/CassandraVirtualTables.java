package io.largekv.servers;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import io.largekv.report.files.ServerFigure;
import io.largekv.results.Reason;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Apache Cassandra's own view of what each node holds, from its CQL virtual tables, queried node by
 * node through the driver (a virtual table answers for the node it is asked on):
 * <ul>
 *   <li>{@code system_views.disk_usage}: the benchmark table's files on disk, in MiB <em>rounded up</em>
 *       (Cassandra's {@code TotalDiskSpaceUsed}: live SSTables and those compacted away but not yet
 *       deleted) → {@link ServerFigure#TABLE_BYTES}, exact to 1 MiB;
 *   <li>{@code system_views.gossip_info}: the node's own gossip status ({@code NORMAL}, {@code BOOT},
 *       {@code LEAVING}, …) → the reading's state; every endpoint's, as each node sees them → {@link #balance};
 *   <li>{@code system_views.streaming}: streams still running ({@code status = 'start'}) → {@link #balance}.
 * </ul>
 * Cassandra's virtual tables give no uncompressed size and no memtable size: both are unavailable,
 * and the table's bytes leave out rows not yet flushed.
 */
public final class CassandraVirtualTables implements ServerSource {

  private static final Duration TIMEOUT = Duration.ofSeconds(5);
  static final String NO_TABLE = "the node has no table ";
  static final String NO_UNCOMPRESSED = "Cassandra's virtual tables give no uncompressed size";
  static final String NO_MEMTABLES = "Cassandra's virtual tables give no memtable size: rows not yet flushed are "
      + "not in the table's bytes";

  private final CqlSession session;
  private final String keyspace;
  private final String table;

  /** The user's names of the hosts, by address: a node is named as the other sources name it. */
  private final java.util.Map<java.net.InetAddress, String> names = new java.util.HashMap<>();

  /**
   * Reads through {@code session} (closed with this source) the table {@code keyspace.table}; a node
   * whose address one of {@code hosts} resolves to is named as there ({@code --hosts c1,c2}: c1, c2),
   * so that its readings meet the machines' sources'.
   */
  public CassandraVirtualTables(CqlSession session, List<String> hosts, String keyspace, String table) {
    this.session = session;
    this.keyspace = keyspace;
    this.table = table;
    for (String h : hosts) {
      try {
        for (java.net.InetAddress a : java.net.InetAddress.getAllByName(h)) {
          names.putIfAbsent(a, h);
        }
      } catch (java.net.UnknownHostException e) {
        // named by its address then
      }
    }
  }

  @Override
  public String describe() {
    return "Cassandra's virtual tables (system_views.disk_usage, gossip_info, streaming)";
  }

  @Override
  public Set<ServerFigure> figures() {
    return EnumSet.of(ServerFigure.TABLE_BYTES, ServerFigure.UNCOMPRESSED_BYTES, ServerFigure.MEMTABLE_BYTES);
  }

  /** Every node answers its virtual tables (the benchmark's table may not exist yet: its DDL comes later). */
  @Override
  public void check() throws IOException {
    List<NodeReading> readings = read();
    // a node whose table does not exist yet answered: only a node it could not read at all fails the check
    List<String> failed = readings.stream().filter(r -> r.unavailable().containsKey(ServerFigure.TABLE_BYTES))
        .map(r -> r.unavailable().get(ServerFigure.TABLE_BYTES).on(r.node()))
        .filter(why -> why.code() == Reason.Code.SOURCE_DOWN).map(Reason::words).toList();
    if (!failed.isEmpty()) {
      throw new IOException("system_views.disk_usage could not be read on " + String.join("; ", failed));
    }
  }

  @Override
  public List<NodeReading> read() throws IOException {
    List<NodeReading> out = new ArrayList<>();
    for (Node node : session.getMetadata().getNodes().values()) {
      out.add(read(node));
    }
    if (out.isEmpty()) {
      throw new IOException("the driver knows no node of the cluster");
    }
    return out;
  }

  private NodeReading read(Node node) {
    String host = host(node);
    if (down(node)) {
      return NodeReading.failed(host, figures(), "the driver sees the node down");
    }
    NodeReading.Builder b = NodeReading.of(host).unavailable(ServerFigure.UNCOMPRESSED_BYTES, NO_UNCOMPRESSED)
        .unavailable(ServerFigure.MEMTABLE_BYTES, NO_MEMTABLES);
    try {
      Row row = session.execute(on(node, SimpleStatement.newInstance(
          "SELECT mebibytes FROM system_views.disk_usage WHERE keyspace_name = ? AND table_name = ?", keyspace, table)))
          .one();
      if (row == null) {
        b.unavailable(ServerFigure.TABLE_BYTES, NO_TABLE + keyspace + "." + table);
      } else {
        b.value(ServerFigure.TABLE_BYTES, row.getLong("mebibytes") * 1024.0 * 1024.0);
      }
      b.state(gossipStatus(node));
    } catch (DriverException e) {
      return NodeReading.failed(host, figures(), e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    return b.build();
  }

  /** The node's own status in its gossip ({@code NORMAL}, {@code BOOT}, ...), without the tokens that follow it. */
  private String gossipStatus(Node node) {
    InetSocketAddress self = node.getBroadcastAddress().orElse(null);
    for (Row r : session.execute(on(node, SimpleStatement.newInstance(
        "SELECT address, port, status_with_port, status FROM system_views.gossip_info")))) {
      boolean itself = self == null ? false : self.getAddress().equals(r.getInetAddress("address"))
          && (r.isNull("port") || r.getInt("port") == self.getPort());
      if (itself) {
        return status(r);
      }
    }
    return null;
  }

  /** The gossip states of a node joining, leaving or moving its ranges. */
  private static final Set<String> MOVING = Set.of("BOOT", "BOOT_REPLACE", "LEAVING", "MOVING", "REMOVING");

  /**
   * Moving while any node's gossip, as any node that answers sees it, says an endpoint is joining,
   * leaving or moving ({@code BOOT}, {@code LEAVING}, …: a joining node is in the others' gossip before
   * it answers CQL itself), or any stream is still running. A node that is down but {@code NORMAL} moves
   * nothing: Cassandra re-replicates a dead node's data only when it is replaced or removed.
   */
  @Override
  public Balance balance() throws IOException {
    java.util.Set<String> moving = new java.util.TreeSet<>();
    int answered = 0;
    for (Node node : session.getMetadata().getNodes().values()) {
      if (down(node)) {
        continue;
      }
      try {
        for (Row r : session.execute(on(node, SimpleStatement.newInstance(
            "SELECT address, status_with_port, status FROM system_views.gossip_info")))) {
          String state = status(r);
          if (state != null && MOVING.contains(state)) {
            moving.add(r.getInetAddress("address").getHostAddress() + " " + state);
          }
        }
        int streams = 0;
        for (Row r : session.execute(on(node, SimpleStatement.newInstance(
            "SELECT status FROM system_views.streaming")))) {
          if ("start".equalsIgnoreCase(r.getString("status"))) {
            streams++;
          }
        }
        if (streams > 0) {
          moving.add(host(node) + " " + streams + " stream(s) running");
        }
        answered++;
      } catch (DriverException e) {
        // a node that cannot answer tells nothing; the others may
      }
    }
    if (answered == 0) {
      return Balance.unknown("no node answered");
    }
    return moving.isEmpty() ? Balance.done() : Balance.moving(String.join(", ", moving));
  }

  @Override
  public boolean tellsBalance() {
    return true;
  }

  /** The keyspace's replication factor as its schema says (all datacenters' together), or null. */
  public Integer replicationFactor() {
    return session.getMetadata().getKeyspace(keyspace).map(k -> {
      int rf = 0;
      for (var e : k.getReplication().entrySet()) {
        if (!e.getKey().equals("class")) {
          try {
            rf += Integer.parseInt(e.getValue().split("/")[0].strip());
          } catch (NumberFormatException notACount) {
            return (Integer) null;
          }
        }
      }
      return rf > 0 ? Math.min(rf, session.getMetadata().getNodes().size()) : null;
    }).orElse(null);
  }

  private static SimpleStatement on(Node node, SimpleStatement s) {
    return s.setNode(node).setTimeout(TIMEOUT);
  }

  /** An endpoint's gossip status ({@code NORMAL}, {@code BOOT}, ...) without the tokens after it; null when none. */
  private static String status(Row r) {
    String status = r.getString("status_with_port");
    if (status == null) {
      status = r.getString("status");
    }
    return status == null ? null : status.split(",", 2)[0].toUpperCase(Locale.ROOT);
  }

  private static boolean down(Node node) {
    return node.getState() == NodeState.DOWN || node.getState() == NodeState.FORCED_DOWN;
  }

  /**
   * A node's host, as the other sources name it: the user's name of its address, else its RPC
   * address, else the address the driver reached.
   */
  String host(Node node) {
    InetSocketAddress a = node.getBroadcastRpcAddress().orElse(null);
    if (a == null && node.getEndPoint().resolve() instanceof InetSocketAddress e) {
      a = e;
    }
    if (a == null) {
      return node.getEndPoint().toString();
    }
    return names.getOrDefault(a.getAddress(), a.getAddress().getHostAddress());
  }

  @Override
  public void close() {
    session.close();
  }
}
