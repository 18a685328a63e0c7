package io.largekv.cli;

import picocli.CommandLine.Option;

/**
 * {@code --plan}, a mixin of the commands that can print what they would do ({@code run}, {@code compare});
 * not of {@code check}, which connects.
 */
final class PlanOption {

  boolean asked;

  @Option(names = "--plan", description = "print what each phase would do (key ranges, threads, mix, rows, bytes,"
      + " duration at the published rate) and exit; nothing is started or connected", order = UsageOrder.WHAT + 6)
  void plan(boolean on) {
    asked = on;
  }
}
