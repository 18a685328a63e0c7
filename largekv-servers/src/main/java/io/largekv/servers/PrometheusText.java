package io.largekv.servers;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The samples of a page in Prometheus' text exposition format (node_exporter's /metrics, ScyllaDB's
 * and YugabyteDB's Prometheus endpoints): {@code name{label="value",...} value [timestamp]} lines;
 * comments ({@code # HELP}, {@code # TYPE}) and blank lines are skipped. OpenMetrics' {@code # EOF}
 * and exemplars are tolerated.
 */
public final class PrometheusText {

  /** One sample line. */
  public record Sample(String name, Map<String, String> labels, double value) {

    /** Its label's value, or null. */
    public String label(String label) {
      return labels.get(label);
    }
  }

  private PrometheusText() {}

  /** Every sample of {@code page} whose name {@code wanted} accepts (parsing only those lines). */
  public static List<Sample> parse(String page, Predicate<String> wanted) {
    List<Sample> samples = new ArrayList<>();
    int lineNo = 0;
    for (String line : page.split("\n")) {
      lineNo++;
      line = line.strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      int nameEnd = 0;
      while (nameEnd < line.length() && line.charAt(nameEnd) != '{' && line.charAt(nameEnd) != ' '
          && line.charAt(nameEnd) != '\t') {
        nameEnd++;
      }
      String name = line.substring(0, nameEnd);
      if (!wanted.test(name)) {
        continue;
      }
      Map<String, String> labels = new LinkedHashMap<>();
      int i = nameEnd;
      if (i < line.length() && line.charAt(i) == '{') {
        i = labels(line, i + 1, labels, lineNo);
      }
      String rest = line.substring(i).strip();
      int hash = rest.indexOf(" #");
      if (hash >= 0) {
        rest = rest.substring(0, hash).strip();
      }
      String[] parts = rest.split("\\s+");
      if (parts.length == 0 || parts[0].isEmpty()) {
        throw new IllegalArgumentException("line " + lineNo + " has no value: " + line);
      }
      samples.add(new Sample(name, Collections.unmodifiableMap(labels), value(parts[0], lineNo)));
    }
    return samples;
  }

  private static double value(String s, int lineNo) {
    try {
      return number(s);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("line " + lineNo + ": '" + s + "' is not a number");
    }
  }

  /**
   * A sample value as Prometheus writes it: a decimal, {@code +Inf}, {@code -Inf} or {@code NaN} (in
   * its text format and its HTTP API's JSON alike).
   *
   * @throws NumberFormatException when it is none of them
   */
  public static double number(String s) {
    return switch (s) {
      case "+Inf" -> Double.POSITIVE_INFINITY;
      case "-Inf" -> Double.NEGATIVE_INFINITY;
      case "NaN" -> Double.NaN;
      default -> Double.parseDouble(s);
    };
  }

  /** Reads {@code a="x",b="y"}} from {@code i} (after the brace); returns the index after the closing brace. */
  private static int labels(String line, int i, Map<String, String> labels, int lineNo) {
    while (i < line.length()) {
      char c = line.charAt(i);
      if (c == '}') {
        return i + 1;
      }
      if (c == ',' || c == ' ') {
        i++;
        continue;
      }
      int eq = line.indexOf('=', i);
      if (eq < 0 || eq + 1 >= line.length() || line.charAt(eq + 1) != '"') {
        throw new IllegalArgumentException("line " + lineNo + ": a label without a quoted value: " + line);
      }
      String label = line.substring(i, eq).strip();
      StringBuilder v = new StringBuilder();
      int j = eq + 2;
      for (; j < line.length(); j++) {
        char d = line.charAt(j);
        if (d == '\\' && j + 1 < line.length()) {
          char e = line.charAt(++j);
          v.append(e == 'n' ? '\n' : e);
        } else if (d == '"') {
          break;
        } else {
          v.append(d);
        }
      }
      if (j >= line.length()) {
        throw new IllegalArgumentException("line " + lineNo + ": an unterminated label value: " + line);
      }
      labels.put(label, v.toString());
      i = j + 1;
    }
    throw new IllegalArgumentException("line " + lineNo + ": labels without a closing brace: " + line);
  }
}
