package io.largekv.report;

import io.largekv.common.WarmUp;
import io.largekv.report.files.ClientFiles;
import io.largekv.report.files.EventRecord;
import io.largekv.report.files.EventsFile;
import io.largekv.report.files.HdrLog;
import io.largekv.report.files.NodeRecord;
import io.largekv.report.files.NodesFile;
import io.largekv.report.files.ServerSamplesFile;
import io.largekv.results.ClientSummary;
import io.largekv.results.ResultsLayout;
import io.largekv.results.Timeline;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One run of one phase against one target: the raw output of its client processes (their
 * {@link ClientSummary}, {@code client-<i>/hdr/<OPERATION>.hdr}, {@code client-<i>/exit.txt}:
 * {@link ResultsLayout}) merged into one view. Histograms of several clients and of several intervals are added, never
 * averaged; the first {@code warmupSeconds} of the phase are left out of the summary.
 */
public final class PhaseResult {

  public final Path dir;
  public final int clients;
  /** Operation name → one interval log per client. */
  public final Map<String, List<List<HdrLog.Interval>>> logs;
  /** Each client's summary, client-0 first. */
  public final List<ClientSummary> summaries;
  public final List<Integer> exitCodes;
  /**
   * The {@code client.index}es that the clients' commands ({@code client-<i>/command.txt},
   * {@code client.count=N}) say ran, but whose {@code client-<i>} directory is not here: a phase
   * with a client missing is failed, never the others' sum.
   */
  public final List<Integer> missingClients;
  /** Client directories that the commands do not count, or commands that disagree on client.count. */
  public final List<String> clientProblems;
  /** Each failed client's own reason: its {@code [LARGEKV], Result}, else its last {@code largekv:} line. */
  public final List<String> failureReasons;
  public final long startMs;
  public final long endMs;
  /** The warm-up asked for (ms). */
  public final long warmupMs;
  /**
   * Where the warm-up ends (ms since 1970): what the figures after the warm-up start from. The
   * instant the clients cut their own figures at ({@code WarmUpEndEpochMs}), else the same rule
   * ({@link WarmUp#endMs}) from the phase's time zero; {@link #startMs} without a warm-up.
   */
  public final long cutMs;
  /** The phase's timed events ({@code events.jsonl}), in their order. */
  public final List<EventRecord> events;
  /** A local cluster's nodes at the end of the run ({@code nodes.jsonl}); empty otherwise. */
  public final List<NodeRecord> nodes;
  /** The servers' samples through the run ({@code servers.jsonl} and beside it); empty when not sampled. */
  public final ServerSamplesFile.Samples servers;
  /** Each client's seconds ({@code client-<i>/timeline.csv}). */
  public final List<List<Timeline.Second>> timelines;
  /** Each client's files, client-0 first. */
  private final List<ClientFiles> clientFiles;
  /** Each client's first interval start and last interval end (ms since 1970), {MAX, MIN} without any. */
  private final List<long[]> clientSpans = new ArrayList<>();
  /**
   * Each client's first interval (of any operation) that starts at or after {@link #cutMs}, where
   * its measured seconds start; {@code Long.MAX_VALUE} for a client with none.
   */
  private final long[] clientMeasuredFromMs;
  /** Operations that failed in the clients' earlier attempts (their timelines), and by error class. */
  private long earlierFailed;
  private final Map<String, Long> earlierErrorClasses = new TreeMap<>();
  /** Each client's {@code [LARGEKV], LoadRowsBefore} when it had earlier attempts, else 0. */
  private final List<Long> rowsBefore = new ArrayList<>();
  /**
   * Clients run again (a load pod the Job replaced): how many times, how the earlier attempts
   * ended, and the rows the last one counted as acknowledged before it. Not a failure.
   */
  public final List<String> reruns;

