package io.largekv.bench;

import io.largekv.cassandra.LocalCassandra;

/**
 * A local Cassandra for profiling by hand ({@code docs/performance.md}): starts it, prints its
 * contact point and pid, and stops it (deleting its data) when this process is terminated.
 *
 * <pre>
 *   java -cp "$(cat bench/target/bench-classpath.txt):bench/target/classes" \
 *     -Dlargekv.repo.dir=$PWD io.largekv.bench.LocalServer 1g &
 * </pre>
 */
public final class LocalServer {

  private LocalServer() {}

  public static void main(String[] args) throws Exception {
    LocalCassandra server = LocalCassandra.builder().heap(args.length > 0 ? args[0] : "1g").start();
    System.out.println("contact point " + server.contactPoint() + " pid " + server.pid());
    System.out.flush();
    Thread.currentThread().join();   // until SIGTERM: LocalCassandra's shutdown hook stops the server
  }
}
