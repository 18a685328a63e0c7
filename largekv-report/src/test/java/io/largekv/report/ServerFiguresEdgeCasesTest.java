package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.largekv.report.files.EventRecord;
import io.largekv.report.files.ServerBalanceFile;
import io.largekv.report.files.ServerSamplesFile;
import io.largekv.report.files.ServerSourcesFile.ServerSources;
import io.largekv.results.Results;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The servers' figures where samples are few, missing or do not line up, beside ServerFiguresTest's
 * full fixture: each from samples written by hand, the expected figures and reasons worked out from them.
 */
class ServerFiguresEdgeCasesTest {

  private static final long T0 = 1_790_000_000_000L;
  private static final long MIB = 1_048_576L;

  /**
   * A line of servers.tsv at {@code s} seconds after T0: the node's table bytes, CPU busy seconds, CPUs,
   * disk reads, disk writes and disk read bytes (a number, {@code unavailable: WHY}, or empty: no
   * source gives it); no uncompressed size, memtables or bytes written.
   */
  private static String sample(int s, String node, String table, String cpu, String cpus, String reads, String writes,
      String readBytes) {
    return (T0 + s * 1000L) + "\t" + node + "\tNORMAL\t" + table + "\t\t\t" + cpu + "\t" + cpus + "\t" + reads + "\t"
        + writes + "\t" + readBytes + "\t";
  }

  private static void servers(Path run, List<String> samples, String... facts) throws Exception {
    // a servers.tsv written before its page_cache_bytes column: read by its header's names
    List<String> lines = new ArrayList<>(List.of(ServerFiguresTest.HEADER_BEFORE_PAGE_CACHE));
    lines.addAll(samples);
    Files.write(run.resolve("servers.tsv"), lines, StandardCharsets.UTF_8);
    List<String> sources = new ArrayList<>(List.of("key\tvalue", "source\tthe test's: ok", "interval_seconds\t10"));
    sources.addAll(List.of(facts));
    Files.write(run.resolve("servers-sources.tsv"), sources, StandardCharsets.UTF_8);
  }

  private static Path readRun(Path dir) throws Exception {
    Path run = dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1");
    EventReportTest.writeRun(run); // 1,000 reads a second to 30 s, 200 to 33 s, then 950
    return run;
  }

