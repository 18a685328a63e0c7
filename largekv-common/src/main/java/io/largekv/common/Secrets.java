package io.largekv.common;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Passwords among largekv's properties: which they are, how their values are given, and how they
 * are kept out of command lines, output and result files.
 *
 * <p>A secret's value is given literally, or as {@code env:NAME} (the environment variable
 * {@code NAME}) or {@code file:PATH} (the file's content, without its trailing newline). Only the
 * reference ({@code env:NAME}, {@code file:PATH}) is ever shown; a literal value is shown as
 * {@code ***}. {@code bin/ycsb} and {@code bin/largekv} (bin/lib/secrets.sh) move a literal
 * {@code -p ycql.password=...} into an environment variable and pass {@code env:NAME} before the JVM
 * starts, so it never appears in a process command line.
 */
public final class Secrets {

  /**
   * The properties whose values are secrets: the one list. bin/lib/secrets.sh, which runs before any
   * JVM, spells the same names in its pattern; SecretsTest holds the two together.
   */
  public static final List<String> PROPERTIES = List.of(
      "ycql.password", "ycql.truststore_password", "ycql.keystore_password");

  /** {@code NAME=VALUE} of any of {@link #PROPERTIES}. */
  private static final Pattern ASSIGNMENT = Pattern.compile("(" + String.join("|",
      PROPERTIES.stream().map(Pattern::quote).toList()) + ")=(\\S*)");

  private Secrets() {}

  /** True for a property whose value is a secret. */
  public static boolean isSecret(String property) {
    return PROPERTIES.contains(property);
  }

  /**
   * The value of a secret property as given: a literal, {@code env:NAME} or {@code file:PATH}.
   *
   * @throws UserError when the variable is unset or the file unreadable
   */
  public static String resolve(String property, String given, Map<String, String> environment) {
    if (given == null) {
      return null;
    }
    if (given.startsWith("env:")) {
      String name = given.substring(4);
      String v = environment.get(name);
      if (v == null) {
        throw new UserError(property + "=" + given + ": the environment variable " + name
            + " is not set; accepted values: a literal, env:NAME of a set variable, file:PATH");
      }
      return v;
    }
    if (given.startsWith("file:")) {
      Path file = Paths.get(given.substring(5));
      try {
        String v = Files.readString(file, StandardCharsets.UTF_8);
        return v.endsWith("\r\n") ? v.substring(0, v.length() - 2)
            : v.endsWith("\n") ? v.substring(0, v.length() - 1) : v;
      } catch (IOException e) {
        throw new UserError(property + "=" + given + ": cannot read " + file + " ("
            + e.getClass().getSimpleName() + "); accepted values: a literal, env:NAME, file:PATH of a readable file");
      }
    }
    return given;
  }

  /** How a secret's value may be shown: its reference, or {@code ***} for a literal. */
  public static String shown(String given) {
    if (given == null || given.isEmpty()) {
      return given;
    }
    return given.startsWith("env:") || given.startsWith("file:") ? given : "***";
  }

  /** {@code text} with every {@code secret=literal} written as {@code secret=***}. */
  public static String redact(String text) {
    Matcher m = ASSIGNMENT.matcher(text);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(sb, Matcher.quoteReplacement(m.group(1) + "=" + shown(m.group(2))));
    }
    m.appendTail(sb);
    return sb.toString();
  }

  /** Each argument redacted. */
  public static List<String> redact(List<String> args) {
    List<String> out = new ArrayList<>(args.size());
    for (String a : args) {
      out.add(redact(a));
    }
    return out;
  }
}
