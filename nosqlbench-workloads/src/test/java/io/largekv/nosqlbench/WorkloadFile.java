package io.largekv.nosqlbench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * yb_kv_large.yaml as text, with the template rules that make one file run unchanged on nb5 5.17,
 * 5.21 and 5.25, and the expansion those versions agree on.
 *
 * <p>Portable form, and why (read from nb5's public source):
 * <ul>
 *   <li>only {@code TEMPLATE(name,default)}: 5.25 removed {@code <<...>>} and splits name and
 *       default on a comma only ({@code TEMPLATE(rf:1)} becomes {@code UNSET:rf:1});</li>
 *   <li>no {@code ${...}} (rewritten by 5.21+) and no {@code {{ }}} (5.25 expressions), except one
 *       whole expression on a comment line of its own: 5.25 evaluates it as it reads the file,
 *       5.17 and 5.21 see a YAML comment (the stop of the run form without tags);</li>
 *   <li>a default is one plain token on one line (5.21 expands line by line; a default starting
 *       with {@code - = ? +} has a special meaning in 5.21; 5.25 quotes defaults itself);</li>
 *   <li>one default per name in the whole file (5.17 keeps the first default it meets, 5.25 the
 *       one at hand: with one default they agree);</li>
 *   <li>no template named like an nb5 or cqld4 activity parameter: nb5 removes the parameters a
 *       workload's templates consume, so {@code TEMPLATE(localdc,..)} would hide {@code localdc}
 *       from the driver.</li>
 * </ul>
 */
final class WorkloadFile {

  /** Activity parameters of nb5's engine and of the cqld4 driver (5.17.9 to 5.25.7). */
  static final Set<String> NB5_PARAMETERS = Set.of(
      // engine
      "alias", "driver", "type", "workload", "yaml", "tags", "threads", "cycles", "recycles",
      "stride", "cyclerate", "targetrate", "rate", "striderate", "phaserate", "seq", "errors",
      "maxtries", "async", "instrument", "hdr_digits", "labels", "op", "stmt", "container", "step",
      "dryrun", "format", "separator", "filename",
      // cqld4 space and session
      "host", "hosts", "port", "localdc", "driverconfig", "username", "password", "userfile",
      "passfile", "secureconnectbundle", "scb", "cloud_proxy_address", "showstmt", "maxpages",
      "maxretryreplace", "whitelist", "diag", "ssl", "tls", "keystore", "kspass", "truststore",
      "tspass", "keyFilePath", "certFilePath", "cacertFilePath",
      // the protocol compression (nb5 5.25.7 sets advanced.protocol.compression from it)
      "compression");

  /**
   * A comment line holding one whole nb5 5.25 expression and nothing else: {@code # {{= ... }}}
   * (evaluated by 5.25 as it reads the file, a YAML comment to 5.17 and 5.21).
   */
  static final Pattern COMMENT_EXPRESSION = Pattern.compile("\\s*# \\{\\{=((?!\\{\\{|}}).)*}}\\s*");

  private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  private static final Pattern PLAIN_DEFAULT = Pattern.compile("[A-Za-z0-9_.]+");
  private static final String OPEN = "TEMPLATE(";

  /** One {@code TEMPLATE(...)} in the text. */
  record TemplateUse(int start, int end, int line, String content, String name, String defaultValue) {}

  private final String text;

  WorkloadFile(String text) {
    this.text = text;
  }

  /** The repository's yb_kv_large.yaml. */
  static WorkloadFile load() {
    try {
      return new WorkloadFile(Files.readString(path(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The repository root (surefire sets {@code largekv.repo.dir}; else the module's parent). */
  static Path repoDir() {
    String dir = System.getProperty("largekv.repo.dir");
    Path p = dir != null ? Path.of(dir) : Path.of("").toAbsolutePath().getParent();
    return p.toAbsolutePath().normalize();
  }

  static Path path() {
    return repoDir().resolve("nosqlbench-workloads").resolve("yb_kv_large.yaml");
  }

  String text() {
    return text;
  }

  /** Every TEMPLATE(...) occurrence, in order; content is whatever sits between the parentheses. */
  List<TemplateUse> templates() {
    List<TemplateUse> uses = new ArrayList<>();
    int from = 0;
    while (true) {
      int start = text.indexOf(OPEN, from);
      if (start < 0) {
        return uses;
      }
      int depth = 1;
      int i = start + OPEN.length();
      while (i < text.length() && depth > 0) {
        char c = text.charAt(i);
        if (c == '(') {
          depth++;
        } else if (c == ')') {
          depth--;
        }
        i++;
      }
      String content = text.substring(start + OPEN.length(), depth == 0 ? i - 1 : i);
      int comma = content.indexOf(',');
      String name = comma < 0 ? content : content.substring(0, comma);
      String def = comma < 0 ? null : content.substring(comma + 1);
      uses.add(new TemplateUse(start, i, lineOf(start), content, name, def));
      from = start + OPEN.length();
    }
  }

  private int lineOf(int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }

  /** Everything that keeps this text from running unchanged on nb5 5.17, 5.21 and 5.25. */
  List<String> portabilityProblems() {
    List<String> problems = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String l = lines[i];
      if (l.contains("<<")) {
        problems.add("line " + (i + 1) + ": '<<' templates are gone in nb5 5.25: " + l.trim());
      }
      if (l.contains("${")) {
        problems.add("line " + (i + 1) + ": '${' is rewritten as a template by nb5 5.21+: " + l.trim());
      }
      if ((l.contains("{{") || l.contains("}}")) && !COMMENT_EXPRESSION.matcher(l).matches()) {
        problems.add("line " + (i + 1) + ": '{{ }}' is an nb5 5.25 expression (allowed only whole, on a "
            + "comment line of its own, which nb5 5.17 and 5.21 ignore): " + l.trim());
      }
    }
    Map<String, String> defaults = new LinkedHashMap<>();
    for (TemplateUse t : templates()) {
      String where = "line " + t.line() + ": TEMPLATE(" + t.content() + ")";
      if (t.content().contains("\n") || t.end() > text.length() || text.charAt(t.end() - 1) != ')') {
        problems.add(where + " is not closed on its line (nb5 5.21 expands line by line)");
        continue;
      }
      int colon = t.content().indexOf(':');
      int comma = t.content().indexOf(',');
      if (colon >= 0 && (comma < 0 || colon < comma)) {
        problems.add(where + ": 'name:default' is not portable, nb5 5.25 splits on a comma only");
        continue;
      }
      if (t.defaultValue() == null || t.defaultValue().isEmpty()) {
        problems.add(where + " has no default");
        continue;
      }
      if (!PLAIN_NAME.matcher(t.name()).matches()) {
        problems.add(where + ": name '" + t.name() + "' is not a plain identifier");
      }
      if (!PLAIN_DEFAULT.matcher(t.defaultValue()).matches()) {
        problems.add(where + ": default '" + t.defaultValue() + "' is not one plain token [A-Za-z0-9_.]+");
      }
      if (NB5_PARAMETERS.contains(t.name())) {
        problems.add(where + ": '" + t.name() + "' is an nb5/cqld4 activity parameter; nb5 would "
            + "consume it for the template and hide it from the engine or the driver");
      }
      String previous = defaults.putIfAbsent(t.name(), t.defaultValue());
      if (previous != null && !previous.equals(t.defaultValue())) {
        problems.add(where + ": default differs from the first one, '" + previous
            + "' (nb5 5.17 would use '" + previous + "', 5.25 '" + t.defaultValue() + "')");
      }
    }
    return problems;
  }

  /** Each template name with its (single) default, in order of first use. */
  Map<String, String> templateDefaults() {
    Map<String, String> defaults = new LinkedHashMap<>();
    for (TemplateUse t : templates()) {
      defaults.putIfAbsent(t.name(), t.defaultValue());
    }
    return defaults;
  }

  /** The text with every template replaced by its parameter, else its default. */
  String expand(Map<String, String> params) {
    List<String> problems = portabilityProblems();
    if (!problems.isEmpty()) {
      throw new IllegalStateException("not portable: " + problems);
    }
    StringBuilder out = new StringBuilder();
    int at = 0;
    for (TemplateUse t : templates()) {
      out.append(text, at, t.start());
      out.append(params.getOrDefault(t.name(), t.defaultValue()));
      at = t.end();
    }
    return out.append(text.substring(at)).toString();
  }

  /** The expanded text as a YAML document. */
  @SuppressWarnings("unchecked")
  Map<String, Object> parse(Map<String, String> params) {
    Yaml yaml = new Yaml(new SafeConstructor(new LoaderOptions()));
    return (Map<String, Object>) yaml.load(expand(params));
  }

  /** The workload as nb5 would see it with these parameters. */
  Workload workload(Map<String, String> params) {
    return new Workload(parse(params));
  }

  /** The names in {@code {name}} bind points of a statement, in order. */
  static List<String> bindPoints(String statement) {
    List<String> names = new ArrayList<>();
    Matcher m = Pattern.compile("\\{(\\w+)}").matcher(statement);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }
}
