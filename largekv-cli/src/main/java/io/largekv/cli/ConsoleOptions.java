package io.largekv.cli;

import io.largekv.console.Console;
import java.io.PrintStream;
import picocli.CommandLine.Option;

/**
 * {@code --verbose}, a mixin of the commands that run clients with this console ({@code run},
 * {@code compare}): the clients' own lines shown, or one progress line per phase. A command without
 * it refuses {@code --verbose} as unknown.
 */
final class ConsoleOptions {

  /**
   * {@code --verbose} (YCSB's {@code -s} habit): the clients' own lines on the console too, YCSB's and
   * nb5's status lines among them; without it, one progress line per phase every 10 s.
   */
  @Option(names = {"--verbose", "-s"}, description = "the clients' own lines on the console too, YCSB's and nb5's"
      + " status lines among them (default: one progress line per phase every 10 s)", order = UsageOrder.OUTPUT + 4)
  boolean verbose;

  /** The console of a command with these options: {@link #verbose} or not. */
  Console of(PrintStream err) {
    return new Console(err, verbose);
  }
}
