package io.largekv.common;

import java.util.ArrayList;
import java.util.List;

/**
 * The console's width, one rule for every command: what largekv prints is read on a 120-column
 * terminal ({@link #WIDTH}: tables and progress lines fit it), and no line it prints by default is
 * longer than {@link #MAX} characters — longer text is wrapped at spaces into indented lines
 * ({@link #wrap}), a line that is not largekv's own (a harness's, a server's) clipped with where the
 * whole of it is ({@link #clip}).
 */
public final class ConsoleText {

  /** The terminal width the console's tables and progress lines fit. */
  public static final int WIDTH = 120;
  /** No line largekv prints by default is longer. */
  public static final int MAX = 160;

  private ConsoleText() {}

  /**
   * {@code text} as lines of at most {@code width} characters, broken at spaces; every line but the
   * first starts with {@code indent}. A word longer than a line (a path, a URL) is kept whole on a
   * line of its own up to {@link #MAX} characters and cut beyond it ({@link #clip}).
   */
  public static List<String> wrap(String text, int width, String indent) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder();
    for (String word : text.split(" ")) {
      if (word.isEmpty()) {
        continue;
      }
      String prefix = lines.isEmpty() ? "" : indent;
      if (line.length() > 0 && line.length() + 1 + word.length() > width) {
        lines.add(line.toString());
        line.setLength(0);
        prefix = indent;
      }
      if (line.length() == 0) {
        line.append(prefix);
      } else {
        line.append(' ');
      }
      line.append(word);
    }
    if (line.length() > 0 || lines.isEmpty()) {
      lines.add(line.toString());
    }
    lines.replaceAll(l -> clip(l, ""));
    return lines;
  }

  /** {@link #wrap} at {@link #WIDTH}, joined with newlines (no newline at the end). */
  public static String wrapped(String text, String indent) {
    return String.join("\n", wrap(text, WIDTH, indent));
  }

  /** {@code file} as the console names it: relative to the working directory when it is under it. */
  public static String shown(java.nio.file.Path file) {
    java.nio.file.Path cwd = java.nio.file.Path.of("").toAbsolutePath();
    java.nio.file.Path f = file.toAbsolutePath();
    return f.startsWith(cwd) ? cwd.relativize(f).toString() : f.toString();
  }

  /**
   * {@code line} when it is at most {@link #MAX} characters, else its start and
   * {@code … (whole line: WHERE)} within {@link #MAX}; {@code where} empty: just the mark.
   */
  public static String clip(String line, String where) {
    if (line.length() <= MAX) {
      return line;
    }
    String mark = " … (whole line: " + where + ")";
    if (where.isEmpty() || mark.length() > MAX - 40) {
      mark = " …";
    }
    return line.substring(0, MAX - mark.length()) + mark;
  }
}
