package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.ConsoleText;

/** What a command printed is read on a terminal: no line over {@link ConsoleText#MAX} characters. */
final class ConsoleWidth {

  private ConsoleWidth() {}

  /** Every line of {@code printed} (a command's stdout or stderr) within {@link ConsoleText#MAX} characters. */
  static void check(String printed) {
    assertThat(printed.lines()).allSatisfy(l -> assertThat(l.length()).as("a console line: %s", l)
        .isLessThanOrEqualTo(ConsoleText.MAX));
  }
}
