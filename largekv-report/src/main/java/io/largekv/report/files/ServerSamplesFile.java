package io.largekv.report.files;

import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@value ResultsLayout#SERVERS}, the servers' samples of one phase run beside its clients'
 * (docs/servers.md#files), written by {@code io.largekv.servers.ServerSampler} and read by the report:
 * {@code time_ms node state} and a column per {@link ServerFigure}; a cell is a number,
 * {@code unavailable: REASON}, or empty (no source gives that figure). {@link #read} reads it with the
 * files beside it: whether data was moving ({@link ServerBalanceFile}) and the sources and the
 * sampler's facts ({@link ServerSourcesFile}).
 */
public final class ServerSamplesFile {

  static final String UNAVAILABLE = "unavailable: ";
  public static final String HEADER = "time_ms\tnode\tstate\t"
      + String.join("\t", Arrays.stream(ServerFigure.values()).map(f -> f.column).toList());

  private ServerSamplesFile() {}

  /** One node at one sample, as read back. */
  public record Sample(long timeMs, String node, String state, Map<ServerFigure, Double> values,
      Map<ServerFigure, String> unavailable) {

    /** The figure's value, or null. */
    public Double value(ServerFigure f) {
      return values.get(f);
    }
  }

  /**
   * A phase run's servers' files, as read back; empty lists when it has none. {@code unreadable}: the
   * lines of its files that could not be read (cut short: the process ended while writing one).
   */
  public record Samples(List<Sample> samples, List<ServerBalanceFile.BalanceSample> balance,
      ServerSourcesFile.ServerSources facts, int unreadable) {

    public boolean isEmpty() {
      return samples.isEmpty() && sources().isEmpty();
    }

    /** Each source and its check, as the report says them, then how many lines could not be read. */
    public List<String> sources() {
      List<String> lines = new ArrayList<>();
      facts.checks().forEach(c -> lines.add(c.line()));
      if (unreadable > 0) {
        lines.add(unreadable + " line(s) of the servers' files could not be read (cut short) and are left out");
      }
      return lines;
    }
  }

  /**
   * Appends to {@code dir}'s servers.tsv the line of one node's reading: its node, its state (null:
   * none) and each figure's value, or why it is unavailable.
   */
  public static void append(Path dir, long timeMs, String node, String state, Map<ServerFigure, Double> values,
      Map<ServerFigure, String> unavailable) {
    appendLine(dir.resolve(ResultsLayout.SERVERS), HEADER, line(timeMs, node, state, values, unavailable));
  }

  static String line(long timeMs, String node, String state, Map<ServerFigure, Double> values,
      Map<ServerFigure, String> unavailable) {
    StringBuilder b = new StringBuilder().append(timeMs).append('\t').append(clean(node)).append('\t')
        .append(state == null ? "" : clean(state));
    for (ServerFigure f : ServerFigure.values()) {
      b.append('\t');
      Double v = values.get(f);
      if (v != null) {
        b.append(number(v));
      } else if (unavailable.containsKey(f)) {
        b.append(UNAVAILABLE).append(clean(unavailable.get(f)));
      }
    }
    return b.toString();
  }

  static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.6f", v);
  }

  /** A cell of largekv's TSV files: tabs and line breaks become spaces. */
  public static String clean(String s) {
    return s == null ? "" : s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
  }

  /** Appends {@code line} to {@code file}, writing {@code header} first when the file is new. */
  static void appendLine(Path file, String header, String line) {
    try {
      if (!Files.exists(file)) {
        Files.writeString(file, header + "\n", StandardCharsets.UTF_8);
      }
      Files.writeString(file, line + "\n", StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The servers' files in {@code dir}; empty when there are none. */
  public static Samples read(Path dir) throws IOException {
    List<Sample> samples = new ArrayList<>();
    int unreadable = 0;
    ServerFigure[] columns = columns(Tsv.header(dir.resolve(ResultsLayout.SERVERS)));
    for (String[] f : Tsv.rows(dir.resolve(ResultsLayout.SERVERS))) {
      Sample sample = sample(f, columns);
      if (sample == null) {
        unreadable++; // a line cut short (the process ended while writing it): its figures are missing
      } else {
        samples.add(sample);
      }
    }
    int[] more = new int[1];
    List<ServerBalanceFile.BalanceSample> balance = ServerBalanceFile.read(dir, more);
    ServerSourcesFile.ServerSources facts = ServerSourcesFile.read(dir, more);
    return new Samples(samples, balance, facts, unreadable + more[0]);
  }

  /**
   * The figure of each column after {@code time_ms node state} in a servers.tsv header (null: a
   * column this version does not know, skipped): a file written before a figure was added has no
   * column for it, and its figure is then absent, not misread.
   */
  static ServerFigure[] columns(String header) {
    if (header == null) {
      return ServerFigure.values();
    }
    String[] names = header.split("\t", -1);
    ServerFigure[] out = new ServerFigure[Math.max(0, names.length - 3)];
    for (int i = 3; i < names.length; i++) {
      for (ServerFigure f : ServerFigure.values()) {
        if (f.column.equals(names[i])) {
          out[i - 3] = f;
        }
      }
    }
    return out;
  }

  /** One line of servers.tsv whose figure columns are {@code figures}, or null when it is cut short or not a sample. */
  private static Sample sample(String[] f, ServerFigure[] figures) {
    if (f.length != 3 + figures.length) {
      return null;
    }
    try {
      Map<ServerFigure, Double> values = new EnumMap<>(ServerFigure.class);
      Map<ServerFigure, String> unavailable = new EnumMap<>(ServerFigure.class);
      for (int i = 0; i < figures.length; i++) {
        String cell = f[3 + i];
        if (figures[i] == null) {
          continue;
        }
        if (cell.startsWith(UNAVAILABLE)) {
          unavailable.put(figures[i], cell.substring(UNAVAILABLE.length()));
        } else if (!cell.isEmpty()) {
          values.put(figures[i], Double.parseDouble(cell));
        }
      }
      return new Sample(Long.parseLong(f[0]), f[1], f[2].isEmpty() ? null : f[2], values, unavailable);
    } catch (NumberFormatException cutShort) {
      return null;
    }
  }
}
