package io.largekv.jvm;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The client JVM's own garbage-collection pauses, as the JVM reports them (the
 * {@code GarbageCollectorMXBean} notifications), on {@link System#nanoTime}'s clock: the one owner of
 * telling a stall of the driver's I/O threads that a client thread caused from one the whole JVM
 * sat in (docs/ycsb-binding.md, "Stalls of the driver's I/O threads").
 *
 * <p>A pause stops every thread, the I/O threads too, whatever they run: it delays the responses in
 * flight with any client, on any scheduler, platform threads as much as virtual ones (YCSB prints
 * the JVM's collections and their time, {@code [TOTAL_GC_TIME]}). An inline run of a client thread
 * that a pause falls into is as long as the pause makes it, not because the client thread held the
 * I/O thread. Pauses are the collections of every collector whose name does not say
 * {@code Cycles} (G1's young, mixed, full, remark and cleanup; ZGC's and Shenandoah's
 * {@code Pauses}; Serial's and Parallel's collections); a concurrent cycle is not a pause.
 */
public final class ClientGcPauses {

  /** Pauses kept, the newest; enough for days of young collections (the oldest half goes when full). */
  static final int KEPT = 100_000;

  /**
   * Start and end of each pause in ms of the JVM's GC clock, the first {@code count} in order: pauses
   * stop the world, so they do not overlap, and sorted by start they are sorted by end too. A
   * stall's pauses are then found by a binary search, not a scan (a run of days has tens of
   * thousands of pauses, and its end judges every stall).
   */
  private long[] starts = new long[1024];
  private long[] ends = new long[1024];
  private int count;
  /**
   * nanoTime at 0 ms of the GC clock: the smallest of (nanoTime when a pause was reported − its end),
   * as a report comes after its pause. (The GC clock is not the uptime's: they differ by tens of ms.)
   */
  private long offsetNanos = Long.MAX_VALUE;

  /** Listens to this JVM's collectors from now on. */
  public static ClientGcPauses listen() {
    ClientGcPauses p = new ClientGcPauses();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter && !gc.getName().contains("Cycles")) {
        emitter.addNotificationListener((n, handback) -> {
          if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            var info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData()).getGcInfo();
            p.pause(info.getStartTime(), info.getEndTime(), System.nanoTime());
          }
        }, null, null);
      }
    }
    return p;
  }

  /** Pauses reported through {@link #pause} (tests; {@link #listen} for the JVM's own). */
  ClientGcPauses() {}

  /**
   * A pause from {@code startMs} to {@code endMs} of the GC clock (whole ms), reported at
   * {@code reportedNanos} (nanoTime).
   */
  synchronized void pause(long startMs, long endMs, long reportedNanos) {
    if (count == KEPT) {
      int dropped = KEPT / 2;
      System.arraycopy(starts, dropped, starts, 0, count - dropped);
      System.arraycopy(ends, dropped, ends, 0, count - dropped);
      count -= dropped;
    }
    if (count == starts.length) {
      starts = Arrays.copyOf(starts, Math.min(KEPT, count * 2));
      ends = Arrays.copyOf(ends, starts.length);
    }
    // reports come in order, but two collectors' may cross: the place by start
    int i = count;
    while (i > 0 && starts[i - 1] > startMs) {
      i--;
    }
    System.arraycopy(starts, i, starts, i + 1, count - i);
    System.arraycopy(ends, i, ends, i + 1, count - i);
    starts[i] = startMs;
    ends[i] = endMs;
    count++;
    offsetNanos = Math.min(offsetNanos, reportedNanos - endMs * 1_000_000);
  }

  /** Nanoseconds of {@code [from, to]} (nanoTime) that the JVM spent in pauses. */
  synchronized long pausedNanos(long from, long to) {
    // the first pause that ends after from: those before it cannot overlap
    int lo = 0;
    int hi = count;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (endNanos(mid) <= from) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    long paused = 0;
    for (int i = lo; i < count && startNanos(i) < to; i++) {
      paused += Math.min(to, endNanos(i)) - Math.max(from, startNanos(i));
    }
    return Math.min(paused, to - from);
  }

  // whole milliseconds: the pause began up to 1 ms before its start and ended up to 1 ms after its end
  private long startNanos(int i) {
    return offsetNanos + (starts[i] - 1) * 1_000_000;
  }

  private long endNanos(int i) {
    return offsetNanos + (ends[i] + 1) * 1_000_000;
  }
}
