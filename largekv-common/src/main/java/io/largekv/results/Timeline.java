package io.largekv.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One client's {@code timeline.csv} ({@code largekv.timeline}): a line a second with the
 * successful and failed operations, the verification failures and the failures by error class of
 * that second. Written by the binding as the run goes, read by the report: the format's one owner.
 *
 * <pre>
 * # end_ms,successful,failed,verification_failures,failures_by_class (OPERATION:Class=n;...)
 * 1790000001000,1000,40,0,READ:DriverTimeoutException=40
 * </pre>
 */
public final class Timeline {

  /** The file's first line. */
  public static final String HEADER =
      "# end_ms,successful,failed,verification_failures,failures_by_class (OPERATION:Class=n;...)";

  /** A second's line; {@code classes}: {@code OPERATION:Class=n} of each error class that failed in it. */
  public static String line(long endMs, long successful, long failed, long verificationFailures,
      List<String> classes) {
    return endMs + "," + successful + "," + failed + "," + verificationFailures + "," + String.join(";", classes);
  }

  /** One second of a client, ending at {@code endMs} (ms since 1970). */
  public record Second(long endMs, long successful, long failed, long verificationFailures, Map<String, Long> classes) {}

  private Timeline() {}

  public static List<Second> read(Path file) throws IOException {
    return Files.exists(file) ? parse(Files.readString(file, StandardCharsets.UTF_8)) : new ArrayList<>();
  }

  /**
   * The seconds of a timeline whose writer was killed (a client's earlier attempt): every complete
   * line; a last line it did not finish writing holds no second.
   */
  public static List<Second> readKilled(Path file) throws IOException {
    if (!Files.exists(file)) {
      return new ArrayList<>();
    }
    String text = Files.readString(file, StandardCharsets.UTF_8);
    return parse(text.substring(0, text.lastIndexOf('\n') + 1));
  }

  private static List<Second> parse(String text) {
    List<Second> out = new ArrayList<>();
    for (String line : text.split("\n")) {
      if (line.startsWith("#") || line.isBlank()) {
        continue;
      }
      String[] f = line.split(",", -1);
      Map<String, Long> classes = new TreeMap<>();
      if (f.length > 4 && !f[4].isEmpty()) {
        for (String c : f[4].split(";")) {
          int eq = c.lastIndexOf('=');
          classes.put(c.substring(0, eq), Long.parseLong(c.substring(eq + 1)));
        }
      }
      out.add(new Second(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
          classes));
    }
    return out;
  }
}
