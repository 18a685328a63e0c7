package io.largekv.workload;

import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Hands out insert sequence numbers and tracks the highest one below which every insert has been
 * acknowledged, so reads aimed at "the newest keys" never target a key still in flight
 * (the role of YCSB's AcknowledgedCounterGenerator, with long sequence numbers).
 *
 * <p>{@link #next()} is one atomic increment. {@link #acknowledge(long)} marks a slot in a ring
 * of {@value #WINDOW} flags and, when it can take the lock without waiting, advances the
 * high-water mark over every contiguous acknowledged slot. No {@code synchronized}: a virtual
 * client thread never pins its carrier here.
 */
final class InsertSequence {
  static final int WINDOW = 1 << 20;
  private static final int MASK = WINDOW - 1;

  private final AtomicLong next;
  private final AtomicIntegerArray done = new AtomicIntegerArray(WINDOW);
  private final ReentrantLock lock = new ReentrantLock();
  /** Every sequence number below this is acknowledged. */
  private volatile long acknowledgedBelow;

  /** @param start the first sequence number to hand out; all below it count as acknowledged */
  InsertSequence(long start) {
    this.next = new AtomicLong(start);
    this.acknowledgedBelow = start;
  }

  long next() {
    return next.getAndIncrement();
  }

  /** Every sequence number below this has been acknowledged. */
  long acknowledgedBelow() {
    return acknowledgedBelow;
  }

  void acknowledge(long sequence) {
    if (sequence - acknowledgedBelow >= WINDOW) {
      throw new IllegalStateException("more than " + WINDOW + " inserts in flight");
    }
    done.set((int) (sequence & MASK), 1);
    if (lock.tryLock()) {
      try {
        long below = acknowledgedBelow;
        while (done.get((int) (below & MASK)) == 1) {
          done.set((int) (below & MASK), 0);
          below++;
        }
        acknowledgedBelow = below;
      } finally {
        lock.unlock();
      }
    }
  }
}
