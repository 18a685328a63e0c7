package io.largekv.jvm;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;

/**
 * One full collection of the client JVM's heap after its start-up, before the run's first
 * operation: what the start-up built and keeps for the whole run (the driver's connections,
 * metadata and buffer pools, the prepared statements, the objects of the classes loaded) moves to
 * the old generation at once. Without it every young collection of the run's first minutes copies
 * those megabytes again (up to 15 times, the collectors' tenuring threshold), and each young pause
 * holds every response in flight for its length: at a fixed 10,000 reads/s on one CPU, G1's young
 * pauses took 7–14 ms with them (after the first 10 s) and 1–4 ms after one such collection
 * (docs/performance.md).
 *
 * <p>{@code -XX:+DisableExplicitGC} turns it off; the line says so.
 */
public final class StartUpCollection {

  private StartUpCollection() {}

  /** Collects, and returns one line saying what it did (heap before and after, time). */
  public static String run() {
    MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
    long before = memory.getHeapMemoryUsage().getUsed();
    long collections = collections();
    long start = System.nanoTime();
    System.gc();
    long ms = (System.nanoTime() - start) / 1_000_000;
    if (collections() == collections) {
      return "no collection after the start-up (explicit GC is disabled in this JVM): the run's young"
          + " collections copy the start-up's objects until they are old";
    }
    return "one full collection after the start-up, before the first operation: heap " + (before >> 20) + " -> "
        + (memory.getHeapMemoryUsage().getUsed() >> 20) + " MiB in " + ms + " ms";
  }

  /** Collections of every collector so far. */
  static long collections() {
    long n = 0;
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      n += Math.max(0, gc.getCollectionCount());
    }
    return n;
  }
}
