package io.largekv.run;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The smallest key numbers found missing, at most {@code limit} of them, to print as ranges
 * ({@code 100-199 350 1000-1099}). Thread-safe.
 */
final class MissingKeys {
  private final int limit;
  private final ConcurrentSkipListSet<Long> keys = new ConcurrentSkipListSet<>();
  private final AtomicInteger size = new AtomicInteger();

  MissingKeys(int limit) {
    this.limit = limit;
  }

  void add(long keyNumber) {
    if (keys.add(keyNumber) && size.incrementAndGet() > limit) {
      if (keys.pollLast() != null) {
        size.decrementAndGet();
      }
    }
  }

  /** The first {@code max} ranges of consecutive key numbers, space-separated; "" when none. */
  String ranges(int max) {
    List<String> out = new ArrayList<>();
    Iterator<Long> it = keys.iterator();
    long from = -1;
    long to = -1;
    while (it.hasNext()) {
      long k = it.next();
      if (from >= 0 && k == to + 1) {
        to = k;
        continue;
      }
      if (from >= 0) {
        out.add(range(from, to));
        if (out.size() == max) {
          return String.join(" ", out) + " ...";
        }
      }
      from = k;
      to = k;
    }
    if (from >= 0) {
      out.add(range(from, to));
    }
    return String.join(" ", out);
  }

  private static String range(long from, long to) {
    return from == to ? Long.toString(from) : from + "-" + to;
  }
}
