package io.largekv.workload;

import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Hands out insert sequence numbers and tracks the highest one below which every insert has been
 * acknowledged, so reads aimed at "the newest keys" never target a key still in flight
 * (the role of YCSB's AcknowledgedCounterGenerator, with long sequence numbers).
 *
 * <p>{@link #next()} is one atomic increment. {@link #acknowledge(long)} marks a slot in a ring
 * of {@value #WINDOW} flags and, when it can take the lock without waiting, advances the
 * high-water mark over every contiguous acknowledged slot.
 */
final class InsertSequence {
  static final int WINDOW = 1 << 20;
  private static final int MASK = WINDOW - 1;

  private final AtomicLong next;
  private final boolean[] done = new boolean[WINDOW];
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

  /** Sequence numbers handed out so far (= the next one to hand out). */
  long issued() {
    return next.get();
  }

  /** Every sequence number below this has been acknowledged. */
  long acknowledgedBelow() {
    return acknowledgedBelow;
  }

  void acknowledge(long sequence) {
    if (sequence - acknowledgedBelow >= WINDOW) {
      throw new IllegalStateException("more than " + WINDOW + " inserts in flight");
    }
    synchronized (done) {
      done[(int) (sequence & MASK)] = true;
    }
    if (lock.tryLock()) {
      try {
        long below = acknowledgedBelow;
        synchronized (done) {
          while (done[(int) (below & MASK)]) {
            done[(int) (below & MASK)] = false;
            below++;
          }
        }
        acknowledgedBelow = below;
      } finally {
        lock.unlock();
      }
    }
  }
}
