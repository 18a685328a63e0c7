package io.largekv.workload;

import io.largekv.ycsb.ConfigException;
import java.util.Locale;
import java.util.Properties;

/** Parsing of the workload's properties with one-line errors naming the property. */
final class WorkloadProperties {
  private final Properties p;

  WorkloadProperties(Properties p) {
    this.p = p;
  }

  boolean has(String key) {
    String v = p.getProperty(key);
    return v != null && !v.isBlank();
  }

  String string(String key, String def) {
    String v = p.getProperty(key);
    return v == null || v.isBlank() ? def : v.trim();
  }

  long longAtLeast(String key, long def, long min) {
    String v = string(key, Long.toString(def)).replace("_", "");
    long parsed;
    try {
      parsed = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new ConfigException(key, v, "a whole number >= " + min + " (up to " + Long.MAX_VALUE + ")");
    }
    if (parsed < min) {
      throw new ConfigException(key, v, "a whole number >= " + min + " (up to " + Long.MAX_VALUE + ")");
    }
    return parsed;
  }

  int intRange(String key, int def, int min, int max) {
    String v = string(key, Integer.toString(def));
    long parsed;
    try {
      parsed = Long.parseLong(v);
    } catch (NumberFormatException e) {
      throw new ConfigException(key, v, "an integer in " + min + ".." + max);
    }
    if (parsed < min || parsed > max) {
      throw new ConfigException(key, v, "an integer in " + min + ".." + max);
    }
    return (int) parsed;
  }

  double fraction(String key, double def) {
    String v = string(key, Double.toString(def));
    double parsed;
    try {
      parsed = Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new ConfigException(key, v, "a number in 0..1");
    }
    if (!(parsed >= 0 && parsed <= 1)) {
      throw new ConfigException(key, v, "a number in 0..1");
    }
    return parsed;
  }

  double positive(String key, double def) {
    String v = string(key, Double.toString(def));
    double parsed;
    try {
      parsed = Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new ConfigException(key, v, "a number > 0");
    }
    if (!(parsed > 0) || Double.isInfinite(parsed)) {
      throw new ConfigException(key, v, "a number > 0");
    }
    return parsed;
  }

  boolean bool(String key, boolean def) {
    String v = string(key, Boolean.toString(def)).toLowerCase(Locale.ROOT);
    if (v.equals("true") || v.equals("false")) {
      return v.equals("true");
    }
    throw new ConfigException(key, v, "true, false");
  }

  String oneOf(String key, String def, String... accepted) {
    String v = string(key, def).toLowerCase(Locale.ROOT);
    for (String a : accepted) {
      if (a.equals(v)) {
        return a;
      }
    }
    throw new ConfigException(key, v, String.join(", ", accepted));
  }
}
