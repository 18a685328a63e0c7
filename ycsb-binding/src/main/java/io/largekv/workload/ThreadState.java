package io.largekv.workload;

import io.largekv.value.ReusableValue;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import site.ycsb.ByteIterator;

/**
 * One YCSB client thread's state: its mode (what {@code doInsert}/{@code doTransaction} run), its
 * buffers (nothing on the hot path allocates beyond the key string), and for a load or a
 * verification its share of the shard.
 */
final class ThreadState {
  /** The one virtual call per operation: {@link WorkloadMode#next}. */
  final WorkloadMode mode;
  final ReusableValue value;
  final Map<String, ByteIterator> values = new HashMap<>(2);
  final Map<String, ByteIterator> result = new HashMap<>(4);
  /** Load and verify: this thread's share of keys, the next one, its earlier lost keys. */
  int thread;
  long start;
  long next;
  long end;
  List<Long> lostBefore = List.of();
  int lostBeforeDone;

  ThreadState(WorkloadMode mode, int valueLength) {
    this.mode = mode;
    value = new ReusableValue(valueLength);
    values.put(LargeKeyValueWorkload.FIELD, value);
  }
}
