package io.largekv.binding;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A YugabyteDB server's flags as its web server's {@code /varz?raw} writes them: a
 * {@code --name=value} line per flag (src/yb/server/default-path-handlers.cc, {@code FlagsHandler}
 * with the {@code raw} argument: every flag, defaults included).
 */
public final class YugabyteFlags {

  /** The page's path on a master (port 7000) or a tablet server (port 9000). */
  public static final String PATH = "/varz?raw";

  private YugabyteFlags() {}

  /** The flags of {@code page} by name; lines that are no flag are left out. */
  public static Map<String, String> parse(String page) {
    Map<String, String> flags = new LinkedHashMap<>();
    for (String line : page.split("\n")) {
      String l = line.strip();
      int eq = l.indexOf('=');
      if (l.startsWith("--") && eq > 2) {
        flags.put(l.substring(2, eq), l.substring(eq + 1));
      }
    }
    return flags;
  }

  /** {@code name}'s value as a whole number, or null when absent or not one. */
  public static Integer integer(Map<String, String> flags, String name) {
    try {
      return flags.containsKey(name) ? Integer.valueOf(flags.get(name).strip()) : null;
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
