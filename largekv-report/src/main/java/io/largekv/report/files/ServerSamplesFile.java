package io.largekv.report.files;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@value ResultsLayout#SERVERS}, the servers' samples of one phase run beside its clients'
 * (docs/servers.md#files), written by {@code io.largekv.servers.ServerSampler} and read by the report:
 * JSON Lines, a {@link Line} per node and sample, {@code time_ms}, {@code node}, {@code state}, each
 * figure's value by its {@link ServerFigure}'s column name in {@code values}, and why a figure is
 * unavailable in {@code unavailable} (a figure in neither: no source gives it). Result directories
 * written before it have {@value ResultsLayout#SERVERS_BEFORE} (tab-separated), read here too.
 * {@link #read} reads it with the files beside it: whether data was moving ({@link ServerBalanceFile})
 * and the sources and the sampler's facts ({@link ServerSourcesFile}).
 */
public final class ServerSamplesFile {

  /** How servers.tsv, written before, says a figure is unavailable: {@code unavailable: REASON}. */
  static final String UNAVAILABLE = "unavailable: ";

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
   * One line of the file: a node's reading at one sample, its state (null: none), each figure's value
   * by its column's name, and why a figure is unavailable (prose, said as it is, never parsed).
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Line(@JsonProperty("time_ms") Long timeMs, String node, String state, Map<String, Double> values,
      Map<String, String> unavailable) {}

  /**
   * Appends to {@code dir}'s file the line of one node's reading: its node, its state (null: none) and
   * each figure's value, or why it is unavailable.
   */
  public static void append(Path dir, long timeMs, String node, String state, Map<ServerFigure, Double> values,
      Map<ServerFigure, String> unavailable) {
    JsonLines.append(dir.resolve(ResultsLayout.SERVERS), line(timeMs, node, state, values, unavailable));
  }

  static Line line(long timeMs, String node, String state, Map<ServerFigure, Double> values,
      Map<ServerFigure, String> unavailable) {
    Map<String, Double> byName = new LinkedHashMap<>();
    Map<String, String> why = new LinkedHashMap<>();
    for (ServerFigure f : ServerFigure.values()) {
      Double v = values.get(f);
      if (v != null) {
        byName.put(f.column, Double.valueOf(number(v))); // as precise as the file before held it
      } else if (unavailable.containsKey(f)) {
        why.put(f.column, clean(unavailable.get(f)));
      }
    }
    return new Line(timeMs, clean(node), state == null ? null : clean(state), byName, why);
  }

  static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.6f", v);
  }

  /** Text for one of the servers' files: tabs and line breaks become spaces, as the report has always said it. */
  public static String clean(String s) {
    return s == null ? "" : s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
  }

  /** The servers' files in {@code dir}; empty when there are none. */
  public static Samples read(Path dir) throws IOException {
    int[] unreadable = new int[1];
    Path file = dir.resolve(ResultsLayout.SERVERS);
    List<Sample> samples = Files.exists(file) ? readLines(file, unreadable)
        : readBefore(dir.resolve(ResultsLayout.SERVERS_BEFORE), unreadable);
    List<ServerBalanceFile.BalanceSample> balance = ServerBalanceFile.read(dir, unreadable);
    ServerSourcesFile.ServerSources facts = ServerSourcesFile.read(dir, unreadable);
    return new Samples(samples, balance, facts, unreadable[0]);
  }

  /** servers.jsonl's samples; a figure this version does not know is skipped. */
  private static List<Sample> readLines(Path file, int[] unreadable) throws IOException {
    List<Sample> samples = new ArrayList<>();
    for (Line l : JsonLines.read(file, Line.class, unreadable)) {
      if (l.timeMs() == null || l.node() == null) {
        unreadable[0]++;
        continue;
      }
      Map<ServerFigure, Double> values = new EnumMap<>(ServerFigure.class);
      Map<ServerFigure, String> why = new EnumMap<>(ServerFigure.class);
      for (ServerFigure f : ServerFigure.values()) {
        if (l.values() != null && l.values().get(f.column) != null) {
          values.put(f, l.values().get(f.column));
        } else if (l.unavailable() != null && l.unavailable().containsKey(f.column)) {
          why.put(f, l.unavailable().get(f.column));
        }
      }
      samples.add(new Sample(l.timeMs(), l.node(), l.state(), values, why));
    }
    return samples;
  }

  /** servers.tsv, written before: {@code time_ms node state} and a column per figure, read by the header's names. */
  private static List<Sample> readBefore(Path file, int[] unreadable) throws IOException {
    List<Sample> samples = new ArrayList<>();
    ServerFigure[] columns = columns(Tsv.header(file));
    for (String[] f : Tsv.rows(file)) {
      Sample sample = sample(f, columns);
      if (sample == null) {
        unreadable[0]++; // a line cut short (the process ended while writing it): its figures are missing
      } else {
        samples.add(sample);
      }
    }
    return samples;
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
