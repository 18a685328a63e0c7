package io.largekv.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.results.Results;
import io.largekv.results.RunSetup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A compare run's setup: written whole as setup.json and read back; an older run's compare.properties read as one. */
class RunSetupFileTest {

  static RunSetup setup() {
    return RunSetup.builder(RunSetup.COMPARE).started("2026-11-27T10:00:00Z").phases(List.of("load", "uniform-read"))
        .targets(List.of(new RunSetup.Target("cassandra", "cassandra", "10.0.0.1", "Apache Cassandra",
            "-p ycql.localdc=dc1")))
        .harnesses(List.of("ycsb")).columns(List.of("cassandra")).harnessDescriptions(Map.of("ycsb", "YCSB 0.17.0"))
        .repeat(2).warmUpSeconds(10).sizes(new RunSetup.Sizes("100000", "30 s", "16")).rate("unthrottled")
        .workloads("local").command("bin/largekv compare --repeat 2").commonProperties("-p ycql.replication_factor=1")
        .workloadFiles("workloads/local-load").machine("2 cores").events(List.of("uniform-read@5:exec:true"))
        .commands(List.of(new Results.Command("cassandra", "load", 1, 0, "bin/ycsb load x")))
        .build();
  }

  @Test
  void aSetupIsWrittenWholeAndReadBack(@TempDir Path dir) throws Exception {
    RunSetup s = setup();
    RunSetupFile.write(s, dir);
    assertThat(RunSetupFile.read(dir)).isEqualTo(s);
    RunSetup done = s.withCommands(List.of(new Results.Command("cassandra", "uniform-read", 1, 0, "bin/ycsb run x")))
        .finishedAt("2026-11-27T11:00:00Z");
    RunSetupFile.write(done, dir);
    assertThat(RunSetupFile.read(dir)).isEqualTo(done);
    assertThat(RunSetupFile.read(dir).commands()).hasSize(2);
    try (var files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("setup.json"); // no temporary left
    }
    assertThat(RunSetupFile.read(dir.resolve("nothing"))).isNull();
  }

  @Test
  void anOlderCompareDirectorysPropertiesAreReadAsItsSetup(@TempDir Path dir) throws Exception {
    Files.write(dir.resolve("compare.properties"), List.of("targets=cassandra", "phases=load,uniform-read",
        "warmup=10", "repeat=2", "target.cassandra.hosts=10.0.0.1", "target.cassandra.dialect=cassandra",
        "harness.ycsb=YCSB 0.17.0", "phase.uniform-read.published=77K reads/s", "events=a | b",
        "command.cassandra.load.rep-1.client-0=bin/ycsb load x", "workloads=local"));
    RunSetup s = RunSetupFile.read(dir);
    assertThat(s.layout()).isEqualTo(RunSetup.COMPARE);
    assertThat(s.phases()).containsExactly("load", "uniform-read");
    assertThat(s.columns()).containsExactly("cassandra"); // no columns key: the targets
    assertThat(s.harnesses()).containsExactly("ycsb");
    assertThat(s.repeat()).isEqualTo(2);
    assertThat(s.clients()).isEqualTo(1);
    assertThat(s.warmUpSeconds("uniform-read")).isEqualTo(10);
    assertThat(s.warmUpSeconds("load")).isZero();
    assertThat(s.target("cassandra").hosts()).isEqualTo("10.0.0.1");
    assertThat(s.publishedFigures()).containsEntry("uniform-read", "77K reads/s");
    assertThat(s.events()).containsExactly("a", "b");
    assertThat(s.workloadFiles()).isEqualTo("local");
    assertThat(s.commands()).containsExactly(new Results.Command("cassandra", "load", 1, 0, "bin/ycsb load x"));
    assertThat(s.finished()).isNull();
  }
}
