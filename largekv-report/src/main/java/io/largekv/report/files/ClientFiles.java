package io.largekv.report.files;

import io.largekv.common.YcsbOutput;
import io.largekv.results.ClientSummary;
import io.largekv.results.ResultsLayout;
import io.largekv.results.Timeline;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What one client wrote of a phase ({@code client-<i>/}, {@link ResultsLayout}), read as it is:
 * its summary, exit status, command's {@code client.count}, operations' interval logs, seconds,
 * first operation and last {@code largekv:} line, and the same of the earlier attempts a client
 * run again kept in {@code attempt-<k>/}. Nothing here is merged or judged: that is
 * {@link io.largekv.report.PhaseResult}'s.
 *
 * @param name the directory's name, e.g. {@code client-0}
 * @param index its {@code client.index} from the name, -1 when it is not {@code client-<i>}
 * @param summary what the client says of the phase ({@link ClientSummary#NONE} when unreadable)
 * @param summaryProblem why the summary could not be read; null when it could
 * @param exitCode its exit.txt, -1 without one
 * @param clientCount the last {@code client.count=N} of its command.txt, 0 without
 * @param logs the operations' intervals of every attempt, the earlier ones' first
 * @param earlierLogs those of the earlier attempts alone; null for a client run once
 * @param attempts the earlier attempts, oldest first; empty for a client run once
 * @param timeline its seconds: the earlier attempts' (killed ones' cut at their last whole line), then the last's
 * @param firstOperationMs the earliest "first operation at" line of its attempts, Long.MAX_VALUE without
 * @param lastLine a failed client's last {@code largekv:} line on stderr without the prefix; null without one,
 *     and for a client that exited 0 (its stderr is not read to the end)
 */
public record ClientFiles(Path dir, String name, int index, ClientSummary summary, String summaryProblem, int exitCode,
    int clientCount, Map<String, List<HdrLog.Interval>> logs, Map<String, List<HdrLog.Interval>> earlierLogs,
    List<Attempt> attempts, List<Timeline.Second> timeline,
    long firstOperationMs, String lastLine) {

  /**
   * An earlier attempt of a client run again.
   *
   * @param ended how it ended: {@code exit N}, or {@code killed (no exit status)}
   * @param failed operations that failed in it (its seconds)
   * @param errorClasses those failures by error class
   */
  public record Attempt(String name, String ended, long failed, Map<String, Long> errorClasses) {}

  /** Operation logs YCSB writes that are not operations of the benchmark. */
  private static final List<String> NOT_OPERATIONS = List.of("CLEANUP", "VERIFY", "ERRORS");
  private static final Pattern CLIENT_COUNT = Pattern.compile("(?:^|\\s)client\\.count=(\\d{1,9})(?:\\s|$)");

  /** The client directories of a phase's directory, by name. */
  public static List<Path> clientDirs(Path phaseDir) throws IOException {
    try (Stream<Path> s = Files.list(phaseDir)) {
      return s.filter(p -> p.getFileName().toString().startsWith(ResultsLayout.CLIENT_PREFIX)).sorted().toList();
    }
  }

  /** Reads client directory {@code c}. */
  public static ClientFiles read(Path c) throws IOException {
    ClientSummary summary;
    String problem = null;
    try {
      summary = ClientSummaryFile.read(c);
    } catch (IOException e) {
      // a summary that cannot be read (a file cut short): the client's figures are unknown
      summary = ClientSummary.NONE;
      problem = e.getMessage().lines().findFirst().orElse("");
    }
    Map<String, List<HdrLog.Interval>> logs = new TreeMap<>();
    List<Attempt> attempts = new ArrayList<>();
    List<Timeline.Second> timeline = new ArrayList<>();
    long first = Long.MAX_VALUE;
    for (Path a : attemptDirs(c)) {
      readLogs(a.resolve(ResultsLayout.HDR), logs, true);
      long failed = 0;
      Map<String, Long> classes = new TreeMap<>();
      // its failed operations, a second at a time (a killed attempt printed no summary)
      for (Timeline.Second sec : Timeline.readKilled(a.resolve(ResultsLayout.TIMELINE))) {
        timeline.add(sec);
        failed += sec.failed();
        sec.classes().forEach((k, v) -> classes.merge(k, v, Long::sum));
      }
      Path exit = a.resolve(ResultsLayout.EXIT);
      attempts.add(new Attempt(a.getFileName().toString(), Files.exists(exit) ? "exit " + Files.readString(exit).trim()
          : "killed (no exit status)", failed, classes));
      first = Math.min(first, firstOperation(a.resolve(ResultsLayout.STDERR)));
    }
    Map<String, List<HdrLog.Interval>> earlier = null;
    if (!attempts.isEmpty()) {
      earlier = new TreeMap<>();
      for (Map.Entry<String, List<HdrLog.Interval>> e : logs.entrySet()) {
        earlier.put(e.getKey(), List.copyOf(e.getValue()));
      }
    }
    Map<String, List<HdrLog.Interval>> last = new TreeMap<>();
    readLogs(c.resolve(ResultsLayout.HDR), last, false);
    last.forEach((op, intervals) -> logs.computeIfAbsent(op, k -> new ArrayList<>()).addAll(intervals));
    timeline.addAll(Timeline.read(c.resolve(ResultsLayout.TIMELINE)));
    first = Math.min(first, firstOperation(c.resolve(ResultsLayout.STDERR)));
    Path exit = c.resolve(ResultsLayout.EXIT);
    int exitCode = Files.exists(exit) ? Integer.parseInt(Files.readString(exit).trim()) : -1;
    String name = c.getFileName().toString();
    return new ClientFiles(c, name, ResultsLayout.clientIndex(name), summary, problem, exitCode,
        clientCount(c.resolve(ResultsLayout.COMMAND)), logs, earlier, List.copyOf(attempts), List.copyOf(timeline),
        first, exitCode == 0 ? null : lastLargekvLine(c.resolve(ResultsLayout.STDERR)));
  }

  /** A client's earlier attempts ({@code attempt-<k>/}, kept by the pod's script), oldest first. */
  private static List<Path> attemptDirs(Path client) throws IOException {
    try (Stream<Path> s = Files.list(client)) {
      return s.filter(p -> p.getFileName().toString().matches(ResultsLayout.ATTEMPT_PREFIX + "\\d{1,4}")
              && Files.isDirectory(p))
          .sorted(Comparator.comparingInt(p -> Integer.parseInt(p.getFileName().toString()
              .substring(ResultsLayout.ATTEMPT_PREFIX.length()))))
          .toList();
    }
  }

  /**
   * The operations' interval logs of a client's {@code hdr/} directory, added to {@code into};
   * {@code killed}: an earlier attempt's, whose last line may be half written.
   */
  private static void readLogs(Path hdr, Map<String, List<HdrLog.Interval>> into, boolean killed) throws IOException {
    if (!Files.isDirectory(hdr)) {
      return;
    }
    try (Stream<Path> files = Files.list(hdr)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".hdr")).sorted().toList()) {
        String op = f.getFileName().toString().replace(".hdr", "");
        if (!NOT_OPERATIONS.contains(op)) {
          into.computeIfAbsent(op, k -> new ArrayList<>()).addAll(killed ? HdrLog.readKilled(f.toFile())
              : HdrLog.read(f.toFile()));
        }
      }
    }
  }

  /** The {@code client.count=N} of a client's command line, 0 when it has none (or no command.txt). */
  private static int clientCount(Path command) throws IOException {
    if (!Files.exists(command)) {
      return 0;
    }
    Matcher m = CLIENT_COUNT.matcher(Files.readString(command, StandardCharsets.UTF_8));
    int count = 0;
    while (m.find()) { // the last one: YCSB's -p
      count = Integer.parseInt(m.group(1));
    }
    return count;
  }

  /** The last {@code largekv:} line of a client's stderr, without the prefix; null without one. */
  private static String lastLargekvLine(Path stderr) throws IOException {
    if (!Files.exists(stderr)) {
      return null;
    }
    try (Stream<String> lines = Files.lines(stderr, StandardCharsets.UTF_8)) {
      return lines.filter(l -> l.startsWith("largekv: ")).reduce((a, b) -> b).map(l -> l.substring(9)).orElse(null);
    }
  }

  /** The client's "largekv: first operation at MS" line's time, or Long.MAX_VALUE. */
  private static long firstOperation(Path stderr) throws IOException {
    if (!Files.exists(stderr)) {
      return Long.MAX_VALUE;
    }
    try (Stream<String> lines = Files.lines(stderr, StandardCharsets.UTF_8)) {
      return lines.mapToLong(YcsbOutput::firstOperationMs).filter(ms -> ms > 0).findFirst().orElse(Long.MAX_VALUE);
    }
  }

  /**
   * Why a client failed: its result line, else the last line it wrote on stderr, shortened past 300
   * characters to say where the whole line is (the client's stderr.txt has both).
   */
  public String failureReason() {
    String why = summary.saysFailed() ? summary.result() : lastLine;
    if (why == null) {
      return "no reason written";
    }
    return why.length() > 300 ? why.substring(0, 300) + "... (the whole line: " + dir.resolve("stderr.txt") + ")"
        : why;
  }
}
