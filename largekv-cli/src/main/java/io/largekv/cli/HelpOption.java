package io.largekv.cli;

import picocli.CommandLine.Option;

/** {@code -h}, {@code --help}, a mixin of every command: its usage, nothing else. */
final class HelpOption {

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help, nothing else",
      order = UsageOrder.HELP)
  boolean asked;
}
