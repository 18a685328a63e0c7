package io.largekv.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The repository's Grafana dashboard (docs/grafana/largekv-dashboard.json) as a test reads it: its
 * variables and every panel's PromQL, with the variables put in as Grafana would.
 */
final class GrafanaDashboard {

  /** The dashboard's file in the repository. */
  static final String FILE = "docs/grafana/largekv-dashboard.json";

  /** A panel's query: its panel's title and its expression. */
  record Query(String panel, String expr) {

    /**
     * The query without its label matchers and ranges: what it computes from which metric, the same
     * whatever the variables or the rate interval ({@code sum by (target) (rate(largekv_x_total))}).
     */
    String shape() {
      return expr.replaceAll("\\{[^}]*\\}", "").replaceAll("\\[[^\\]]*\\]", "");
    }
  }

  private final JsonNode json;

  private GrafanaDashboard(JsonNode json) {
    this.json = json;
  }

  static GrafanaDashboard read(Path repo) throws IOException {
    return new GrafanaDashboard(new ObjectMapper().readTree(repo.resolve(FILE).toFile()));
  }

  /** The names of its query variables (the labels a user picks by), in order. */
  List<String> variables() {
    List<String> out = new ArrayList<>();
    for (JsonNode v : json.path("templating").path("list")) {
      if (v.path("type").asText().equals("query")) {
        out.add(v.path("name").asText());
      }
    }
    return out;
  }

  /**
   * Every panel's queries with {@code $NAME} replaced by {@code values}' value (a variable left out
   * takes its "All" value, {@code .*}) and Grafana's {@code $__rate_interval} by {@code rateInterval}.
   */
  List<Query> queries(Map<String, String> values, String rateInterval) {
    List<Query> out = new ArrayList<>();
    for (JsonNode p : json.path("panels")) {
      for (JsonNode t : p.path("targets")) {
        String expr = t.path("expr").asText().replace("$__rate_interval", rateInterval);
        for (String v : variables()) {
          expr = expr.replace("$" + v, values.getOrDefault(v, ".*"));
        }
        out.add(new Query(p.path("title").asText(), expr));
      }
    }
    return out;
  }
}
