package io.largekv.nosqlbench;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The binding-function names each supported nb5 release knows, from the lists in
 * src/test/resources/nb5-functions/ (their headers say how they were made from nb5's source).
 */
final class Nb5Functions {

  /** The releases yb_kv_large must run on unchanged. */
  static final List<String> RELEASES = List.of("5.17.9", "5.21.8", "5.25.7");

  private Nb5Functions() {}

  static Set<String> of(String release) {
    String resource = "/nb5-functions/nb5-" + release + ".txt";
    try (InputStream in = Nb5Functions.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing test resource " + resource);
      }
      Set<String> names = new TreeSet<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        String l = line.trim();
        if (!l.isEmpty() && !l.startsWith("#")) {
          names.add(l);
        }
      }
      return names;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
