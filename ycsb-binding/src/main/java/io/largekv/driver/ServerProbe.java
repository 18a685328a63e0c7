package io.largekv.driver;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.metadata.schema.KeyspaceMetadata;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import io.largekv.binding.ServerFacts;
import io.largekv.binding.YcqlConfig;
import io.largekv.binding.YugabyteFlags;
import io.largekv.binding.YugabyteTabletLimits;
import io.largekv.common.Database;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Reads {@link ServerFacts} from a connected session: the driver's metadata (nodes per datacenter,
 * the keyspace and table) and a few node-local system tables, each read at ONE with the set-up
 * timeout. A table a server does not have answers "unconfigured table" / "does not exist": that
 * answer is what tells the three databases apart.
 *
 * <ul>
 *   <li>ScyllaDB: {@code system.versions} (its own version); {@code system.config} (whether new
 *       keyspaces get tablets: {@code tablets_mode_for_new_keyspaces}, earlier {@code enable_tablets});
 *       {@code system_schema.scylla_keyspaces} (an existing keyspace's tablets).</li>
 *   <li>YugabyteDB: {@code system.partitions}, which only YCQL has (its tablets' replica map).</li>
 *   <li>Apache Cassandra: neither.</li>
 * </ul>
 */
final class ServerProbe {

  private ServerProbe() {}

  static ServerFacts read(CqlSession session, YcqlConfig config) {
    Row local = one(session, "SELECT cluster_name, release_version, data_center FROM system.local").orElse(null);
    String contactDatacenter = local == null ? null : local.getString("data_center");
    String releaseVersion = local == null ? ServerFacts.NOT_READ
        : String.valueOf(local.getString("release_version"));
    String clusterName = local == null ? ServerFacts.NOT_READ : String.valueOf(local.getString("cluster_name"));
    Map<String, Integer> nodes = new HashMap<>();
    Map<String, Integer> up = new HashMap<>();
    for (Node node : session.getMetadata().getNodes().values()) {
      String dc = node.getDatacenter() == null ? "" : node.getDatacenter();
      nodes.merge(dc, 1, Integer::sum);
      up.merge(dc, node.getState() == NodeState.UP ? 1 : 0, Integer::sum);
    }
    Optional<KeyspaceMetadata> keyspace = session.getMetadata().getKeyspace(CqlIdentifier.fromInternal(config.keyspace));
    Map<String, String> replication = keyspace.map(KeyspaceMetadata::getReplication).orElse(null);
    boolean tableExists = keyspace.flatMap(k -> k.getTable(CqlIdentifier.fromInternal(config.table))).isPresent();
    ServerFacts.Builder facts = ServerFacts.builder().releaseVersion(releaseVersion).clusterName(clusterName)
        .nodes(nodes).nodesUp(up).keyspaceReplication(replication).tableExists(tableExists)
        .contactDatacenter(contactDatacenter);

    Reply versions = query(session, "SELECT version FROM system.versions WHERE key = 'local'");
    Answer scylla = versions.answer();
    if (scylla == Answer.ROWS) {
      return facts.product(Database.SCYLLA).productVersion(versions.row().getString("version"))
          .tabletsForNewKeyspaces(scyllaTabletsForNewKeyspaces(session))
          .keyspaceUsesTablets(replication == null ? null : scyllaKeyspaceTablets(session, config.keyspace)).build();
    }
    Answer yugabyte = query(session, "SELECT * FROM system.partitions LIMIT 1").answer();
    // only a refusal ("no such table") tells; a timeout or a server error tells nothing
    Database product = yugabyte == Answer.ROWS || yugabyte == Answer.NO_ROWS ? Database.YUGABYTE
        : local != null && scylla == Answer.NO_TABLE && yugabyte == Answer.NO_TABLE ? Database.CASSANDRA : null;
    facts.product(product);
    if (product == Database.YUGABYTE) {
      facts.yugabyteTablets(yugabyteTabletLimits(session, config));
    }
    return facts.build();
  }

  /** The masters' web port, where {@code /varz?raw} gives their flags. */
  static final int YUGABYTE_MASTER_WEB_PORT = 7000;
  /** The tablet servers' web port. */
  static final int YUGABYTE_TSERVER_WEB_PORT = 9000;

  /**
   * YugabyteDB's caps on a new table's tablets ({@link YugabyteTabletLimits}): the live tablet
   * servers from {@code system.peers} (the master's live tablet servers, less the one that answers),
   * the replication factor from the replicas of the YCQL tablets {@code system.partitions} lists, else
   * the masters' {@code replication_factor} flag; the flags from the masters' and the tablet servers'
   * {@code /varz?raw} at the contact points' hosts (ports 7000 and 9000), each flag's default when no
   * server answers, said so.
   */
  static YugabyteTabletLimits yugabyteTabletLimits(CqlSession session, YcqlConfig config) {
    YugabyteTabletLimits.Figure live;
    try {
      int peers = session.execute(statement("SELECT peer FROM system.peers")).all().size();
      live = YugabyteTabletLimits.Figure.read(peers + 1, "system.peers and system.local: the masters' live tablet"
          + " servers");
    } catch (DriverException e) {
      live = YugabyteTabletLimits.Figure.unknown("system.peers: " + e.getMessage());
    }
    List<String> hosts = config.contactPoints.stream().map(java.net.InetSocketAddress::getHostString).distinct().toList();
    Flags master = flags(hosts, YUGABYTE_MASTER_WEB_PORT);
    Flags tserver = flags(hosts, YUGABYTE_TSERVER_WEB_PORT);
    YugabyteTabletLimits.Figure perTs = figure(master, "max_create_tablets_per_ts",
        YugabyteTabletLimits.MAX_CREATE_TABLETS_PER_TS_DEFAULT, "the masters");
    YugabyteTabletLimits.Figure forTable = figure(tserver, "max_num_tablets_for_table",
        YugabyteTabletLimits.MAX_NUM_TABLETS_FOR_TABLE_DEFAULT, "the tablet servers");
    YugabyteTabletLimits.Figure rf = replicationFactor(session);
    if (rf.value() == null) {
      Integer flag = master.flags() == null ? null : YugabyteFlags.integer(master.flags(), "replication_factor");
      if (flag != null) {
        rf = YugabyteTabletLimits.Figure.read(flag, "the masters' replication_factor flag (" + master.from()
            + "), the factor of a table in no placement of its own; no YCQL tablet to count replicas of");
      } else {
        rf = YugabyteTabletLimits.Figure.unknown(rf.from().replaceFirst("^not read: ", "") + "; the masters' flags: "
            + master.from());
      }
    }
    return new YugabyteTabletLimits(live, perTs, rf, forTable);
  }

  /** A server's flags (null when no server answered) and where from (or why not). */
  record Flags(Map<String, String> flags, String from) {}

  /** The flags of the first of {@code hosts} whose web server at {@code port} answers {@code /varz?raw}. */
  static Flags flags(List<String> hosts, int port) {
    List<String> failures = new java.util.ArrayList<>();
    for (String host : hosts) {
      java.net.URI uri = java.net.URI.create("http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port
          + YugabyteFlags.PATH);
      try {
        java.net.http.HttpResponse<String> r = HTTP.send(java.net.http.HttpRequest.newBuilder(uri)
            .timeout(java.time.Duration.ofSeconds(5)).GET().build(), java.net.http.HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
          failures.add(uri + ": HTTP " + r.statusCode());
          continue;
        }
        return new Flags(YugabyteFlags.parse(r.body()), uri.toString());
      } catch (java.io.IOException e) {
        failures.add(uri + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        failures.add(uri + ": interrupted");
        break;
      }
    }
    return new Flags(null, String.join("; ", failures));
  }

  private static final java.net.http.HttpClient HTTP = java.net.http.HttpClient.newBuilder()
      .connectTimeout(java.time.Duration.ofSeconds(5)).build();

  private static YugabyteTabletLimits.Figure figure(Flags flags, String name, int byDefault, String servers) {
    if (flags.flags() == null) {
      return YugabyteTabletLimits.Figure.byDefault(byDefault, servers + "' /varz?raw did not answer (" + flags.from()
          + ")");
    }
    Integer v = YugabyteFlags.integer(flags.flags(), name);
    return v == null ? YugabyteTabletLimits.Figure.byDefault(byDefault, flags.from() + " has no " + name)
        : YugabyteTabletLimits.Figure.read(v, servers + "' flag, " + flags.from());
  }

  /**
   * The most voting replicas (roles {@code LEADER} and {@code FOLLOWER}: not a learner still
   * bootstrapping, not a read replica) a YCQL tablet has in {@code system.partitions}
   * (src/yb/master/yql_partitions_vtable.cc: a map of each replica's address to its Raft role); its
   * value null when there is no tablet to count.
   */
  static YugabyteTabletLimits.Figure replicationFactor(CqlSession session) {
    try {
      int most = 0;
      for (Row r : session.execute(statement("SELECT replica_addresses FROM system.partitions LIMIT 100"))) {
        Map<java.net.InetAddress, String> replicas = r.getMap("replica_addresses", java.net.InetAddress.class,
            String.class);
        most = Math.max(most, (int) replicas.values().stream().filter(role -> role.equals("LEADER")
            || role.equals("FOLLOWER")).count());
      }
      return most > 0 ? YugabyteTabletLimits.Figure.read(most, "the replicas of the YCQL tablets system.partitions"
          + " lists") : YugabyteTabletLimits.Figure.unknown("system.partitions lists no YCQL tablet");
    } catch (DriverException e) {
      return YugabyteTabletLimits.Figure.unknown("system.partitions: " + e.getMessage());
    }
  }

  /** How a server answered a query. */
  enum Answer { ROWS, NO_ROWS, NO_TABLE, FAILED }

  /** A node-local query's answer and, with {@link Answer#ROWS}, its first row. */
  record Reply(Answer answer, Row row) {}

  /** Runs a node-local query: rows, none, refused as a table the server does not have, or failed otherwise. */
  static Reply query(CqlSession session, String cql) {
    try {
      Row row = session.execute(statement(cql)).one();
      return new Reply(row != null ? Answer.ROWS : Answer.NO_ROWS, row);
    } catch (InvalidQueryException e) {
      return new Reply(Answer.NO_TABLE, null);
    } catch (DriverException e) {
      return new Reply(Answer.FAILED, null);
    }
  }

  /**
   * Whether a new keyspace gets tablets: {@code tablets_mode_for_new_keyspaces} (2025.1.2 on:
   * {@code disabled}, {@code enabled}, {@code enforced}), else {@code enable_tablets} (6.0 on; the
   * shipped scylla.yaml sets it true); false where neither exists (before tablets, or
   * {@code system.config}, 5.0 on, without them); null when unreadable.
   */
  static Boolean scyllaTabletsForNewKeyspaces(CqlSession session) {
    Optional<Row> mode = one(session, "SELECT value FROM system.config WHERE name = 'tablets_mode_for_new_keyspaces'");
    if (mode.isPresent()) {
      // a JSON value: "enabled", "enforced", "disabled" (or 1, 2, 0); unset: enable_tablets decides
      String v = unquote(mode.get().getString("value"));
      if (List.of("enabled", "enforced", "1", "2").contains(v)) {
        return true;
      }
      if (List.of("disabled", "0").contains(v)) {
        return false;
      }
    }
    Optional<Row> enabled = one(session, "SELECT value FROM system.config WHERE name = 'enable_tablets'");
    if (enabled.isPresent()) {
      return unquote(enabled.get().getString("value")).equals("true");
    }
    return query(session, "SELECT name FROM system.config LIMIT 1").answer() == Answer.ROWS ? Boolean.FALSE : null;
  }

  /** Whether an existing ScyllaDB keyspace is on tablets ({@code initial_tablets} set); null when unreadable. */
  private static Boolean scyllaKeyspaceTablets(CqlSession session, String keyspace) {
    // no such table: a release before tablets; no row: a keyspace on vnodes
    Reply r = query(session, "SELECT initial_tablets FROM system_schema.scylla_keyspaces WHERE keyspace_name = '"
        + keyspace + "'");
    return r.answer() == Answer.FAILED ? null : r.answer() == Answer.ROWS && !r.row().isNull("initial_tablets");
  }

  private static String unquote(String v) {
    return v == null ? "" : v.trim().replace("\"", "").toLowerCase(Locale.ROOT);
  }

  /** The first row of a node-local query, or empty when it has none, the server has no such table or fails it. */
  private static Optional<Row> one(CqlSession session, String cql) {
    return Optional.ofNullable(query(session, cql).row());
  }

  private static SimpleStatement statement(String cql) {
    return SimpleStatement.builder(cql).setTimeout(YcqlSession.SET_UP_TIMEOUT)
        .setConsistencyLevel(DefaultConsistencyLevel.ONE).build();
  }
}
