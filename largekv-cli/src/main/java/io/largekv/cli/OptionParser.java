package io.largekv.cli;

import io.largekv.common.UserError;
import java.util.Arrays;
import java.util.Map;
import picocli.CommandLine.MissingParameterException;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine;

/**
 * The one parser of every command's options (picocli): an options class declares each option with
 * {@code @Option} on a field or on a method that checks its value, each with the description its
 * command's generated usage shows, and this class parses a command line into it. Whatever goes wrong is one {@link UserError} line naming the option and the
 * accepted values (a value's own check keeps its text), never a stack trace or picocli's usage.
 *
 * <p>As before picocli: an option given twice takes its last value; a value may begin with
 * {@code -} or {@code @} (a negative number, an {@code --event} spec); {@code --} ends nothing;
 * options are not abbreviated. New with it: {@code --name=value} is taken as {@code --name value}.
 */
final class OptionParser {

  /** What an options class tells the parser: where its user reads about it. */
  interface Options {
    /** e.g. {@code bin/largekv --help}. */
    String help();

    /**
     * Options of other commands this one does not have, each with the line that says what to use
     * instead of it (e.g. {@code k8s render}'s {@code --phases}: one {@code --phase}); empty: none.
     */
    default Map<String, String> notHere() {
      return Map.of();
    }

    /** The line for an option this command does not have: its {@link #notHere} line, or "unknown option". */
    default String unknownOption(String name) {
      String hint = notHere().get(name.contains("=") ? name.substring(0, name.indexOf('=')) : name);
      return hint != null ? hint : "unknown option " + name + " (see " + help() + ")";
    }

    /** The line for an option given without its value. */
    default String missingValue(String name) {
      return name + " needs a value, or is not an option (see " + help() + ")";
    }
  }

  /** What picocli would take for "--": nothing a user types. */
  private static final String NO_DELIMITER = "\u0000";

  private OptionParser() {}

  /**
   * Whether {@code -h} or {@code --help} stands anywhere in {@code args[from..]}: commands that print
   * their usage then whatever else the line says ({@code check}, {@code k8s render}, {@code k8s local}).
   */
  static boolean asksForHelp(String[] args, int from) {
    for (int i = Math.max(from, 0); i < args.length; i++) {
      if (args[i].equals("-h") || args[i].equals("--help")) {
        return true;
      }
    }
    return false;
  }

  /** Parses {@code args[from..]} into {@code options}; a wrong option or value is a {@link UserError}. */
  static <T extends Options> T parse(T options, String[] args, int from) throws UserError {
    CommandLine cl = configure(new CommandLine(options));
    try {
      cl.parseArgs(Arrays.copyOfRange(args, Math.min(from, args.length), args.length));
    } catch (ParameterException e) {
      throw userError(e, options);
    }
    return options;
  }

  /**
   * Parses {@code args} with {@code commands} ({@link LargekvCommands}); a wrong option or value is a
   * {@link UserError} in the words of the command it was given to.
   */
  static ParseResult parse(CommandLine commands, String[] args) throws UserError {
    try {
      return commands.parseArgs(args);
    } catch (ParameterException e) {
      Options options = LargekvCommands.options(e.getCommandLine());
      throw userError(e, options != null ? options : () -> "bin/largekv --help");
    }
  }

  /**
   * {@code cl} and its subcommands as every command parses: as before picocli (see the class
   * comment), with usage lines of the console's usual width.
   */
  static CommandLine configure(CommandLine cl) {
    return cl.setOverwrittenOptionsAllowed(true)
        .setExpandAtFiles(false)
        .setAbbreviatedOptionsAllowed(false)
        .setAbbreviatedSubcommandsAllowed(false)
        .setPosixClusteredShortOptionsAllowed(false)
        .setUnmatchedOptionsArePositionalParams(false)
        .setAllowOptionsAsOptionParameters(true)
        .setAllowSubcommandsAsOptionParameters(true)
        .setUsageHelpWidth(USAGE_WIDTH)
        // no end-of-options marker: "--" is a value or an unknown option, as it always was
        .setEndOfOptionsDelimiter(NO_DELIMITER);
  }

  /** The width of a command's usage, whatever the console's (the console wraps longer lines). */
  private static final int USAGE_WIDTH = 100;

  /** One line for what picocli refused; a value's own check ({@link UserError}) speaks for itself. */
  static UserError userError(ParameterException e, Options options) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof UserError u) {
        return u;
      }
    }
    if (e instanceof UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
      return new UserError(options.unknownOption(u.getUnmatched().get(0)));
    }
    if (e instanceof MissingParameterException m && !m.getMissing().isEmpty()) {
      ArgSpec missing = m.getMissing().get(0);
      String name = missing instanceof OptionSpec o ? o.longestName() : missing.paramLabel();
      return new UserError(options.missingValue(name));
    }
    return new UserError(e.getMessage() + " (see " + options.help() + ")");
  }
}
