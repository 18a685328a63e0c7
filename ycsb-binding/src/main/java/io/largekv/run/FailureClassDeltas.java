package io.largekv.run;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Failed operations by error class since the last call: {@code READ:NoNodeAvailableException=14}.
 * The one owner of that difference, for the status lines ({@link StatusLines}) and the timeline
 * ({@link TimelineWriter}). Not thread-safe: one per reader thread.
 */
final class FailureClassDeltas {

  private final RunCounters counters;
  private final Map<String, Long> last = new HashMap<>();

  FailureClassDeltas(RunCounters counters) {
    this.counters = counters;
  }

  /** {@code CLASS=n} for each error class with n &gt; 0 failures since the last call, in name order. */
  List<String> sinceLastCall() {
    SortedMap<String, Long> now = counters.failuresByClass();
    List<String> deltas = new ArrayList<>();
    now.forEach((errorClass, count) -> {
      Long before = last.put(errorClass, count);
      long delta = count - (before == null ? 0 : before);
      if (delta > 0) {
        deltas.add(errorClass + "=" + delta);
      }
    });
    return deltas;
  }
}
