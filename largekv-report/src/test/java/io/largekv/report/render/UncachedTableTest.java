package io.largekv.report.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.results.Results;
import io.largekv.results.Results.Figure;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The uncached read beside the published one: each cell is the run's own figure, or why there is none. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class UncachedTableTest {

  private static Results.ServerNode node(String name, Figure table, Figure readsPerSecond, Figure averageRead,
      Figure perClientRead) {
    Figure none = Figure.unavailable("not in this test", 2);
    return Results.ServerNode.builder(name, "NORMAL").allFigures(none).tableBytesStart(table).tableBytesEnd(table)
        .diskReadsPerSecond(readsPerSecond).averageReadBytes(averageRead).diskReadsPerClientRead(perClientRead).build();
  }

  /** A repeat's servers with {@code samples} samples, replication factor 1; {@code uncached} null: cached. */
  private static Results.Servers servers(int samples, List<Results.ServerNode> nodes, Results.ServerNode cluster,
      Results.Uncached uncached) {
    return Results.Servers.builder("", 1).sources(List.of("t")).intervalSeconds(10).samples(samples)
        .replicationFactor(1).replicationFactorFrom("schema").samplerCpuSeconds(0.1).nodes(nodes).cluster(cluster)
        .uncached(uncached).build();
  }

  private static Results results(List<Results.Servers> servers) {
    return new Results(Results.FORMAT_VERSION, "test", List.of(), List.of("run"), List.of(new Results.Phase(
        "uniform-read", null, List.of(), List.of(), List.of(), servers)), null);
  }

  @Test
  void eachFigureBesideThePublishedOneFromTheRunsOwnFigures() {
    double mib = 1024 * 1024;
    Figure table = Figure.of(320 * mib, 8, 8);
    Results.ServerNode n = node("127.0.0.1", table, Figure.of(6028, 7, 7), Figure.of(17.5 * 1024, 7, 7),
        Figure.unavailable("a figure of the cluster only", 0));
    Results.ServerNode cluster = node("cluster", table, Figure.of(6028, 7, 7), Figure.of(17.5 * 1024, 7, 7),
        Figure.of(2.32, 7, 7));
    Results.Uncached u = new Results.Uncached(16L << 20, 1L << 20, "the test's settings", Figure.of(16.2 * mib, 8, 8),
        Figure.of((16.2 + 1) / 320, 8, 8));
    Results r = results(List.of(servers(8, List.of(n), cluster, u)));

    List<List<String>> rows = UncachedTable.rows(r, "uniform-read");
    assertThat(UncachedTable.columns(r, "uniform-read")).containsExactly("figure", "published", "this run");
    assertThat(rows).extracting(row -> row.get(0)).containsExactly("disk reads per client read", "average disk read",
        "disk reads/s a node", "cache to data", "what decides the reads");
    assertThat(rows.get(0)).containsExactly("disk reads per client read",
        "0.85 (16.4K disk reads/s a node × 4 for 77K client reads/s, RF 3)", "2.32");
    assertThat(rows.get(1).get(2)).isEqualTo("17.5 KiB");
    assertThat(rows.get(2).get(2)).isEqualTo("6,028");
    assertThat(rows.get(3).get(2)).isEqualTo("16.2 MiB page cache held (16.0 MiB allowed) + 1.00 MiB key cache for "
        + "320 MiB on disk: 5.4 %");
    assertThat(rows.get(4).get(2)).isEqualTo("the test's settings");
    assertThat(UncachedTable.line(r.phases().get(0).servers().get(0))).isEqualTo("uncached: 16.2 MiB page "
        + "cache held (16.0 MiB allowed) + 1.00 MiB key cache for 320 MiB on disk: 5.4 % (published ~2 %); disk reads "
        + "per client read 2.32 (published 0.85), average disk read 17.5 KiB (published ~29 KB)");
  }

  @Test
  void aPhaseThatRanCachedHasNoTableAndAMissingFigureSaysWhy() {
    Figure table = Figure.unavailable("the node has no table largekv.kv", 3);
    Results.ServerNode cluster = node("cluster", table, Figure.of(10, 2, 2), Figure.unavailable("no disk read", 2),
        Figure.unavailable("no successful client read in the sampled window", 2));
    Results cached = results(List.of(servers(3, List.of(), cluster, null)));
    assertThat(UncachedTable.rows(cached, "uniform-read")).isEmpty();

    Results.Uncached u = new Results.Uncached(16L << 20, 1L << 20, "s", Figure.unavailable("not bounded yet", 3),
        Figure.unavailable("the page cache held: not bounded yet", 3));
    Results r = results(List.of(servers(3, List.of(), cluster, u)));
    List<List<String>> rows = UncachedTable.rows(r, "uniform-read");
    assertThat(rows.get(0).get(2)).isEqualTo("unavailable: no successful client read in the sampled window");
    assertThat(rows.get(3).get(2)).isEqualTo("unavailable: the page cache held: not bounded yet (16.0 MiB of page "
        + "cache allowed, 1.00 MiB key cache)");
  }
}
