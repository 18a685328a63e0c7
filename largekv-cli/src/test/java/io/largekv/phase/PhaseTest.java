package io.largekv.phase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class PhaseTest {

  private static final Path WORKLOADS = Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath()
      .resolve("workloads");

  @Test
  void everySeedFileCarriesItsPublishedFigureAndNoLocalFileDoes() {
    Map<String, String> expected = Map.of(
        "large30b", "85K inserts/s at ~2.5 ms",
        "large30b-uniform-read", "185K reads/s and 1K writes/s",
        "large30b-latest-read", "385K reads/s and 6.5K writes/s",
        "dense20b-read-heavy", "19K reads/s at 1.3 ms",
        "dense20b-write-only", "20-25K writes/s at 3-4 ms",
        "uncached1600m-random-read", "77K reads/s under 0.88 ms");
    expected.forEach((file, figure) -> assertThat(Phase.published(WORKLOADS.resolve(file))).as(file)
        .hasValueSatisfying(p -> assertThat(p).startsWith(figure)));
    for (Phase p : Phase.ALL) {
      assertThat(Phase.published(WORKLOADS.resolve(p.localWorkload))).as(p.localWorkload).isEmpty();
      assertThat(Phase.published(WORKLOADS.resolve(p.fullScaleWorkload))).as(p.fullScaleWorkload).isPresent();
    }
  }

  @Test
  void eachPhaseRunsWorkloadFilesOfItsKindAtBothScales() throws Exception {
    for (Phase p : Phase.ALL) {
      for (String file : List.of(p.localWorkload, p.fullScaleWorkload)) {
        Properties w = new Properties();
        try (Reader r = Files.newBufferedReader(WORKLOADS.resolve(file), StandardCharsets.UTF_8)) {
          w.load(r);
        }
        assertThat(Phase.setting(WORKLOADS.resolve(file), "recordcount")).as(file).hasValueSatisfying(
            n -> assertThat(n).isPositive());
        if (p.isLoad()) {
          // a load inserts every row: YCSB's load ignores a mix, and a file that set one would mislead
          assertThat(w.getProperty("readproportion")).as(file).isNull();
        } else {
          // the seeds' read-heavy mixes, keys uniform or from the latest rows as the phase's name says
          assertThat(Double.parseDouble(w.getProperty("readproportion"))).as(file).isGreaterThan(0.98);
          assertThat(w.getProperty("requestdistribution")).as(file)
              .isEqualTo(p == Phase.UNIFORM_READ ? "uniform" : "latest");
        }
      }
    }
    // --phases: the user's order, one line naming a wrong name and the accepted ones
    assertThat(Phase.list(" latest-read,load")).containsExactly(Phase.LATEST_READ, Phase.LOAD);
    assertThatThrownBy(() -> Phase.list("load,nope"))
        .hasMessage("--phases: unknown phase 'nope'; accepted: load, uniform-read, latest-read");
  }
}