  private PhaseResult(Path dir, long warmupSeconds) throws IOException {
    this.dir = dir;
    List<ClientFiles> files = new ArrayList<>();
    for (Path c : ClientFiles.clientDirs(dir)) {
      files.add(ClientFiles.read(c));
    }
    this.clientFiles = List.copyOf(files);
    this.clients = files.size();
    Map<String, List<List<HdrLog.Interval>>> logs = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    List<String> reruns = new ArrayList<>();
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    long first = Long.MAX_VALUE;
    for (ClientFiles c : files) {
      if (c.summaryProblem() != null) {
        // the client's figures are unknown: the phase fails
        problems.add(c.name() + "'s summary cannot be read: " + c.summaryProblem());
      }
      // a client run again (a load pod the Job replaced) kept its earlier attempts' files in
      // attempt-<k>/: their intervals are the client's too (every operation measured), and the
      // rows they acknowledged are counted once (attemptCorrection)
      long failedBefore = 0;
      for (ClientFiles.Attempt a : c.attempts()) {
        failedBefore += a.failed();
        a.errorClasses().forEach((k, v) -> earlierErrorClasses.merge(k, v, Long::sum));
      }
      earlierFailed += failedBefore;
      if (!c.attempts().isEmpty()) {
        Long before = c.summary().loadRowsBefore();
        rowsBefore.add(before == null ? 0 : before);
        if (before == null && c.exitCode() == 0) {
          // only a load's client is run again, and its last attempt continues the checkpoint
          problems.add(c.name() + " holds earlier attempts (attempt-<k>/) but its last did not continue a"
              + " load's checkpoint (no LoadRowsBefore): its operations cannot be counted once");
        }
        reruns.add(c.name() + " ran " + (c.attempts().size() + 1) + " times (" + String.join(", ",
            c.attempts().stream().map(a -> a.name() + " " + a.ended()).toList()) + "); its last continued with "
            + rowsBefore.get(rowsBefore.size() - 1) + " rows acknowledged before"
            + (failedBefore > 0 ? "; " + failedBefore + " operations failed in the earlier attempts" : ""));
      } else {
        rowsBefore.add(0L);
      }
      long[] span = {Long.MAX_VALUE, Long.MIN_VALUE};
      for (Map.Entry<String, List<HdrLog.Interval>> e : c.logs().entrySet()) {
        logs.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(e.getValue());
        for (HdrLog.Interval i : e.getValue()) {
          span[0] = Math.min(span[0], i.startMs);
          span[1] = Math.max(span[1], i.endMs);
        }
      }
      clientSpans.add(span);
      start = Math.min(start, span[0]);
      end = Math.max(end, span[1]);
      first = Math.min(first, c.firstOperationMs());
    }
    this.logs = Collections.unmodifiableMap(logs);
    this.summaries = files.stream().map(ClientFiles::summary).toList();
    this.exitCodes = files.stream().map(ClientFiles::exitCode).toList();
    this.timelines = files.stream().map(ClientFiles::timeline).toList();
    // time zero is the clients' common start when they had one (largekv.start_barrier: the warm-up
    // counts from it), else the first operation a client reported (the events' time zero), else the
    // first interval's start
    long common = summaries.stream().map(ClientSummary::commonStartEpochMs).filter(ms -> ms != null && ms > 0)
        .mapToLong(Long::longValue).min().orElse(Long.MAX_VALUE);
    // (a phase without a warm-up, a load, measures from its first operation: connecting is not in it;
    // but clients that operated before the common start, nb5's read pods, which read while they wait
    // for it, are measured from the common start whatever the warm-up)
    start = common != Long.MAX_VALUE && (warmupSeconds > 0 || start < common) ? common : Math.min(start, first);
    this.missingClients = CountedClients.missing(files, problems);
    this.clientProblems = List.copyOf(problems);
    this.failureReasons = files.stream().filter(c -> c.exitCode() != 0)
        .map(c -> c.name() + ": " + c.failureReason()).toList();
    this.reruns = List.copyOf(reruns);
    this.startMs = start == Long.MAX_VALUE ? 0 : start;
    this.endMs = end == Long.MIN_VALUE ? 0 : end;
    this.warmupMs = warmupSeconds * 1000;
    long stated = summaries.stream().map(ClientSummary::warmUpEndEpochMs).filter(ms -> ms != null && ms > 0)
        .mapToLong(Long::longValue).min().orElse(0);
    this.cutMs = warmupSeconds == 0 ? this.startMs
        : stated > 0 ? stated : WarmUp.endMs(0, this.startMs, warmupSeconds);
    this.clientMeasuredFromMs = files.stream().mapToLong(c -> firstIntervalFrom(c, cutMs)).toArray();
    this.events = EventsFile.read(dir);
    this.nodes = NodesFile.read(dir);
    this.servers = ServerSamplesFile.read(dir);
  }

  public static PhaseResult load(Path dir, long warmupSeconds) throws IOException {
    return new PhaseResult(dir, warmupSeconds);
  }

  /**
   * Whether the run has a time zero ({@link #startMs}): a client reported its first operation or
   * logged an interval. A run that failed before either has none, and no time is relative to it.
   */
  public boolean hasTimeZero() {
    return startMs != 0;
  }

