package io.largekv.report.render;

import io.largekv.results.Results;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A phase's uncached read beside the published one (docs/uncached-reads.md): the published figures,
 * then each repeat's that ran uncached, as a table for the report and a line for the console.
 */
public final class UncachedTable {

  private UncachedTable() {}

  /**
   * The published uncached read (4 nodes of 8 vCPUs, RF 3, 1.6 billion rows, 150 readers; the seed
   * "Uncached/Large Data Set Random Read Workload"): each figure's name and its published value, in
   * the order of {@link #rows}.
   */
  static final List<List<String>> PUBLISHED = List.of(
      List.of("disk reads per client read", "0.85 (16.4K disk reads/s a node × 4 for 77K client reads/s, RF 3)"),
      List.of("average disk read", "~29 KB (32 KB blocks of values that do not compress)"),
      List.of("disk reads/s a node", "16.4K"),
      List.of("cache to data", "7.5 GB block cache for ~360 GB a node (~2 %)"),
      List.of("what decides the reads", "YugabyteDB: db_block_size 32 KB; index and bloom-filter blocks cached"));

  /** The table's columns: the figure, the published value, then each column's repeat that ran uncached. */
  static List<String> columns(Results results, String phase) {
    List<String> c = new ArrayList<>(List.of("figure", "published"));
    results.phase(phase).servers().stream().filter(s -> s.uncached() != null)
        .forEach(s -> c.add(s.column().isEmpty() ? "this run"
            : s.column() + (s.repeat() > 1 ? " #" + s.repeat() : "")));
    return c;
  }

  /**
   * A row per figure of {@link #PUBLISHED}, a column per repeat that ran uncached; empty when none
   * did.
   */
  public static List<List<String>> rows(Results results, String phase) {
    List<Results.Servers> runs = results.phase(phase).servers().stream().filter(s -> s.uncached() != null).toList();
    List<List<String>> rows = new ArrayList<>();
    if (runs.isEmpty()) {
      return rows;
    }
    for (List<String> published : PUBLISHED) {
      rows.add(new ArrayList<>(published));
    }
    for (Results.Servers s : runs) {
      Results.ServerNode c = s.cluster();
      Results.Uncached u = s.uncached();
      rows.get(0).add(ServerTable.figure(c.diskReadsPerClientRead(), v -> String.format(Locale.ROOT, "%.2f", v)));
      rows.get(1).add(ServerTable.figure(c.averageReadBytes(), ReportFormat::bytes));
      rows.get(2).add(ServerTable.figure(c.diskReadsPerSecond(),
          v -> String.format(Locale.ROOT, "%,.0f", v / s.nodes().size())));
      rows.get(3).add(cacheToData(c, u));
      rows.get(4).add(u.serverCaches());
    }
    return rows;
  }

  /** "X page cache held (at most Y allowed) + Z key cache for T on disk: R %", or why not. */
  static String cacheToData(Results.ServerNode cluster, Results.Uncached u) {
    if (u.cacheToData().value() == null) {
      return "unavailable: " + u.cacheToData().unavailable() + " (" + ReportFormat.bytes(u.pageCacheLimitBytes())
          + " of page cache allowed, " + ReportFormat.bytes(u.keyCacheBytes()) + " key cache)";
    }
    String held = ServerTable.figure(u.pageCacheBytes(), ReportFormat::bytes);
    String ratio = ServerTable.figure(u.cacheToData(), v -> String.format(Locale.ROOT, "%.1f %%", 100 * v));
    return held + " page cache held (" + ReportFormat.bytes(u.pageCacheLimitBytes()) + " allowed) + "
        + ReportFormat.bytes(u.keyCacheBytes()) + " key cache for " + ServerTable.bytes(cluster.tableBytesEnd())
        + " on disk: " + ratio;
  }

  /** An uncached phase's figures in one line for the console, beside the published ones. */
  public static String line(Results.Servers s) {
    Results.ServerNode c = s.cluster();
    return "uncached: " + cacheToData(c, s.uncached()) + " (published ~2 %); disk reads per client read "
        + ServerTable.figure(c.diskReadsPerClientRead(), v -> String.format(Locale.ROOT, "%.2f", v))
        + " (published 0.85), average disk read " + ServerTable.figure(c.averageReadBytes(), ReportFormat::bytes)
        + " (published ~29 KB)";
  }
}