  @Test
  void theFullFixturesStateGrowthAndClusterFigures(@TempDir Path dir) throws Exception {
    Path run = readRun(dir);
    ServerFiguresTest.writeSamples(run);
    Results.Servers s = ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), false);
    Results.ServerNode a = s.nodes().get(0);
    Results.ServerNode b = s.nodes().get(1);
    assertThat(a.lastState()).isEqualTo("NORMAL");
    // B: 100 MiB at 0 s to 160 MiB at 60 s, its table in 6 of the 7 samples (its source failed at 20 s)
    assertThat(b.growthBytesPerHour().value()).isCloseTo(60 * 60 * MIB, within(1.0));
    assertThat(b.growthBytesPerHour().samples()).isEqualTo(6);
    assertThat(b.growthBytesPerHour().of()).isEqualTo(7);
    Results.ServerNode c = s.cluster();
    // the cluster's CPU over the 6 intervals between 7 samples; B's rests on 3 of them
    assertThat(c.cpuPercent().of()).isEqualTo(6);
    assertThat(c.cpuPercent().samples()).isEqualTo(3);
    // bytes a disk read: A reads 300 of 4 KiB a second, B 100 of 8 KiB
    assertThat(c.averageReadBytes().value()).isCloseTo((300 * 4096.0 + 100 * 8192.0) / 400, within(1e-9));
  }

  @Test
  void aLoadsBytesPerStoredRowNeedTenMibOfGrowthANode(@TempDir Path dir) throws Exception {
    // a load of 1,000 inserts a second for 60 s; two nodes sampled at 0 and 60 s, replication factor 2
    Path run = dir.resolve("cassandra").resolve("load").resolve("rep-1");
    PhaseResultTest.ops(PhaseResultTest.finished(run.resolve("client-0"), 0, ""), "INSERT", T0, 60, 1000);
    // each node's table grew by exactly 10 MiB: enough
    servers(run, List.of(sample(0, "A", "" + 100 * MIB, "0", "2", "0", "0", "0"),
        sample(0, "B", "" + 100 * MIB, "0", "2", "0", "0", "0"),
        sample(60, "A", "" + 110 * MIB, "30", "2", "600", "0", "0"),
        sample(60, "B", "" + 110 * MIB, "30", "2", "600", "0", "0")), "replication_factor\t2\tthe keyspace's schema");
    PhaseResult r = PhaseResult.load(run, 0);
    Results.Servers s = ServerFigures.of("cassandra", 1, r, true);
    Results.ServerNode c = s.cluster();
    // 20 MiB over 60,000 rows stored twice
    assertThat(c.bytesPerStoredRow().value()).isCloseTo(20.0 * MIB / (60_000 * 2), within(1e-9));
    // a node's growth from its two samples: 10 MiB a minute
    assertThat(s.nodes().get(0).growthBytesPerHour().value()).isCloseTo(600.0 * MIB, within(1e-6));
    // a load reads nothing: no disk reads per client read, though each node has its two samples of them
    assertThat(c.diskReadsPerSecond().value()).isCloseTo(20.0, within(1e-9));
    assertThat(c.diskReadsPerClientRead().unavailable()).isEqualTo(ServerFigures.READS_ONLY + ": the phase has no successful read");

    // 8 MiB a node: too little
    servers(run, List.of(sample(0, "A", "" + 100 * MIB, "0", "2", "0", "0", "0"),
        sample(0, "B", "" + 100 * MIB, "0", "2", "0", "0", "0"),
        sample(60, "A", "" + 108 * MIB, "30", "2", "600", "0", "0"),
        sample(60, "B", "" + 108 * MIB, "30", "2", "600", "0", "0")), "replication_factor\t2\tthe keyspace's schema");
    Results.ServerNode small = ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), true).cluster();
    assertThat(small.bytesPerStoredRow().value()).isNull();
    assertThat(small.bytesPerStoredRow().unavailable()).isEqualTo("the table grew by 16.0 MiB on disk, under 10 MiB"
        + " a node: too little for the sources' resolution (Cassandra gives whole MiB), or its rows are still in"
        + " memtables");

    // the replication factor not recorded, or not a number: no figure, and why
    servers(run, List.of(sample(0, "A", "" + 100 * MIB, "0", "2", "0", "0", "0"),
        sample(60, "A", "" + 120 * MIB, "30", "2", "600", "0", "0")));
    assertThat(ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), true).cluster().bytesPerStoredRow()
        .unavailable()).isEqualTo("the keyspace's replication factor is not known: not recorded");
    servers(run, List.of(sample(0, "A", "" + 100 * MIB, "0", "2", "0", "0", "0"),
        sample(60, "A", "" + 120 * MIB, "30", "2", "600", "0", "0")), "replication_factor\ttwo");
    Results.Servers two = ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), true);
    assertThat(two.replicationFactor()).isNull();
    assertThat(two.cluster().bytesPerStoredRow().unavailable())
        .isEqualTo("the keyspace's replication factor is not known: two");
  }

  @Test
  void diskReadsPerClientReadRestOnTheWindowEveryNodeMeasured(@TempDir Path dir) throws Exception {
    Path run = readRun(dir);
    // A has no disk reads at 0 s, then 1,000 at 10 and 20 s (none read between), 4,000 at 30 s, 5,000 at
    // 40 s; B 0, 500, 1,000, 1,500 from 0 to 30 s and no sample at 40 s
    String t = "" + 100 * MIB;
    servers(run, List.of(sample(0, "A", t, "0", "2", "", "0", "0"), sample(0, "B", t, "0", "2", "0", "0", "0"),
        sample(10, "A", t, "5", "2", "1000", "0", "0"), sample(10, "B", t, "5", "2", "500", "0", "0"),
        sample(20, "A", t, "10", "2", "1000", "0", "0"), sample(20, "B", t, "10", "2", "1000", "0", "0"),
        sample(30, "A", t, "15", "2", "4000", "0", "0"), sample(30, "B", t, "15", "2", "1500", "0", "0"),
        sample(40, "A", t, "20", "2", "5000", "0", "0")));
    Results.Servers s = ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), false);
    // the window both measured: 10 s to 30 s; A read 3,000 in it, B 1,000; the client 20 s of 1,000 reads
    assertThat(s.cluster().diskReadsPerClientRead().value()).isCloseTo((3000 + 1000) / 20_000.0, within(1e-12));
    // B was not in the last sample: no state
    assertThat(s.nodes().get(0).lastState()).isEqualTo("NORMAL");
    assertThat(s.nodes().get(1).lastState()).isNull();
  }

  @Test
  void nodesWhoseDiskReadSamplesOnlyTouchHaveNoCommonWindow(@TempDir Path dir) throws Exception {
    Path run = readRun(dir);
    String t = "" + 100 * MIB;
    // A sampled from 0 to 30 s, B from 30 to 60 s
    List<String> lines = new ArrayList<>();
    for (int s = 0; s <= 30; s += 10) {
      lines.add(sample(s, "A", t, "" + s, "2", "" + 10 * s, "0", "0"));
      lines.add(sample(s + 30, "B", t, "" + s, "2", "" + 10 * s, "0", "0"));
    }
    servers(run, lines);
    Results.ServerNode c = ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), false).cluster();
    assertThat(c.diskReadsPerClientRead().unavailable()).isEqualTo("the nodes' samples of disk reads do not overlap");
  }

  @Test
  void eachUnavailableFigureSaysWhy(@TempDir Path dir) throws Exception {
    Path run = readRun(dir);
    String t = "" + 100 * MIB;
    String noStats = "unavailable: no block device stats";
    servers(run, List.of(
        // A: no source of disk writes; its disk read bytes unavailable
        sample(0, "A", t, "0", "2", "0", "", noStats), sample(0, "B", t, "0", "2", "50", "0", "0"),
        // C: no table size; D: this one sample only
        sample(0, "C", "", "0", "2", "0", "", "0"), sample(0, "D", t, "0", "2", "0", "0", "0"),
        // B: no CPU reading at 10 s; it read nothing from disk
        sample(10, "A", t, "5", "2", "100", "", noStats), sample(10, "B", t, "", "2", "50", "0", "0"),
        sample(10, "C", "", "5", "2", "100", "", "409600"),
        sample(20, "A", t, "10", "2", "200", "", noStats), sample(20, "B", t, "10", "2", "50", "0", "0")));
    Results.Servers s = ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), false);
    Results.ServerNode a = s.nodes().get(0);
    Results.ServerNode b = s.nodes().get(1);
    Results.ServerNode c = s.nodes().get(2);
    Results.ServerNode d = s.nodes().get(3);
    assertThat(a.averageReadBytes().unavailable()).isEqualTo("no block device stats");
    assertThat(a.diskWritesPerSecond().unavailable()).isEqualTo("no source of this target gives it");
    assertThat(b.cpuPercent().unavailable()).isEqualTo("no two consecutive samples have it");
    assertThat(b.averageReadBytes().unavailable()).isEqualTo("no disk read in the phase");
    assertThat(c.diskWritesPerSecond().unavailable()).isEqualTo("no source of this target gives it");
    assertThat(c.growthBytesPerHour().unavailable()).isEqualTo("no source of this target gives it");
    assertThat(d.cpuPercent().unavailable()).isEqualTo("fewer than two samples");
    assertThat(d.growthBytesPerHour().unavailable()).isEqualTo("fewer than two samples of the table's bytes");
    // the cluster's: the first node that has none, and why
    Results.ServerNode cluster = s.cluster();
    assertThat(cluster.cpuPercent().unavailable()).isEqualTo("B: no two consecutive samples have it");
    assertThat(cluster.diskWritesPerSecond().unavailable()).isEqualTo("A: no source of this target gives it");
    assertThat(cluster.diskReadsPerSecond().unavailable()).isEqualTo("D: fewer than two samples");
    assertThat(cluster.averageReadBytes().unavailable()).isEqualTo("D: fewer than two samples");
    assertThat(cluster.diskReadsPerClientRead().unavailable()).isEqualTo("D: fewer than two samples");
    assertThat(cluster.tableBytesEnd().unavailable()).isEqualTo("C: no source of this target gives it");
  }

  @Test
  void aClusterLevelNeedsASampleWithEveryNodesFigure(@TempDir Path dir) throws Exception {
    Path run = readRun(dir);
    String t = "" + 100 * MIB;
    // A's table at 0 s only, B's at 10 s only
    servers(run, List.of(sample(0, "A", t, "0", "2", "0", "0", "0"), sample(0, "B", "", "0", "2", "0", "0", "0"),
        sample(10, "A", "", "5", "2", "10", "0", "0"), sample(10, "B", t, "5", "2", "10", "0", "0")));
    Results.ServerNode c = ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), false).cluster();
    assertThat(c.tableBytesStart().unavailable()).isEqualTo("no sample has every node's figure");
    assertThat(c.tableBytesEnd().unavailable()).isEqualTo("no sample has every node's figure");
  }

  @Test
  void factsThatAreNotNumbersAreUnknown(@TempDir Path dir) throws Exception {
    Path run = readRun(dir);
    ServerFiguresTest.writeSamples(run);
    Files.write(run.resolve("servers-sources.tsv"), List.of("key\tvalue", "source\tthe test's: ok",
        "interval_seconds\tten", "replication_factor\ttwo", "sampler_cpu_seconds\tn/a"), StandardCharsets.UTF_8);
    Results.Servers s = ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), false);
    assertThat(s.intervalSeconds()).isZero();
    assertThat(s.replicationFactor()).isNull();
    assertThat(s.samplerCpuSeconds()).isNull();
    // no reading at all: the interval is still said
    Path none = readRun(dir.resolve("none"));
    Files.write(none.resolve("servers-sources.tsv"), List.of("key\tvalue", "source\tcassandra's own view: "
        + "unavailable: no node answered", "interval_seconds\t10"), StandardCharsets.UTF_8);
    assertThat(ServerFigures.of("cassandra", 1, PhaseResult.load(none, 0), false).intervalSeconds()).isEqualTo(10);
  }

  @Test
  void theRebalanceTimeOrWhyThereIsNone() {
    EventRecord kill = new EventRecord("uniform-read@30:kill-node:2", 30, 30_000, 31_000, "ok", "");
    ServerSources facts = ServerSources.NONE.withInterval(10);
    // moving at the event's very start, settled 10 s later
    assertThat(RebalanceTime.of(kill, balance(facts, new ServerBalanceFile.BalanceSample(30_000, false,
        "B JOINING"), new ServerBalanceFile.BalanceSample(40_000, true, "")))).isEqualTo(
            Results.Rebalance.after(10.0, 10));
    assertThat(RebalanceTime.of(kill, balance(facts))).isEqualTo(
        Results.Rebalance.unavailable(10, "the servers were not sampled"));
    assertThat(RebalanceTime.of(kill, balance(facts, new ServerBalanceFile.BalanceSample(40_000, null,
        "no gauge")))).isEqualTo(Results.Rebalance.unavailable(10,
            "no source of this target says whether data is moving"));
    assertThat(RebalanceTime.of(kill, balance(facts, new ServerBalanceFile.BalanceSample(40_000, false,
        "B JOINING"), new ServerBalanceFile.BalanceSample(50_000, false, "B JOINING, 80 %")))).isEqualTo(
            Results.Rebalance.unavailable(10, "still moving when the phase ended (B JOINING, 80 %)"));
  }

  private static ServerSamplesFile.Samples balance(ServerSources facts, ServerBalanceFile.BalanceSample... samples) {
    return new ServerSamplesFile.Samples(List.of(), List.of(samples), facts, 0);
  }
}
