package io.largekv.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.report.files.ServerSourcesFile.Fact;
import io.largekv.report.files.ServerSourcesFile.Interval;
import io.largekv.report.files.ServerSourcesFile.PageCache;
import io.largekv.report.files.ServerSourcesFile.ReplicationFactor;
import io.largekv.report.files.ServerSourcesFile.SamplerCpu;
import io.largekv.report.files.ServerSourcesFile.ServerSources;
import io.largekv.report.files.ServerSourcesFile.SharedMachine;
import io.largekv.report.files.ServerSourcesFile.SourceCheck;
import io.largekv.report.files.ServerSourcesFile.SourceState;
import io.largekv.report.files.ServerSourcesFile.Unknown;
import io.largekv.results.ResultsLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * servers-sources.jsonl reads back the facts written to it, typed, and a results directory made before
 * it (servers-sources.tsv, as the sampler wrote it then) reads as the same facts: the report says the
 * same of both.
 */
class ServerSourcesFileTest {

  private static final List<SourceCheck> CHECKS = List.of(SourceCheck.ok("node_exporter at 10.0.0.1:9100"),
      new SourceCheck("cassandra's own view", SourceState.UNAVAILABLE, "no node answered"),
      new SourceCheck("the local nodes' /proc", SourceState.UNAVAILABLE_AT_START, "no such process: 42"),
      new SourceCheck("ScyllaDB's pages", SourceState.WARNING, "no driver session: refused"));

  /** The lines of servers-sources.tsv the sampler wrote for the same facts. */
  private static final List<String> BEFORE = List.of("key\tvalue", "source\tnode_exporter at 10.0.0.1:9100: ok",
      "source\tcassandra's own view: unavailable: no node answered",
      "source\tthe local nodes' /proc: unavailable at the start: no such process: 42",
      "source\tScyllaDB's pages: warning: no driver session: refused", "shared_machine\ttrue",
      "page_cache_limit_bytes\t16777216\tdisk_access_mode: standard", "key_cache_bytes\t1048576",
      "interval_seconds\t10", "replication_factor\t3\tthe keyspace's schema (at most the cluster's nodes)",
      "sampler_cpu_seconds\t0.125");

  private static final ServerSources EXPECTED = new ServerSources(CHECKS, 10,
      ReplicationFactor.of(3, "the keyspace's schema (at most the cluster's nodes)"), true,
      new PageCache(16_777_216, "disk_access_mode: standard", 1_048_576), 0.125);

  private static void write(Path dir) {
    CHECKS.forEach(c -> ServerSourcesFile.append(dir, c));
    for (Fact f : List.of(new SharedMachine(true), new PageCache(16_777_216, "disk_access_mode: standard", 1_048_576),
        new Interval(10), ReplicationFactor.of(3, "the keyspace's schema (at most the cluster's nodes)"),
        new SamplerCpu(0.125))) {
      ServerSourcesFile.append(dir, f);
    }
  }

  @Test
  void everyFactReadsBackAsWritten(@TempDir Path dir) throws Exception {
    write(dir);
    int[] unreadable = new int[1];
    assertThat(ServerSourcesFile.read(dir, unreadable)).isEqualTo(EXPECTED);
    assertThat(unreadable[0]).isZero();
    assertThat(Files.readAllLines(dir.resolve(ResultsLayout.SERVERS_SOURCES))).hasSize(9)
        .allSatisfy(l -> assertThat(l).startsWith("{\"fact\":\""));
  }

  @Test
  void aDirectoryMadeBeforeReadsAsTheSameFacts(@TempDir Path dir) throws Exception {
    Files.write(dir.resolve(ResultsLayout.SERVERS_SOURCES_BEFORE), BEFORE, StandardCharsets.UTF_8);
    assertThat(ServerSourcesFile.read(dir, new int[1])).isEqualTo(EXPECTED);
  }

  @Test
  void eachSourceIsSaidAsTheSamplerSaidItBefore(@TempDir Path dir) throws Exception {
    assertThat(CHECKS.stream().map(SourceCheck::line).toList()).containsExactlyElementsOf(
        BEFORE.subList(1, 5).stream().map(l -> l.substring("source\t".length())).toList());
    // a line of the file before that names no state is said as it is
    Files.write(dir.resolve(ResultsLayout.SERVERS_SOURCES_BEFORE), List.of("key\tvalue", "source\tthe test's"));
    assertThat(ServerSourcesFile.read(dir, new int[1]).checks()).extracting(SourceCheck::line)
        .containsExactly("the test's");
  }

  @Test
  void aFactorNotKnownKeepsItsReasonCodeAndItsWordsComeWhenSaid(@TempDir Path dir) throws Exception {
    ServerSourcesFile.append(dir, ReplicationFactor.unknown(Unknown.NOT_READ_FROM_THIS_DATABASE, null));
    ServerSourcesFile.append(dir, new SamplerCpu(null));
    ServerSources s = ServerSourcesFile.read(dir, new int[1]);
    assertThat(s.replicationFactor().value()).isNull();
    assertThat(s.replicationFactor().unknown()).isEqualTo(Unknown.NOT_READ_FROM_THIS_DATABASE);
    assertThat(s.replicationFactor().why()).isEqualTo("not read from this database's servers");
    assertThat(s.samplerCpuSeconds()).isNull();
    assertThat(ReplicationFactor.unknown(Unknown.UNREADABLE, "timed out").why()).isEqualTo("timed out");
    // no such fact at all: not recorded
    assertThat(ServerSourcesFile.read(dir.resolve("none"), new int[1])).isEqualTo(ServerSources.NONE);
    assertThat(ServerSources.NONE.replicationFactor().why()).isEqualTo("not recorded");
    // the same reasons in the file before
    Path before = Files.createDirectory(dir.resolve("before"));
    Files.write(before.resolve(ResultsLayout.SERVERS_SOURCES_BEFORE), List.of("key\tvalue",
        "replication_factor\tunavailable: not read from this database's servers\t",
        "sampler_cpu_seconds\tunavailable: not measured (the JVM does not measure a thread's CPU time)"));
    ServerSources old = ServerSourcesFile.read(before, new int[1]);
    assertThat(old.replicationFactor()).isEqualTo(s.replicationFactor());
    assertThat(old.samplerCpuSeconds()).isNull();
  }

  @Test
  void aLineCutShortIsCountedAndTheOthersRead(@TempDir Path dir) throws Exception {
    write(dir);
    Files.writeString(dir.resolve(ResultsLayout.SERVERS_SOURCES), "{\"fact\":\"sampler_cpu\",\"sec",
        StandardOpenOption.APPEND);
    int[] unreadable = new int[1];
    assertThat(ServerSourcesFile.read(dir, unreadable)).isEqualTo(EXPECTED);
    assertThat(unreadable[0]).isEqualTo(1);
  }

  @Test
  void aFactOfANewerVersionIsSkippedNotCountedAsCutShort(@TempDir Path dir) throws Exception {
    ServerSourcesFile.append(dir, new Interval(5));
    Files.writeString(dir.resolve(ResultsLayout.SERVERS_SOURCES), "{\"fact\":\"something_new\",\"x\":1}\n"
        + "{\"fact\":\"interval\",\"seconds\":7,\"unit\":\"s\"}\n", StandardOpenOption.APPEND);
    int[] unreadable = new int[1];
    assertThat(ServerSourcesFile.read(dir, unreadable).intervalSeconds()).isEqualTo(7);
    assertThat(unreadable[0]).isZero();
  }
}