  /**
   * Failed: a client exited non-zero or no operation was recorded ({@link #noOperationRecorded}),
   * or a local node's process ended on its own during the phase (a crash: the figures are not a
   * whole cluster's, whatever the clients saw).
   */
  public boolean failed() {
    return noOperationRecorded() || exitCodes.stream().anyMatch(c -> c != 0) || !missingClients.isEmpty()
        || !clientProblems.isEmpty() || !nodesEndedOnTheirOwn().isEmpty();
  }

  /**
   * No client's histogram log holds an operation, and no client says otherwise: the phase did
   * nothing that can be counted. An nb5 client's log may hold none of the operations it completed
   * (nb5 5.25 leaves its last interval out, which in a load of a second or two is all of them):
   * when every client is an nb5 that counted operations it completed, its verdict
   * ({@code exit.txt}) decides, and only the figures are unavailable ({@link #measured}).
   */
  public boolean noOperationRecorded() {
    return logs.isEmpty() && (summaries.isEmpty() || !summaries.stream().allMatch(c -> c.nb5() != null
        && c.nb5().completedOperations() != null && c.nb5().completedOperations() > 0));
  }

  /** "node N (address) STATE" of each local node whose process ended on its own, in their order. */
  public List<String> nodesEndedOnTheirOwn() {
    return nodes.stream().filter(NodeRecord::endedOnItsOwn)
        .map(n -> "node " + n.node() + " (" + n.address() + ") " + n.state()).toList();
  }

  /** Operations measured (service time), e.g. INSERT, READ, UPDATE; not the Intended-* ones. */
  public List<String> operations() {
    return logs.keySet().stream().filter(o -> !o.startsWith("Intended-") && !o.endsWith("-FAILED")).toList();
  }

  /** The phase's main operation: READ when there are reads, else the most frequent one. */
  public String mainOperation() {
    if (logs.containsKey("READ")) {
      return "READ";
    }
    String best = null;
    long most = -1;
    for (String op : operations()) {
      long n = histogram(op).getTotalCount();
      if (n > most) {
        most = n;
        best = op;
      }
    }
    return best;
  }

  /** Intended-time (coordinated-omission-corrected) histogram name when YCSB recorded one. */
  public String latencyName(String op) {
    return logs.containsKey("Intended-" + op) ? "Intended-" + op : op;
  }

  /** All clients' intervals of an operation after the warm-up, merged. */
  public Histogram histogram(String op) {
    List<List<HdrLog.Interval>> l = logs.get(op);
    return l == null ? new Histogram(3) : HdrLog.merge(l, cutMs);
  }

  /** All clients' intervals of an operation that start in {@code [fromMs, toMs)}, merged. */
  public Histogram histogramBetween(String op, long fromMs, long toMs) {
    Histogram total = new Histogram(3);
    for (List<HdrLog.Interval> log : logs.getOrDefault(op, List.of())) {
      for (HdrLog.Interval i : log) {
        if (i.startMs >= fromMs && i.startMs < toMs) {
          total.add(i.histogram);
        }
      }
    }
    return total;
  }

  /** The phase's figures second by second: throughput, latency, failures. */
  public PhaseSeries series() {
    return new PhaseSeries(this, clientSpans);
  }

  /**
   * Whether the clients' logs hold an interval that starts at or after the warm-up's end, the
   * intervals {@link #histogram} counts: else the phase's throughput and seconds are unavailable,
   * never 0 (a short phase of an nb5 that leaves its last interval out of its log can end with none).
   */
  public boolean measured() {
    return measuredFromMs() < Long.MAX_VALUE;
  }

  /**
   * Where the measured seconds start: the first interval of any client's log that starts at or after
   * the warm-up's end ({@link #cutMs}); {@code Long.MAX_VALUE} when none does. An interval that
   * straddles the cut is not counted ({@link #histogram}), so neither are its seconds.
   */
  private long measuredFromMs() {
    return java.util.Arrays.stream(clientMeasuredFromMs).min().orElse(Long.MAX_VALUE);
  }

  /** The start of client {@code c}'s first interval (of any operation) starting at or after {@code fromMs}. */
  private static long firstIntervalFrom(ClientFiles c, long fromMs) {
    long first = Long.MAX_VALUE;
    for (List<HdrLog.Interval> log : c.logs().values()) {
      for (HdrLog.Interval i : log) {
        if (i.startMs >= fromMs) {
          first = Math.min(first, i.startMs);
        }
      }
    }
    return first;
  }

  /** What each event that ran did to this run. */
  public List<EventImpact> eventImpacts() {
    return events.stream().filter(EventRecord::ran).map(e -> EventImpact.of(this, e)).toList();
  }

