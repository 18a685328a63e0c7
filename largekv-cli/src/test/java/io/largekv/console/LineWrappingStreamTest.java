package io.largekv.console;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.ConsoleText;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(10)
class LineWrappingStreamTest {

  @Test
  void aLineWithinTheWidthPassesAsItIsColumnsAndAll() {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    PrintStream p = LineWrappingStream.around(b);
    p.println("load            3,314    6.0  INSERT             20,000    6.57   →");
    p.print("no newline yet");
    p.flush();
    assertThat(b.toString(StandardCharsets.UTF_8)).isEqualTo(
        "load            3,314    6.0  INSERT             20,000    6.57   →\nno newline yet");
  }

  @Test
  void aLongerLineIsWrappedAtSpacesUnderItsOwnIndentationAndNoWordIsLost() {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    PrintStream p = LineWrappingStream.around(b);
    String words = "word ".repeat(80).strip();
    p.println("  table                        would run: " + words);
    String printed = b.toString(StandardCharsets.UTF_8);
    assertThat(printed.lines()).hasSizeGreaterThan(1).allSatisfy(l -> {
      assertThat(l.length()).isLessThanOrEqualTo(ConsoleText.MAX);
      assertThat(l).startsWith("  ");
    });
    assertThat(printed.lines().skip(1)).allSatisfy(l -> assertThat(l).startsWith("      word"));
    assertThat(printed.replaceAll("\\s+", " ").strip()).isEqualTo("table would run: " + words);
  }
}
