package io.largekv.harness.ycsb;

import io.largekv.cluster.ClusterEvents;
import io.largekv.common.YcsbOutput;
import io.largekv.console.Console;
import io.largekv.harness.PhaseProgress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What one client process's stderr line means while a phase runs. Every line is kept whole in the
 * client's file ({@code stderr.txt}). Its status lines (YCSB's and largekv's) feed the phase's
 * progress line ({@link PhaseProgress}); its own lines a person reads on the console, wrapped, but for
 * those the end of the phase tells better (its result, warnings, the warm-up) or that only explain
 * ({@link #SHOWN_WITH_VERBOSE}); errors are shown clipped — a repeated error (a driver warning every
 * two seconds while a node is down) only twice, then counted. With {@code --verbose} every line the
 * console leaves out comes too, as the client printed it, and YCSB's status line every 10 s. The
 * first operation's time starts the phase's timed events.
 */
public final class ClientProgress {

  /** Times a line of the same shape (digits aside) is shown before it is only counted. */
  static final int SHOWN_REPEATS = 2;

  /**
   * A client's own lines that go to the console only with --verbose: the phase's end says them
   * better (its result, its warnings, the warm-up left out), or they explain what the files keep
   * (the first operation's time, a stall's stack, where wake-ups ran, the start-up collection, the
   * checkpoint removed, the DDL's text, the metrics endpoint's address).
   */
  static final Pattern SHOWN_WITH_VERBOSE = Pattern.compile("(?:largekv: (?:first operation at |event-loop stall|virtual"
      + " client threads woke |load complete, checkpoint |result |the client's warm-up, |WARNING: |metrics at |a client stall after )"
      + "|yugabyte-ycql: (?:one full collection |CREATE |connected to )).*", Pattern.DOTALL);

  private final Console console;
  private final String prefix;
  private final ClusterEvents events;
  private final PhaseProgress progress;
  private final int index;
  private final Map<String, Integer> seen = new HashMap<>();
  private final List<String> own = new ArrayList<>();
  private String connection = "";
  private long hidden;
  private final boolean timeBounded;
  private Map.Entry<String, long[]> busiest;

  /**
   * @param progress the phase's progress line, which this client's status lines feed as client {@code index}
   * @param timeBounded the phase ends by time (maxexecutiontime): YCSB's "est completion in ..."
   *     counts against operationcount, YCSB's int ceiling, and reads thousands of years; it is left
   *     out of the status lines --verbose shows (the client's file keeps them whole)
   */
  ClientProgress(Console console, String prefix, ClusterEvents events, PhaseProgress progress, int index,
      boolean timeBounded) {
    this.console = console;
    this.prefix = prefix;
    this.events = events;
    this.progress = progress;
    this.index = index;
    this.timeBounded = timeBounded;
  }

  void accept(String line, Path file) {
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
    if (YcsbOutput.isStatusLine(line)) {
      status(line);
      return;
    }
    if (line.startsWith("largekv:") || line.startsWith("yugabyte-ycql:")) {
      if (SHOWN_WITH_VERBOSE.matcher(line).matches()) {
        console.raw(prefix, line);
      } else {
        // the prefix says it is largekv's already
        console.say(prefix + (line.startsWith("largekv: ") ? line.substring("largekv: ".length()) : line));
      }
      return;
    }
    if (line.contains("Exception") || line.contains("ERROR")) {
      int n = seen.merge(line.replaceAll("[0-9]+", "#"), 1, Integer::sum);
      if (n <= SHOWN_REPEATS || console.verbose()) {
        console.foreign(prefix, line, file);
      } else {
        hidden++;
      }
      return;
    }
    console.raw(prefix, line);
  }

  /** A status line: YCSB's gives the busiest operation's p99, largekv's the rest of the progress line. */
  private void status(String line) {
    if (YcsbOutput.atTenSeconds(line)) {
      console.raw(prefix, timeBounded ? YcsbOutput.withoutCompletionEstimate(line) : line);
    }
    Map.Entry<String, long[]> op = YcsbOutput.busiestOperation(line);
    if (op != null) {
      busiest = op;
      return;
    }
    YcsbOutput.Status s = YcsbOutput.status(line);
    if (s != null) {
      progress.update(index, new PhaseProgress.Status(s.seconds(), s.plannedSeconds(), s.lastRate(), s.successful(),
          s.failed(), s.verified(), s.verifiedBad(), s.keysDone(), s.keysPlanned(), s.eta(),
          busiest == null ? null : busiest.getKey(), busiest == null ? null : busiest.getValue()[1]));
    }
  }

  /** The phase ended: says how many repeated lines were not shown, and where they are. */
  void finish(Path file) {
    if (hidden > 0) {
      console.say(String.format("%s%d more lines like the ones above are in %s", prefix, hidden, file));
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
