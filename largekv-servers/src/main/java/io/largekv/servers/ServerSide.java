package io.largekv.servers;

import io.largekv.binding.YcqlConfig;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Database;
import io.largekv.common.UserError;
import io.largekv.driver.YcqlSession;
import io.largekv.report.files.ServerSamplesFile;
import io.largekv.report.files.ServerSourcesFile;
import io.largekv.report.files.ServerSourcesFile.Fact;
import io.largekv.report.files.ServerSourcesFile.ReplicationFactor;
import io.largekv.report.files.ServerSourcesFile.SourceCheck;
import io.largekv.report.files.ServerSourcesFile.SourceState;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * The servers' side of one target (docs/servers.md): its sources, chosen for its database and the
 * command's options, checked once before the target's first phase, sampled through each phase by a
 * {@link ServerSampler}, closed after its last. A source the user named ({@code --node-exporter},
 * {@code --prometheus}) that does not answer at the start is bad input; a default one gives one
 * warning line and its figures say "unavailable".
 */
public final class ServerSide implements AutoCloseable {

  /** The servers' options of a command. */
  public record Settings(int intervalSeconds, Integer nodeExporterPort, String prometheusUrl,
      YugabyteEndpoints yugabyte, int scyllaMetricsPort) {

    /** Sampling every {@code intervalSeconds}, the machines' sources as named, the databases' default ports. */
    public Settings(int intervalSeconds, Integer nodeExporterPort, String prometheusUrl) {
      this(intervalSeconds, nodeExporterPort, prometheusUrl, YugabyteEndpoints.DEFAULT, ScyllaSource.PROMETHEUS_PORT);
    }

    /** Sampling off: {@code --server-samples 0}. */
    public boolean off() {
      return intervalSeconds == 0;
    }
  }

  private final List<ServerSource> sources;
  private final List<Fact> startFacts;
  private final int intervalSeconds;
  /** The local Cassandra, or null. */
  private final LocalCassandra local;

  private ServerSide(List<ServerSource> sources, List<Fact> startFacts, int intervalSeconds, LocalCassandra local) {
    this.sources = sources;
    this.startFacts = startFacts;
    this.intervalSeconds = intervalSeconds;
    this.local = local;
  }

  /**
   * The facts of a phase as it starts, beside {@link #startFacts}: an uncached local node whose page
   * cache is bounded gives its bound, its key cache and its read settings.
   */
  List<Fact> phaseFacts() {
    if (local == null || local.pageCacheLimit() == null || !local.pageCacheLimit().bounded()) {
      return List.of();
    }
    return List.of(new ServerSourcesFile.PageCache(local.pageCacheLimit().bytes(), LocalCassandra.UNCACHED_SETTINGS,
        LocalCassandra.UNCACHED_KEY_CACHE_BYTES));
  }

  public List<ServerSource> sources() {
    return sources;
  }

  List<Fact> startFacts() {
    return startFacts;
  }

  public int intervalSeconds() {
    return intervalSeconds;
  }

  /**
   * Checks the sources the user named (bad input when one does not answer: before any DDL), then
   * opens the target's default ones (a warning line each when it does not answer). Null when
   * sampling is off.
   *
   * @param hosts the target's hosts as {@code --hosts} gives them (null: the local Cassandra)
   * @param local the local Cassandra, or null
   * @param properties the target's properties, as its clients get them (where to connect, credentials, table)
   * @param label the target's name in lines
   */
  public static ServerSide open(Settings settings, String hosts, LocalCassandra local, Properties properties,
      String label, PrintStream err) {
    if (settings.off()) {
      return null;
    }
    YcqlConfig config = YcqlConfig.from(properties);
    Database database = config.target;
    List<String> machines = local != null ? local.nodes().stream().map(n -> n.address()).toList() : hostNames(hosts);
    // the machines' sources are for real servers: the local nodes share this machine, read from /proc
    List<ServerSource> named = local != null ? List.of() : named(settings, machines, label);
    List<Fact> facts = new ArrayList<>();
    named.forEach(s -> facts.add(SourceCheck.ok(ServerSamplesFile.clean(s.describe()))));
    List<ServerSource> sources = new ArrayList<>(named);
    List<ServerSource> defaults = new ArrayList<>();
    try {
      switch (database) {
        case CASSANDRA -> defaults.add(new CassandraVirtualTables(YcqlSession.connect(properties), machines,
            config.keyspace, config.table));
        case YUGABYTE -> defaults.add(new YugabyteSource(machines, settings.yugabyte(), config.keyspace,
            config.table));
        case SCYLLA -> defaults.add(scylla(settings, machines, properties, config, label, err));
        default -> throw new IllegalStateException(database.name());
      }
    } catch (RuntimeException e) {
      err.println("largekv: [" + label + "] servers' side: the " + database.propertyValue() + " source is unavailable: "
          + e.getMessage());
      facts.add(new SourceCheck(database.propertyValue() + "'s own view", SourceState.UNAVAILABLE,
          ServerSamplesFile.clean(String.valueOf(e.getMessage()))));
    }
    if (local != null) {
      defaults.add(new LocalProcesses(local));
      facts.add(new ServerSourcesFile.SharedMachine(true));
    }
    for (ServerSource s : defaults) {
      try {
        s.check();
        facts.add(SourceCheck.ok(ServerSamplesFile.clean(s.describe())));
      } catch (IOException | RuntimeException e) {
        err.println("largekv: [" + label + "] servers' side: " + s.describe() + " does not answer (" + e.getMessage()
            + "); its figures will say unavailable");
        facts.add(new SourceCheck(ServerSamplesFile.clean(s.describe()), SourceState.UNAVAILABLE_AT_START,
            ServerSamplesFile.clean(e.getMessage())));
      }
      for (String warning : s.warnings()) {
        err.println("largekv: [" + label + "] servers' side: " + warning);
        facts.add(new SourceCheck(ServerSamplesFile.clean(s.describe()), SourceState.WARNING,
            ServerSamplesFile.clean(warning)));
      }
      sources.add(s);
    }
    return new ServerSide(List.copyOf(sources), List.copyOf(facts), settings.intervalSeconds(), local);
  }

