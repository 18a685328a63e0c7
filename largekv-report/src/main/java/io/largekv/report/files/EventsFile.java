package io.largekv.report.files;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@value ResultsLayout#EVENTS}, a phase run's timed events (docs/comparison.md), written by
 * {@code io.largekv.cluster.ClusterEvents} when the phase ends and read by the report: JSON Lines, an
 * {@link Line} an event, in their order: the {@code event} as given, its {@code planned_s}, its
 * {@code start_ms} and {@code end_ms} (absent when it did not run), its {@code result} ({@link Result})
 * and a {@code detail} (prose, said as it is). Result directories written before it have
 * {@value ResultsLayout#EVENTS_BEFORE} (tab-separated), read here too.
 */
public final class EventsFile {

  private EventsFile() {}

  /** How an event went. */
  public enum Result {
    OK("ok"),
    /** It ran and failed ({@code detail}: how). */
    FAILED("failed"),
    /** The phase ended before its second ({@code detail}: when); it has no start or end. */
    NOT_RUN("not run");

    private final String words;

    Result(String words) {
      this.words = words;
    }

    /** The result of an {@link EventRecord}'s words. */
    public static Result of(String words) {
      for (Result r : values()) {
        if (r.words.equals(words)) {
          return r;
        }
      }
      throw new IllegalArgumentException("no such result: " + words);
    }
  }

  /** One line of the file. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  record Line(String event, @JsonProperty("planned_s") double plannedSeconds, @JsonProperty("start_ms") Long startMs,
      @JsonProperty("end_ms") Long endMs, Result result, String detail) {

    static Line of(EventRecord e) {
      return new Line(e.spec(), e.plannedSeconds(), e.ran() ? e.startMs() : null, e.ran() ? e.endMs() : null,
          Result.of(e.result()), e.detail().isEmpty() ? null : e.detail());
    }

    EventRecord record() {
      return new EventRecord(event, plannedSeconds, startMs == null ? -1 : startMs, endMs == null ? -1 : endMs,
          result.words, detail == null ? "" : detail);
    }
  }

  /** Writes {@code file} with {@code events}, in their order (a detail's line breaks become spaces). */
  public static void write(Path file, List<EventRecord> events) throws IOException {
    List<Line> lines = new ArrayList<>();
    for (EventRecord e : events) {
      lines.add(Line.of(new EventRecord(e.spec(), e.plannedSeconds(), e.startMs(), e.endMs(), e.result(),
          ServerSamplesFile.clean(e.detail()))));
    }
    JsonLines.write(file, lines);
  }

  /** The events of a run directory (this file, else the file before it), in their order; none when absent. */
  public static List<EventRecord> read(Path dir) throws IOException {
    Path file = dir.resolve(ResultsLayout.EVENTS);
    return readFile(Files.exists(file) ? file : dir.resolve(ResultsLayout.EVENTS_BEFORE));
  }

  /** The events of {@code file}, this file's form or (named {@code .tsv}) the form before; none when absent. */
  public static List<EventRecord> readFile(Path file) throws IOException {
    if (file.getFileName().toString().endsWith(".tsv")) {
      return Tsv.rows(file).stream().map(f -> new EventRecord(f[0], Double.parseDouble(f[1]), Long.parseLong(f[2]),
          Long.parseLong(f[3]), f[4], f.length > 5 ? f[5] : "")).toList();
    }
    if (!Files.exists(file)) {
      return List.of();
    }
    return JsonLines.read(file, Line.class, new int[1]).stream().filter(l -> l.event() != null && l.result() != null)
        .map(Line::record).toList();
  }
}
