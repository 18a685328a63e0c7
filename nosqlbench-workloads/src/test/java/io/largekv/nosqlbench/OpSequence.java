package io.largekv.nosqlbench;

import java.util.ArrayList;
import java.util.List;

/**
 * Which op nb5 runs at a cycle: its default {@code seq=bucket} planner puts {@code ratio} copies of
 * each op in a bucket, then takes one from each non-empty bucket in op order until all are empty;
 * cycle c runs {@code sequence[c % length]}. (A:3, B:1 gives A B A A.) The same in 5.17 to 5.25.
 */
final class OpSequence {

  private final List<Workload.Op> sequence = new ArrayList<>();

  OpSequence(List<Workload.Op> ops) {
    int[] left = new int[ops.size()];
    int total = 0;
    for (int i = 0; i < ops.size(); i++) {
      left[i] = ops.get(i).ratio();
      total += left[i];
    }
    while (sequence.size() < total) {
      for (int i = 0; i < ops.size(); i++) {
        if (left[i] > 0) {
          left[i]--;
          sequence.add(ops.get(i));
        }
      }
    }
  }

  int length() {
    return sequence.size();
  }

  Workload.Op at(long cycle) {
    return sequence.get((int) (cycle % sequence.size()));
  }
}
