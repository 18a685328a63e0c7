package io.largekv.report.files;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * largekv's own JSON Lines raw files (servers-sources.jsonl, servers.jsonl, servers-balance.jsonl,
 * events.jsonl, nodes.jsonl): one value a line, written and read by Jackson. Each file's codec in this
 * package owns its name and its lines' type; this is how any of them is appended to and read.
 */
final class JsonLines {

  /** A field or kind of line of a newer version is skipped, not taken for a line cut short. */
  static final ObjectMapper MAPPER = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_INVALID_SUBTYPE, false)
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private JsonLines() {}

  /** Appends {@code value} to {@code file} as one line. */
  static void append(Path file, Object value) {
    try {
      Files.writeString(file, MAPPER.writeValueAsString(value) + "\n", StandardCharsets.UTF_8,
          StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes {@code file} anew with {@code values}, one a line. */
  static void write(Path file, List<?> values) throws IOException {
    List<String> lines = new ArrayList<>();
    for (Object v : values) {
      lines.add(MAPPER.writeValueAsString(v));
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }

  /**
   * The values of {@code file}'s lines, in their order (nulls left out); {@code unreadable} counts the
   * lines that could not be read (cut short: the process ended while writing one).
   */
  static <T> List<T> read(Path file, Class<T> type, int[] unreadable) throws IOException {
    List<T> out = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (line.isBlank()) {
        continue;
      }
      try {
        T value = MAPPER.readValue(line, type);
        if (value != null) {
          out.add(value);
        }
      } catch (JsonProcessingException cutShort) {
        unreadable[0]++;
      }
    }
    return out;
  }
}
