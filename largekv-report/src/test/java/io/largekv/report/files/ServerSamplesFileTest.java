package io.largekv.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.report.files.ServerBalanceFile.BalanceSample;
import io.largekv.report.files.ServerSamplesFile.Sample;
import io.largekv.report.files.ServerSamplesFile.Samples;
import io.largekv.results.ResultsLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * servers.jsonl and servers-balance.jsonl read back the samples written to them, and a results
 * directory made before them (servers.tsv and servers-balance.tsv, as the sampler wrote them then)
 * reads as the same samples: the report says the same of both.
 */
class ServerSamplesFileTest {

  private static final Map<ServerFigure, Double> A_VALUES = new EnumMap<>(Map.of(ServerFigure.TABLE_BYTES, 1048576.0,
      ServerFigure.CPU_BUSY_SECONDS, 12.5, ServerFigure.CPUS, 2.0, ServerFigure.PAGE_CACHE_BYTES, 0.0));
  private static final Map<ServerFigure, String> A_WHY = new EnumMap<>(Map.of(ServerFigure.UNCOMPRESSED_BYTES,
      "no uncompressed size: the source's page has none", ServerFigure.MEMTABLE_BYTES, "the source failed: timed out"));

  private static final List<Sample> SAMPLES = List.of(
      new Sample(1_000, "10.0.0.1", "NORMAL", A_VALUES, A_WHY),
      new Sample(1_000, "10.0.0.2", null, new EnumMap<>(Map.of(ServerFigure.DISK_READS, 300.0,
          ServerFigure.DISK_READ_BYTES, 0.333333)), new EnumMap<>(ServerFigure.class)));

  private static final List<BalanceSample> BALANCE = List.of(new BalanceSample(1_000, true, ""),
      new BalanceSample(11_000, false, "B JOINING, 80 %"),
      new BalanceSample(21_000, null, "the gauges are an estimate: give --yb-admin PATH"));

  /** The same samples in the files the sampler wrote before. */
  private static final List<String> SERVERS_BEFORE = List.of("time_ms\tnode\tstate\ttable_bytes\t"
      + "uncompressed_bytes\tmemtable_bytes\tcpu_busy_seconds\tcpus\tdisk_reads\tdisk_writes\tdisk_read_bytes\t"
      + "disk_write_bytes\tpage_cache_bytes",
      "1000\t10.0.0.1\tNORMAL\t1048576\tunavailable: no uncompressed size: the source's page has none\t"
          + "unavailable: the source failed: timed out\t12.500000\t2\t\t\t\t\t0",
      "1000\t10.0.0.2\t\t\t\t\t\t\t300\t\t0.333333\t\t");
  private static final List<String> BALANCE_BEFORE = List.of("time_ms\tsettled\tdetail", "1000\ttrue\t",
      "11000\tfalse\tB JOINING, 80 %", "21000\tunknown\tthe gauges are an estimate: give --yb-admin PATH");

  private static void write(Path dir) {
    SAMPLES.forEach(s -> ServerSamplesFile.append(dir, s.timeMs(), s.node(), s.state(), s.values(), s.unavailable()));
    BALANCE.forEach(b -> ServerBalanceFile.append(dir, b));
  }

  @Test
  void everySampleReadsBackAsWritten(@TempDir Path dir) throws Exception {
    write(dir);
    Samples read = ServerSamplesFile.read(dir);
    assertThat(read.samples()).isEqualTo(SAMPLES);
    assertThat(read.balance()).isEqualTo(BALANCE);
    assertThat(read.unreadable()).isZero();
    assertThat(Files.readAllLines(dir.resolve(ResultsLayout.SERVERS))).hasSize(2)
        .allSatisfy(l -> assertThat(l).startsWith("{\"time_ms\":1000,"));
    assertThat(Files.readAllLines(dir.resolve(ResultsLayout.SERVERS_BALANCE))).hasSize(3);
  }

  @Test
  void aDirectoryMadeBeforeReadsAsTheSameSamples(@TempDir Path dir) throws Exception {
    Files.write(dir.resolve(ResultsLayout.SERVERS_BEFORE), SERVERS_BEFORE, StandardCharsets.UTF_8);
    Files.write(dir.resolve(ResultsLayout.SERVERS_BALANCE_BEFORE), BALANCE_BEFORE, StandardCharsets.UTF_8);
    Samples read = ServerSamplesFile.read(dir);
    assertThat(read.samples()).isEqualTo(SAMPLES);
    assertThat(read.balance()).isEqualTo(BALANCE);
    assertThat(read.unreadable()).isZero();
  }

  @Test
  void aValueIsAsPreciseAsTheFileBeforeHeldItAndProseIsOneLine(@TempDir Path dir) throws Exception {
    ServerSamplesFile.append(dir, 5, "a\tnode", "UP\nNORMAL", Map.of(ServerFigure.CPU_BUSY_SECONDS, 1.0 / 3,
        ServerFigure.DISK_READS, Double.NaN, ServerFigure.DISK_WRITES, Double.POSITIVE_INFINITY),
        Map.of(ServerFigure.CPUS, "two\tlines\nof why"));
    Sample s = ServerSamplesFile.read(dir).samples().get(0);
    assertThat(s.value(ServerFigure.CPU_BUSY_SECONDS)).isEqualTo(0.333333);
    // a source's NaN or infinity reads back as it did from the file before
    assertThat(s.value(ServerFigure.DISK_READS)).isNaN();
    assertThat(s.value(ServerFigure.DISK_WRITES)).isEqualTo(Double.POSITIVE_INFINITY);
    assertThat(s.node()).isEqualTo("a node");
    assertThat(s.state()).isEqualTo("UP NORMAL");
    assertThat(s.unavailable()).containsExactlyEntriesOf(Map.of(ServerFigure.CPUS, "two lines of why"));
  }

  @Test
  void aLineCutShortIsCountedAndAFigureOfANewerVersionSkipped(@TempDir Path dir) throws Exception {
    write(dir);
    Files.writeString(dir.resolve(ResultsLayout.SERVERS), "{\"time_ms\":2000,\"node\":\"10.0.0.3\",\"values\":{\"later"
        + "_figure\":4,\"cpus\":8},\"unavailable\":{},\"later_field\":1}\n{\"time_ms\":3000,\"node\":\"10.",
        StandardOpenOption.APPEND);
    Files.writeString(dir.resolve(ResultsLayout.SERVERS_BALANCE), "{\"time_ms\":31000,\"settl",
        StandardOpenOption.APPEND);
    Samples read = ServerSamplesFile.read(dir);
    assertThat(read.samples()).hasSize(3).last().isEqualTo(new Sample(2000, "10.0.0.3", null,
        new EnumMap<>(Map.of(ServerFigure.CPUS, 8.0)), new EnumMap<>(ServerFigure.class)));
    assertThat(read.balance()).isEqualTo(BALANCE);
    assertThat(read.unreadable()).isEqualTo(2);
  }
}