  /**
   * Measured seconds after the warm-up: from the first interval counted ({@link #measured}) to the
   * last one's end; 0.001 when nothing was measured.
   */
  public double measuredSeconds() {
    long from = measuredFromMs();
    return from == Long.MAX_VALUE ? 0.001 : Math.max(0.001, (endMs - from) / 1000.0);
  }

  /**
   * Seconds each client measured after the warm-up: a client that connected late, or ended early,
   * measured less than the phase ({@link #measuredSeconds()}).
   */
  public double[] clientMeasuredSeconds() {
    double[] seconds = new double[clientFiles.size()];
    for (int i = 0; i < seconds.length; i++) {
      long from = clientMeasuredFromMs[i];
      long[] span = clientSpans.get(i);
      seconds[i] = from == Long.MAX_VALUE ? 0 : Math.max(0, span[1] - from) / 1000.0;
    }
    return seconds;
  }

  /**
   * Each client's own operations per second after the warm-up (all operation types), over the
   * seconds it measured ({@link #clientMeasuredSeconds()}); NaN for a client that measured none.
   */
  public double[] clientThroughputs() {
    double[] seconds = clientMeasuredSeconds();
    double[] tp = new double[clientFiles.size()];
    for (int i = 0; i < tp.length; i++) {
      long ops = 0;
      for (Map.Entry<String, List<HdrLog.Interval>> e : clientFiles.get(i).logs().entrySet()) {
        if (operations().contains(e.getKey())) {
          ops += HdrLog.merge(List.of(e.getValue()), cutMs).getTotalCount() + attemptCorrection(i, e.getKey());
        }
      }
      tp[i] = seconds[i] > 0 ? ops / seconds[i] : Double.NaN;
    }
    return tp;
  }

  /**
   * Operations of {@code op} after the warm-up, all clients, each counted once: the histograms'
   * count, except that a client's earlier attempts (a load client run again, which continued its
   * checkpoint) count no more inserts than the rows its last attempt says they acknowledged
   * ({@code LoadRowsBefore}): those after the checkpoint were done again, and count in the last
   * attempt. Never more than the logs hold. Latencies ({@link #histogram}) keep every operation
   * measured.
   */
  public long count(String op) {
    long n = histogram(op).getTotalCount();
    for (int i = 0; i < clientFiles.size(); i++) {
      n += attemptCorrection(i, op);
    }
    return n;
  }

  /** What client {@code i}'s earlier attempts add to its count of {@code op} beyond their logs. */
  private long attemptCorrection(int i, String op) {
    Map<String, List<HdrLog.Interval>> earlier = clientFiles.get(i).earlierLogs();
    if (earlier == null || !op.equals("INSERT")) {
      return 0;
    }
    List<List<HdrLog.Interval>> log = List.of(earlier.getOrDefault(op, List.of()));
    // the inserts beyond the rows they acknowledged were done again; those after the warm-up's cut
    // are what the histogram counts
    long excess = Math.max(0, HdrLog.merge(log, Long.MIN_VALUE).getTotalCount() - rowsBefore.get(i));
    return -Math.min(HdrLog.merge(log, cutMs).getTotalCount(), excess);
  }

  /** Operations per second after the warm-up, all operation types of all clients, each counted once. */
  public double throughput() {
    long ops = 0;
    for (String op : operations()) {
      ops += count(op);
    }
    return ops / measuredSeconds();
  }

  /** The rows the clients' reads verified, over the whole run. */
  public ClientSummary.Verified verified() {
    long ok = 0;
    long corrupt = 0;
    long missing = 0;
    long notYet = 0;
    for (ClientSummary c : summaries) {
      ok += c.verified().ok();
      corrupt += c.verified().corrupt();
      missing += c.verified().missing();
      notYet += c.verified().notYetWritten();
    }
    return new ClientSummary.Verified(ok, corrupt, missing, notYet);
  }

  /**
   * The stalls of the driver's I/O threads that the clients' own threads caused: counts and totals
   * added, the longest the longest of any client; null when no client counted them (platform
   * threads, the JDK's scheduler, nb5).
   */
  public ClientSummary.Stalls stalls() {
    return ClientSummary.Stalls.merge(summaries.stream().map(ClientSummary::stalls).toList());
  }

  /** Error returns of every operation, the clients' earlier attempts' too. */
  public long errors() {
    return earlierFailed + summaries.stream().mapToLong(ClientSummary::errors).sum();
  }

  public Map<String, Long> errorClasses() {
    Map<String, Long> m = new TreeMap<>(earlierErrorClasses);
    summaries.forEach(c -> c.errorClasses().forEach((k, v) -> m.merge(k, v, Long::sum)));
    return m;
  }
}
