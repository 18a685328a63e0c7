package io.largekv.properties;

import io.largekv.common.UserError;
import java.util.Collection;
import java.util.Map;
import java.util.Properties;

/**
 * Checks the names of a namespace's properties ({@code ycql.*}, {@code largekv.*}): a misspelled
 * or renamed property is an error naming the closest known one, never silently ignored.
 */
public final class PropertyNames {

  private PropertyNames() {}

  /**
   * Every property of {@code p} that starts with {@code prefix} must be in {@code known}.
   *
   * @param renamed old name → new name, reported as such
   * @throws UserError for the first unknown name (in sorted order)
   */
  public static void check(Properties p, String prefix, Collection<String> known, Map<String, String> renamed) {
    for (String name : new java.util.TreeSet<>(p.stringPropertyNames())) {
      if (renamed.containsKey(name)) {
        throw new UserError(name + " was renamed " + renamed.get(name) + "; accepted: -p "
            + renamed.get(name) + "=" + p.getProperty(name));
      }
      if (name.startsWith(prefix) && !known.contains(name)) {
        throw new UserError(name + " is not a known property; did you mean " + closest(name, known)
            + "? (every " + prefix + "* property: docs/" + (prefix.equals("ycql.") ? "ycsb-binding.md" : "ycsb-workload.md") + ")");
      }
    }
  }

  /** The known name nearest to {@code name} (edit distance). */
  static String closest(String name, Collection<String> known) {
    String best = null;
    int bestDistance = Integer.MAX_VALUE;
    for (String k : known) {
      int d = distance(name, k);
      if (d < bestDistance) {
        bestDistance = d;
        best = k;
      }
    }
    return best;
  }

  /** Levenshtein distance. */
  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
