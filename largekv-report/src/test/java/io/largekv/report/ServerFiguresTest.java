package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.largekv.report.files.ServerBalanceFile;
import io.largekv.report.files.ServerSamplesFile;
import io.largekv.report.files.ServerSourcesFile;
import io.largekv.results.Results;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The servers' figures of a phase run from samples known by construction, beside the run
 * {@link EventReportTest} writes (1,000 reads/s, a node killed at 30 s): two nodes sampled every 10 s
 * from 0 to 60 s; node B's source failed at 20 s (a gap) and its process restarted at 50 s (its
 * counters start again); data moved from 30 to 40 s.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServerFiguresTest {

  private static final long T0 = 1_790_000_000_000L;

  /** servers.tsv's header before the page cache was a figure (the column added last). */
  static final String HEADER_BEFORE_PAGE_CACHE = "time_ms\tnode\tstate\ttable_bytes\tuncompressed_bytes\t"
      + "memtable_bytes\tcpu_busy_seconds\tcpus\tdisk_reads\tdisk_writes\tdisk_read_bytes\tdisk_write_bytes";
  /** servers.tsv's header once the page cache was a figure, as directories made before servers.jsonl hold it. */
  static final String HEADER_BEFORE = HEADER_BEFORE_PAGE_CACHE + "\tpage_cache_bytes";
  /** servers-balance.tsv's header, as directories made before servers-balance.jsonl hold it. */
  static final String BALANCE_HEADER_BEFORE = "time_ms\tsettled\tdetail";

  static void writeSamples(Path run) throws Exception {
    // a servers.tsv written before its page_cache_bytes column: read by its header's names
    List<String> lines = new ArrayList<>(List.of(ServerFiguresTest.HEADER_BEFORE_PAGE_CACHE));
    for (int s = 0; s <= 60; s += 10) {
      long t = T0 + s * 1000L;
      // node A: 100 MiB + 1 MiB a second; 0.5 CPU seconds a second of 2 CPUs; 300 disk reads of 4 KiB a second
      lines.add(t + "\tA\tNORMAL\t" + (100 + s) * 1048576L + "\tunavailable: no uncompressed size\tunavailable: no "
          + "memtables\t" + (1000 + s * 0.5) + "\t2\t" + (5000 + 300 * s) + "\t" + 40 * s + "\t" + (5000 + 300 * s) * 4096L
          + "\t0");
      if (s == 20) {
        lines.add(t + "\tB\t\tunavailable: the source failed: timed out\t\t\tunavailable: the source failed: timed out"
            + "\tunavailable: the source failed: timed out\tunavailable: the source failed: timed out"
            + "\tunavailable: the source failed: timed out\tunavailable: the source failed: timed out"
            + "\tunavailable: the source failed: timed out");
      } else {
        // node B: the same table, 1 CPU second a second of 2 CPUs, 100 reads a second; restarted at 50 s
        long reads = s < 50 ? 100 * s : 100 * (s - 50);
        double cpu = s < 50 ? s : s - 50;
        lines.add(t + "\tB\tNORMAL\t" + (100 + s) * 1048576L + "\t\t\t" + cpu + "\t2\t" + reads + "\t0\t" + reads * 8192L
            + "\t0");
      }
    }
    Files.write(run.resolve("servers.tsv"), lines, StandardCharsets.UTF_8);
    List<String> balance = new ArrayList<>(List.of(BALANCE_HEADER_BEFORE));
    for (int s = 0; s <= 60; s += 10) {
      balance.add((T0 + s * 1000L) + "\t" + (s == 30 || s == 40 ? "false\tB JOINING" : "true\t"));
    }
    Files.write(run.resolve("servers-balance.tsv"), balance, StandardCharsets.UTF_8);
    Files.write(run.resolve("servers-sources.tsv"), List.of("key\tvalue", "source\tthe test's: ok",
        "interval_seconds\t10", "replication_factor\t2\tthe keyspace's schema", "sampler_cpu_seconds\t0.125"),
        StandardCharsets.UTF_8);
  }

  @Test
  void figuresRestOnTheSamplesThatHaveThemAndSayHowMany(@TempDir Path dir) throws Exception {
    Path run = dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1");
    EventReportTest.writeRun(run);
    writeSamples(run);
    Results.Servers s = ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), false);

    assertThat(s.samples()).isEqualTo(7);
    assertThat(s.intervalSeconds()).isEqualTo(10);
    assertThat(s.replicationFactor()).isEqualTo(2);
    assertThat(s.samplerCpuSeconds()).isEqualTo(0.125);
    Results.ServerNode a = s.nodes().get(0);
    Results.ServerNode b = s.nodes().get(1);
    assertThat(a.node()).isEqualTo("A");
    assertThat(a.tableBytesStart().value()).isEqualTo(100 * 1048576.0);
    assertThat(a.tableBytesEnd().value()).isEqualTo(160 * 1048576.0);
    assertThat(a.growthBytesPerHour().value()).isCloseTo(3600 * 1048576.0, within(1.0));
    assertThat(a.cpuPercent().value()).isCloseTo(25.0, within(1e-9));
    assertThat(a.cpuPercent().samples()).isEqualTo(6);
    assertThat(a.diskReadsPerSecond().value()).isCloseTo(300.0, within(1e-9));
    assertThat(a.averageReadBytes().value()).isCloseTo(4096.0, within(1e-9));
    assertThat(a.uncompressedBytesEnd().value()).isNull();
    assertThat(a.uncompressedBytesEnd().unavailable()).isEqualTo("no uncompressed size");
    // B: 2 of 6 intervals touch the failed sample and 1 holds the restart: 3 remain, never filled in
    assertThat(b.tableBytesEnd().samples()).isEqualTo(6);
    assertThat(b.tableBytesEnd().of()).isEqualTo(7);
    assertThat(b.cpuPercent().samples()).isEqualTo(3);
    assertThat(b.cpuPercent().of()).isEqualTo(6);
    assertThat(b.cpuPercent().value()).isCloseTo(50.0, within(1e-9));
    assertThat(b.diskReadsPerSecond().value()).isCloseTo(100.0, within(1e-9));
    assertThat(b.diskWritesPerSecond().value()).isCloseTo(0.0, within(1e-9));
    assertThat(b.uncompressedBytesEnd().unavailable()).isEqualTo("no source of this target gives it");

    Results.ServerNode c = s.cluster();
    assertThat(c.tableBytesEnd().value()).isEqualTo(320 * 1048576.0);
    assertThat(c.diskReadsPerSecond().value()).isCloseTo(400.0, within(1e-9));
    // CPU: (0.5 × 60 + 1 × 30) busy seconds over (2 × 60 + 2 × 30) CPU seconds
    assertThat(c.cpuPercent().value()).isCloseTo(100 * 60.0 / 180.0, within(1e-9));
    assertThat(c.uncompressedBytesEnd().unavailable()).startsWith("A: ");
    // a read phase stored no rows
    assertThat(c.bytesPerStoredRow().value()).isNull();
    // disk reads per client read: B's restart leaves no window every node measured without a reset
    assertThat(c.diskReadsPerClientRead().value()).isNull();
    assertThat(c.diskReadsPerClientRead().unavailable()).contains("B's disk reads have a gap or a restart");
  }

  @Test
  void anUncachedPhaseSaysTheMostPageCacheHeldAndItsShareOfTheTableWithTheKeyCache(@TempDir Path dir)
      throws Exception {
    Path run = dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1");
    EventReportTest.writeRun(run);
    // one node, the current layout: 320 MiB on disk; page cache 2, 15, 9 MiB at three samples, the last one cut
    List<String> lines = new ArrayList<>(List.of(HEADER_BEFORE));
    long[] held = {2, 15, 9};
    for (int s = 0; s < 3; s++) {
      lines.add((T0 + s * 10_000L) + "\tA\tNORMAL\t" + 320 * 1048576L + "\t\t\t" + s + "\t2\t" + 1000 * s + "\t0\t"
          + 1000 * s * 16384L + "\t0\t" + held[s] * 1048576L);
    }
    lines.add((T0 + 30_000L) + "\tA\tNORMAL\t" + 320 * 1048576L + "\t\t"); // cut short: left out
    Files.write(run.resolve("servers.tsv"), lines, StandardCharsets.UTF_8);
    Files.write(run.resolve("servers-sources.tsv"), List.of("key\tvalue", "source\tthe test's: ok",
        "page_cache_limit_bytes\t16777216\tthe test's settings", "key_cache_bytes\t1048576", "interval_seconds\t10"),
        StandardCharsets.UTF_8);
    Results.Servers s = ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), false);

    Results.Uncached u = s.uncached();
    assertThat(u).isNotNull();
    assertThat(u.pageCacheLimitBytes()).isEqualTo(16L << 20);
    assertThat(u.keyCacheBytes()).isEqualTo(1L << 20);
    assertThat(u.serverCaches()).isEqualTo("the test's settings");
    assertThat(u.pageCacheBytes().value()).isEqualTo(15.0 * 1048576);
    assertThat(u.pageCacheBytes().samples()).isEqualTo(3);
    // (15 MiB held + 1 MiB key cache) / 320 MiB
    assertThat(u.cacheToData().value()).isCloseTo(16.0 / 320, within(1e-12));
    assertThat(s.cluster().averageReadBytes().value()).isCloseTo(16384.0, within(1e-9));

    // without the fact, the phase did not run uncached
    Files.write(run.resolve("servers-sources.tsv"), List.of("key\tvalue", "source\tthe test's: ok"),
        StandardCharsets.UTF_8);
    assertThat(ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), false).uncached()).isNull();
  }

  @Test
  void anUncachedPhaseWithoutATableOrAPageCacheSaysWhyNotAZero(@TempDir Path dir) throws Exception {
    Path run = dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1");
    EventReportTest.writeRun(run);
    List<String> lines = new ArrayList<>(List.of(HEADER_BEFORE));
    for (int s = 0; s < 2; s++) {
      lines.add((T0 + s * 10_000L) + "\tA\tNORMAL\tunavailable: the node has no table\t\t\t" + s + "\t2\t0\t0\t0\t0"
          + "\tunavailable: not bounded yet");
    }
    Files.write(run.resolve("servers.tsv"), lines, StandardCharsets.UTF_8);
    Files.write(run.resolve("servers-sources.tsv"), List.of("key\tvalue", "page_cache_limit_bytes\t16777216\tx",
        "key_cache_bytes\t1048576"), StandardCharsets.UTF_8);
    Results.Uncached u = ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), false).uncached();
    assertThat(u.pageCacheBytes().value()).isNull();
    assertThat(u.pageCacheBytes().unavailable()).isEqualTo("not bounded yet");
    assertThat(u.cacheToData().value()).isNull();
    assertThat(u.cacheToData().unavailable()).isEqualTo("the page cache held: not bounded yet");
  }

  @Test
  void diskReadsPerClientReadUseTheSameWindow(@TempDir Path dir) throws Exception {
    Path run = dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1");
    EventReportTest.writeRun(run);
    writeSamples(run);
    // only node A: its window is 0–60 s
    List<String> lines = Files.readAllLines(run.resolve("servers.tsv"));
    Files.write(run.resolve("servers.tsv"), lines.stream().filter(l -> !l.contains("\tB\t")).toList());
    PhaseResult r = PhaseResult.load(run, 0);
    Results.ServerNode c = ServerFigures.of("cassandra", 1, r, false).cluster();
    // the client's reads in A's window, from the test's own schedule of them: 30 s of 1,000, 3 of 200, 27 of 950
    long clientReads = 0;
    for (int s = 0; s < 60; s++) {
      clientReads += EventReportTest.ops(s);
    }
    assertThat(clientReads).isEqualTo(30 * 1000 + 3 * 200 + 27 * 950);
    assertThat(c.diskReadsPerClientRead().value()).isCloseTo(300.0 * 60 / clientReads, within(1e-9));
  }

  @Test
  void onOneSharedMachineTheNodesSharesAddUpAndACutLineIsLeftOutAndSaid(@TempDir Path dir) throws Exception {
    Path run = dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1");
    EventReportTest.writeRun(run);
    writeSamples(run);
    Files.writeString(run.resolve("servers-sources.tsv"), "shared_machine\ttrue\n", StandardOpenOption.APPEND);
    Files.writeString(run.resolve("servers.tsv"), (T0 + 70_000) + "\tA\tNORMAL\t12", StandardOpenOption.APPEND);
    Results.Servers s = ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), false);
    // A used 25 % of the machine, B 50 %: together 75 % of it (not their mean over twice its CPUs)
    assertThat(s.cluster().cpuPercent().value()).isCloseTo(75.0, within(1e-9));
    assertThat(s.samples()).isEqualTo(7);
    assertThat(s.sources()).anyMatch(x -> x.startsWith("1 line(s) of the servers' files could not be read"));
    // run's one line: the cluster's figures, what is unavailable grouped by its reason, said once as a note
    java.util.List<String> notes = new java.util.ArrayList<>();
    String line = io.largekv.report.render.ServerTable.line(s, notes);
    assertThat(line).startsWith("servers (2 nodes, 7 samples): CPU 75.0 % (3 of 6); table 200 MiB (6 of 7) → 320 MiB"
        + " (6 of 7)").doesNotContain("per stored row");
    assertThat(notes).anySatisfy(n -> assertThat(n).startsWith("no memtables"));
    assertThat(line).contains("not yet on disk: unavailable [" + (notes.indexOf(notes.stream()
        .filter(n -> n.startsWith("no memtables")).findFirst().orElseThrow()) + 1) + "]");
  }

  @Test
  void aLoadsBytesPerStoredRowRestOnTheRowsInsertedBetweenTheSamplesThatHaveEveryNodesTable(@TempDir Path dir)
      throws Exception {
    Path run = dir.resolve("cassandra").resolve("load").resolve("rep-1");
    EventReportTest.writeRun(run);
    Files.move(run.resolve("client-0").resolve("hdr").resolve("READ.hdr"),
        run.resolve("client-0").resolve("hdr").resolve("INSERT.hdr"));
    writeSamples(run);
    PhaseResult r = PhaseResult.load(run, 0);
    Results.ServerNode c = ServerFigures.of("cassandra", 1, r, true).cluster();
    // every node's table at 0 s (200 MiB) and 60 s (320 MiB); B had none at 20 s
    assertThat(c.tableBytesStart().value()).isEqualTo(200 * 1048576.0);
    assertThat(c.tableBytesStart().samples()).isEqualTo(6);
    long inserts = r.histogramBetween("INSERT", T0, T0 + 60_000).getTotalCount();
    assertThat(c.bytesPerStoredRow().value()).isCloseTo(120 * 1048576.0 / (inserts * 2.0), within(1e-6));
    // a read phase's figure is not a load's
    assertThat(ServerFigures.of("cassandra", 1, r, false).cluster().bytesPerStoredRow().unavailable())
        .startsWith("a load's figure");
  }

  @Test
  void aTargetWhoseSourcesGaveNoReadingHasEveryFigureUnavailable(@TempDir Path dir) throws Exception {
    Path run = dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1");
    EventReportTest.writeRun(run);
    Files.write(run.resolve("servers-sources.tsv"), List.of("key\tvalue", "source\tcassandra's own view: "
        + "unavailable: no node answered", "interval_seconds\t10", "sampler_cpu_seconds\t0.001"));
    Results.Servers s = ServerFigures.of("cassandra", 1, PhaseResult.load(run, 0), false);
    assertThat(s.nodes()).isEmpty();
    assertThat(s.samples()).isZero();
    assertThat(s.cluster().cpuPercent().value()).isNull();
    assertThat(s.cluster().cpuPercent().of()).isZero();
    assertThat(s.cluster().tableBytesEnd().unavailable()).startsWith("no source of this target gave a reading");
  }

  /** Samples that cannot tell after the last one saying moving are no "still moving": the rebalance time says why not. */
  @Test
  void samplesThatCannotTellAfterMovementAreNotStillMoving() {
    io.largekv.report.files.EventRecord kill = new io.largekv.report.files.EventRecord("uniform-read@30:kill-node:2",
        30, 30_000, 31_000, "ok", "");
    ServerSamplesFile.Samples s = new ServerSamplesFile.Samples(List.of(), List.of(
        new ServerBalanceFile.BalanceSample(40_000, false, "3 tablets under-replicated"),
        new ServerBalanceFile.BalanceSample(50_000, null, "the gauges are an estimate: give --yb-admin PATH"),
        new ServerBalanceFile.BalanceSample(60_000, null, "the gauges are an estimate: give --yb-admin PATH")),
        ServerSourcesFile.ServerSources.NONE.withInterval(10), 0);
    Results.Rebalance r = RebalanceTime.of(kill, s);
    assertThat(r.seconds()).isNull();
    assertThat(r.unavailable()).isEqualTo("after the last sample saying moving (3 tablets under-replicated), the servers"
        + " could not tell whether data had settled (the gauges are an estimate: give --yb-admin PATH)");
  }

  @Test
  void theRebalanceTimeIsTheFirstSettledSampleAfterMovement(@TempDir Path dir) throws Exception {
    Path run = dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1");
    EventReportTest.writeRun(run);
    writeSamples(run);
    Files.write(dir.resolve("compare.properties"), List.of("targets=cassandra", "phases=uniform-read", "warmup=0",
        "repeat=1", "target.cassandra.hosts=local", "machine=2 cores", "command=bin/largekv compare --nodes 3",
        "command.cassandra.uniform-read.rep-1.client-0=bin/ycsb run yugabyte-ycql -P workloads/local-uniform-read",
        "events=uniform-read@30\\:kill-node\\:2"), StandardCharsets.ISO_8859_1);
    Report report = Report.load(dir);
    List<Results.Event> events = report.results().phases().get(0).events();
    // the kill at 30 s: moving at 30 and 40 s, settled at 50 s
    assertThat(events.get(0).rebalance().seconds()).isEqualTo(20.0);
    assertThat(events.get(0).rebalance().precisionSeconds()).isEqualTo(10);
    // the exec at 58 s: nothing moved after it
    assertThat(events.get(1).rebalance().seconds()).isNull();
    assertThat(events.get(1).rebalance().unavailable()).startsWith("no data movement seen after it");
    assertThat(events.get(2).rebalance()).isNull();
    // the servers table: one row per node and the cluster's, its cells the figures
    List<List<String>> rows = io.largekv.report.render.ServerTable.rows(report.results(), "uniform-read");
    assertThat(rows).hasSize(3);
    assertThat(rows.get(2).get(2)).isEqualTo("cluster");
    assertThat(rows.get(1).get(9)).isEqualTo("50.0 (3 of 6)");
    assertThat(rows.get(0).get(7)).isEqualTo("unavailable: no uncompressed size");
  }
}
