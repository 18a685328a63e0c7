package io.largekv.report.render;

import io.largekv.results.Results;
import io.largekv.results.RunSetup;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The seed's own tables (YugabyteDB's 30-billion-row benchmark: "Load Phase Results" and
 * "Read-Heavy Workload Results", 4 nodes of 32 vCPUs), figure by figure, beside a full-scale
 * phase's figures of this run (docs/servers.md#the-report). Each row is the seed's wording, its
 * value, and this run's figure computed from the report's own data; a figure this run could not
 * measure says why.
 */
public final class SeedFigures {

  /** One line of a seed table. */
  public record Line(String figure, String seed, String run) {}

  private SeedFigures() {}

  /** The seed table's columns: the figure, the seed's value, then each column of this run. */
  static List<String> columns(Results results) {
    List<String> c = new ArrayList<>(List.of("figure", "published (4 nodes, 32 vCPUs each)"));
    c.addAll(results.columns());
    return c;
  }

  /** A full-scale phase's seed table: a row per line of the seed's own table, this run's figure per column. */
  public static List<List<String>> table(Results results, String phase) {
    Results.Phase p = results.phase(phase);
    List<List<String>> rows = new ArrayList<>();
    for (int col = 0; col < p.cells().size(); col++) {
      Results.Cell cell = p.cells().get(col);
      Results.Servers servers = p.servers().stream().filter(s -> s.column().equals(cell.column()) && s.repeat() == 1)
          .findFirst().orElse(null);
      List<Line> lines = of(phase, cell, servers);
      for (int i = 0; i < lines.size(); i++) {
        if (col == 0) {
          rows.add(new ArrayList<>(List.of(lines.get(i).figure(), lines.get(i).seed())));
        }
        rows.get(i).add(lines.get(i).run());
      }
    }
    return rows;
  }

  /** The seed's lines for {@code phase} beside {@code cell} and its servers' first repeat; empty for other phases. */
  public static List<Line> of(String phase, Results.Cell cell, Results.Servers servers) {
    List<Line> out = new ArrayList<>();
    switch (phase) {
      case RunSetup.LOAD -> {
        out.add(new Line("Records inserted", "30 Billion", count(cell.operations())));
        out.add(new Line("Size of each record", "~ 300 bytes", "306 B logical (50-byte key, 256-byte value); on disk "
            + "per stored row: " + (servers == null ? "unavailable: the servers were not sampled"
            : ServerTable.figure(servers.cluster().bytesPerStoredRow(),
                v -> String.format(Locale.ROOT, "%.0f B", v)))));
        out.add(new Line("Time taken to insert data", "4.4 days", cell.repeats().isEmpty()
            || cell.repeats().get(0).measuredSeconds() == null ? "unavailable: no operation measured"
            : duration(cell.repeats().get(0).measuredSeconds())));
        out.add(new Line("Sustained insert rate", "85K inserts/second", cell.throughput().mean() == null
            ? "unavailable: no operation measured"
            : String.format(Locale.ROOT, "%,.0f inserts/second", cell.throughput().mean())));
        out.add(new Line("Final dataset in cluster", "26TB across 4 nodes", (servers == null
            ? "unavailable: the servers were not sampled" : ServerTable.figure(servers.cluster().tableBytesEnd(),
            ReportFormat::bytes))
            + (servers == null ? "" : " across " + servers.nodes().size() + " node"
            + (servers.nodes().size() == 1 ? "" : "s"))));
        out.add(new Line("Final dataset size per node", "6.5TB / node", perNode(servers)));
      }
      case "uniform-read" -> out.add(new Line("Random-data read heavy workload", "185K reads/sec and 1K writes/sec",
          readsAndWrites(cell)));
      case "latest-read" -> out.add(new Line("Recent-data read heavy Workload", "385K reads/sec and 6.5K writes/sec",
          readsAndWrites(cell)));
      default -> {
        // the seed has no table for it
      }
    }
    return out;
  }

  /** reads/s and writes/s: the phase's throughput split by its operations' counts in the same window. */
  private static String readsAndWrites(Results.Cell cell) {
    Double tp = cell.throughput().mean();
    if (tp == null || cell.latency() == null) {
      return "unavailable: no operation measured";
    }
    long reads = cell.latency().count();
    long writes = cell.others().stream().filter(o -> o.latency() != null && !o.operation().startsWith("Intended"))
        .mapToLong(o -> o.latency().count()).sum();
    double total = reads + writes;
    return String.format(Locale.ROOT, "%,.0f reads/sec and %,.0f writes/sec", tp * reads / total,
        tp * writes / total);
  }

  private static String perNode(Results.Servers servers) {
    if (servers == null) {
      return "unavailable: the servers were not sampled";
    }
    List<Double> ends = new ArrayList<>();
    for (Results.ServerNode n : servers.nodes()) {
      if (n.tableBytesEnd().value() == null) {
        return "unavailable: " + n.node() + ": " + n.tableBytesEnd().unavailable();
      }
      ends.add(n.tableBytesEnd().value());
    }
    double min = ends.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    double max = ends.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    double mean = ends.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    if (ends.isEmpty()) {
      return "unavailable: no node";
    }
    return ReportFormat.bytes(mean) + " / node" + (ends.size() > 1 ? " (from "
        + ReportFormat.bytes(min) + " to " + ReportFormat.bytes(max)
        + ")" : "");
  }

  private static String count(Long n) {
    return n == null ? "unavailable: no operation measured" : String.format(Locale.ROOT, "%,d", n);
  }

  private static String duration(double seconds) {
    if (seconds >= 86400) {
      return String.format(Locale.ROOT, "%.1f days", seconds / 86400);
    }
    if (seconds >= 3600) {
      return String.format(Locale.ROOT, "%.1f hours", seconds / 3600);
    }
    return String.format(Locale.ROOT, "%.0f s", seconds);
  }
}
