package io.largekv.cli;

import io.largekv.common.Counts;
import io.largekv.common.UserError;
import io.largekv.phase.Phase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --records}, {@code --threads} and {@code --duration}, a mixin of every command that runs
 * or renders phases: how big a phase is, each option overriding its workload file's property.
 */
final class PhaseSizeOptions {

  /** Rows to load and read; null: the workload file's {@code recordcount}. */
  Long records;
  /** Seconds of each read phase {@link #phaseDurations} does not name; null: the workload file's {@code maxexecutiontime}. */
  Long duration;
  /** Seconds of the read phases given their own ({@code --duration PHASE=SECONDS}), in the option's order. */
  final Map<Phase, Long> phaseDurations = new LinkedHashMap<>();
  /** YCSB client threads per client; null: the workload file's {@code threadcount}. */
  Integer threads;

  @Option(names = "--records", paramLabel = "N", description = "rows to load and read (overrides recordcount;"
      + " default: the workload file's)", order = UsageOrder.SIZE + 1)
  void records(String v) throws UserError {
    records = Counts.atLeast("--records", v, 1);
  }

  @Option(names = "--duration", paramLabel = "SECONDS", description = "length of each read phase (overrides"
      + " maxexecutiontime; default: the workload file's); PHASE=SECONDS gives a read phase its own, e.g."
      + " --duration 600,uniform-read=300", order = UsageOrder.SIZE + 2)
  void duration(String v) throws UserError {
    // the last --duration counts, as with every option
    duration = null;
    phaseDurations.clear();
    for (String item : v.split(",", -1)) {
      int eq = item.indexOf('=');
      if (item.isBlank()) {
        throw new UserError("--duration " + v + " is not accepted; accepted values: SECONDS, or a comma-separated list"
            + " of SECONDS and " + READ_PHASES);
      }
      if (eq < 0) {
        if (duration != null) {
          throw new UserError("--duration " + v + " gives every read phase's length twice; accepted: SECONDS once,"
              + " and PHASE=SECONDS for a read phase of its own");
        }
        duration = Counts.atLeast("--duration", item.strip(), 1);
        continue;
      }
      String name = item.substring(0, eq).strip();
      Phase phase = Phase.find(name).filter(p -> !p.isLoad()).orElseThrow(() -> new UserError("--duration " + v
          + ": '" + name + "' is not a read phase; accepted: SECONDS, " + READ_PHASES
          + " (a load runs until its rows are in)"));
      if (phaseDurations.containsKey(phase)) {
        throw new UserError("--duration " + v + " gives " + phase.name + " twice; accepted: each read phase once");
      }
      phaseDurations.put(phase, Counts.atLeast("--duration " + phase.name, item.substring(eq + 1).strip(), 1));
    }
  }

  private static final String READ_PHASES = ownLengths(Phase.ALL);

  /** "PHASE=SECONDS" for each read phase among {@code phases}: what a read phase's own length is written as. */
  private static String ownLengths(List<Phase> phases) {
    return String.join(", ", phases.stream().filter(p -> !p.isLoad()).map(p -> p.name + "=SECONDS").toList());
  }

  /** Seconds of {@code phase} as the options set them; null: a load, or no option for it. */
  Long duration(Phase phase) {
    return phase.isLoad() ? null : phaseDurations.getOrDefault(phase, duration);
  }

  /**
   * A read phase's own {@code --duration} must name a phase among {@code phases} (those that run):
   * otherwise the length a user gave would be ignored without a word.
   */
  void checkDurationsRun(List<Phase> phases) throws UserError {
    for (Map.Entry<Phase, Long> d : phaseDurations.entrySet()) {
      if (!phases.contains(d.getKey())) {
        String reads = ownLengths(phases);
        throw new UserError("--duration " + d.getKey().name + "=" + d.getValue() + " names a phase that does not run"
            + " (the phases: " + String.join(",", phases.stream().map(p -> p.name).toList()) + "); accepted: "
            + (reads.isEmpty() ? "no PHASE=SECONDS, as no read phase runs" : reads));
      }
    }
  }

  @Option(names = "--threads", paramLabel = "N", description = "YCSB client threads per client process, or pod"
      + " (overrides threadcount; default: the workload file's)", order = UsageOrder.SIZE + 3)
  void threads(String v) throws UserError {
    threads = (int) Counts.between("--threads", v, 1, Counts.MAX_THREADS);
  }

  /**
   * The options as YCSB properties of one phase: records, threads and, for a read phase, its
   * duration. They come after the user's {@code -p}, so an explicit option wins.
   */
  List<String> phaseProperties(Phase phase) {
    List<String> p = new ArrayList<>();
    if (records != null) {
      p.add("recordcount=" + records);
    }
    if (threads != null) {
      p.add("threadcount=" + threads);
    }
    if (duration(phase) != null) {
      p.add("maxexecutiontime=" + duration(phase));
    }
    return p;
  }
}
