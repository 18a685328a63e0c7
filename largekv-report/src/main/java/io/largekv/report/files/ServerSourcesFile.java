package io.largekv.report.files;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@value ResultsLayout#SERVERS_SOURCES}, the facts of a phase run's servers' side beside its
 * samples (docs/servers.md#files): each source and its check at the start, the sampling interval,
 * the keyspace's replication factor, whether the nodes share one machine, an uncached phase's
 * caches, the sampler's CPU seconds. JSON Lines, one {@link Fact} a line, appended as each is known
 * (the sampler writes its CPU seconds last); read back once into {@link ServerSources}, typed. A
 * missing value is a reason code, its words chosen when it is rendered. Result directories written
 * before it have {@value ResultsLayout#SERVERS_SOURCES_BEFORE} ({@code key value} lines), read here too.
 */
public final class ServerSourcesFile {

  private ServerSourcesFile() {}

  /** One line of the file. */
  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "fact")
  @JsonSubTypes({@JsonSubTypes.Type(value = SourceCheck.class, name = "source"),
      @JsonSubTypes.Type(value = Interval.class, name = "interval"),
      @JsonSubTypes.Type(value = ReplicationFactor.class, name = "replication_factor"),
      @JsonSubTypes.Type(value = SharedMachine.class, name = "shared_machine"),
      @JsonSubTypes.Type(value = PageCache.class, name = "page_cache"),
      @JsonSubTypes.Type(value = SamplerCpu.class, name = "sampler_cpu")})
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public sealed interface Fact {}

  /** How a source's check at the start went. */
  public enum SourceState {
    OK(": ok"),
    /** It answered, with something the user should know ({@code detail}). */
    WARNING(": warning: "),
    /** It did not answer at the start ({@code detail}: why); its figures say unavailable. */
    UNAVAILABLE_AT_START(": unavailable at the start: "),
    /** It could not even be opened ({@code detail}: why). */
    UNAVAILABLE(": unavailable: ");

    private final String words;

    SourceState(String words) {
      this.words = words;
    }
  }

  /**
   * A source and its check at the start; {@code state} null: a line of a file written before states
   * were recorded, said as {@code source} alone.
   */
  public record SourceCheck(String source, SourceState state, String detail) implements Fact {

    public static SourceCheck ok(String source) {
      return new SourceCheck(source, SourceState.OK, null);
    }

    /** The source, its state and why, as the report says it. */
    public String line() {
      if (state == null) {
        return source;
      }
      return source + state.words + (detail == null ? "" : detail);
    }

    /** A line of the file before: {@code SOURCE: STATE[: DETAIL]}, split at the first state's words it holds. */
    static SourceCheck parse(String line) {
      if (line.endsWith(SourceState.OK.words)) {
        return ok(line.substring(0, line.length() - SourceState.OK.words.length()));
      }
      for (SourceState s : List.of(SourceState.UNAVAILABLE_AT_START, SourceState.WARNING, SourceState.UNAVAILABLE)) {
        int at = line.indexOf(s.words);
        if (at >= 0) {
          return new SourceCheck(line.substring(0, at), s, line.substring(at + s.words.length()));
        }
      }
      return new SourceCheck(line, null, null);
    }
  }

  /** The seconds between samples. */
  public record Interval(int seconds) implements Fact {}

  /** Why the keyspace's replication factor is not known. */
  public enum Unknown {
    /** The database's source gives none (YugabyteDB replicates by its cluster's factor, not the keyspace's). */
    NOT_READ_FROM_THIS_DATABASE("not read from this database's servers"),
    /** The schema could not be read ({@code detail}: why). */
    UNREADABLE(null),
    /** The file has no such fact (the phase ended before the sampler wrote it). */
    NOT_RECORDED("not recorded");

    private final String words;

    Unknown(String words) {
      this.words = words;
    }
  }

  /**
   * The keyspace's replication factor and where it comes from, or why it is not known.
   */
  public record ReplicationFactor(Integer value, String from, Unknown unknown, String detail) implements Fact {

    public static ReplicationFactor of(int value, String from) {
      return new ReplicationFactor(value, from, null, null);
    }

    public static ReplicationFactor unknown(Unknown why, String detail) {
      return new ReplicationFactor(null, null, why, detail);
    }

    /** Why it is not known, as the report says it; null when it is. */
    public String why() {
      return value != null ? null : unknown.words != null ? unknown.words : detail;
    }
  }

  /** The target's nodes share one machine (the local Cassandra): their CPU shares add up. */
  public record SharedMachine(boolean shared) implements Fact {}

  /**
   * An uncached phase (docs/uncached-reads.md): the page cache the server was allowed, bytes, the
   * settings that decide its reads, and its own cache of index positions, bytes.
   */
  public record PageCache(@JsonProperty("limit_bytes") long limitBytes, String settings,
      @JsonProperty("key_cache_bytes") long keyCacheBytes) implements Fact {}

  /** The sampler thread's own CPU seconds; null: not measured (the JVM does not, or the last sample did not end). */
  public record SamplerCpu(Double seconds) implements Fact {}

  /** The facts of a phase run's servers' side, as read back. */
  public record ServerSources(List<SourceCheck> checks, Integer intervalSeconds, ReplicationFactor replicationFactor,
      boolean sharedMachine, PageCache pageCache, Double samplerCpuSeconds) {

    /** A phase run that has no such file. */
    public static final ServerSources NONE = new ServerSources(List.of(), null, ReplicationFactor.unknown(
        Unknown.NOT_RECORDED, null), false, null, null);

    /** The same, sampled every {@code seconds}. */
    public ServerSources withInterval(int seconds) {
      return new ServerSources(checks, seconds, replicationFactor, sharedMachine, pageCache, samplerCpuSeconds);
    }
  }

  /** Appends {@code fact} to {@code dir}'s file. */
  public static void append(Path dir, Fact fact) {
    JsonLines.append(dir.resolve(ResultsLayout.SERVERS_SOURCES), fact);
  }

  /**
   * The facts in {@code dir} (this file, else the file before it); {@code unreadable} counts the
   * lines that could not be read (cut short: the process ended while writing one).
   */
  public static ServerSources read(Path dir, int[] unreadable) throws IOException {
    Path file = dir.resolve(ResultsLayout.SERVERS_SOURCES);
    if (!Files.exists(file)) {
      return readBefore(dir.resolve(ResultsLayout.SERVERS_SOURCES_BEFORE));
    }
    Builder b = new Builder();
    JsonLines.read(file, Fact.class, unreadable).forEach(b::add);
    return b.build();
  }

  /** servers-sources.tsv, written before: {@code key value [from]} lines. */
  private static ServerSources readBefore(Path file) throws IOException {
    Builder b = new Builder();
    for (String[] f : Tsv.rows(file)) {
      String value = f.length > 1 ? f[1] : "";
      switch (f[0]) {
        case "source" -> b.add(SourceCheck.parse(value));
        case "interval_seconds" -> b.interval = parseInt(value);
        case "sampler_cpu_seconds" -> b.add(new SamplerCpu(parseDouble(value)));
        case "shared_machine" -> b.add(new SharedMachine(true));
        case "replication_factor" -> {
          Integer rf = parseInt(value);
          b.add(rf != null ? ReplicationFactor.of(rf, f.length > 2 ? f[2] : null)
              : value.equals("unavailable: " + Unknown.NOT_READ_FROM_THIS_DATABASE.words)
                  ? ReplicationFactor.unknown(Unknown.NOT_READ_FROM_THIS_DATABASE, null)
                  : ReplicationFactor.unknown(Unknown.UNREADABLE, value.replaceFirst("^unavailable: ", "")));
        }
        case "page_cache_limit_bytes" -> b.limit = new String[] {value, f.length > 2 ? f[2] : ""};
        case "key_cache_bytes" -> b.keyCache = parseDouble(value);
        default -> { } // a fact this version does not know
      }
    }
    if (b.limit != null) {
      Double limit = parseDouble(b.limit[0]);
      if (limit != null) {
        b.add(new PageCache(limit.longValue(), b.limit[1], b.keyCache == null ? 0 : b.keyCache.longValue()));
      }
    }
    return b.build();
  }

  /** The facts as they are read, the last of each kind kept. */
  private static final class Builder {
    final List<SourceCheck> checks = new ArrayList<>();
    Integer interval;
    ReplicationFactor rf = ServerSources.NONE.replicationFactor();
    boolean shared;
    PageCache pageCache;
    Double cpu;
    String[] limit;
    Double keyCache;

    void add(Fact fact) {
      if (fact instanceof SourceCheck c) {
        checks.add(c);
      } else if (fact instanceof Interval i) {
        interval = i.seconds();
      } else if (fact instanceof ReplicationFactor r) {
        rf = r;
      } else if (fact instanceof SharedMachine s) {
        shared = s.shared();
      } else if (fact instanceof PageCache p) {
        pageCache = p;
      } else if (fact instanceof SamplerCpu c) {
        cpu = c.seconds();
      }
    }

    ServerSources build() {
      return new ServerSources(List.copyOf(checks), interval, rf, shared, pageCache, cpu);
    }
  }

  private static Integer parseInt(String v) {
    try {
      return Integer.valueOf(v.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Double parseDouble(String v) {
    try {
      return Double.valueOf(v.strip());
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
