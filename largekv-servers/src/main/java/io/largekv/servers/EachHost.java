package io.largekv.servers;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiFunction;

/**
 * The one way a source reads each of its hosts: every host at once (at most {@link #PARALLEL} at a
 * time, each read bounded by its own timeout, {@link SourceHttp#TIMEOUT} for a page), so a sample
 * of many nodes takes about as long as its slowest node, and one node that does not answer delays
 * no other. Each host either answers with a value or fails with a reason; what a source makes of
 * the failures (none may fail, one must answer) is its own rule, said by {@link Answers#requireEvery}
 * and {@link Answers#requireOne}.
 */
final class EachHost implements AutoCloseable {

  /** The most hosts read at the same time. */
  static final int PARALLEL = 16;

  /** Reads one host: its value, or an {@link IOException} whose message says why not. */
  @FunctionalInterface
  interface Reader<T> {
    T read(String host) throws IOException;
  }

  /**
   * What each host gave, in the hosts' order.
   *
   * @param hosts every host read, in order
   * @param answered the hosts that answered, and what
   * @param failed the hosts that did not, and why
   */
  record Answers<T>(String what, List<String> hosts, Map<String, T> answered, Map<String, String> failed) {

    Answers {
      hosts = List.copyOf(hosts);
      answered = Collections.unmodifiableMap(new LinkedHashMap<>(answered));
      failed = Collections.unmodifiableMap(new LinkedHashMap<>(failed));
    }

    /**
     * One value per host, in the hosts' order: {@code answer} of what a host gave, {@code failure} of
     * why a host did not.
     */
    <R> List<R> each(BiFunction<String, T, R> answer, BiFunction<String, String, R> failure) {
      List<R> each = new ArrayList<>();
      for (String host : hosts) {
        each.add(answered.containsKey(host) ? answer.apply(host, answered.get(host))
            : failure.apply(host, failed.get(host)));
      }
      return each;
    }

    /**
     * Itself when at least one host answered.
     *
     * @throws IOException {@code no WHAT answered: } and every host's reason
     */
    Answers<T> requireOne() throws IOException {
      if (answered.isEmpty()) {
        throw new IOException("no " + what + " answered: " + String.join("; ", failed.values()));
      }
      return this;
    }

    /**
     * Itself when every host answered.
     *
     * @throws IOException every failing host's reason
     */
    Answers<T> requireEvery() throws IOException {
      if (!failed.isEmpty()) {
        throw new IOException(String.join("; ", failed.values()));
      }
      return this;
    }
  }

  private final String what;
  private final List<String> hosts;
  private final ExecutorService pool;

  /**
   * @param what the hosts' name in an error, e.g. "ScyllaDB node"
   * @param hosts every host, read in this order (a host named twice is read once)
   */
  EachHost(String what, List<String> hosts) {
    if (hosts.isEmpty()) {
      throw new IllegalArgumentException(what + ": no host");
    }
    this.what = what;
    this.hosts = List.copyOf(new LinkedHashSet<>(hosts));
    this.pool = this.hosts.size() == 1 ? null : Executors.newFixedThreadPool(Math.min(this.hosts.size(), PARALLEL),
        r -> {
          Thread t = new Thread(r, "largekv-servers-read");
          t.setDaemon(true);
          return t;
        });
  }

  /** The hosts. */
  List<String> hosts() {
    return hosts;
  }

  /**
   * Every host read by {@code reader}. A reader's {@link RuntimeException} is not a host's failure:
   * it is thrown as it is.
   *
   * @throws IOException only when the reading thread is interrupted
   */
  <T> Answers<T> read(Reader<T> reader) throws IOException {
    Map<String, T> answered = new LinkedHashMap<>();
    Map<String, String> failed = new LinkedHashMap<>();
    if (pool == null) {
      String host = hosts.get(0);
      try {
        answered.put(host, reader.read(host));
      } catch (IOException e) {
        failed.put(host, e.getMessage());
      }
      return new Answers<>(what, hosts, answered, failed);
    }
    List<Future<T>> futures = new ArrayList<>();
    for (String host : hosts) {
      futures.add(pool.submit(() -> reader.read(host)));
    }
    try {
      for (int i = 0; i < hosts.size(); i++) {
        try {
          answered.put(hosts.get(i), futures.get(i).get());
        } catch (ExecutionException e) {
          Throwable cause = e.getCause();
          if (cause instanceof IOException io) {
            failed.put(hosts.get(i), io.getMessage());
          } else if (cause instanceof RuntimeException r) {
            throw r;
          } else if (cause instanceof Error err) {
            throw err;
          } else {
            throw new IllegalStateException(cause);
          }
        }
      }
    } catch (InterruptedException e) {
      futures.forEach(f -> f.cancel(true));
      Thread.currentThread().interrupt();
      throw new IOException(what + "s: interrupted while reading " + String.join(", ", hosts));
    }
    return new Answers<>(what, hosts, answered, failed);
  }

  @Override
  public void close() {
    if (pool != null) {
      pool.shutdownNow();
    }
  }
}
