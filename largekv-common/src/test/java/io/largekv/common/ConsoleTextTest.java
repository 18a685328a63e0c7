package io.largekv.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class ConsoleTextTest {

  @Test
  void textIsWrappedAtSpacesIntoIndentedLinesOfTheWidth() {
    String text = "one two three four five six seven eight nine ten";
    List<String> lines = ConsoleText.wrap(text, 20, "   ");
    assertThat(lines).containsExactly("one two three four", "   five six seven", "   eight nine ten");
    assertThat(String.join(" ", lines).replaceAll(" +", " ")).isEqualTo(text);
    assertThat(ConsoleText.wrap("short", 20, "  ")).containsExactly("short");
    assertThat(ConsoleText.wrap("", 20, "  ")).containsExactly("");
  }

  @Test
  void aWordLongerThanTheLineIsKeptWholeUpToTheMaximumAndCutBeyondIt() {
    String path = "/a/" + "x".repeat(130);
    assertThat(ConsoleText.wrap("see " + path + " now", 40, "  ")).containsExactly("see", "  " + path, "  now");
    String huge = "y".repeat(400);
    assertThat(ConsoleText.wrap(huge, 40, "")).singleElement().satisfies(l -> {
      assertThat(l).hasSize(ConsoleText.MAX).endsWith(" …").startsWith("yyyy");
    });
  }

  @Test
  void aForeignLineIsClippedToTheMaximumSayingWhereTheWholeOfItIs() {
    assertThat(ConsoleText.clip("short line", "x.txt")).isEqualTo("short line");
    String line = "z".repeat(700);
    String clipped = ConsoleText.clip(line, "results/run/load/client-0/stderr.txt");
    assertThat(clipped).hasSize(ConsoleText.MAX).startsWith("zzz")
        .endsWith(" … (whole line: results/run/load/client-0/stderr.txt)");
    assertThat(ConsoleText.clip(line, "/" + "p".repeat(200))).hasSize(ConsoleText.MAX).endsWith("z …");
  }

  @Test
  void aFileUnderTheWorkingDirectoryIsNamedRelativeToItOthersWhole() {
    java.nio.file.Path cwd = java.nio.file.Path.of("").toAbsolutePath();
    assertThat(ConsoleText.shown(cwd.resolve("results/run-1/load/client-0/command.txt")))
        .isEqualTo("results/run-1/load/client-0/command.txt");
    assertThat(ConsoleText.shown(java.nio.file.Path.of("/elsewhere/x.txt"))).isEqualTo("/elsewhere/x.txt");
  }
}
