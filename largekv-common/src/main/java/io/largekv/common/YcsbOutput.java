package io.largekv.common;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * YCSB's text output ({@code [SECTION], Metric, value}) as numbers: overall runtime and
 * throughput, and per operation its count, latency percentiles (µs, as YCSB's HdrHistogram
 * measurement prints them) and return codes; largekv's own section is read as a client's
 * {@code io.largekv.results.ClientSummary}. And the status lines a client prints on stderr while
 * it runs (YCSB's {@code -s} line, largekv's): the one parser of both.
 */
public final class YcsbOutput {

  /** How the binding's stderr line naming the server, the target and the driver with its version starts. */
  public static final String CONNECTED = "yugabyte-ycql: connected to ";

  /** How a client's stderr line with the time (ms since 1970) of its first operation starts. */
  public static final String FIRST_OPERATION = "largekv: first operation at ";

  /** YCSB's status line: {@code 2026-11-23 05:13:02:080 30 sec: 52705 operations; ...}. */
  private static final Pattern YCSB_STATUS = Pattern.compile(" \\d+ sec: (\\d+) operations;");
  /**
   * largekv's status line: {@code largekv: 40 s: 0 successful (0/s), 14 failed (14/s) ...}, or with
   * a time-bounded run's planned time {@code largekv: 40 s of 600 s: ...}.
   */
  private static final Pattern LARGEKV_STATUS = Pattern.compile("largekv: [0-9]+ s( of [0-9]+ s)?: .*");
  /** The last interval's counts of largekv's status line. */
  private static final Pattern LARGEKV_LAST_INTERVAL = Pattern.compile(
      "^largekv: \\d+ s(?: of \\d+ s)?: (\\d+) successful \\([^)]*\\), (\\d+) failed \\([^)]*\\) in the last ");
  /** A status line at a whole ten seconds (0, 10, 20, ...). */
  private static final Pattern TEN_SECONDS = Pattern.compile(".* [0-9]*0 sec: .*|largekv: [0-9]*0 s( of [0-9]+ s)?: .*");
  /** YCSB's estimate of the time left, up to the per-operation part ({@code [READ: ...]}). */
  private static final Pattern COMPLETION_ESTIMATE = Pattern.compile("; est completion in [^\\[]*");

  private static final Pattern LINE = Pattern.compile("^\\[([^\\]]+)\\], ([^,]+), (.+)$", Pattern.MULTILINE);

  /** Section → metric → value, in output order. */
  private final Map<String, Map<String, String>> sections = new LinkedHashMap<>();

  /** The time (ms since 1970) a {@link #FIRST_OPERATION} line reports; -1 for any other line. */
  public static long firstOperationMs(String line) {
    if (!line.startsWith(FIRST_OPERATION)) {
      return -1;
    }
    try {
      return Long.parseLong(line.substring(FIRST_OPERATION.length()).split(" ")[0]);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** True for a status line: YCSB's ({@code ... 30 sec: ...}) or largekv's ({@code largekv: 40 s: ...}). */
  public static boolean isStatusLine(String line) {
    return line.contains(" sec: ") || LARGEKV_STATUS.matcher(line).matches();
  }

  /** True for a status line whose second is a multiple of ten (0 included). */
  public static boolean atTenSeconds(String statusLine) {
    return TEN_SECONDS.matcher(statusLine).matches();
  }

  /** The operations done so far that YCSB's status line reports; -1 for any other line. */
  public static long operationsSoFar(String line) {
    Matcher m = YCSB_STATUS.matcher(line);
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  /**
   * The successful and failed operations of the last interval that largekv's status line reports
   * ({@code {successful, failed}}); null for any other line.
   */
  public static long[] lastInterval(String line) {
    Matcher m = LARGEKV_LAST_INTERVAL.matcher(line);
    return m.find() ? new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))} : null;
  }

  /**
   * What largekv's status line says: seconds since the client's status clock started and the run's
   * planned seconds (0: none, a load or a count-bounded run); the last interval's successful and
   * failed operations and its length; the totals so far; the reads verified so far (null: the line
   * says none) with the corrupt and missing among them; a load's keys done of its range and its ETA
   * as the line words it ({@code 15 s}, {@code unavailable (no rate yet)}; null: not a load).
   */
  public record Status(long seconds, long plannedSeconds, long lastSuccessful, long lastFailed, long intervalSeconds,
      long successful, long failed, Long verified, long verifiedBad, Long keysDone, Long keysPlanned, String eta) {

    /** Successful operations per second over the last interval. */
    public double lastRate() {
      return intervalSeconds == 0 ? 0 : (double) lastSuccessful / intervalSeconds;
    }
  }

  private static final Pattern LARGEKV_STATUS_FIELDS = Pattern.compile("^largekv: (\\d+) s(?: of (\\d+) s)?: (\\d+)"
      + " successful \\([^)]*\\), (\\d+) failed \\([^)]*\\) in the last (\\d+) s; (\\d+) successful, (\\d+) failed in"
      + " all(?:; (\\d+) reads verified \\((\\d+) corrupt, (\\d+) missing\\))?(?:; (\\d+) of (\\d+) keys[^,]*,[^,]*, ETA"
      + " (.+?))?(?: \\[[^\\]]*\\])?$");

