package io.largekv.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * latte ({@code cargo install latte-cli}), the efficiency anchor: Rust, the scylla driver, an
 * asynchronous engine. One worker thread with {@code concurrency} requests in flight, running
 * {@code bench/latte/kv.rn} (the same table shape, 50-byte keys, 256-byte blobs).
 */
final class LatteClient implements BenchClient {

  static final String NAME = "latte";

  /** A LOG line: time, cycles in the sample, errors, throughput, then eight latencies. */
  private static final Pattern SAMPLE = Pattern.compile(
      "^\\s*(\\d+\\.\\d{3})\\s+(\\d+)\\s+(\\d+)\\s+(\\d+)(\\s+[\\d.]+){8}\\s*$");
  /** A summary line: label, unit, value (and maybe "± error"). */
  private static final Pattern SUMMARY = Pattern.compile("^\\s*(\\S.*?)(\\s+\\[[^\\]]+\\])?\\s+(\\d+(?:\\.\\d+)?)(\\s+±.*)?\\s*$");

  private final String latte;
  private final Path script;
  private final int requestTimeoutMs;
  private long cycles;

  /**
   * latte at {@code latte} running {@code script}, with {@code requestTimeoutMs} as its bound on a
   * request: the Java clients' {@code ycql.request_timeout_ms} ({@link BenchOptions#requestTimeoutMs}).
   */
  LatteClient(String latte, Path script, int requestTimeoutMs) {
    this.latte = latte;
    this.script = script;
    this.requestTimeoutMs = requestTimeoutMs;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String table() {
    return "kv_latte";
  }

  /** latte's {@code -r}. */
  @Override
  public boolean hasFixedRate() {
    return true;
  }

  /** kv.rn's keys are largekv's (its values are not: latte writes random blobs, and reads without checking). */
  @Override
  public boolean readsLargekvRows() {
    return true;
  }

  @Override
  public BenchClient fresh() {
    return new LatteClient(latte, script, requestTimeoutMs);
  }

  @Override
  public List<String> command(BenchPhase phase, Settings s) {
    List<String> cmd = new ArrayList<>(List.of(latte, "--log-dir", s.results().toString(),
        "run", script.toString(),
        "-f", phase == BenchPhase.INSERT ? "insert" : "read",
        "-d", Long.toString(s.ops()),
        "-w", "0",
        "-t", "1",
        "-p", Integer.toString(s.concurrency()),
        "-s", "1s",
        "-q",
        "--consistency", "QUORUM",
        // the Java clients' bound on a request and their retries of a request that reached it:
        // ycql.request_timeout_ms (2 s unless -p sets it) and none (latte's own: 5 s and 3 retries,
        // which rode out a server stall of 3.1 s that failed the Java client beside it)
        "--request-timeout", requestTimeoutMs + "ms",
        "--retries", "0",
        "--datacenter", s.localDatacenter(),
        "-P", "rows=" + s.rows(),
        "-P", "table=\"" + s.table(this) + "\"",
        "-P", "keyspace=\"bench\"",
        "-o", s.results().resolve("latte-" + phase.label + "-" + System.nanoTime() + ".json").toString(),
        s.contactPoint()));
    if (s.rate() > 0) {
      // a fixed rate: latte does not catch up the ticks it falls behind on (its schedule slips; all
      // cycles run, in more time); it measures service time only
      cmd.addAll(cmd.size() - 1, List.of("-r", String.format(Locale.ROOT, "%.0f", s.rate())));
    }
    return cmd;
  }

  @Override
  public long opsSoFar(String line) {
    Matcher m = SAMPLE.matcher(line);
    if (!m.matches()) {
      return -1;
    }
    cycles += Long.parseLong(m.group(2));
    return cycles;
  }

  @Override
  public Report report(BenchPhase phase, Path output, Settings settings) throws IOException {
    double throughput = Double.NaN;
    double p99 = Double.NaN;
    double p50 = Double.NaN;
    double p999 = Double.NaN;
    long cycles = -1;
    long errors = 0;
    long rows = -1;
    String section = "";
    for (String raw : Files.readAllLines(output, StandardCharsets.UTF_8)) {
      String line = raw.replaceAll("\u001B\\[[;\\d]*m", "");
      if (line.contains("═══")) {
        section = line.substring(0, line.indexOf('═')).trim();
        continue;
      }
      Matcher m = SUMMARY.matcher(line);
      if (!m.matches()) {
        continue;
      }
      String label = m.group(1).trim();
      double value = Double.parseDouble(m.group(3));
      if (section.startsWith("CYCLE LATENCY")) {
        switch (label) {
          case "50" -> p50 = value;
          case "99" -> p99 = value;
          case "99.9" -> p999 = value;
          default -> { }
        }
      } else if (section.equals("SUMMARY STATS")) {
        switch (label) {
          case "Throughput" -> throughput = value;   // cycles / elapsed time, as YCSB's
          case "Cycles" -> cycles = (long) value;
          case "Errors" -> errors = (long) value;
          case "Rows" -> rows = (long) value;
          default -> { }
        }
      }
    }
    String problem = null;
    if (cycles < 0) {
      problem = "no summary in latte's output";
    } else if (errors > 0 || cycles != settings.ops()) {
      problem = cycles + " cycles, " + errors + " errors, of " + settings.ops();
    } else if (phase == BenchPhase.READ && rows != cycles) {
      problem = rows + " rows returned by " + cycles + " reads";
    }
    return new Report(cycles - errors, errors, throughput, p99, problem, new Latency(p50, p99, p999), null);
  }
}
