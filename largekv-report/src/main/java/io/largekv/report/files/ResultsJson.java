package io.largekv.report.files;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.largekv.results.Reason;
import io.largekv.results.Results;
import java.io.IOException;
import java.nio.file.Path;

/** results.json: a report's {@link Results} as JSON (docs/results.md), and read back. */
public final class ResultsJson {

  /** The one mapper of largekv's JSON files. */
  static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .addMixIn(Results.Figure.class, FigureInWords.class)
      .addMixIn(Results.Rebalance.class, RebalanceInWords.class);

  /** A figure as results.json holds it: why it has no value in words ({@code unavailable}) only. */
  @JsonPropertyOrder({"value", "unavailable", "samples", "of"})
  private abstract static class FigureInWords {
    @JsonIgnore
    abstract Reason missing();

    @JsonProperty("unavailable")
    abstract String unavailable();

    @JsonCreator
    static Results.Figure inWords(@JsonProperty("value") Double value,
        @JsonProperty("unavailable") String unavailable, @JsonProperty("samples") int samples,
        @JsonProperty("of") int of) {
      throw new UnsupportedOperationException("a mix-in");
    }
  }

  /** A rebalance time as results.json holds it: why it has none in words ({@code unavailable}) only. */
  @JsonPropertyOrder({"seconds", "precisionSeconds", "unavailable"})
  private abstract static class RebalanceInWords {
    @JsonIgnore
    abstract Reason missing();

    @JsonProperty("unavailable")
    abstract String unavailable();

    @JsonCreator
    static Results.Rebalance inWords(@JsonProperty("seconds") Double seconds,
        @JsonProperty("precisionSeconds") Integer precisionSeconds,
        @JsonProperty("unavailable") String unavailable) {
      throw new UnsupportedOperationException("a mix-in");
    }
  }

  private ResultsJson() {}

  public static void write(Results results, Path file) throws IOException {
    MAPPER.writeValue(file.toFile(), results);
  }

  public static Results read(Path file) throws IOException {
    return MAPPER.readValue(file.toFile(), Results.class);
  }
}
