package io.largekv.harness.ycsb;

import io.largekv.cluster.ClusterEvents;
import io.largekv.common.YcsbOutput;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one client process's stderr line means while a phase runs: every line is kept in the
 * client's file; to the progress output go a status line every 10 s (YCSB's and largekv's own,
 * with the failed operations), largekv's and the binding's lines, and errors — a repeated error
 * (a driver warning every two seconds while a node is down) only twice, then counted. The first
 * operation's time starts the phase's timed events.
 */
public final class ClientProgress {

  /** Times a line of the same shape (digits aside) is shown before it is only counted. */
  static final int SHOWN_REPEATS = 2;

  private final PrintStream progress;
  private final String prefix;
  private final ClusterEvents events;
  private final Map<String, Integer> seen = new HashMap<>();
  private final List<String> own = new ArrayList<>();
  private String connection = "";
  private long hidden;
  private final boolean timeBounded;

  /**
   * @param timeBounded the phase ends by time (maxexecutiontime): YCSB's "est completion in ..."
   *     counts against operationcount, YCSB's int ceiling, and reads thousands of years; it is left
   *     out of the lines shown (the client's file keeps them whole)
   */
  ClientProgress(PrintStream progress, String prefix, ClusterEvents events, boolean timeBounded) {
    this.progress = progress;
    this.prefix = prefix;
    this.events = events;
    this.timeBounded = timeBounded;
  }

  void accept(String line) {
    long first = YcsbOutput.firstOperationMs(line);
    if (first > 0) {
      events.firstOperation(first);
    }
    if (line.startsWith("largekv: ")) {
      own.add(line);
    }
    if (line.startsWith(YcsbOutput.CONNECTED)) {
      connection = line.substring("yugabyte-ycql: ".length());
    }
    // YCSB's status line and largekv's (successful and failed operations); every second in compare
    if (YcsbOutput.isStatusLine(line)) {
      if (YcsbOutput.atTenSeconds(line)) {
        progress.println(prefix + (timeBounded ? YcsbOutput.withoutCompletionEstimate(line) : line));
      }
      return;
    }
    if (line.startsWith("largekv:") || line.startsWith("yugabyte-ycql:")) {
      progress.println(prefix + line);
      return;
    }
    if (line.contains("Exception") || line.contains("ERROR")) {
      int n = seen.merge(line.replaceAll("[0-9]+", "#"), 1, Integer::sum);
      if (n <= SHOWN_REPEATS) {
        progress.println(prefix + line);
      } else {
        hidden++;
      }
    }
  }

  /** The phase ended: says how many repeated lines were not shown, and where they are. */
  void finish(Path file) {
    if (hidden > 0) {
      progress.printf("%slargekv: %d more lines like the ones above are in %s%n", prefix, hidden, file);
    }
  }

  /** largekv's own lines ({@code largekv: ...}) of the client. */
  List<String> own() {
    return own;
  }

  /** The binding's "connected to ..." line, without its prefix; "" before it. */
  String connection() {
    return connection;
  }
}
