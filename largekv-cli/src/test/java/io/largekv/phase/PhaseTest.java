package io.largekv.phase;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
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
}
