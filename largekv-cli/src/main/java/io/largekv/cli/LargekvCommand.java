package io.largekv.cli;

import java.io.PrintStream;

/**
 * A command of {@code bin/largekv}, as its parsed options object: {@link Largekv} parses a command
 * line into the options of the command it names ({@link LargekvCommands}) and calls them. Adding a
 * command is adding its options class, implementing this, as a subcommand in {@link LargekvCommands}.
 */
interface LargekvCommand {

  /**
   * Runs the command these options (parsed from {@code args}, the whole command line) ask for, to its
   * exit status; bad input is a {@link io.largekv.common.UserError}, a file or server that failed an
   * {@link java.io.IOException} ({@link Largekv#exitStatus} maps both).
   */
  int call(String[] args, PrintStream out, PrintStream err) throws Exception;
}
