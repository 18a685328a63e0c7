package io.largekv.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** timeline.csv: a second a line, written by the client, read back field by field. */
class TimelineTest {

  @Test
  void eachLineIsTheSecondItWasWrittenFrom(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("timeline.csv");
    Files.write(f, List.of(Timeline.HEADER,
        Timeline.line(1_000, 950, 3, 1, List.of("READ:DriverTimeoutException=2", "UPDATE:WriteTimeoutException=1")),
        Timeline.line(2_000, 1_000, 0, 0, List.of()), ""), StandardCharsets.UTF_8);
    assertThat(Files.readAllLines(f).get(1)).isEqualTo(
        "1000,950,3,1,READ:DriverTimeoutException=2;UPDATE:WriteTimeoutException=1");
    List<Timeline.Second> seconds = Timeline.read(f);
    assertThat(seconds).containsExactly(
        new Timeline.Second(1_000, 950, 3, 1, Map.of("READ:DriverTimeoutException", 2L,
            "UPDATE:WriteTimeoutException", 1L)),
        new Timeline.Second(2_000, 1_000, 0, 0, Map.of()));
  }

  @Test
  void aClassNameWithAnEqualsSignKeepsItAndAMissingFileHasNoSecond(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("timeline.csv");
    Files.writeString(f, "5000,1,2,0,READ:Odd=Name=2\n", StandardCharsets.UTF_8);
    assertThat(Timeline.read(f).get(0).classes()).containsExactly(Map.entry("READ:Odd=Name", 2L));
    assertThat(Timeline.read(dir.resolve("none.csv"))).isEmpty();
    // a line from before the classes' field: four fields, no class
    Files.writeString(f, "5000,1,0,0\n", StandardCharsets.UTF_8);
    assertThat(Timeline.read(f)).containsExactly(new Timeline.Second(5_000, 1, 0, 0, Map.of()));
    assertThat(Timeline.readKilled(dir.resolve("none.csv"))).isEmpty();
  }

  @Test
  void aKilledWritersHalfLineHoldsNoSecond(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("timeline.csv");
    Files.writeString(f, Timeline.HEADER + "\n1000,10,0,0,\n2000,20,1,0,READ:X=1\n3000,3", StandardCharsets.UTF_8);
    assertThat(Timeline.readKilled(f)).extracting(Timeline.Second::endMs).containsExactly(1_000L, 2_000L);
    assertThat(Timeline.readKilled(f)).extracting(Timeline.Second::successful).containsExactly(10L, 20L);
    assertThat(Timeline.readKilled(f).get(1).classes()).containsExactly(Map.entry("READ:X", 1L));
    // a whole file: every line
    Files.writeString(f, Timeline.HEADER + "\n1000,10,0,0,\n2000,20,0,0,\n");
    assertThat(Timeline.readKilled(f)).hasSize(2);
  }
}