  /**
   * ScyllaDB's pages and, through a driver session of the target's properties, the table's tablets;
   * a session that cannot be opened leaves the pages alone, with one warning line (the balance then
   * never says settled: a tablet move shows only in {@code system.tablets}).
   */
  private static ScyllaSource scylla(Settings settings, List<String> machines, Properties properties, YcqlConfig config,
      String label, PrintStream err) {
    try {
      return ScyllaSource.of(machines, settings.scyllaMetricsPort(), config.keyspace, config.table,
          YcqlSession.connect(properties));
    } catch (RuntimeException e) {
      String why = "no driver session: " + e.getMessage();
      err.println("largekv: [" + label + "] servers' side: ScyllaDB's system.tablets cannot be read (" + why
          + "); data settled after a node action will say unavailable");
      return ScyllaSource.withoutSession(machines, settings.scyllaMetricsPort(), config.keyspace, config.table, why);
    }
  }

  /**
   * Checks the sources the user named for the target at {@code hosts}, and closes them: a
   * {@link UserError} naming the first that does not answer. For a command with several targets,
   * before the first one's DDL.
   */
  public static void checkNamed(Settings settings, String hosts, String label) {
    if (!settings.off()) {
      closeAll(named(settings, hostNames(hosts), label));
    }
  }

  /** The sources the user named, each checked: a {@link UserError} when one does not answer. */
  private static List<ServerSource> named(Settings settings, List<String> machines, String label) {
    List<ServerSource> named = new ArrayList<>();
    if (settings.prometheusUrl() != null) {
      named.add(new PrometheusSource(java.net.URI.create(settings.prometheusUrl()), machines));
    }
    if (settings.nodeExporterPort() != null) {
      named.add(new NodeExporterSource(machines, settings.nodeExporterPort(), DiskDevices.DEFAULT));
    }
    for (ServerSource s : named) {
      try {
        s.check();
      } catch (IOException | RuntimeException e) {
        closeAll(named);
        throw new UserError(s.describe() + " does not answer for " + label + ": " + e.getMessage()
            + "; accepted: a source every node of the target answers from (docs/servers.md)");
      }
    }
    return named;
  }

  /**
   * The keyspace's replication factor and where it comes from: Cassandra's schema, at most the
   * cluster's nodes; unavailable for the others (YugabyteDB replicates by its cluster's factor, not the
   * keyspace's; a wrong factor would make the bytes per stored row look smaller than they are).
   */
  ReplicationFactor replicationFactor() {
    for (ServerSource s : sources) {
      if (s instanceof CassandraVirtualTables c) {
        try {
          Integer rf = c.replicationFactor();
          if (rf != null) {
            return ReplicationFactor.of(rf, "the keyspace's schema (at most the cluster's nodes)");
          }
        } catch (RuntimeException e) {
          return ReplicationFactor.unknown(ServerSourcesFile.Unknown.UNREADABLE,
              ServerSamplesFile.clean(String.valueOf(e.getMessage())));
        }
      }
    }
    return ReplicationFactor.unknown(ServerSourcesFile.Unknown.NOT_READ_FROM_THIS_DATABASE, null);
  }

  /** The hosts of {@code --hosts}, without ports. */
  static List<String> hostNames(String hosts) {
    return Arrays.stream(hosts.split(",")).map(String::strip).filter(h -> !h.isEmpty()).map(NodeHost::of).toList();
  }

  private static void closeAll(List<ServerSource> list) {
    list.forEach(ServerSource::close);
  }

  @Override
  public void close() {
    closeAll(sources);
  }
}
