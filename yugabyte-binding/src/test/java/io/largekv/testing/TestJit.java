package io.largekv.testing;

import io.largekv.cassandra.LocalCassandra;
import java.util.Arrays;
import java.util.List;

/**
 * The JIT of the JVMs the integration tests start — YCSB clients, nb5, the local Cassandra servers
 * they start themselves — from the build's {@code largekv.tests.jit} (the parent POM: C1 only,
 * {@code -XX:TieredStopAtLevel=1}; the same value reaches the clients that bin/largekv starts as
 * {@code JAVA_OPTS}).
 *
 * <p>A test's client runs for seconds and its server for a few minutes at most; C2 compiles for
 * about their first 20 s on 2 cores, so most of that work was never used, and it took the CPU from
 * the test's other processes. What they do is unchanged; speed is measured in bench/run, never
 * here. Tests about the JIT and the stall rule (ClientThreadsIT) and about the local Cassandra
 * itself (LocalCassandraIT) run the product's own JIT. Without the property (a test run from an
 * IDE) there is no option: the product's JIT.
 */
public final class TestJit {

  /** The system property (and Maven property) that holds the options. */
  public static final String PROPERTY = "largekv.tests.jit";

  private TestJit() {}

  /** The JVM options, each an element; empty when the property is unset or blank. */
  public static List<String> options() {
    String value = System.getProperty(PROPERTY, "").trim();
    return value.isEmpty() ? List.of() : Arrays.asList(value.split("\\s+"));
  }

  /** {@link LocalCassandra#builder()} with these options: a server a test starts itself. */
  public static LocalCassandra.Builder cassandra() {
    LocalCassandra.Builder builder = LocalCassandra.builder();
    options().forEach(builder::jvmOption);
    return builder;
  }

  /** The options as one line, for JAVA_TOOL_OPTIONS and the like; empty when there are none. */
  public static String line() {
    return String.join(" ", options());
  }
}
