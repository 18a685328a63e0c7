package io.largekv.report;

import io.largekv.report.files.ServerFigure;
import io.largekv.report.files.ServerSamplesFile.Sample;
import io.largekv.report.files.ServerSamplesFile;
import io.largekv.report.files.ServerSourcesFile;
import io.largekv.report.files.ServerSourcesFile.ReplicationFactor;
import io.largekv.report.files.ServerSourcesFile.ServerSources;
import io.largekv.results.Reason;
import io.largekv.results.Results.Figure;
import io.largekv.results.Results;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The servers' side of one phase run, from its samples ({@link ServerSamplesFile}) and their typed
 * facts: each node's and the cluster's table size at the start and the end, its growth, bytes per
 * stored row, CPU, disk reads and writes (docs/servers.md#what-is-measured); the rebalance time of a
 * node action is {@link RebalanceTime}'s.
 *
 * <p>Levels (the table's bytes) are the first and last samples that have one ({@link SampleLevels}).
 * Rates rest on the intervals between consecutive samples that both have the counter ({@link
 * NodeRates}), a counter that went down (a restart) leaving its interval out: a gap is left out,
 * never filled in, and every figure says how many samples or intervals it rests on.
 */
public final class ServerFigures {

  /** Why a node has no figure of its own for bytes per stored row and disk reads per client read. */
  /** Why a phase other than a load has no bytes per stored row. */
  public static final String LOAD_ONLY = "a load's figure";

  /** Why a phase that read nothing has no disk reads per client read. */
  public static final String READS_ONLY = "a figure of phases that read";

  public static final String CLUSTER_ONLY = "a figure of the cluster only: a node holds a share of the rows "
      + "that it does not report";

  private ServerFigures() {}

  /** The least growth a node's table must show for bytes per stored row: the sources' resolution (1 MiB) is then under 10 %. */
  static final double LEAST_GROWTH_PER_NODE = 10 * 1024 * 1024;

  /**
   * The servers' figures of {@code r}, null when it has no samples; {@code load}: the phase stored
   * its rows (bytes per stored row are a load's).
   */
  public static Results.Servers of(String column, int repeat, PhaseResult r, boolean load) {
    ServerSamplesFile.Samples s = r.servers;
    if (s.isEmpty()) {
      return null;
    }
    ServerSources facts = s.facts();
    Map<String, List<Sample>> byNode = new LinkedHashMap<>();
    s.samples().forEach(x -> byNode.computeIfAbsent(x.node(), n -> new ArrayList<>()).add(x));
    List<Long> times = s.samples().stream().map(Sample::timeMs).distinct().sorted().toList();
    if (times.isEmpty()) {
      // no source gave a reading (e.g. the database's own refused the connection): every figure says so
      Figure none = Figure.unavailable("no source of this target gave a reading (" + String.join("; ", s.sources())
          + ")", 0);
      Results.ServerNode cluster = Results.ServerNode.builder("cluster", null).allFigures(none).build();
      return Results.Servers.builder(column, repeat).sources(s.sources()).intervalSeconds(interval(facts))
          .samplerCpuSeconds(facts.samplerCpuSeconds()).cluster(cluster).build();
    }
    ReplicationFactor rf = facts.replicationFactor();
    List<Results.ServerNode> nodes = new ArrayList<>();
    for (Map.Entry<String, List<Sample>> e : byNode.entrySet()) {
      nodes.add(node(e.getKey(), e.getValue(), times));
    }
    Results.ServerNode cluster = cluster(byNode, nodes, times, r, load, rf, facts.sharedMachine());
    // where the factor comes from: empty when the sampler said it is not known, null when it said nothing
    String from = rf.value() != null ? rf.from() : rf.unknown() == ServerSourcesFile.Unknown.NOT_RECORDED ? null : "";
    return Results.Servers.builder(column, repeat).sources(s.sources()).intervalSeconds(interval(facts))
        .samples(times.size()).replicationFactor(rf.value()).replicationFactorFrom(from)
        .samplerCpuSeconds(facts.samplerCpuSeconds()).nodes(nodes).cluster(cluster)
        .uncached(uncached(facts.pageCache(), byNode, times, cluster)).build();
  }

  /** The seconds between samples; 0 when not recorded. */
  private static int interval(ServerSources facts) {
    return facts.intervalSeconds() == null ? 0 : facts.intervalSeconds();
  }

  /**
   * The caches of a phase that ran uncached, null for any other: the page cache allowed and the most
   * held at a sample (the nodes' added up where every node has one), and with the key cache, over
   * the table's bytes on disk at the end.
   */
  static Results.Uncached uncached(ServerSourcesFile.PageCache cache, Map<String, List<Sample>> byNode,
      List<Long> times, Results.ServerNode cluster) {
    if (cache == null) {
      return null;
    }
    long key = cache.keyCacheBytes();
    TreeMap<Long, Double> complete = SampleLevels.completeSums(byNode, ServerFigure.PAGE_CACHE_BYTES);
    Figure held;
    if (complete.isEmpty()) {
      String why = byNode.values().stream().map(l -> SampleLevels.why(l, ServerFigure.PAGE_CACHE_BYTES)).findFirst()
          .orElse("no sample");
      held = Figure.unavailable(why, times.size());
    } else {
      held = Figure.of(complete.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow(),
          complete.size(), times.size());
    }
    Figure table = cluster.tableBytesEnd();
    Figure ratio;
    if (held.value() == null) {
      ratio = Figure.unavailable("the page cache held: " + held.unavailable(), times.size());
    } else if (table.value() == null) {
      ratio = Figure.unavailable("the table's bytes: " + table.unavailable(), times.size());
    } else if (table.value() == 0) {
      ratio = Figure.unavailable("the table has no bytes on disk", times.size());
    } else {
      ratio = Figure.of((held.value() + key) / table.value(), Math.min(held.samples(), table.samples()),
          times.size());
    }
    return new Results.Uncached(cache.limitBytes(), key, cache.settings(), held, ratio);
  }

  private static Results.ServerNode node(String node, List<Sample> samples, List<Long> times) {
    // the state at the last sample: a node that stopped answering has none, said as none
    Sample last = samples.get(samples.size() - 1);
    String state = last.timeMs() == times.get(times.size() - 1) ? last.state() : null;
    Figure start = SampleLevels.level(samples, ServerFigure.TABLE_BYTES, true, times.size());
    Figure end = SampleLevels.level(samples, ServerFigure.TABLE_BYTES, false, times.size());
    NodeRates rates = new NodeRates(samples, times.size() - 1);
    return Results.ServerNode.builder(node, state).tableBytesStart(start).tableBytesEnd(end)
        .growthBytesPerHour(SampleLevels.growth(samples, times.size())).bytesPerStoredRow(Figure.clusterOnly(CLUSTER_ONLY))
        .uncompressedBytesEnd(SampleLevels.level(samples, ServerFigure.UNCOMPRESSED_BYTES, false, times.size()))
        .memtableBytesEnd(SampleLevels.level(samples, ServerFigure.MEMTABLE_BYTES, false, times.size()))
        .cpuPercent(rates.cpuPercent()).diskReadsPerSecond(rates.perSecond(ServerFigure.DISK_READS))
        .diskWritesPerSecond(rates.perSecond(ServerFigure.DISK_WRITES))
        .diskReadBytesPerSecond(rates.perSecond(ServerFigure.DISK_READ_BYTES))
        .averageReadBytes(rates.averageReadBytes()).diskReadsPerClientRead(Figure.clusterOnly(CLUSTER_ONLY))
        .build();
  }

  /**
   * The cluster's figures: levels added up at the samples where every node has one (a sum with a node
   * missing is no sum), rates added up, CPU over the cluster's CPUs (or, on one shared machine, the
   * nodes' shares of it added up).
   */
  private static Results.ServerNode cluster(Map<String, List<Sample>> byNode, List<Results.ServerNode> nodes,
      List<Long> times, PhaseResult r, boolean load, ReplicationFactor rf, boolean shared) {
    long[] window = new long[2];
    Figure start = SampleLevels.clusterLevel(byNode, times, ServerFigure.TABLE_BYTES, true, window);
    Figure end = SampleLevels.clusterLevel(byNode, times, ServerFigure.TABLE_BYTES, false, window);
    Figure growth = sum(nodes, Results.ServerNode::growthBytesPerHour);
    Figure perRow;
    if (!load) {
      perRow = Figure.notOfThisPhase(LOAD_ONLY + ": this phase did not store the table's rows", 0);
    } else if (rf.value() == null) {
      perRow = Figure.unavailable("the keyspace's replication factor is not known: " + rf.why(), 0);
    } else if (start.value() == null || end.value() == null) {
      perRow = Figure.unavailable(start.value() == null ? start.missing() : end.missing(), times.size());
    } else {
      // the rows inserted between the same two samples; on disk only (memtables hold memory, not files)
      long inserts = r.histogramBetween("INSERT", window[0], window[1]).getTotalCount();
      double grown = end.value() - start.value();
      if (inserts == 0) {
        perRow = Figure.unavailable("no insert between the samples that have every node's table", times.size());
      } else if (grown < LEAST_GROWTH_PER_NODE * nodes.size()) {
        perRow = Figure.unavailable(String.format(Locale.ROOT, "the table grew by %.1f MiB on disk, under 10 MiB a "
            + "node: too little for the sources' resolution (Cassandra gives whole MiB), or its rows are still in "
            + "memtables", grown / (1024 * 1024)), times.size());
      } else {
        perRow = Figure.of(grown / ((double) inserts * rf.value()), Math.min(start.samples(), end.samples()), times.size());
      }
    }
    Figure cpu = shared ? sum(nodes, Results.ServerNode::cpuPercent) : clusterCpu(byNode, times.size() - 1);
    Figure reads = sum(nodes, Results.ServerNode::diskReadsPerSecond);
    Figure readBytes = sum(nodes, Results.ServerNode::diskReadBytesPerSecond);
    Figure avgRead = reads.value() == null || readBytes.value() == null
        ? Figure.unavailable(reads.value() == null ? reads.missing() : readBytes.missing(), reads.of())
        : reads.value() == 0 ? Figure.unavailable("no disk read in the phase", reads.of())
        : Figure.of(readBytes.value() / reads.value(), Math.min(reads.samples(), readBytes.samples()), reads.of());
    return Results.ServerNode.builder("cluster", null).tableBytesStart(start).tableBytesEnd(end)
        .growthBytesPerHour(growth).bytesPerStoredRow(perRow)
        .uncompressedBytesEnd(SampleLevels.clusterLevel(byNode, times, ServerFigure.UNCOMPRESSED_BYTES, false,
            new long[2]))
        .memtableBytesEnd(SampleLevels.clusterLevel(byNode, times, ServerFigure.MEMTABLE_BYTES, false, new long[2]))
        .cpuPercent(cpu).diskReadsPerSecond(reads)
        .diskWritesPerSecond(sum(nodes, Results.ServerNode::diskWritesPerSecond)).diskReadBytesPerSecond(readBytes)
        .averageReadBytes(avgRead).diskReadsPerClientRead(perClientRead(byNode, r, reads))
        .build();
  }

  /** The cluster's busy CPU seconds over its CPU seconds, every node's usable intervals. */
  private static Figure clusterCpu(Map<String, List<Sample>> byNode, int intervals) {
    double busy = 0;
    double capacity = 0;
    int used = Integer.MAX_VALUE;
    for (Map.Entry<String, List<Sample>> e : byNode.entrySet()) {
      NodeRates rates = new NodeRates(e.getValue(), intervals);
      double[] s = rates.sums(ServerFigure.CPU_BUSY_SECONDS, ServerFigure.CPUS);
      if (Double.isNaN(s[0])) {
        return Figure.unavailable(Reason.unmeasured(rates.reason(ServerFigure.CPU_BUSY_SECONDS)).on(e.getKey()),
            intervals);
      }
      busy += s[0];
      capacity += s[1];
      used = Math.min(used, (int) s[2]);
    }
    return byNode.isEmpty() ? Figure.unavailable("no node", intervals) : Figure.of(100 * busy / capacity, used,
        intervals);
  }

  /**
   * The cluster's disk reads per successful client read: the disk reads over the intervals every node
   * measured, over the client's reads in the same window.
   */
  private static Figure perClientRead(Map<String, List<Sample>> byNode, PhaseResult r, Figure reads) {
    if (r.histogram("READ").getTotalCount() == 0) {
      return Figure.notOfThisPhase(READS_ONLY + ": the phase has no successful read", reads.of());
    }
    if (reads.value() == null) {
      return Figure.unavailable(reads.missing(), reads.of());
    }
    long from = Long.MIN_VALUE;
    long to = Long.MAX_VALUE;
    double diskReads = 0;
    for (List<Sample> samples : byNode.values()) {
      List<Sample> with = samples.stream().filter(x -> x.value(ServerFigure.DISK_READS) != null).toList();
      if (with.size() < 2) {
        return Figure.unavailable("a node has fewer than two samples of its disk reads", reads.of());
      }
      from = Math.max(from, with.get(0).timeMs());
      to = Math.min(to, with.get(with.size() - 1).timeMs());
    }
    if (to <= from) {
      return Figure.unavailable("the nodes' samples of disk reads do not overlap", reads.of());
    }
    for (List<Sample> samples : byNode.values()) {
      Double previous = null;
      for (Sample x : samples) {
        if (x.timeMs() < from || x.timeMs() > to) {
          continue;
        }
        Double v = x.value(ServerFigure.DISK_READS);
        if (v == null || (previous != null && v < previous)) {
          return Figure.unavailable(x.node() + "'s disk reads have a gap or a restart in the window every node "
              + "measured", reads.of());
        }
        if (previous != null) {
          diskReads += v - previous;
        }
        previous = v;
      }
    }
    long clientReads = r.histogramBetween("READ", from, to).getTotalCount();
    if (clientReads == 0) {
      return Figure.unavailable("no successful client read in the sampled window", reads.of());
    }
    return Figure.of(diskReads / clientReads, reads.samples(), reads.of());
  }

  private static Figure sum(List<Results.ServerNode> nodes, java.util.function.Function<Results.ServerNode,
      Figure> f) {
    double total = 0;
    int samples = Integer.MAX_VALUE;
    int of = 0;
    for (Results.ServerNode n : nodes) {
      Figure x = f.apply(n);
      of = Math.max(of, x.of());
      if (x.value() == null) {
        return Figure.unavailable(Reason.unmeasured(x.unavailable()).on(n.node()), of);
      }
      total += x.value();
      samples = Math.min(samples, x.samples());
    }
    return nodes.isEmpty() ? Figure.unavailable("no node", 0) : Figure.of(total, samples, of);
  }
}
