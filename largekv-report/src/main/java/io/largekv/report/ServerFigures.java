package io.largekv.report;

import io.largekv.report.files.EventRecord;
import io.largekv.report.files.ServerFigure;
import io.largekv.report.files.ServerSamplesFile.Sample;
import io.largekv.report.files.ServerSamplesFile;
import io.largekv.results.Results.Figure;
import io.largekv.results.Results;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The servers' side of one phase run, from its samples ({@link ServerSamplesFile}): each node's and
 * the cluster's table size at the start and the end, its growth, bytes per stored row, CPU, disk
 * reads and writes, and the rebalance time of each node action (docs/servers.md#what-is-measured).
 *
 * <p>Levels (the table's bytes) are the first and last samples that have one. Rates rest on the
 * intervals between consecutive samples that both have the counter, a counter that went down (a
 * restart) leaving its interval out: a gap is left out, never filled in, and every figure says how
 * many samples or intervals it rests on.
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
    Map<String, List<Sample>> byNode = new LinkedHashMap<>();
    s.samples().forEach(x -> byNode.computeIfAbsent(x.node(), n -> new ArrayList<>()).add(x));
    List<Long> times = s.samples().stream().map(Sample::timeMs).distinct().sorted().toList();
    if (times.isEmpty()) {
      // no source gave a reading (e.g. the database's own refused the connection): every figure says so
      Figure none = Figure.unavailable("no source of this target gave a reading (" + String.join("; ", s.sources())
          + ")", 0);
      Results.ServerNode cluster = Results.ServerNode.builder("cluster", null).allFigures(none).build();
      Integer interval = parseInt(s.facts().get(ServerSamplesFile.INTERVAL_SECONDS));
      return Results.Servers.builder(column, repeat).sources(s.sources())
          .intervalSeconds(interval == null ? 0 : interval)
          .samplerCpuSeconds(parseDouble(s.facts().get(ServerSamplesFile.SAMPLER_CPU_SECONDS))).cluster(cluster)
          .build();
    }
    Integer rf = parseInt(s.facts().get(ServerSamplesFile.REPLICATION_FACTOR));
    String rfWhy = rf != null ? null : s.facts().getOrDefault(ServerSamplesFile.REPLICATION_FACTOR,
        "unavailable: not recorded").replaceFirst("^unavailable: ", "");
    boolean shared = s.facts().containsKey(ServerSamplesFile.SHARED_MACHINE);
    List<Results.ServerNode> nodes = new ArrayList<>();
    for (Map.Entry<String, List<Sample>> e : byNode.entrySet()) {
      nodes.add(node(e.getKey(), e.getValue(), times));
    }
    Results.ServerNode cluster = cluster(byNode, nodes, times, r, load, rf, rfWhy, shared);
    Integer interval = parseInt(s.facts().get(ServerSamplesFile.INTERVAL_SECONDS));
    return Results.Servers.builder(column, repeat).sources(s.sources())
        .intervalSeconds(interval == null ? 0 : interval).samples(times.size()).replicationFactor(rf)
        .replicationFactorFrom(s.facts().get(ServerSamplesFile.REPLICATION_FACTOR + ServerSamplesFile.FROM))
        .samplerCpuSeconds(parseDouble(s.facts().get(ServerSamplesFile.SAMPLER_CPU_SECONDS))).nodes(nodes)
        .cluster(cluster).uncached(uncached(s.facts(), byNode, times, cluster)).build();
  }

  /**
   * The caches of a phase that ran uncached, null for any other: the page cache allowed and the most
   * held at a sample (the nodes' added up where every node has one), and with the key cache, over
   * the table's bytes on disk at the end.
   */
  static Results.Uncached uncached(Map<String, String> facts, Map<String, List<Sample>> byNode, List<Long> times,
      Results.ServerNode cluster) {
    Double limit = parseDouble(facts.get(ServerSamplesFile.PAGE_CACHE_LIMIT));
    if (limit == null) {
      return null;
    }
    Double keyCache = parseDouble(facts.get(ServerSamplesFile.KEY_CACHE));
    long key = keyCache == null ? 0 : keyCache.longValue();
    java.util.TreeMap<Long, Double> complete = completeSums(byNode, ServerFigure.PAGE_CACHE_BYTES);
    Figure held;
    if (complete.isEmpty()) {
      String why = byNode.values().stream().map(l -> why(l, ServerFigure.PAGE_CACHE_BYTES)).findFirst()
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
    return new Results.Uncached(limit.longValue(), key,
        facts.getOrDefault(ServerSamplesFile.PAGE_CACHE_LIMIT + ServerSamplesFile.FROM, ""), held, ratio);
  }

  private static Results.ServerNode node(String node, List<Sample> samples, List<Long> times) {
    // the state at the last sample: a node that stopped answering has none, said as none
    Sample last = samples.get(samples.size() - 1);
    String state = last.timeMs() == times.get(times.size() - 1) ? last.state() : null;
    Figure start = level(samples, ServerFigure.TABLE_BYTES, true, times.size());
    Figure end = level(samples, ServerFigure.TABLE_BYTES, false, times.size());
    Rates rates = new Rates(samples, times.size() - 1);
    return Results.ServerNode.builder(node, state).tableBytesStart(start).tableBytesEnd(end)
        .growthBytesPerHour(growth(samples, times.size())).bytesPerStoredRow(Figure.clusterOnly(CLUSTER_ONLY))
        .uncompressedBytesEnd(level(samples, ServerFigure.UNCOMPRESSED_BYTES, false, times.size()))
        .memtableBytesEnd(level(samples, ServerFigure.MEMTABLE_BYTES, false, times.size()))
        .cpuPercent(rates.cpuPercent()).diskReadsPerSecond(rates.perSecond(ServerFigure.DISK_READS))
        .diskWritesPerSecond(rates.perSecond(ServerFigure.DISK_WRITES))
        .diskReadBytesPerSecond(rates.perSecond(ServerFigure.DISK_READ_BYTES))
        .averageReadBytes(rates.averageReadBytes()).diskReadsPerClientRead(Figure.clusterOnly(CLUSTER_ONLY))
        .build();
  }

  /**
   * The first ({@code first}) or last sample's value of a level figure, or why there is none; {@code of}:
   * the phase's samples (a node missing from some rests on fewer).
   */
  static Figure level(List<Sample> samples, ServerFigure f, boolean first, int of) {
    int with = (int) samples.stream().filter(x -> x.value(f) != null).count();
    List<Sample> order = first ? samples : reversed(samples);
    for (Sample x : order) {
      if (x.value(f) != null) {
        return Figure.of(x.value(f), with, of);
      }
    }
    return Figure.unavailable(why(samples, f), of);
  }

  /** The change of the table's bytes per hour, from its first to its last sample that has one. */
  private static Figure growth(List<Sample> samples, int of) {
    List<Sample> with = samples.stream().filter(x -> x.value(ServerFigure.TABLE_BYTES) != null).toList();
    if (with.size() < 2 || with.get(with.size() - 1).timeMs() <= with.get(0).timeMs()) {
      return Figure.unavailable(with.isEmpty() ? why(samples, ServerFigure.TABLE_BYTES)
          : "fewer than two samples of the table's bytes", of);
    }
    Sample a = with.get(0);
    Sample b = with.get(with.size() - 1);
    double hours = (b.timeMs() - a.timeMs()) / 3_600_000.0;
    return Figure.of((b.value(ServerFigure.TABLE_BYTES) - a.value(ServerFigure.TABLE_BYTES)) / hours, with.size(),
        of);
  }

  /** Why a figure is missing: its last sample's reason, else no source gives it. */
  static String why(List<Sample> samples, ServerFigure f) {
    for (Sample x : reversed(samples)) {
      String reason = x.unavailable().get(f);
      if (reason != null) {
        return reason;
      }
    }
    return samples.isEmpty() ? "no sample" : "no source of this target gives it";
  }

  /** A node's rates over the intervals between consecutive samples that both have the counter. */
  private static final class Rates {
    private final List<Sample> samples;
    private final int intervals;

    /** {@code intervals}: the phase's intervals between samples (a node missing from some rests on fewer). */
    Rates(List<Sample> samples, int intervals) {
      this.samples = samples;
      this.intervals = Math.max(0, intervals);
    }

    /** Σ increase, Σ seconds (× {@code weight}) and the intervals used, over the usable intervals of {@code f}. */
    double[] sums(ServerFigure f, ServerFigure weight) {
      double delta = 0;
      double seconds = 0;
      int used = 0;
      for (int i = 1; i < samples.size(); i++) {
        Sample a = samples.get(i - 1);
        Sample b = samples.get(i);
        Double va = a.value(f);
        Double vb = b.value(f);
        Double w = weight == null ? Double.valueOf(1) : b.value(weight);
        if (va == null || vb == null || w == null || vb < va || b.timeMs() <= a.timeMs()) {
          continue;
        }
        delta += vb - va;
        seconds += (b.timeMs() - a.timeMs()) / 1000.0 * w;
        used++;
      }
      return new double[] {used == 0 ? Double.NaN : delta, seconds, used};
    }

    Figure perSecond(ServerFigure f) {
      double[] s = sums(f, null);
      return Double.isNaN(s[0]) ? Figure.unavailable(reason(f), intervals) : Figure.of(s[0] / s[1], (int) s[2],
          intervals);
    }

    Figure cpuPercent() {
      double[] s = sums(ServerFigure.CPU_BUSY_SECONDS, ServerFigure.CPUS);
      return Double.isNaN(s[0]) ? Figure.unavailable(reason(ServerFigure.CPU_BUSY_SECONDS), intervals)
          : Figure.of(100 * s[0] / s[1], (int) s[2], intervals);
    }

    Figure averageReadBytes() {
      double[] bytes = sums(ServerFigure.DISK_READ_BYTES, null);
      double[] reads = sums(ServerFigure.DISK_READS, null);
      if (Double.isNaN(bytes[0]) || Double.isNaN(reads[0])) {
        return Figure.unavailable(reason(Double.isNaN(reads[0]) ? ServerFigure.DISK_READS
            : ServerFigure.DISK_READ_BYTES), intervals);
      }
      if (reads[0] == 0) {
        return Figure.unavailable("no disk read in the phase", intervals);
      }
      return Figure.of(bytes[0] / reads[0], (int) Math.min(bytes[2], reads[2]), intervals);
    }

    String reason(ServerFigure f) {
      String why = why(samples, f);
      return samples.size() < 2 ? "fewer than two samples" : why.equals("no source of this target gives it")
          && samples.stream().anyMatch(x -> x.value(f) != null) ? "no two consecutive samples have it" : why;
    }
  }

  /**
   * The cluster's figures: levels added up at the samples where every node has one (a sum with a node
   * missing is no sum), rates added up, CPU over the cluster's CPUs (or, on one shared machine, the
   * nodes' shares of it added up).
   */
  private static Results.ServerNode cluster(Map<String, List<Sample>> byNode, List<Results.ServerNode> nodes,
      List<Long> times, PhaseResult r, boolean load, Integer rf, String rfWhy, boolean shared) {
    long[] window = new long[2];
    Figure start = clusterLevel(byNode, times, ServerFigure.TABLE_BYTES, true, window);
    Figure end = clusterLevel(byNode, times, ServerFigure.TABLE_BYTES, false, window);
    Figure growth = sum(nodes, Results.ServerNode::growthBytesPerHour);
    Figure perRow;
    if (!load) {
      perRow = Figure.notOfThisPhase(LOAD_ONLY + ": this phase did not store the table's rows", 0);
    } else if (rf == null) {
      perRow = Figure.unavailable("the keyspace's replication factor is not known: " + rfWhy, 0);
    } else if (start.value() == null || end.value() == null) {
      perRow = Figure.unavailable(start.value() == null ? start.unavailable() : end.unavailable(), times.size());
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
        perRow = Figure.of(grown / ((double) inserts * rf), Math.min(start.samples(), end.samples()), times.size());
      }
    }
    Figure cpu = shared ? sum(nodes, Results.ServerNode::cpuPercent) : clusterCpu(byNode, times.size() - 1);
    Figure reads = sum(nodes, Results.ServerNode::diskReadsPerSecond);
    Figure readBytes = sum(nodes, Results.ServerNode::diskReadBytesPerSecond);
    Figure avgRead = reads.value() == null || readBytes.value() == null
        ? Figure.unavailable(reads.value() == null ? reads.unavailable() : readBytes.unavailable(), reads.of())
        : reads.value() == 0 ? Figure.unavailable("no disk read in the phase", reads.of())
        : Figure.of(readBytes.value() / reads.value(), Math.min(reads.samples(), readBytes.samples()), reads.of());
    return Results.ServerNode.builder("cluster", null).tableBytesStart(start).tableBytesEnd(end)
        .growthBytesPerHour(growth).bytesPerStoredRow(perRow)
        .uncompressedBytesEnd(clusterLevel(byNode, times, ServerFigure.UNCOMPRESSED_BYTES, false, new long[2]))
        .memtableBytesEnd(clusterLevel(byNode, times, ServerFigure.MEMTABLE_BYTES, false, new long[2]))
        .cpuPercent(cpu).diskReadsPerSecond(reads)
        .diskWritesPerSecond(sum(nodes, Results.ServerNode::diskWritesPerSecond)).diskReadBytesPerSecond(readBytes)
        .averageReadBytes(avgRead).diskReadsPerClientRead(perClientRead(byNode, r, reads))
        .build();
  }

  /**
   * A level added up over the nodes at the first ({@code first}) or last sample time at which every
   * node has it; {@code window} gets that time (start in [0], end in [1]).
   */
  private static Figure clusterLevel(Map<String, List<Sample>> byNode, List<Long> times, ServerFigure f,
      boolean first, long[] window) {
    java.util.TreeMap<Long, Double> total = completeSums(byNode, f);
    List<Long> complete = new ArrayList<>(total.keySet());
    if (complete.isEmpty()) {
      for (Map.Entry<String, List<Sample>> e : byNode.entrySet()) {
        if (e.getValue().stream().noneMatch(x -> x.value(f) != null)) {
          return Figure.unavailable(e.getKey() + ": " + why(e.getValue(), f), times.size());
        }
      }
      return Figure.unavailable("no sample has every node's figure", times.size());
    }
    long t = first ? complete.get(0) : complete.get(complete.size() - 1);
    window[first ? 0 : 1] = t;
    return Figure.of(total.get(t), complete.size(), times.size());
  }

  /**
   * A level added up over the nodes at each sample time at which every node has one (a sum with a
   * node missing is no sum), by time.
   */
  private static java.util.TreeMap<Long, Double> completeSums(Map<String, List<Sample>> byNode, ServerFigure f) {
    java.util.TreeMap<Long, Double> total = new java.util.TreeMap<>();
    Map<Long, Integer> count = new java.util.HashMap<>();
    for (List<Sample> samples : byNode.values()) {
      for (Sample x : samples) {
        if (x.value(f) != null) {
          total.merge(x.timeMs(), x.value(f), Double::sum);
          count.merge(x.timeMs(), 1, Integer::sum);
        }
      }
    }
    total.keySet().removeIf(t -> count.get(t) != byNode.size());
    return total;
  }

  /** The cluster's busy CPU seconds over its CPU seconds, every node's usable intervals. */
  private static Figure clusterCpu(Map<String, List<Sample>> byNode, int intervals) {
    double busy = 0;
    double capacity = 0;
    int used = Integer.MAX_VALUE;
    for (Map.Entry<String, List<Sample>> e : byNode.entrySet()) {
      Rates rates = new Rates(e.getValue(), intervals);
      double[] s = rates.sums(ServerFigure.CPU_BUSY_SECONDS, ServerFigure.CPUS);
      if (Double.isNaN(s[0])) {
        return Figure.unavailable(e.getKey() + ": " + rates.reason(ServerFigure.CPU_BUSY_SECONDS), intervals);
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
      return Figure.unavailable(reads.unavailable(), reads.of());
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
        return Figure.unavailable(n.node() + ": " + x.unavailable(), of);
      }
      total += x.value();
      samples = Math.min(samples, x.samples());
    }
    return nodes.isEmpty() ? Figure.unavailable("no node", 0) : Figure.of(total, samples, of);
  }

  /**
   * When the data had settled after {@code e}: the first sample saying settled after one that said
   * something was moving, both from the event's start on (data may settle before the action returns).
   */
  static Results.Rebalance rebalance(EventRecord e, ServerSamplesFile.Samples s) {
    if (!e.ran()) {
      return null;
    }
    Integer interval = parseInt(s.facts().get(ServerSamplesFile.INTERVAL_SECONDS));
    if (s.balance().isEmpty()) {
      return new Results.Rebalance(null, interval, "the servers were not sampled");
    }
    boolean seenMoving = false;
    String lastMoving = null;
    String unknownSince = null; // why the samples after the last one saying moving could not tell
    boolean anyKnown = false;
    for (ServerSamplesFile.BalanceSample b : s.balance()) {
      if (b.timeMs() < e.startMs()) {
        continue;
      }
      if (b.settled() == null) {
        if (seenMoving && unknownSince == null) {
          unknownSince = b.detail();
        }
        continue;
      }
      anyKnown = true;
      if (!b.settled()) {
        seenMoving = true;
        lastMoving = b.detail();
        unknownSince = null;
      } else if (seenMoving) {
        return new Results.Rebalance((b.timeMs() - e.startMs()) / 1000.0, interval, null);
      }
    }
    if (!anyKnown) {
      return new Results.Rebalance(null, interval, "no source of this target says whether data is moving");
    }
    if (!seenMoving) {
      return new Results.Rebalance(null, interval, "no data movement seen after it (sampled every " + interval
          + " s)");
    }
    if (unknownSince != null) {
      return new Results.Rebalance(null, interval, "after the last sample saying moving (" + lastMoving + "), the"
          + " servers could not tell whether data had settled (" + unknownSince + ")");
    }
    return new Results.Rebalance(null, interval, "still moving when the phase ended (" + lastMoving + ")");
  }

  private static List<Sample> reversed(List<Sample> samples) {
    List<Sample> r = new ArrayList<>(samples);
    java.util.Collections.reverse(r);
    return r;
  }

  private static Integer parseInt(String v) {
    try {
      return v == null ? null : Integer.valueOf(v.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Double parseDouble(String v) {
    try {
      return v == null ? null : Double.valueOf(v.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
