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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The servers' raw files of one phase run, beside its clients' (docs/servers.md#files), written by
 * {@code io.largekv.servers.ServerSampler} and read by the report:
 * <ul>
 *   <li>{@value ResultsLayout#SERVERS}: {@code time_ms node state} and a column per {@link ServerFigure};
 *       a cell is a number, {@code unavailable: REASON}, or empty (no source gives that figure);
 *   <li>{@value ResultsLayout#SERVERS_BALANCE}: {@code time_ms settled detail}, settled being
 *       {@code true}, {@code false} or {@code unknown};
 *   <li>{@value ResultsLayout#SERVERS_SOURCES}: {@code key value} lines: each source and its check at
 *       the start ({@code source}), the sampling interval, the sampler's CPU seconds.
 * </ul>
 */
public final class ServerSamplesFile {

  static final String UNAVAILABLE = "unavailable: ";
  public static final String HEADER = "time_ms\tnode\tstate\t"
      + String.join("\t", Arrays.stream(ServerFigure.values()).map(f -> f.column).toList());
  public static final String BALANCE_HEADER = "time_ms\tsettled\tdetail";
  public static final String SOURCES_HEADER = "key\tvalue";
  /** Keys of servers-sources.tsv. */
  public static final String SOURCE = "source";
  public static final String INTERVAL_SECONDS = "interval_seconds";
  public static final String SAMPLER_CPU_SECONDS = "sampler_cpu_seconds";
  /** The keyspace's replication factor, then where it comes from. */
  public static final String REPLICATION_FACTOR = "replication_factor";
  /** Present when the target's nodes share one machine (the local Cassandra): their CPU shares add up. */
  public static final String SHARED_MACHINE = "shared_machine";
  /**
   * Present when the phase ran uncached (docs/uncached-reads.md): the page cache the server was
   * allowed, bytes; then the settings that decide its reads.
   */
  public static final String PAGE_CACHE_LIMIT = "page_cache_limit_bytes";
  /** With {@link #PAGE_CACHE_LIMIT}: the server's own cache of index positions, bytes. */
  public static final String KEY_CACHE = "key_cache_bytes";
  /** After a key: where its value comes from. */
  public static final String FROM = " from";

  private ServerSamplesFile() {}

  /** One node at one sample, as read back. */
  public record Sample(long timeMs, String node, String state, Map<ServerFigure, Double> values,
      Map<ServerFigure, String> unavailable) {

    /** The figure's value, or null. */
    public Double value(ServerFigure f) {
      return values.get(f);
    }
  }

  /** Whether the data was moving at one sample. */
  public record BalanceSample(long timeMs, Boolean settled, String detail) {}

  /** A phase run's servers' files, as read back; empty lists when it has none. */
  public record Samples(List<Sample> samples, List<BalanceSample> balance, List<String> sources,
      Map<String, String> facts) {

    public boolean isEmpty() {
      return samples.isEmpty() && sources.isEmpty();
    }
  }

  /**
   * servers.tsv's line of one node's reading: its node, its state (null: none) and each figure's
   * value, or why it is unavailable.
   */
  public static String line(long timeMs, String node, String state, Map<ServerFigure, Double> values,
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

  /** balance.tsv's line: settled, not, or unknown (null), and why. */
  public static String balanceLine(long timeMs, Boolean settled, String detail) {
    return timeMs + "\t" + (settled == null ? "unknown" : settled.toString()) + "\t" + clean(detail);
  }

  static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : String.format(Locale.ROOT, "%.6f", v);
  }

  /** A cell of largekv's TSV files: tabs and line breaks become spaces. */
  public static String clean(String s) {
    return s == null ? "" : s.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
  }

  /** Appends {@code line} to {@code file}, writing {@code header} first when the file is new. */
  public static void append(Path file, String header, String line) {
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
    List<BalanceSample> balance = new ArrayList<>();
    for (String[] f : Tsv.rows(dir.resolve(ResultsLayout.SERVERS_BALANCE))) {
      try {
        balance.add(new BalanceSample(Long.parseLong(f[0]), f[1].equals("unknown") ? null : Boolean.valueOf(f[1]),
            f.length > 2 ? f[2] : ""));
      } catch (RuntimeException cutShort) {
        unreadable++;
      }
    }
    return rest(dir, samples, balance, unreadable);
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

  private static Samples rest(Path dir, List<Sample> samples, List<BalanceSample> balance, int unreadable)
      throws IOException {
    List<String> sources = new ArrayList<>();
    Map<String, String> facts = new LinkedHashMap<>();
    for (String[] f : Tsv.rows(dir.resolve(ResultsLayout.SERVERS_SOURCES))) {
      if (f[0].equals(SOURCE)) {
        sources.add(f.length > 1 ? f[1] : "");
      } else {
        facts.put(f[0], f.length > 1 ? f[1] : "");
        if (f.length > 2) {
          facts.put(f[0] + FROM, f[2]);
        }
      }
    }
    if (unreadable > 0) {
      sources.add(unreadable + " line(s) of the servers' files could not be read (cut short) and are left out");
    }
    return new Samples(samples, balance, sources, facts);
  }
}
