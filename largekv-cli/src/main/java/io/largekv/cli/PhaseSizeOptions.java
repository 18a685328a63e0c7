package io.largekv.cli;

import io.largekv.common.Counts;
import io.largekv.common.UserError;
import io.largekv.phase.Phase;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --records}, {@code --threads} and {@code --duration}, a mixin of every command that runs
 * or renders phases: how big a phase is, each option overriding its workload file's property.
 */
final class PhaseSizeOptions {

  /** Rows to load and read; null: the workload file's {@code recordcount}. */
  Long records;
  /** Seconds of each read phase; null: the workload file's {@code maxexecutiontime}. */
  Long duration;
  /** YCSB client threads per client; null: the workload file's {@code threadcount}. */
  Integer threads;

  @Option(names = "--records", paramLabel = "N", description = "rows to load and read (overrides recordcount;"
      + " default: the workload file's)", order = UsageOrder.SIZE + 1)
  void records(String v) throws UserError {
    records = Counts.atLeast("--records", v, 1);
  }

  @Option(names = "--duration", paramLabel = "SECONDS", description = "length of each read phase (overrides"
      + " maxexecutiontime; default: the workload file's)", order = UsageOrder.SIZE + 2)
  void duration(String v) throws UserError {
    duration = Counts.atLeast("--duration", v, 1);
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
    if (!phase.isLoad() && duration != null) {
      p.add("maxexecutiontime=" + duration);
    }
    return p;
  }
}
