package io.largekv.testing;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.largekv.binding.DriverSettings;
import io.largekv.cassandra.LocalCassandra;
import java.net.InetSocketAddress;
import java.time.Duration;

/** A plain driver session for tests to look at the server directly. */
public final class TestSessions {
  private TestSessions() {}

  public static CqlSession open(LocalCassandra cassandra) {
    return builder(cassandra).build();
  }

  /** A session that logs in (a server with PasswordAuthenticator), over TLS when {@code sslContext} is given. */
  public static CqlSession open(LocalCassandra cassandra, String user, String password,
      javax.net.ssl.SSLContext sslContext) {
    var b = builder(cassandra).withAuthCredentials(user, password);
    return (sslContext == null ? b : b.withSslContext(sslContext)).build();
  }

  private static com.datastax.oss.driver.api.core.CqlSessionBuilder builder(LocalCassandra cassandra) {
    return CqlSession.builder()
        .addContactPoint(new InetSocketAddress(cassandra.host(), cassandra.nativePort()))
        .withLocalDatacenter(cassandra.localDatacenter())
        .withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withString(DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS, "DefaultLoadBalancingPolicy")
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(20))
            // a server a test restarts is reachable again within a second
            .withDuration(DefaultDriverOption.RECONNECTION_BASE_DELAY, Duration.ofMillis(200))
            .withDuration(DefaultDriverOption.RECONNECTION_MAX_DELAY, Duration.ofSeconds(1))
            // a test's own DDL returns in tenths of a second, as the client's does (DriverSettings)
            .withDuration(DefaultDriverOption.METADATA_SCHEMA_WINDOW, DriverSettings.SCHEMA_DEBOUNCE_WINDOW)
            .build());
  }

  /**
   * The command lines of this machine's Java processes ({@code /proc/<pid>/cmdline}, arguments
   * joined by spaces): to check that no secret reaches one.
   */
  public static java.util.List<String> javaCommandLines() {
    java.util.List<String> out = new java.util.ArrayList<>();
    java.io.File[] procs = new java.io.File("/proc").listFiles((d, n) -> n.matches("[0-9]+"));
    if (procs == null) {
      return out;
    }
    for (java.io.File p : procs) {
      try {
        byte[] raw = java.nio.file.Files.readAllBytes(p.toPath().resolve("cmdline"));
        String cmd = new String(raw, java.nio.charset.StandardCharsets.UTF_8).replace('\0', ' ');
        if (cmd.contains("java")) {
          out.add(cmd);
        }
      } catch (java.io.IOException | RuntimeException gone) {
        // the process ended
      }
    }
    return out;
  }
}
