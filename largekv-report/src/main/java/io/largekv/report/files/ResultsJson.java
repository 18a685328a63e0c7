package io.largekv.report.files;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.largekv.results.Results;
import java.io.IOException;
import java.nio.file.Path;

/** results.json: a report's {@link Results} as JSON (docs/results.md), and read back. */
public final class ResultsJson {

  /** The one mapper of largekv's JSON files. */
  static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .addMixIn(Results.Figure.class, FigureInWords.class);

  /** A figure as results.json holds it: why it has no value in words ({@code unavailable}) only. */
  @JsonIgnoreProperties("absence")
  private interface FigureInWords {}

  private ResultsJson() {}

  public static void write(Results results, Path file) throws IOException {
    MAPPER.writeValue(file.toFile(), results);
  }

  public static Results read(Path file) throws IOException {
    return MAPPER.readValue(file.toFile(), Results.class);
  }
}
