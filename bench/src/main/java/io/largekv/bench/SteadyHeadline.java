package io.largekv.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * {@code bench/run}'s headline: each client's CPU per operation and throughput where it is steady
 * ({@link SteadyWindow}), with what the window was (when it opened, the compiler threads' share of
 * the client's CPU in it), the runs that had none and why, and per phase and client whether the
 * rounds' ratios to latte agree within {@value #SETTLED_PER_CENT} % of their median: the figure a
 * reader may quote, or the statement that it did not settle.
 */
final class SteadyHeadline {

  /** Rounds agree when every round's ratio is within this many per cent of their median. */
  static final int SETTLED_PER_CENT = 5;
  /** Rounds (or runs at a fixed rate) needed to say whether a ratio settles. */
  static final int RATIOS_TO_SETTLE = 3;

  private SteadyHeadline() {}

  static String render(List<ClientRun> runs, String cpuModel) {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%nSTEADY on %s: each run's window opens at"
        + " its first progress line%nfrom %d %% of its operations at which the client's JVM compiler threads used"
        + " under %d %% of its CPU%nover the %d s before, and closes at its first line at %d %%. 'steady after':"
        + " seconds from the client's%nstart to the window; 'JIT': the compiler threads' share of the client's"
        + " CPU in it. 'JIT quiet':%nseconds from its start to its first line at which its compiler threads were"
        + " quiet by that rule,%nwhatever the share of operations done (the JVM's own time to steady; '-': no"
        + " compiler).%n", cpuModel, SteadyWindow.FROM, SteadyWindow.QUIET_PER_CENT, SteadyWindow.QUIET_SECONDS,
        SteadyWindow.TO));
    if (runs.stream().anyMatch(ClientRun::paired)) {
      sb.append("--paired: a client and the latte run beside it each take the part of its own window in which the\n"
          + "other was steady too, at its own progress lines: both figures come from the same seconds.\n");
    }
    sb.append(String.format(Locale.ROOT, "%-2s %-6s %-26s %10s %13s %11s %6s %10s %6s %9s %6s%n", "r", "phase",
        "client", "JIT quiet", "steady after", "window ops", "JIT", "CPU µs/op", "×latte", "ops/s", "×latte"));
    List<String> missing = new ArrayList<>();
    for (ClientRun r : runs) {
      SteadyWindow.Search s = r.steady();
      if (s.window() == null) {
        missing.add(String.format(Locale.ROOT, "  round %d %s %s:%n    %s", r.round(), r.phase().label, r.client(),
            s.missing()));
        sb.append(String.format(Locale.ROOT, "%-2d %-6s %-26s %10s %13s%n", r.round(), r.phase().label, r.client(),
            jitQuiet(r), "no window"));
        continue;
      }
      SteadyWindow w = s.window();
      Optional<SteadyWindow> latte = r.latteIn(runs).map(x -> x.steady().window());
      sb.append(String.format(Locale.ROOT, "%-2d %-6s %-26s %10s %11.1f s %,11d %5.1f%% %10.2f %6s %,9.0f %6s%s%n",
          r.round(), r.phase().label, r.client(), jitQuiet(r), w.secondsToSteady(), w.ops(), w.jitShare() * 100,
          w.cpuPerOp() * 1e6, Table.ratio(w.cpuPerOp(), latte.map(SteadyWindow::cpuPerOp)), w.opsPerSecond(),
          Table.ratio(w.opsPerSecond(), latte.map(SteadyWindow::opsPerSecond)),
          Table.counts(r) ? "" : "  (not counted)"));
    }
    if (!missing.isEmpty()) {
      sb.append("no steady window (no steady figure for these runs):\n")
          .append(String.join("\n", missing)).append('\n');
    }
    sb.append(settled(runs));
    return sb.toString();
  }

  /**
   * The 'JIT quiet' cell: {@link ClientRun#jitQuietSeconds}; "-" for a client without compiler
   * threads, "n/a" when they were not read, "never" when they did not go quiet.
   */
  private static String jitQuiet(ClientRun r) {
    List<MeasuredProcess.Sample> samples = r.process().samples();
    if (samples.stream().noneMatch(x -> x.jitSeconds() > 0)) {
      return samples.stream().anyMatch(x -> Double.isNaN(x.jitSeconds())) ? "n/a" : "-";
    }
    OptionalDouble s = r.jitQuietSeconds();
    return s.isPresent() ? String.format(Locale.ROOT, "%.1f s", s.getAsDouble()) : "never";
  }

  /** Per phase and client other than latte: the rounds' steady ratios to latte, and whether they settled. */
  static String settled(List<ClientRun> runs) {
    StringBuilder sb = new StringBuilder("steady CPU per operation ÷ latte's, by round (runs with errors or marked '*'"
        + " left out):\n");
    for (BenchPhase phase : BenchPhase.values()) {
      for (String client : runs.stream().filter(r -> r.phase() == phase && !r.client().equals(LatteClient.NAME))
          .map(ClientRun::client).distinct().toList()) {
        List<Double> ratios = new ArrayList<>();
        for (ClientRun r : runs) {
          if (r.phase() != phase || !r.client().equals(client) || !Table.counts(r)) {
            continue;
          }
          Optional<ClientRun> latte = r.latteIn(runs).filter(Table::counts);
          Optional<Double> mine = r.steadyCpuMicrosPerOp();
          Optional<Double> theirs = latte.flatMap(ClientRun::steadyCpuMicrosPerOp);
          if (mine.isPresent() && theirs.isPresent()) {
            ratios.add(mine.get() / theirs.get());
          }
        }
        sb.append(String.format(Locale.ROOT, "  %-6s %-26s %s%n", phase.label, client, verdict(ratios)));
      }
    }
    return sb.toString();
  }

  /**
   * {@code --rate}: each client's CPU per read in its steady window over latte's in the same turn at
   * the same fixed rate, and whether the runs settle. At one load for both, the server's speed of the
   * moment does not move the clients' cost per read as it does when they read as fast as they can.
   */
  static String atRates(List<FixedRates.RateRun> runs) {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "%nsteady CPU per read at the same fixed rate"
        + " ÷ latte's, by run (the window as above; runs without one, failed, or disturbed (either client's) left"
        + " out):%n"));
    for (double fraction : runs.stream().map(FixedRates.RateRun::fraction).distinct().toList()) {
      for (String client : runs.stream().filter(r -> r.fraction() == fraction && !r.client().equals(LatteClient.NAME))
          .map(FixedRates.RateRun::client).distinct().toList()) {
        List<Double> ratios = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (FixedRates.RateRun r : runs) {
          if (r.fraction() != fraction || !r.client().equals(client)) {
            continue;
          }
          Optional<FixedRates.RateRun> latte = r.latteIn(runs);
          if (r.disturbed() || latte.map(FixedRates.RateRun::disturbed).orElse(false)) {
            missing.add(String.format(Locale.ROOT, "    run %d: disturbed: other work on the machine used over %.2f"
                + " cores while %s ran%n", r.run(), Table.DISTURBED_CORES, r.disturbed() ? "it" : "latte"));
            continue;
          }
          double theirs = latte.map(FixedRates.RateRun::steadyCpuPerOp).orElse(Double.NaN);
          if (!Double.isNaN(r.steadyCpuPerOp()) && !Double.isNaN(theirs)) {
            ratios.add(r.steadyCpuPerOp() / theirs);
          } else if (r.steady() != null && r.steady().window() == null) {
            missing.add(String.format(Locale.ROOT, "    run %d: %s%n", r.run(), r.steady().missing()));
          }
        }
        sb.append(String.format(Locale.ROOT, "  %3.0f%%  %-26s %s%n", fraction * 100, client,
            verdict(ratios, "run", "--rate-runs")));
        missing.forEach(sb::append);
      }
    }
    return sb.toString();
  }

  /** The rounds' ratios and whether they agree within {@value #SETTLED_PER_CENT} % of their median. */
  static String verdict(List<Double> ratios) {
    return verdict(ratios, "round", "--rounds");
  }

  /**
   * {@code ratios}, one per {@code unit} (a round, a run), and whether they agree within
   * {@value #SETTLED_PER_CENT} % of their median; {@code option} asks for more of them.
   */
  static String verdict(List<Double> ratios, String unit, String option) {
    if (ratios.isEmpty()) {
      return "unavailable: no " + unit + " with a steady figure of both this client and latte";
    }
    String each = ratios.stream().map(v -> String.format(Locale.ROOT, "%.2f×", v)).collect(Collectors.joining(", "));
    double median = Table.median(ratios);
    double spread = ratios.stream().mapToDouble(v -> Math.abs(v / median - 1)).max().orElseThrow() * 100;
    String figure = String.format(Locale.ROOT, "%s; median %.2f×, %ss within ±%.1f %% of it", each, median, unit,
        spread);
    if (ratios.size() < RATIOS_TO_SETTLE) {
      return figure + String.format(Locale.ROOT, ": %d %s%s, too few to say whether it settles (%s %d)",
          ratios.size(), unit, ratios.size() == 1 ? "" : "s", option, RATIOS_TO_SETTLE);
    }
    return figure + (spread <= SETTLED_PER_CENT ? String.format(Locale.ROOT, ": settled (±%d %%)", SETTLED_PER_CENT)
        : String.format(Locale.ROOT, ": NOT settled (over ±%d %%)", SETTLED_PER_CENT));
  }
}
