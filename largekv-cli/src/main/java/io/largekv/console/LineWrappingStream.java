package io.largekv.console;

import io.largekv.common.ConsoleText;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * The command line's stdout and stderr: every line within {@link ConsoleText#MAX} characters,
 * whoever printed it (largekv's own lines, a library's, a client's line shown with --verbose). A
 * longer line is wrapped at spaces, its continuation lines indented under its own indentation; a
 * line within the width passes as it is, columns and all. A part of a line that is flushed before
 * its end goes out as it is.
 */
public final class LineWrappingStream extends FilterOutputStream {

  private final ByteArrayOutputStream line = new ByteArrayOutputStream();

  private LineWrappingStream(OutputStream out) {
    super(out);
  }

  /** {@code target} behind a wrapping stream, as a UTF-8 PrintStream flushed at each line. */
  public static PrintStream around(OutputStream target) {
    return new PrintStream(new LineWrappingStream(target), true, StandardCharsets.UTF_8);
  }

  @Override
  public synchronized void write(int b) throws IOException {
    if (b == '\n') {
      emit();
    } else {
      line.write(b);
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    for (int i = off; i < off + len; i++) {
      write(b[i]);
    }
  }

  @Override
  public synchronized void flush() throws IOException {
    if (line.size() > 0) {
      line.writeTo(out);
      line.reset();
    }
    out.flush();
  }

  private void emit() throws IOException {
    String s = line.toString(StandardCharsets.UTF_8);
    line.reset();
    if (s.length() <= ConsoleText.MAX) {
      out.write((s + "\n").getBytes(StandardCharsets.UTF_8));
      return;
    }
    int lead = 0;
    while (lead < s.length() && s.charAt(lead) == ' ') {
      lead++;
    }
    String indent = " ".repeat(Math.min(lead, ConsoleText.MAX / 2));
    List<String> lines = ConsoleText.wrap(s.substring(lead), ConsoleText.MAX - indent.length(), "    ");
    StringBuilder b = new StringBuilder();
    for (String l : lines) {
      b.append(indent).append(l).append('\n');
    }
    out.write(b.toString().getBytes(StandardCharsets.UTF_8));
  }
}
