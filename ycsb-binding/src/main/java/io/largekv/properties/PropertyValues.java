package io.largekv.properties;

import io.largekv.common.UserError;
import java.util.Locale;
import java.util.Properties;

/**
 * Reads and checks one YCSB property (binding or workload): a missing property takes its default,
 * an empty or malformed one is a {@link UserError} naming the property, the value and what
 * is accepted.
 */
public final class PropertyValues {
  private final Properties p;

  public PropertyValues(Properties p) {
    this.p = p;
  }

  public boolean has(String key) {
    return p.getProperty(key) != null;
  }

  /** The trimmed value, or {@code def} when the property is absent; empty is an error. */
  public String string(String key, String def) {
    String v = p.getProperty(key);
    if (v == null) {
      return def;
    }
    v = v.trim();
    if (v.isEmpty()) {
      throw new UserError(key + " is empty; give a value or leave it unset (default " + def + ")");
    }
    return v;
  }

  public int intRange(String key, int def, int min, int max) {
    return (int) longRange(key, def, min, max, "an integer in " + min + ".." + max);
  }

  public long longAtLeast(String key, long def, long min) {
    return longRange(key, def, min, Long.MAX_VALUE, "a whole number >= " + min + " (up to " + Long.MAX_VALUE + ")");
  }

  private long longRange(String key, long def, long min, long max, String accepted) {
    String v = string(key, Long.toString(def));
    try {
      long parsed = Long.parseLong(v.replace("_", ""));
      if (parsed >= min && parsed <= max) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UserError(key, v, accepted);
  }

  /** A number in [0, 1]. */
  public double fraction(String key, double def) {
    return number(key, def, "a number in 0..1", d -> d >= 0 && d <= 1);
  }

  /** A finite number greater than 0. */
  public double positive(String key, double def) {
    return number(key, def, "a number > 0", d -> d > 0 && !Double.isInfinite(d));
  }

  /** A number that passes {@code ok}; {@code accepted} says which in the error. */
  public double number(String key, double def, String accepted, java.util.function.DoublePredicate ok) {
    String v = string(key, Double.toString(def));
    try {
      double parsed = Double.parseDouble(v);
      if (ok.test(parsed)) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new UserError(key, v, accepted);
  }

  public boolean bool(String key, boolean def) {
    return oneOf(key, Boolean.toString(def), "true", "false").equals("true");
  }

  /** One of {@code accepted}, case-insensitive; returned as spelled in {@code accepted}. */
  public String oneOf(String key, String def, String... accepted) {
    String v = string(key, def).toLowerCase(Locale.ROOT);
    for (String a : accepted) {
      if (a.equals(v)) {
        return a;
      }
    }
    throw new UserError(key, v, String.join(", ", accepted));
  }

  /** A number as a property value is written: {@code 99}, {@code 99.9}. */
  public static String written(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