  /** What largekv's status line {@code line} says; null for any other line. */
  public static Status status(String line) {
    Matcher m = LARGEKV_STATUS_FIELDS.matcher(line);
    if (!m.matches()) {
      return null;
    }
    return new Status(Long.parseLong(m.group(1)), m.group(2) == null ? 0 : Long.parseLong(m.group(2)),
        Long.parseLong(m.group(3)), Long.parseLong(m.group(4)), Long.parseLong(m.group(5)), Long.parseLong(m.group(6)),
        Long.parseLong(m.group(7)), m.group(8) == null ? null : Long.valueOf(m.group(8)),
        m.group(8) == null ? 0 : Long.parseLong(m.group(9)) + Long.parseLong(m.group(10)),
        m.group(11) == null ? null : Long.valueOf(m.group(11)), m.group(12) == null ? null : Long.valueOf(m.group(12)),
        m.group(13));
  }

  /** One operation type's part of YCSB's status line: {@code [READ: Count=6813, ..., 99=18847, ...]}. */
  private static final Pattern STATUS_OPERATION = Pattern.compile("\\[([A-Z][A-Z-]*): Count=(\\d+)[^\\]]*?, 99=(\\d+)");

  /**
   * The operation type with the most operations in YCSB's status line's interval and its p99 there
   * (µs: {@code {count, p99}}), the verifications ({@code VERIFY}) and failures left out; null when
   * the line names none (or is no status line).
   */
  public static Map.Entry<String, long[]> busiestOperation(String statusLine) {
    Matcher m = STATUS_OPERATION.matcher(statusLine);
    Map.Entry<String, long[]> best = null;
    while (m.find()) {
      String op = m.group(1);
      long count = Long.parseLong(m.group(2));
      if (op.equals("VERIFY") || op.endsWith("-FAILED") || count == 0) {
        continue;
      }
      if (best == null || count > best.getValue()[0]) {
        best = Map.entry(op, new long[] {count, Long.parseLong(m.group(3))});
      }
    }
    return best;
  }

  /**
   * YCSB's status line without its "est completion in ..." (which counts against
   * {@code operationcount} and means nothing for a phase that ends by time).
   */
  public static String withoutCompletionEstimate(String statusLine) {
    return COMPLETION_ESTIMATE.matcher(statusLine).replaceFirst(" ");
  }

  public static YcsbOutput parse(String stdout) {
    YcsbOutput out = new YcsbOutput();
    Matcher m = LINE.matcher(stdout);
    while (m.find()) {
      out.sections.computeIfAbsent(m.group(1), k -> new LinkedHashMap<>()).put(m.group(2).trim(), m.group(3).trim());
    }
    return out;
  }

  /** The text of a {@code [SECTION], Metric, value} line, or null when absent. */
  public String text(String section, String metric) {
    return sections.getOrDefault(section, Map.of()).get(metric);
  }

  public double number(String section, String metric) {
    String v = sections.getOrDefault(section, Map.of()).get(metric);
    if (v == null) {
      return Double.NaN;
    }
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  /**
   * A {@code [SECTION], Metric, value} line's number, which must be there: an
   * {@link IllegalStateException} naming the line when it is absent or not a number (never NaN, which
   * a comparison lets through).
   */
  public double required(String section, String metric) {
    double v = number(section, metric);
    if (Double.isNaN(v)) {
      throw new IllegalStateException("no number in a [" + section + "], " + metric + " line");
    }
    return v;
  }

  /** Count of {@code Return=name} in a section, 0 when absent. */
  public long returns(String section, String name) {
    double v = number(section, "Return=" + name);
    return Double.isNaN(v) ? 0 : (long) v;
  }

  /** YCSB's own throughput: every operation, failed ones too, over a run time that includes set-up. */
  public double ycsbThroughput() {
    return number("OVERALL", "Throughput(ops/sec)");
  }

  public double runtimeMs() {
    return number("OVERALL", "RunTime(ms)");
  }

  /** Operations measured in a section (e.g. READ). */
  public long operations(String section) {
    double v = number(section, "Operations");
    return Double.isNaN(v) ? 0 : (long) v;
  }

  /**
   * A latency percentile in µs: {@code "50"}, {@code "95"}, {@code "99"}, {@code "99.9"};
   * YCSB names them "50thPercentileLatency(us)" and "99.9PercentileLatency(us)".
   */
  public double percentileUs(String section, String percentile) {
    double v = number(section, percentile + "thPercentileLatency(us)");
    return Double.isNaN(v) ? number(section, percentile + "PercentileLatency(us)") : v;
  }

  public double maxUs(String section) {
    return number(section, "MaxLatency(us)");
  }

  /** Every return code of every section, e.g. ERRORS → {READ:DriverTimeoutException=3}. */
  public Map<String, Long> returnCodes(String section) {
    Map<String, Long> codes = new LinkedHashMap<>();
    sections.getOrDefault(section, Map.of()).forEach((k, v) -> {
      if (k.startsWith("Return=")) {
        codes.put(k.substring("Return=".length()), (long) Double.parseDouble(v));
      }
    });
    return codes;
  }
}
