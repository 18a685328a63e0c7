package io.largekv.report;

import io.largekv.report.files.EventRecord;
import io.largekv.report.files.ServerBalanceFile;
import io.largekv.report.files.ServerSamplesFile;
import io.largekv.results.Results;

/**
 * The rebalance time of a node action (docs/servers.md#what-is-measured): when the data had settled
 * after it, from the servers' balance samples, exact to one sampling interval, or why it is not known.
 */
final class RebalanceTime {

  private RebalanceTime() {}

  /**
   * When the data had settled after {@code e}: the first sample saying settled after one that said
   * something was moving, both from the event's start on (data may settle before the action returns).
   */
  static Results.Rebalance of(EventRecord e, ServerSamplesFile.Samples s) {
    if (!e.ran()) {
      return null;
    }
    Integer interval = s.facts().intervalSeconds();
    if (s.balance().isEmpty()) {
      return Results.Rebalance.unavailable(interval, "the servers were not sampled");
    }
    boolean seenMoving = false;
    String lastMoving = null;
    String unknownSince = null; // why the samples after the last one saying moving could not tell
    boolean anyKnown = false;
    for (ServerBalanceFile.BalanceSample b : s.balance()) {
      if (b.timeMs() < e.startMs()) {
        continue;
      }
      if (b.settled() == null) {
        if (seenMoving && unknownSince == null) {
          unknownSince = b.detail();
        }
        continue;
      }
      anyKnown = true;
      if (!b.settled()) {
        seenMoving = true;
        lastMoving = b.detail();
        unknownSince = null;
      } else if (seenMoving) {
        return Results.Rebalance.after((b.timeMs() - e.startMs()) / 1000.0, interval);
      }
    }
    if (!anyKnown) {
      return Results.Rebalance.unavailable(interval, "no source of this target says whether data is moving");
    }
    if (!seenMoving) {
      return Results.Rebalance.unavailable(interval, "no data movement seen after it (sampled every " + interval
          + " s)");
    }
    if (unknownSince != null) {
      return Results.Rebalance.unavailable(interval, "after the last sample saying moving (" + lastMoving + "), the"
          + " servers could not tell whether data had settled (" + unknownSince + ")");
    }
    return Results.Rebalance.unavailable(interval, "still moving when the phase ended (" + lastMoving + ")");
  }
}
