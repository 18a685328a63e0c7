package io.largekv.run;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;
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

  /** Pauses kept, the newest; enough for hours of young collections. */
  static final int KEPT = 100_000;

  /** {start, end} of each pause in ms of the JVM's GC clock, in the order they were reported. */
  private final ArrayDeque<long[]> pauses = new ArrayDeque<>();
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
    if (pauses.size() == KEPT) {
      pauses.removeFirst();
    }
    pauses.add(new long[] {startMs, endMs});
    offsetNanos = Math.min(offsetNanos, reportedNanos - endMs * 1_000_000);
  }

  /** Nanoseconds of {@code [from, to]} (nanoTime) that the JVM spent in pauses. */
  synchronized long pausedNanos(long from, long to) {
    long paused = 0;
    for (long[] p : pauses) {
      // whole milliseconds: the pause began up to 1 ms before its start and ended up to 1 ms after its end
      long start = offsetNanos + (p[0] - 1) * 1_000_000;
      long end = offsetNanos + (p[1] + 1) * 1_000_000;
      long overlap = Math.min(to, end) - Math.max(from, start);
      if (overlap > 0) {
        paused += overlap;
      }
    }
    return Math.min(paused, to - from);
  }
}
