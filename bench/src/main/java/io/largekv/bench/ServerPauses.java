package io.largekv.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The local server's stop-the-world pauses, from its GC log ({@code -Xlog:gc:file=...:time,uptime}):
 * a pause holds every request in flight for its length, whichever client sent it, so the pauses
 * within a client's run are part of what that run's tail measured. A line is logged when its pause
 * ends: {@code [2026-11-25T14:01:40.519+0000][559.728s] GC(400) Pause Young (Normal) (G1 Evacuation
 * Pause) 845M->234M(1024M) 19.089ms}. Concurrent phases ({@code Concurrent Mark Cycle}) stop nothing
 * and are not pauses.
 */
final class ServerPauses {

  /** The local server's GC log in the results directory ({@code -Xlog:gc}, wall-clock times). */
  static final String GC_LOG = "server-gc.log";

  /** One pause: when it ended, and its length. */
  record Pause(Instant end, double millis) {}

  /** The pauses that overlapped one client's run. */
  record Within(int count, double longestMillis, double totalMillis) {
    static final Within UNKNOWN = new Within(-1, Double.NaN, Double.NaN);

    boolean known() {
      return count >= 0;
    }

    /** {@code 21, longest 88 ms, 712 ms in all}; {@code -} when the server's log was not read. */
    String render() {
      return known() ? String.format(Locale.ROOT, "%d, longest %.0f ms, %.0f ms in all", count, longestMillis,
          totalMillis) : "-";
    }
  }

  private static final Pattern LINE = Pattern.compile(
      "^\\[([0-9T:.+\\-]+)\\](?:\\[[^]]*\\])*\\s+GC\\(\\d+\\) Pause .* ([0-9]+(?:\\.[0-9]+)?)ms$");
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");

  /** Null when there was no log to read: then no run's pauses are known, which is not none. */
  private final List<Pause> pauses;

  private ServerPauses(List<Pause> pauses) {
    this.pauses = pauses == null ? null : List.copyOf(pauses);
  }

  /** The pauses of a GC log; unknown for every run when the file does not exist. */
  static ServerPauses read(Path gcLog) throws IOException {
    if (!Files.exists(gcLog)) {
      return new ServerPauses(null);
    }
    return parse(Files.readAllLines(gcLog, StandardCharsets.UTF_8));
  }

  static ServerPauses parse(List<String> lines) {
    List<Pause> pauses = new ArrayList<>();
    for (String line : lines) {
      Matcher m = LINE.matcher(line.strip());
      if (!m.matches()) {
        continue;
      }
      try {
        pauses.add(new Pause(OffsetDateTime.parse(m.group(1), TIME).toInstant(), Double.parseDouble(m.group(2))));
      } catch (DateTimeParseException e) {
        // a line of another decoration: not ours to guess
      }
    }
    return new ServerPauses(pauses);
  }

  /** The pauses that overlapped {@code [from, to]}, each counted whole. */
  Within between(Instant from, Instant to) {
    if (pauses == null) {
      return Within.UNKNOWN;
    }
    int count = 0;
    double longest = 0;
    double total = 0;
    for (Pause p : pauses) {
      Instant start = p.end().minusNanos((long) (p.millis() * 1e6));
      if (p.end().isAfter(from) && start.isBefore(to)) {
        count++;
        longest = Math.max(longest, p.millis());
        total += p.millis();
      }
    }
    return new Within(count, longest, total);
  }
}
