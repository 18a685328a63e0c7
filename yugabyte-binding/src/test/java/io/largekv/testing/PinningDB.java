package io.largekv.testing;

import io.largekv.ycsb.YugabyteYcqlDB;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import site.ycsb.ByteIterator;
import site.ycsb.Status;

/**
 * largekv's binding, whose client threads block their carrier on purpose: after every
 * {@code pinningdb.every}-th read has its response (so a virtual client thread runs on the driver's
 * I/O thread that read it), the thread initialises a fresh copy of {@link Sleeper}, whose static
 * initialiser sleeps {@code pinningdb.ms} ms. A virtual thread inside a class initialiser cannot
 * unmount, on Java 21 as on 25: the sleep holds the I/O thread, which reads no other response
 * meanwhile (JFR records it as {@code jdk.VirtualThreadPinned}).
 */
public class PinningDB extends YugabyteYcqlDB {

  private static final AtomicLong READS = new AtomicLong();

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> result) {
    Status s = super.read(table, key, fields, result);
    long every = Long.parseLong(getProperties().getProperty("pinningdb.every", "0"));
    if (every > 0 && READS.incrementAndGet() % every == 0) {
      System.setProperty(Sleeper.MS, getProperties().getProperty("pinningdb.ms", "50"));
      URL here = PinningDB.class.getProtectionDomain().getCodeSource().getLocation();
      try (URLClassLoader fresh = new URLClassLoader(new URL[] {here}, null)) {
        Class.forName(Sleeper.class.getName(), true, fresh);
      } catch (ReflectiveOperationException | java.io.IOException e) {
        throw new IllegalStateException(e);
      }
    }
    return s;
  }

  /** Sleeps {@code System.getProperty(MS)} ms in its static initialiser, once per class loader. */
  public static final class Sleeper {
    static final String MS = "pinningdb.sleep_ms";

    static {
      try {
        Thread.sleep(Long.getLong(MS, 50));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }

    private Sleeper() {}
  }
}
