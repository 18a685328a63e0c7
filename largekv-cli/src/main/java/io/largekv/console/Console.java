package io.largekv.console;

import io.largekv.common.ConsoleText;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * What a command prints while it works (its progress stream, stderr): largekv's own lines, which
 * the console wraps within {@link ConsoleText#MAX} characters; the clients' and harnesses' own lines,
 * which go whole to each client's raw files and to the console only with {@code --verbose}
 * ({@link #raw}); and their lines a person must see anyway (an error), clipped, with where the whole
 * line is ({@link #foreign}).
 */
public final class Console {

  /** How a wrapped line's continuation lines start. */
  static final String CONTINUATION = "    ";

  private final PrintStream out;
  private final boolean verbose;

  public Console(PrintStream out, boolean verbose) {
    this.out = out;
    this.verbose = verbose;
  }

  /** The stream itself, for code that prints its own short lines there. */
  public PrintStream stream() {
    return out;
  }

  /** {@code file} as the console names it ({@link ConsoleText#shown}). */
  public static String shown(Path file) {
    return ConsoleText.shown(file);
  }

  /** True with {@code --verbose}: the clients' own lines come to the console too. */
  public boolean verbose() {
    return verbose;
  }

  /** One of largekv's own lines, wrapped within {@link ConsoleText#MAX} characters. */
  public void say(String line) {
    for (String l : ConsoleText.wrap(line, ConsoleText.MAX, CONTINUATION)) {
      out.println(l);
    }
  }

  /** A line a client or harness printed (kept whole in its files): on the console only with --verbose. */
  public void raw(String prefix, String line) {
    if (verbose) {
      out.println(prefix + line);
    }
  }

  /**
   * A line a client or harness printed that a person must see (an error): whole with --verbose,
   * else clipped within {@link ConsoleText#MAX} characters and followed by a line naming
   * {@code file}, where it is whole.
   */
  public void foreign(String prefix, String line, Path file) {
    String whole = prefix + line;
    String shown = verbose ? whole : ConsoleText.clip(whole, "");
    out.println(shown);
    if (!shown.equals(whole)) {
      out.println(ConsoleText.clip(CONTINUATION + "(the whole line: " + shown(file) + ")", ""));
    }
  }
}
