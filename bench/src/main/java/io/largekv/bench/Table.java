package io.largekv.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The result table: one line per round, phase and client, with ratios to latte's figure of the
 * same round and phase ({@code ×latte}: 1.00 is latte's; above 1 costs more or, for throughput,
 * does more).
 */
final class Table {

  /** A run during which other processes used more than this many cores is marked and left out of the medians. */
  static final double DISTURBED_CORES = 0.25;

  /** The columns every row starts with: round, phase, client. */
  private static final String ROW = "%-2s %-6s %-26s  ";

  private Table() {}

  /** A disturbed run's mark after its row. */
  private static String mark(ClientRun r) {
    return disturbed(r.process().otherCores()) ? " *" : "";
  }

  /** Valid (no errors, exit 0) and not disturbed by other work on the machine. */
  static boolean counts(ClientRun r) {
    return r.report().problem() == null && r.process().exitCode() == 0
        && !disturbed(r.process().otherCores());
  }

  /** Other work on the machine used more than {@link #DISTURBED_CORES} cores while a run ran. */
  static boolean disturbed(double otherCores) {
    return otherCores > DISTURBED_CORES;
  }

  static String render(List<ClientRun> runs, BenchOptions o) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT,
        "%,d operations per client and phase, concurrency %d (YCSB, nb5: threads; latte: in-flight requests, 1 thread)%n%s%n",
        o.ops, o.concurrency, o.pin == null ? "clients and server share all cores"
            : "clients pinned to CPU " + o.pin.substring(0, o.pin.indexOf(':')) + ", server to CPU "
            + o.pin.substring(o.pin.indexOf(':') + 1)));
    sb.append("ops/s: the client's own figure over the whole run; steady ops/s: over the window where the client\n"
        + "is steady (/proc at its progress lines; the rule and each window under STEADY below). p99: the client's\n"
        + "own service-time histogram. CPU: user+sys of the client process, µs per operation: 'process' from exec\n"
        + "to exit (/usr/bin/time: JVM start, JIT, connect, prepare included), 'steady' in the same window as\n"
        + "steady ops/s. cs/op: context switches per operation. server: the Cassandra process's CPU over the\n"
        + "client's run, µs per operation. other: average cores used by anything else on the machine meanwhile\n"
        + "('*': over " + DISTURBED_CORES + ", a disturbed run). ×latte: the ratio to latte's figure of the same"
        + " round and phase.\n");
    if (o.paired) {
      sb.append("--paired: each client ran at the same time as the latte run below it, against the same server\n"
          + "(each on its own table): every figure of a pair shares the machine and the server with the other run;\n"
          + "'steady' is the pair's common window (under STEADY), server n/a (it served both).\n");
    }
    sb.append("\nTHROUGHPUT AND LATENCY\n");
    sb.append(String.format(Locale.ROOT, ROW + "%8s %6s  %8s %6s  %7s %6s%n", "r", "phase", "client", "ops/s",
        "×latte", "steady", "×latte", "p99 ms", "×latte"));
    sb.append(String.format(Locale.ROOT, ROW + "%8s %6s  %8s %6s  %7s %6s%n", "", "", "", "", "", "ops/s", "", "",
        ""));
    for (ClientRun r : runs) {
      Optional<ClientRun> latte = r.latteIn(runs);
      sb.append(String.format(Locale.ROOT, ROW + "%8.0f %6s  %8s %6s  %7.2f %6s%s%n", r.round(), r.phase().label,
          r.client(), r.report().opsPerSecond(), ratio(r.report().opsPerSecond(),
              latte.map(l -> l.report().opsPerSecond())),
          r.steadyOpsPerSecond().map(v -> String.format(Locale.ROOT, "%.0f", v)).orElse("n/a"),
          r.steadyOpsPerSecond().map(v -> ratio(v, latte.flatMap(ClientRun::steadyOpsPerSecond))).orElse("n/a"),
          r.report().p99Ms(), ratio(r.report().p99Ms(), latte.map(l -> l.report().p99Ms())), mark(r)));
    }
    sb.append("\nCOST\n");
    sb.append(String.format(Locale.ROOT, ROW + "%8s %6s  %7s %6s  %7s %6s  %6s %7s %5s%n", "r", "phase", "client",
        "CPU", "×latte", "steady", "×latte", "RSS MiB", "×latte", "cs/op", "server", "other"));
    sb.append(String.format(Locale.ROOT, ROW + "%8s %6s  %7s %6s  %7s %6s  %6s %7s %5s%n", "", "", "",
        "µs/op", "", "µs/op", "", "peak", "", "", "µs/op", "cores"));
    for (ClientRun r : runs) {
      Optional<ClientRun> latte = r.latteIn(runs);
      sb.append(String.format(Locale.ROOT, ROW + "%8.2f %6s  %7s %6s  %7.0f %6s  %6.2f %7s %5.2f%s%n", r.round(),
          r.phase().label, r.client(), r.cpuMicrosPerOp(), ratio(r.cpuMicrosPerOp(),
              latte.map(ClientRun::cpuMicrosPerOp)),
          r.steadyCpuMicrosPerOp().map(v -> String.format(Locale.ROOT, "%.2f", v)).orElse("n/a"),
          r.steadyCpuMicrosPerOp().map(v -> ratio(v, latte.flatMap(ClientRun::steadyCpuMicrosPerOp)))
              .orElse("n/a"),
          r.peakRssMiB(), ratio(r.peakRssMiB(), latte.map(ClientRun::peakRssMiB)),
          r.contextSwitchesPerOp(), Double.isNaN(r.serverCpuMicrosPerOp()) ? "n/a"
              : String.format(Locale.ROOT, "%.2f", r.serverCpuMicrosPerOp()), r.process().otherCores(), mark(r)));
    }
    if (o.rounds > 1) {
      sb.append(medians(runs));
    }
    List<String> problems = new ArrayList<>();
    for (ClientRun r : runs) {
      if (r.report().problem() != null || r.process().exitCode() != 0) {
        problems.add(String.format("round %d %s %s: exit %d %s", r.round(), r.phase().label, r.client(),
            r.process().exitCode(), r.report().problem() == null ? "" : r.report().problem()));
      }
    }
    if (!problems.isEmpty()) {
      sb.append("\nPROBLEMS (these rows are not valid results):\n");
      problems.forEach(p -> sb.append("  ").append(p).append('\n'));
    }
    return sb.toString().lines().map(String::stripTrailing).collect(Collectors.joining("\n", "", "\n"));
  }

  private static final String MEDIANS = "%-6s %-26s %13s %13s %13s %12s %13s %11s%n";

  /** Per phase and client: the median over the rounds of each figure and of its ratio to latte. */
  private static String medians(List<ClientRun> runs) {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
        "%nmedian over the rounds (figure, and in brackets the median of the per-round ratio to latte);%n"
            + "runs with errors or marked '*' are left out%n"));
    sb.append(String.format(Locale.ROOT, MEDIANS, "phase", "client", "ops/s", "steady ops/s", "p99 ms", "CPU µs/op",
        "steady µs/op", "RSS MiB"));
    for (BenchPhase phase : BenchPhase.values()) {
      List<String> clients = runs.stream().filter(r -> r.phase() == phase).map(ClientRun::client)
          .distinct().toList();
      for (String client : clients) {
        List<ClientRun> mine = runs.stream()
            .filter(r -> r.phase() == phase && r.client().equals(client) && counts(r)).toList();
        sb.append(String.format(Locale.ROOT, MEDIANS, phase.label, client,
            cell(runs, mine, r -> r.report().opsPerSecond(), "%.0f"),
            cell(runs, mine, r -> r.steadyOpsPerSecond().orElse(Double.NaN), "%.0f"),
            cell(runs, mine, r -> r.report().p99Ms(), "%.2f"),
            cell(runs, mine, ClientRun::cpuMicrosPerOp, "%.2f"),
            cell(runs, mine, r -> r.steadyCpuMicrosPerOp().orElse(Double.NaN), "%.2f"),
            cell(runs, mine, ClientRun::peakRssMiB, "%.0f")));
      }
    }
    return sb.toString();
  }

  private static String cell(List<ClientRun> all, List<ClientRun> mine,
      java.util.function.ToDoubleFunction<ClientRun> figure, String format) {
    List<Double> values = new ArrayList<>();
    List<Double> ratios = new ArrayList<>();
    for (ClientRun r : mine) {
      double v = figure.applyAsDouble(r);
      values.add(v);
      r.latteIn(all).filter(Table::counts).ifPresent(l -> ratios.add(v / figure.applyAsDouble(l)));
    }
    double m = median(values);
    if (Double.isNaN(m)) {
      return "n/a";
    }
    String v = String.format(Locale.ROOT, format, m);
    double r = median(ratios);
    return Double.isNaN(r) ? v : v + String.format(Locale.ROOT, " (%.2f)", r);
  }

  /** The median of the figures that are not NaN; NaN when none is. */
  static double median(List<Double> values) {
    List<Double> v = values.stream().filter(d -> !d.isNaN()).sorted().toList();
    if (v.isEmpty()) {
      return Double.NaN;
    }
    int m = v.size() / 2;
    return v.size() % 2 == 1 ? v.get(m) : (v.get(m - 1) + v.get(m)) / 2;
  }

  /** {@code v} over latte's figure, two decimals; n/a when either is missing. */
  static String ratio(double v, Optional<Double> latte) {
    if (latte.isEmpty() || latte.get().isNaN() || latte.get() == 0 || Double.isNaN(v)) {
      return "n/a";
    }
    return String.format(Locale.ROOT, "%.2f", v / latte.get());
  }

  /** {@code bench/run --rate}: each client's read latency at the same fixed rates. */
  static String renderRates(List<FixedRates.RateRun> runs, BenchOptions o) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "FIXED RATE: reads at fractions of latte's read rate of the last round (as fast"
        + " as it went), %d s each, concurrency %d%s.%n", o.rateSeconds, o.concurrency, o.rateRuns == 1 ? ""
        : String.format(Locale.ROOT, ", %d runs of each client at each rate, alternating", o.rateRuns)));
    sb.append("service: from the request's start to its end, each client's own histogram (latte at a fixed rate does\n"
        + "not catch up the ticks it falls behind on: its schedule slips; it measures service time only; YCSB's\n"
        + "threads issue what they fell behind on at once). intended: YCSB's -target with\n"
        + "measurement.interval=both, from when the operation should have started (coordinated omission\n"
        + "corrected). YCSB's runs are --rate-warm-up (" + o.rateWarmUpSeconds + " s) longer and leave those first seconds\n"
        + "out (largekv.warmup_s: the client JVM's JIT and start-up), so that their figures cover --rate-seconds as\n"
        + "latte's whole run does. p99 ×latte: service-time p99 over latte's at the same rate (the same run). server pauses:\n"
        + "the local server's stop-the-world pauses (its GC log, " + ServerPauses.GC_LOG + ") in the\n"
        + "window the client's figures cover (a YCSB client's after its warm-up, from its first progress line with\n"
        + "an operation); each holds every request in flight.\n\n");
    sb.append(String.format(Locale.ROOT, "%-22s %-26s %8s %7s %7s %8s %10s %7s %8s %10s  %s%n", "rate", "client",
        "ops/s", "p50 ms", "p99 ms", "p99.9 ms", "intended", "p99", "p99.9", "p99 ×latte", "server pauses"));
    sb.append(String.format(Locale.ROOT, "%-22s %-26s %8s %7s %7s %8s %10s %7s %8s %10s%n", "", "", "", "service", "",
        "", "p50 ms", "ms", "ms", ""));
    for (FixedRates.RateRun r : runs) {
      BenchClient.Latency s = r.report().service();
      BenchClient.Latency in = r.report().intended();
      String bad = r.report().problem() != null || r.exitCode() != 0 ? "  FAILED: " + (r.report().problem() != null
          ? r.report().problem() : "exit " + r.exitCode()) : r.disturbed() ? "  * disturbed (no ratio)" : "";
      sb.append(String.format(Locale.ROOT, "%-22s %-26s %8.0f %7s %7s %8s %10s %7s %8s %10s  %s%s%n",
          String.format(Locale.ROOT, "%.0f%% %,.0f/s%s", r.fraction() * 100, r.rate(),
              o.rateRuns == 1 ? "" : " run " + r.run()), r.client(),
          r.report().opsPerSecond(), ms(s == null ? Double.NaN : s.p50()), ms(s == null ? Double.NaN : s.p99()),
          ms(s == null ? Double.NaN : s.p999()), ms(in == null ? Double.NaN : in.p50()),
          ms(in == null ? Double.NaN : in.p99()), ms(in == null ? Double.NaN : in.p999()),
          format(p99OverLatte(r, runs)), r.serverPauses().render(), bad));
    }
    for (double fraction : runs.stream().map(FixedRates.RateRun::fraction).distinct().toList()) {
      unequalLoad(fraction, runs).ifPresent(note -> sb.append("\n").append(note).append("\n"));
    }
    if (o.rateRuns > 1) {
      sb.append("\np99 ×latte over the runs (each run's ratio; the median):\n");
      Set<String> clients = new LinkedHashSet<>();
      runs.stream().map(FixedRates.RateRun::client).filter(c -> !c.equals(LatteClient.NAME)).forEach(clients::add);
      for (double fraction : runs.stream().map(FixedRates.RateRun::fraction).distinct().toList()) {
        for (String client : clients) {
          List<Double> ratios = runs.stream().filter(r -> r.fraction() == fraction && r.client().equals(client))
              .map(r -> p99OverLatte(r, runs)).toList();
          sb.append(String.format(Locale.ROOT, "%-22s %-26s %s; median %s%n",
              String.format(Locale.ROOT, "%.0f%%", fraction * 100), client,
              ratios.stream().map(Table::format).collect(Collectors.joining(", ")), format(median(ratios))));
        }
      }
    }
    return sb.toString();
  }

  /**
   * A run's service-time p99 over latte's of the same run at the same rate; NaN when either failed
   * or has no figure (a failed run has no ratio: it is not a better or a worse one).
   */
  static double p99OverLatte(FixedRates.RateRun r, List<FixedRates.RateRun> runs) {
    Optional<FixedRates.RateRun> latte = r.latteIn(runs);
    if (latte.isEmpty() || failed(r) || failed(latte.get()) || r.disturbed() || latte.get().disturbed()
        || r.report().service() == null
        || latte.get().report().service() == null || latte.get().report().service().p99() == 0) {
      return Double.NaN;
    }
    return r.report().service().p99() / latte.get().report().service().p99();
  }

  /** The share of its rate under which latte's run did not read the load the other clients read. */
  static final double LATTE_HELD_RATE = 0.97;

  /**
   * At a rate where latte read less than {@value #LATTE_HELD_RATE} of it in a run (its schedule slips
   * when its requests in flight are all taken: the ticks it missed are not made up), the note that
   * says so, and what the other clients read: since 2026-11-26 the load latte read in the same run
   * ({@link FixedRates#sameLoad}), so that p99 ×latte compares the same load; a client run at
   * the rate asked instead (latte's run failed, or a run before that) read more of it than latte, a
   * YCSB client catching up, and the note says that those compare different loads. Empty when latte
   * held the rate in every run.
   */
  static Optional<String> unequalLoad(double fraction, List<FixedRates.RateRun> runs) {
    List<FixedRates.RateRun> at = runs.stream().filter(r -> r.fraction() == fraction && !failed(r)).toList();
    List<FixedRates.RateRun> latte = at.stream().filter(r -> r.client().equals(LatteClient.NAME)).toList();
    List<Double> latteHeld = latte.stream().map(r -> r.report().opsPerSecond() / r.rate()).sorted().toList();
    if (latteHeld.isEmpty() || latteHeld.get(0) >= LATTE_HELD_RATE) {
      return Optional.empty();
    }
    double asked = latte.get(0).rate();
    List<FixedRates.RateRun> others = at.stream().filter(r -> !r.client().equals(LatteClient.NAME)).toList();
    List<Double> matched = others.stream().filter(r -> r.rate() < asked).map(FixedRates.RateRun::rate)
        .sorted().toList();
    List<Double> othersHeld = others.stream().filter(r -> r.rate() >= asked)
        .map(r -> r.report().opsPerSecond() / r.rate()).sorted().toList();
    StringBuilder note = new StringBuilder(String.format(Locale.ROOT, "%.0f%% %,.0f/s: latte read %s of the rate (its"
        + " schedule slipped: the server did not keep up with it)", fraction * 100, asked, percentRange(latteHeld)));
    if (!matched.isEmpty()) {
      note.append(String.format(Locale.ROOT, "; the other clients%s read at the rate latte read in the same run (%s),"
          + " the same load", othersHeld.isEmpty() ? "" : " in those runs", rateRange(matched)));
    }
    if (!othersHeld.isEmpty()) {
      note.append(", ").append(matched.isEmpty() ? "" : "elsewhere ").append("the other clients ")
          .append(percentRange(othersHeld)).append(" (YCSB's threads catch up), so the clients did not read the same"
              + " load there and p99 ×latte compares different loads");
    }
    return Optional.of(note.append('.').toString());
  }

  private static String rateRange(List<Double> sorted) {
    String lo = String.format(Locale.ROOT, "%,.0f", sorted.get(0));
    String hi = String.format(Locale.ROOT, "%,.0f", sorted.get(sorted.size() - 1));
    return (lo.equals(hi) ? lo : lo + "–" + hi) + "/s";
  }

  private static String percentRange(List<Double> sorted) {
    long lo = Math.round(sorted.get(0) * 100);
    long hi = Math.round(sorted.get(sorted.size() - 1) * 100);
    return lo == hi ? lo + " %" : lo + "–" + hi + " %";
  }

  private static boolean failed(FixedRates.RateRun r) {
    return r.exitCode() != 0 || r.report().problem() != null;
  }

  private static String format(double ratio) {
    return Double.isNaN(ratio) ? "n/a" : String.format(Locale.ROOT, "%.2f", ratio);
  }

  private static String ms(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.2f", v);
  }
}
