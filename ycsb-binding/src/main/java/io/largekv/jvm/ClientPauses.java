package io.largekv.jvm;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The client JVM's own pauses — its safepoints, a garbage collection's among them — on
 * {@link System#nanoTime}'s clock: the one owner of telling a stall of the driver's I/O threads that
 * a client thread caused from one the whole JVM sat in (docs/ycsb-binding.md, "Stalls of the
 * driver's I/O threads").
 *
 * <p>A safepoint stops every Java thread, the I/O threads too, whatever they run, from the moment
 * the JVM asks them to stop until it lets them go: it delays the responses in flight with any Java
 * client, on any scheduler, platform threads as much as virtual ones (YCSB prints the collections'
 * time, {@code [TOTAL_GC_TIME]}). An inline run of a client thread that a safepoint falls into is as
 * long as the safepoint makes it, not because the client thread held the I/O thread.
 *
 * <p>Where the JVM's flight recorder runs (every JDK the client supports), the pauses are its
 * safepoints, each from {@code jdk.SafepointBegin}'s start to {@code jdk.SafepointEnd}'s end: a
 * collection's pause and the time the JVM takes to stop the threads before it and to let them go
 * after it (on two busy cores, letting them go took 2–6 ms after young collections of 6–9 ms).
 * Otherwise they are the collections the {@code GarbageCollectorMXBean} notifications report (whole
 * milliseconds of the collection alone), every collector whose name does not say {@code Cycles}
 * (G1's young, mixed, full, remark and cleanup; ZGC's and Shenandoah's {@code Pauses}; Serial's and
 * Parallel's collections); a concurrent cycle is not a pause.
 */
public final class ClientPauses {

  /** Pauses kept, the newest; enough for days of young collections (the oldest half goes when full). */
  static final int KEPT = 100_000;

  /**
   * Start and end of each pause in ns of the source's clock, the first {@code count} in order:
   * pauses stop the world, so they do not overlap, and sorted by start they are sorted by end too.
   * A stall's pauses are then found by a binary search, not a scan (a run of days has tens of
   * thousands of pauses, and its end judges every stall).
   */
  private long[] starts = new long[1024];
  private long[] ends = new long[1024];
  /**
   * Where each pause's threads were all stopped: from the end of stopping them to the start of
   * letting them go ({@code jdk.SafepointBegin}'s end, {@code jdk.SafepointEnd}'s start); a
   * collection's, the whole of it. Only there can no Java thread be waiting for a CPU.
   */
  private long[] stoppedStarts = new long[1024];
  private long[] stoppedEnds = new long[1024];
  private int count;
  /**
   * nanoTime at 0 of the source's clock. The flight recorder's is the epoch: measured once. The
   * collections' GC clock is not the uptime's (they differ by tens of ms): the smallest of (nanoTime
   * when a collection was reported − its end), as a report comes after its collection.
   */
  private long offsetNanos = Long.MAX_VALUE;
  private String source = "none";

  /** Listens to this JVM's safepoints from now on, or where it cannot, to its collections. */
  public static ClientPauses listen() {
    ClientPauses p = new ClientPauses();
    if (!p.listenToSafepoints()) {
      p.listenToCollections();
    }
    return p;
  }

  /** Pauses reported through {@link #collection} or {@link #safepoint} (tests; {@link #listen} for the JVM's own). */
  ClientPauses() {}

  /** True when the pauses come from the flight recorder, which hands its events over about once a second. */
  private boolean recorded;
  /** nanoTime of the flight recorder's last hand-over. */
  private long flushedAt = Long.MIN_VALUE;
  /** How long {@link #catchUp} waits for a hand-over at most (ns). */
  static final long CATCH_UP_NANOS = 5_000_000_000L;

  private synchronized void flushed() {
    flushedAt = System.nanoTime();
    notifyAll();
  }

  /**
   * Waits until the pauses up to now are known: the flight recorder's next hand-over (about a
   * second; {@value #CATCH_UP_NANOS} ns at most), at once when it handed over since {@code since}
   * or the pauses come from the collections' notifications, which come as each ends.
   */
  public synchronized void catchUp(long since) {
    long deadline = System.nanoTime() + CATCH_UP_NANOS;
    while (recorded && flushedAt - since < 0) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return;
      }
      try {
        wait(Math.max(1, left / 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** What the pauses are read from, in words. */
  public String source() {
    return source;
  }

  private boolean listenToSafepoints() {
    try {
      jdk.jfr.consumer.RecordingStream stream = new jdk.jfr.consumer.RecordingStream();
      stream.enable("jdk.SafepointBegin").withoutThreshold();
      stream.enable("jdk.SafepointEnd").withoutThreshold();
      Map<Long, long[]> begun = new HashMap<>();
      stream.onEvent("jdk.SafepointBegin", e -> begun.put(e.getLong("safepointId"),
          new long[] {epochNanos(e.getStartTime()), epochNanos(e.getEndTime())}));
      stream.onEvent("jdk.SafepointEnd", e -> {
        long[] begin = begun.remove(e.getLong("safepointId"));
        if (begin != null) {
          safepoint(begin[0], begin[1], epochNanos(e.getStartTime()), epochNanos(e.getEndTime()));
        }
      });
      stream.onFlush(this::flushed);
      synchronized (this) {
        offsetNanos = System.nanoTime() - epochNanos(Instant.now());
        source = "the JVM's safepoints (its flight recorder's jdk.SafepointBegin and jdk.SafepointEnd)";
        recorded = true;
      }
      stream.setReuse(true);
      stream.startAsync();
      return true;
    } catch (RuntimeException | LinkageError e) {
      return false; // no flight recorder here (-XX:-FlightRecorder, a JDK without it)
    }
  }

  private void listenToCollections() {
    source = "the JVM's collections (GarbageCollectorMXBean notifications)";
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter emitter && !gc.getName().contains("Cycles")) {
        emitter.addNotificationListener((n, handback) -> {
          if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            var info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData()).getGcInfo();
            collection(info.getStartTime(), info.getEndTime(), System.nanoTime());
          }
        }, null, null);
      }
    }
  }

  private static long epochNanos(Instant t) {
    return t.getEpochSecond() * 1_000_000_000L + t.getNano();
  }

  /**
   * A collection from {@code startMs} to {@code endMs} of the GC clock (whole ms), reported at
   * {@code reportedNanos} (nanoTime). Whole milliseconds: it began up to 1 ms before its start and
   * ended up to 1 ms after its end.
   */
  synchronized void collection(long startMs, long endMs, long reportedNanos) {
    add((startMs - 1) * 1_000_000, (startMs - 1) * 1_000_000, (endMs + 1) * 1_000_000, (endMs + 1) * 1_000_000);
    offsetNanos = Math.min(offsetNanos, reportedNanos - endMs * 1_000_000);
  }

  /**
   * A safepoint from {@code start} to {@code end}, every thread stopped from {@code stopped} to
   * {@code released} (the flight recorder's times, ns since the epoch).
   */
  synchronized void safepoint(long start, long stopped, long released, long end) {
    add(start, stopped, released, end);
  }

  /** The source's clock set to {@code offsetNanos} (tests of safepoints). */
  synchronized void offset(long offsetNanos) {
    this.offsetNanos = offsetNanos;
  }

  private void add(long start, long stopped, long released, long end) {
    if (count == KEPT) {
      int dropped = KEPT / 2;
      for (long[] a : new long[][] {starts, stoppedStarts, stoppedEnds, ends}) {
        System.arraycopy(a, dropped, a, 0, count - dropped);
      }
      count -= dropped;
    }
    if (count == starts.length) {
      int n = Math.min(KEPT, count * 2);
      starts = Arrays.copyOf(starts, n);
      stoppedStarts = Arrays.copyOf(stoppedStarts, n);
      stoppedEnds = Arrays.copyOf(stoppedEnds, n);
      ends = Arrays.copyOf(ends, n);
    }
    // reports come in order, but two collectors' may cross: the place by start
    int i = count;
    while (i > 0 && starts[i - 1] > start) {
      i--;
    }
    for (long[] a : new long[][] {starts, stoppedStarts, stoppedEnds, ends}) {
      System.arraycopy(a, i, a, i + 1, count - i);
    }
    starts[i] = start;
    stoppedStarts[i] = Math.max(start, stopped);
    stoppedEnds[i] = Math.max(Math.max(start, stopped), Math.min(released, end));
    ends[i] = end;
    count++;
  }

  /** Nanoseconds of {@code [from, to]} (nanoTime) that the JVM spent in pauses. */
  synchronized long pausedNanos(long from, long to) {
    return overlap(from, to, starts, ends);
  }

  /**
   * Nanoseconds of {@code [from, to]} in pauses but not in their stopped parts: stopping the threads
   * and letting them go, where a thread may be waiting for a CPU (counted as the machine's too).
   */
  synchronized long edgeNanos(long from, long to) {
    return overlap(from, to, starts, ends) - overlap(from, to, stoppedStarts, stoppedEnds);
  }

  private long overlap(long from, long to, long[] starts, long[] ends) {
    if (count == 0) {
      return 0;
    }
    // the first pause that ends after from: those before it cannot overlap
    int lo = 0;
    int hi = count;
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (offsetNanos + ends[mid] <= from) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    long paused = 0;
    for (int i = lo; i < count && offsetNanos + starts[i] < to; i++) {
      paused += Math.min(to, offsetNanos + ends[i]) - Math.max(from, offsetNanos + starts[i]);
    }
    return Math.min(paused, to - from);
  }
}
