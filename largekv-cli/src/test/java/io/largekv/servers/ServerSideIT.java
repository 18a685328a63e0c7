package io.largekv.servers;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.cassandra.LocalNode;
import io.largekv.common.Directories;
import io.largekv.common.ProcStat;
import io.largekv.report.ResultsCheck;
import io.largekv.report.files.ServerFigure;
import io.largekv.report.files.ServerSamplesFile;
import io.largekv.results.Results;
import io.largekv.testing.TestJit;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The servers' side against a real local Cassandra (small memtables, so the table reaches its disk
 * while the test runs) and a real node_exporter: what the sources read equals an independent reading
 * (the table's directory on disk, /proc), a run with {@code --node-exporter} reports it, a source that
 * fails mid-run leaves marked gaps, and a source named on the command line that does not answer is bad
 * input before any DDL. It runs {@code bin/largekv}, so it is one of the command line's integration
 * tests (largekv-cli's, run once the command line is built), in the servers' package for the
 * sources it reads directly.
 */
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ServerSideIT {

  private static final Path REPO = Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath();
  private static LocalCassandra cassandra;
  private static NodeExporterProcess nodeExporter;
  private static Path work;

  @BeforeAll
  static void start() throws Exception {
    work = Files.createTempDirectory("largekv-server-side-it");
    cassandra = TestJit.cassandra().quiet(true).yaml("memtable_heap_space", "4MiB").start();
    nodeExporter = NodeExporterProcess.start();
  }

  @AfterAll
  static void stop() {
    if (nodeExporter != null) {
      nodeExporter.close();
    }
    if (cassandra != null) {
      cassandra.close();
    }
    if (work != null) {
      Directories.deleteRecursively(work);
    }
  }

  private static Process largekv(Path out, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(REPO.resolve("bin/largekv").toString(), "run", "--hosts",
        cassandra.contactPoint(), "--target", "cassandra", "--localdc", cassandra.localDatacenter(), "--out",
        out.toString(), "-p", "ycql.replication_factor=1"));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).directory(REPO.toFile()).redirectOutput(out.resolveSibling(
        out.getFileName() + ".out").toFile()).redirectError(out.resolveSibling(out.getFileName() + ".err").toFile())
        .start();
  }

  private static String read(Path out, String suffix) throws IOException {
    return Files.readString(out.resolveSibling(out.getFileName() + suffix), StandardCharsets.UTF_8);
  }

  /** The keyspace {@link #monitoredRun} loads. */
  private static final String KEYSPACE = "server_side_it";

  /** {@link #monitoredRun}'s output directory once it ran; guarded by the class. */
  private static Path monitoredRun;

  /**
   * One {@code bin/largekv run} with {@code --node-exporter}, made by the first test that needs it, in
   * whichever order they run: 60,000 rows loaded into {@link #KEYSPACE} (on disk, past the 4-MiB
   * memtables), then 10 s of reads, node_exporter killed 3 s into them. Its output directory; it
   * exited 0.
   */
  private static synchronized Path monitoredRun() throws Exception {
    if (monitoredRun == null) {
      Path out = work.resolve("run");
      String port = Integer.toString(nodeExporter.port());
      // node_exporter is killed 3 s into the read phase: its figures are unavailable from then on
      Process p = largekv(out, "--records", "60000", "--phases", "load,uniform-read", "--duration", "10", "--warmup",
          "2", "--server-samples", "2", "--node-exporter", Integer.toString(nodeExporter.port()), "--event",
          "uniform-read@3:exec:pkill -f 'web.listen-address=127.0.0.1:[" + port.charAt(0) + "]" + port.substring(1)
          + "'", "-p", "ycql.keyspace=" + KEYSPACE, // (the bracket keeps the pattern from matching the shell that runs it)
          // beside another test class: the kernel's counters bracket the figures all the same
          "-p", io.largekv.cli.JudgedStalls.BUSY_MACHINE);
      assertThat(p.waitFor(600, TimeUnit.SECONDS)).isTrue();
      assertThat(p.exitValue()).as(read(out, ".out") + read(out, ".err")).isZero();
      monitoredRun = out;
    }
    return monitoredRun;
  }

  @Test
  void aRunReportsWhatTheServersHeldAndDidAndASourceThatFailsLeavesMarkedGaps() throws Exception {
    Path out = monitoredRun();
    String o = read(out, ".out");
    String e = read(out, ".err");
    assertThat(o).contains("servers (1 node");
    // the one warning line when the source failed
    assertThat(e.lines().filter(l -> l.contains("node_exporter") && l.contains("failed")).count()).as(e).isEqualTo(1);

    Results results = ResultsCheck.check(out);
    for (String phase : List.of("load", "uniform-read")) {
      Results.Servers s = results.phases().stream().filter(x -> x.name().equals(phase)).findFirst().orElseThrow()
          .servers().get(0);
      ServerSamplesFile.Samples raw = ServerSamplesFile.read(out.resolve(phase));
      // the report's cells are the raw samples': the table's bytes at the end are the last sample's
      List<ServerSamplesFile.Sample> node = raw.samples().stream().filter(x -> x.node().equals("127.0.0.1")).toList();
      assertThat(s.nodes()).extracting(Results.ServerNode::node).containsExactly("127.0.0.1");
      assertThat(s.nodes().get(0).tableBytesEnd().value()).isEqualTo(node.get(node.size() - 1)
          .value(ServerFigure.TABLE_BYTES));
      assertThat(s.sources()).anyMatch(x -> x.startsWith("node_exporter at 127.0.0.1:" + nodeExporter.port()))
          .anyMatch(x -> x.startsWith("Cassandra's virtual tables"));
      assertThat(s.nodes().get(0).memtableBytesEnd().unavailable()).contains("not yet flushed");
      assertThat(s.samplerCpuSeconds()).isNotNull();
    }
    Results.Servers load = results.phases().get(0).servers().get(0);
    // 60,000 rows of 306 bytes reached the disk (4-MiB memtables): more than 10 MiB, enough for a figure
    assertThat(load.cluster().tableBytesEnd().value()).isPositive();
    assertThat(load.replicationFactor()).isEqualTo(1);
    assertThat(load.cluster().bytesPerStoredRow().value()).isPositive();
    assertThat(load.nodes().get(0).cpuPercent().value()).isPositive();
    assertThat(load.nodes().get(0).cpuPercent().samples()).isEqualTo(load.nodes().get(0).cpuPercent().of());
    // the read phase: node_exporter's figures stop where it was killed, never filled in
    Results.ServerNode read = results.phases().get(1).servers().get(0).nodes().get(0);
    assertThat(read.cpuPercent().samples()).isLessThan(read.cpuPercent().of());
    List<ServerSamplesFile.Sample> samples = ServerSamplesFile.read(out.resolve("uniform-read")).samples();
    assertThat(samples).anyMatch(x -> x.unavailable().values().stream()
        .anyMatch(w -> w.startsWith("the source failed")));
    assertThat(samples.get(samples.size() - 1).unavailable().values()).anyMatch(w -> w.startsWith("the source failed"));
  }

  /** The table {@link #monitoredRun} loaded, read once its run has ended. */
  @Test
  void theVirtualTablesAndProcAgreeWithTheDiskAndTheKernel() throws Exception {
    monitoredRun();
    try (CqlSession session = CqlSession.builder().addContactPoint(new InetSocketAddress(cassandra.host(),
        cassandra.nativePort())).withLocalDatacenter(cassandra.localDatacenter()).build();
        CassandraVirtualTables tables = new CassandraVirtualTables(session, List.of(cassandra.host()), KEYSPACE, "kv")) {
      tables.check();
      Path tableDir = tableDirectory(KEYSPACE);
      // compactions may change the files: a reading between two equal sizes of the directory counts
      for (int attempt = 0; ; attempt++) {
        long before = size(tableDir);
        NodeReading r = tables.read().get(0);
        long after = size(tableDir);
        if (before == after || attempt == 20) {
          assertThat(before).isEqualTo(after);
          double mib = 1024 * 1024;
          // Cassandra says whole MiB, rounded up
          assertThat(r.values().get(ServerFigure.TABLE_BYTES)).isEqualTo(Math.ceil(before / mib) * mib);
          assertThat(r.state()).isEqualTo("NORMAL");
          break;
        }
        Thread.sleep(500);
      }
      assertThat(tables.balance().settled()).isTrue();
      assertThat(tables.replicationFactor()).isEqualTo(1);
    }
    // the node's CPU bracketed by the kernel's own counters of its process; its disk by the kernel's counters of
    // the device of its data directory (a single node owns the machine's disk), found here by stat(1)
    LocalNode node = cassandra.node();
    Path proc = Path.of("/proc", Long.toString(node.pid()));
    String device = DeviceCounters.deviceOf(cassandra.directory());
    long ticksBefore = ProcStat.cpuTicks(Files.readString(proc.resolve("stat")));
    Map<ServerFigure, Long> diskBefore = DeviceCounters.read(device);
    NodeReading r = new LocalProcesses(cassandra).read().get(0);
    long ticksAfter = ProcStat.cpuTicks(Files.readString(proc.resolve("stat")));
    Map<ServerFigure, Long> diskAfter = DeviceCounters.read(device);
    assertThat(r.values().get(ServerFigure.CPU_BUSY_SECONDS)).isBetween(ticksBefore / 100.0, ticksAfter / 100.0);
    assertThat(r.values().get(ServerFigure.CPUS)).isEqualTo(Runtime.getRuntime().availableProcessors());
    for (ServerFigure f : diskBefore.keySet()) {
      assertThat(r.values().get(f)).as(f.column).isNotNull()
          .isBetween((double) diskBefore.get(f), (double) diskAfter.get(f));
    }
    assertThat(r.values().get(ServerFigure.DISK_WRITES)).isPositive(); // the node wrote its commit log and tables
    // a node of a cached run has no page cache figure
    assertThat(r.values()).doesNotContainKey(ServerFigure.PAGE_CACHE_BYTES);
    assertThat(r.unavailable()).doesNotContainKey(ServerFigure.PAGE_CACHE_BYTES);
  }

  @Test
  void aSourceNamedOnTheCommandLineThatDoesNotAnswerIsBadInputBeforeAnyDdl() throws Exception {
    int dead = LocalDaemon.freePort();
    for (String[] source : List.of(new String[] {"--node-exporter", Integer.toString(dead)},
        new String[] {"--prometheus", "http://127.0.0.1:" + dead})) {
      Path out = work.resolve("bad" + source[0]);
      List<String> args = new ArrayList<>(List.of(source));
      args.addAll(List.of("--records", "100", "--phases", "load", "-p", "ycql.keyspace=never_created"));
      Process p = largekv(out, args.toArray(String[]::new));
      assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
      String e = read(out, ".err");
      assertThat(p.exitValue()).as(e).isEqualTo(2);
      List<String> refusal = e.lines().filter(l -> l.contains("127.0.0.1:" + dead)).toList();
      assertThat(refusal).as(e).hasSize(1);
      assertThat(refusal.get(0)).contains("does not answer").contains("accepted:");
    }
    try (CqlSession session = CqlSession.builder().addContactPoint(new InetSocketAddress(cassandra.host(),
        cassandra.nativePort())).withLocalDatacenter(cassandra.localDatacenter()).build()) {
      assertThat(session.getMetadata().getKeyspace("never_created")).isEmpty();
    }
  }

  /** The live table's directory: data/KEYSPACE/kv-ID. */
  private static Path tableDirectory(String keyspace) throws IOException {
    try (Stream<Path> s = Files.walk(cassandra.directory())) {
      List<Path> dirs = s.filter(Files::isDirectory).filter(d -> d.getFileName().toString().startsWith("kv-")
          && d.getParent().getFileName().toString().equals(keyspace)).toList();
      assertThat(dirs).hasSize(1);
      return dirs.get(0);
    }
  }

  /** The bytes of the table's files (its SSTables' components; not snapshots, backups or temporary files). */
  private static long size(Path tableDir) throws IOException {
    try (Stream<Path> s = Files.list(tableDir)) {
      return s.filter(Files::isRegularFile).map(Path::toFile).mapToLong(File::length).sum();
    }
  }
}
