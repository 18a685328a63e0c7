package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.largekv.report.files.ResultsJson;
import io.largekv.results.Results;
import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What every test that makes a report checks of its results.json: it is valid against the schema
 * (networknt's JSON Schema validator, draft 2020-12), and report.md says what it says, read back
 * from the Markdown: each cell's status, throughput, operations, p99 and verification failures.
 */
public final class ResultsCheck {

  private static final JsonSchema SCHEMA = schema();

  private ResultsCheck() {}

  private static JsonSchema schema() {
    try (InputStream in = Results.class.getResourceAsStream(Results.SCHEMA)) {
      return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The schema's complaints about a document; none when valid. */
  public static Set<ValidationMessage> problems(JsonNode document) {
    return SCHEMA.validate(document);
  }

  /** Checks {@code dir}'s results.json and report.md, and returns the results. */
  public static Results check(Path dir) throws IOException {
    Path file = dir.resolve(ResultsLayout.RESULTS_JSON);
    assertThat(file).isRegularFile();
    JsonNode node = new ObjectMapper().readTree(file.toFile());
    assertThat(problems(node)).as(file + " against " + Results.SCHEMA).isEmpty();
    Results results = ResultsJson.read(file);
    assertThat(results.formatVersion()).isEqualTo(Results.FORMAT_VERSION);
    assertThat(results.verdict().ok()).isEqualTo(results.verdict().failedCells().isEmpty());
    String md = Files.readString(dir.resolve("report.md"), StandardCharsets.UTF_8);
    for (Results.Phase phase : results.phases()) {
      Map<String, List<String>> table = markdownTable(md, phase.name());
      assertThat(table.get("")).as("the columns of " + phase.name()).isEqualTo(results.columns());
      for (int i = 0; i < phase.cells().size(); i++) {
        Results.Cell c = phase.cells().get(i);
        String where = phase.name() + " on " + c.column();
        assertThat(c.column()).isEqualTo(results.columns().get(i));
        assertThat(table.get("status").get(i)).as(where).startsWith(c.status());
        assertThat(c.status().equals(Results.Cell.FAILED))
            .isEqualTo(results.verdict().failedCells().contains(where));
        boolean absent = c.status().equals(Results.Cell.NOT_IN_RUN);
        // a column whose run did not have the phase has no counts, never 0
        assertThat(c.operations() == null).as(where).isEqualTo(absent);
        // a load reads nothing back: no verified count either
        assertThat(c.verifiedOk() == null).as(where).isEqualTo(absent || phase.name().equals("load"));
        assertThat(table.get("operations").get(i)).as(where)
            .isEqualTo(absent ? "-" : Long.toString(c.operations()));
        // a cell that ran and passed without measuring anything after its warm-up says so
        boolean unmeasured = !absent && !c.status().equals(Results.Cell.FAILED) && !c.repeats().isEmpty();
        assertThat(table.get("throughput (ops/s)").get(i)).as(where).isEqualTo(c.throughput().mean() == null
            ? (unmeasured ? io.largekv.report.render.ReportTables.UNMEASURED : "-")
            : c.throughput().repeats() == 1 ? String.format(Locale.ROOT, "%,.0f", c.throughput().mean())
            : String.format(Locale.ROOT, "%,.0f (%,.0f–%,.0f, %d runs)", c.throughput().mean(), c.throughput().min(),
                c.throughput().max(), c.throughput().repeats()));
        Double p99 = c.latency() == null ? null : c.latency().p99();
        assertThat(table.get("p99 (ms)").get(i)).as(where)
            .isEqualTo(p99 == null ? "-" : String.format(Locale.ROOT, "%.2f", p99));
        assertThat(table.get("verification failures (corrupt + missing)").get(i)).as(where)
            .isEqualTo(absent ? "-" : phase.name().equals("load") ? "not verified (load)"
                : Long.toString(c.verificationFailures()));
      }
    }
    return results;
  }

  /** The main table under {@code ## PHASE}: row name → cells ("" → the header's columns). */
  static Map<String, List<String>> markdownTable(String md, String phase) {
    int at = md.indexOf("\n## " + phase + "\n");
    assertThat(at).as("report.md has a section for " + phase).isNotNegative();
    Map<String, List<String>> rows = new LinkedHashMap<>();
    boolean in = false;
    for (String line : md.substring(at + 1).split("\n")) {
      if (line.startsWith("|")) {
        in = true;
        if (line.startsWith("|---")) {
          continue;
        }
        List<String> cells = new ArrayList<>();
        for (String c : line.substring(2, line.length() - 2).split(" \\| ", -1)) {
          cells.add(c.replace("\\|", "|"));
        }
        rows.put(cells.get(0), cells.subList(1, cells.size()));
      } else if (in) {
        break;
      }
    }
    return rows;
  }
}
