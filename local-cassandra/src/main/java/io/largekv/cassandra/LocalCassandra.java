package io.largekv.cassandra;

import io.largekv.common.JavaRuntimes;
import io.largekv.common.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real single-node Apache Cassandra 5.0 running as a separate Java 17 process on 127.0.0.1.
 *
 * <p>This is largekv's embedded default target ({@code bin/largekv run} with no hosts) and the
 * server of every integration test. The server's jars come from Maven Central through the
 * {@code local-cassandra} module, which writes their classpath to
 * {@code local-cassandra/target/cassandra-classpath.txt}. Each instance gets free ports, its own
 * data directory and log file; {@link #close()} stops the process (SIGTERM, then kill after a
 * grace period) and deletes the directory unless it was supplied by the caller.
 *
 * <pre>{@code
 * try (LocalCassandra cassandra = LocalCassandra.builder().start()) {
 *   String contactPoint = cassandra.host() + ":" + cassandra.nativePort();
 * }
 * }</pre>
 */
public final class LocalCassandra implements AutoCloseable {

  /** System property naming the file that holds the server's classpath. */
  public static final String CLASSPATH_FILE_PROPERTY = "largekv.cassandra.classpath.file";
  /** Environment variable or system property naming a Java 17 home for the server. */
  public static final String JAVA_HOME_PROPERTY = "largekv.cassandra.java.home";

  private static final String MAIN_CLASS = "org.apache.cassandra.service.CassandraDaemon";

  private final Node node;
  private final Path directory;
  private final boolean deleteDirectory;
  private final int nativePort;
  private final Duration startTimeout;
  private final boolean quiet;
  private final Thread shutdownHook;
  private volatile boolean closed;

  private LocalCassandra(List<String> command, Path directory, boolean deleteDirectory, int nativePort,
      Duration startTimeout, boolean quiet) {
    this.directory = directory;
    this.deleteDirectory = deleteDirectory;
    this.nativePort = nativePort;
    this.startTimeout = startTimeout;
    this.quiet = quiet;
    this.node = new Node(command, directory.resolve("cassandra.log"));
    this.shutdownHook = new Thread(this::stopQuietly, "local-cassandra-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  /**
   * The server process, which tests and experiments may stop, kill and start again: the same
   * command, directory and ports, so a restarted server finds its data (and replays its commit log).
   */
  public final class Node {
    private final List<String> command;
    private final Path log;
    private volatile Process process;

    private Node(List<String> command, Path log) {
      this.command = command;
      this.log = log;
    }

    /** Starts the (stopped or killed) server and waits until its CQL port accepts connections. */
    public synchronized void start() throws IOException {
      if (process != null && process.isAlive()) {
        throw new IllegalStateException("the local Cassandra is running (pid " + process.pid() + ")");
      }
      long started = System.nanoTime();
      process = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
      waitForPort(process, nativePort, startTimeout, log);
      if (!quiet) {
        System.err.printf("largekv: local Cassandra ready in %.1f s (pid %d)%n",
            (System.nanoTime() - started) / 1e9, process.pid());
      }
    }

    /** SIGKILL, as a crash: acknowledged writes not yet synced to the commit log may be lost. */
    public synchronized void kill() {
      Process p = process;
      if (p != null) {
        p.destroyForcibly();
        waitFor(p, 30);
      }
    }

    /** SIGTERM: a clean shutdown (the server drains and flushes); SIGKILL after 30 s. */
    public synchronized void stop() {
      Process p = process;
      if (p == null) {
        return;
      }
      p.destroy();
      if (!waitFor(p, 30)) {
        p.destroyForcibly();
        waitFor(p, 10);
      }
    }

    public boolean isRunning() {
      Process p = process;
      return p != null && p.isAlive();
    }

    public long pid() {
      return process.pid();
    }

    private boolean waitFor(Process p, int seconds) {
      try {
        return p.waitFor(seconds, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
  }

  /** The server process: to stop, kill and start it again. */
  public Node node() {
    return node;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** Always 127.0.0.1: the server never binds to another address. */
  public String host() {
    return "127.0.0.1";
  }

  /** The CQL native-protocol port. */
  public int nativePort() {
    return nativePort;
  }

  /** Contact point in the form the YCSB binding's {@code hosts} property accepts. */
  public String contactPoint() {
    return host() + ":" + nativePort;
  }

  /** Datacenter name of a SimpleSnitch node. */
  public String localDatacenter() {
    return "datacenter1";
  }

  public Path directory() {
    return directory;
  }

  public long pid() {
    return node.pid();
  }

  public boolean isRunning() {
    return node.isRunning();
  }

  /** Stops the server (SIGTERM, kill after 30 s) and removes its directory if we created it. */
  @Override
  public void close() {
    stopQuietly();
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException shuttingDown) {
      // already in the JVM's shutdown: the hook runs or ran
    }
  }

  private synchronized void stopQuietly() {
    if (closed) {
      return;
    }
    closed = true;
    node.stop();
    if (deleteDirectory) {
      deleteRecursively(directory);
    }
  }

  /** Deletes a directory tree, best effort (files a dying process still holds may stay). */
  public static void deleteRecursively(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> {
        try {
          Files.deleteIfExists(p);
        } catch (IOException e) {
          // best effort: a file still held open by a dying process
        }
      });
    } catch (IOException e) {
      // best effort
    }
  }

  /** Options of a local server; every one has a default that works on a laptop. */
  public static final class Builder {
    private Path directory;
    private String heap = "1g";
    private Duration startTimeout = Duration.ofSeconds(120);
    private final Map<String, String> extraYaml = new LinkedHashMap<>();
    private final List<String> jvmOptions = new ArrayList<>();
    private String clusterName = "largekv-local";
    private boolean quiet;

    /** Data directory to use and keep; by default a temporary one, deleted on close. */
    public Builder directory(Path dir) {
      this.directory = dir;
      return this;
    }

    /** JVM heap (-Xms and -Xmx), default {@code 1g}. */
    public Builder heap(String heap) {
      this.heap = Objects.requireNonNull(heap);
      return this;
    }

    public Builder startTimeout(Duration timeout) {
      this.startTimeout = timeout;
      return this;
    }

    public Builder clusterName(String name) {
      this.clusterName = name;
      return this;
    }

    /**
     * Adds or replaces a top-level cassandra.yaml setting, written verbatim as
     * {@code key: value} (e.g. {@code authenticator: PasswordAuthenticator}).
     */
    public Builder yaml(String key, String value) {
      extraYaml.put(key, value);
      return this;
    }

    /** Adds a JVM option to the server's command line, e.g. {@code -Dcassandra.superuser_setup_delay_ms=0}. */
    public Builder jvmOption(String option) {
      jvmOptions.add(option);
      return this;
    }

    /** Suppresses the one-line progress messages on stderr. */
    public Builder quiet(boolean quiet) {
      this.quiet = quiet;
      return this;
    }

    /** Starts the server and waits until its CQL port accepts connections. */
    public LocalCassandra start() throws IOException {
      String classpath = readClasspath();
      Path java = findJava17();
      boolean ownDirectory = directory == null;
      Path dir = ownDirectory ? Files.createTempDirectory("largekv-cassandra-") : directory;
      Files.createDirectories(dir);
      int nativePort = freePort();
      int storagePort = freePort();
      int sslStoragePort = freePort();
      Path yaml = dir.resolve("cassandra.yaml");
      Files.writeString(yaml, cassandraYaml(dir, nativePort, storagePort, sslStoragePort));
      Path logback = dir.resolve("logback.xml");
      Files.writeString(logback, LOGBACK);

      List<String> command = new ArrayList<>();
      if (runningAsRoot() && Files.isExecutable(Paths.get("/usr/bin/setpriv"))) {
        // Cassandra calls mlockall; as root that pins the whole heap. Without CAP_IPC_LOCK it is
        // a warning and the server's RSS stays near its working set.
        command.addAll(List.of("/usr/bin/setpriv", "--bounding-set", "-ipc_lock", "--"));
      }
      command.add(java.toString());
      command.addAll(List.of(
          "-Xms" + heap, "-Xmx" + heap,
          "-XX:+UseG1GC",
          "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
          "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
          "--add-opens", "java.base/java.io=ALL-UNNAMED",
          "-Dcassandra-foreground=yes",
          "-Dcassandra.config=" + yaml.toUri(),
          "-Dlogback.configurationFile=" + logback.toUri(),
          "-Dcassandra.logdir=" + dir,
          "-Dcassandra.storagedir=" + dir,
          "-Dcassandra.shutdown_announce_in_ms=0",
          "-Dcassandra.skip_wait_for_gossip_to_settle=0",
          "-Dcassandra.ring_delay_ms=100"));
      command.addAll(jvmOptions);
      command.addAll(List.of(
          "-cp", classpath,
          MAIN_CLASS));
      if (!quiet) {
        System.err.printf("largekv: starting local Cassandra on %s:%d (data in %s)%n",
            "127.0.0.1", nativePort, dir);
      }
      LocalCassandra server = new LocalCassandra(command, dir, ownDirectory, nativePort, startTimeout, quiet);
      try {
        server.node.start();
      } catch (IOException | RuntimeException e) {
        server.close();
        throw e;
      }
      return server;
    }

    private String cassandraYaml(Path dir, int nativePort, int storagePort, int sslStoragePort) {
      Map<String, String> y = new LinkedHashMap<>();
      y.put("cluster_name", "'" + clusterName + "'");
      y.put("num_tokens", "1");
      y.put("initial_token", "0");
      y.put("partitioner", "org.apache.cassandra.dht.Murmur3Partitioner");
      y.put("endpoint_snitch", "SimpleSnitch");
      y.put("commitlog_sync", "periodic");
      y.put("commitlog_sync_period", "10000ms");
      y.put("data_file_directories", "\n    - " + dir.resolve("data"));
      y.put("commitlog_directory", dir.resolve("commitlog").toString());
      y.put("saved_caches_directory", dir.resolve("saved_caches").toString());
      y.put("hints_directory", dir.resolve("hints").toString());
      y.put("cdc_raw_directory", dir.resolve("cdc_raw").toString());
      y.put("seed_provider", "\n  - class_name: org.apache.cassandra.locator.SimpleSeedProvider"
          + "\n    parameters:\n      - seeds: \"127.0.0.1:" + storagePort + "\"");
      y.put("listen_address", "127.0.0.1");
      y.put("rpc_address", "127.0.0.1");
      y.put("storage_port", Integer.toString(storagePort));
      y.put("ssl_storage_port", Integer.toString(sslStoragePort));
      y.put("native_transport_port", Integer.toString(nativePort));
      y.put("start_native_transport", "true");
      y.put("auto_snapshot", "false");
      y.putAll(extraYaml);
      StringBuilder sb = new StringBuilder("# written by largekv LocalCassandra\n");
      y.forEach((k, v) -> sb.append(k).append(':').append(v.startsWith("\n") ? "" : " ")
          .append(v).append('\n'));
      return sb.toString();
    }
  }

  private static final String LOGBACK = """
      <configuration>
        <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
          <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{20} - %msg%n</pattern></encoder>
        </appender>
        <root level="INFO"><appender-ref ref="STDOUT"/></root>
      </configuration>
      """;

  static String readClasspath() throws IOException {
    String configured = System.getProperty(CLASSPATH_FILE_PROPERTY);
    Path file = configured != null ? Paths.get(configured) : defaultClasspathFile();
    if (!Files.isRegularFile(file)) {
      throw new UserError("the local Cassandra's classpath file " + file
          + " does not exist; build the project first (mvn -q -DskipTests install) or set -D"
          + CLASSPATH_FILE_PROPERTY + "=FILE");
    }
    String cp = Files.readString(file, StandardCharsets.UTF_8).trim();
    if (!cp.contains("cassandra-all")) {
      throw new UserError(file + " does not list cassandra-all: rebuild local-cassandra (mvn -q -DskipTests install)");
    }
    return cp;
  }

  private static Path defaultClasspathFile() {
    String repo = System.getProperty("largekv.repo.dir", ".");
    return Paths.get(repo, "local-cassandra", "target", "cassandra-classpath.txt");
  }

  /** A Java 17 runtime: Cassandra 5.0 does not start on 25. */
  static Path findJava17() {
    String configured = System.getProperty(JAVA_HOME_PROPERTY, System.getenv("LARGEKV_CASSANDRA_JAVA_HOME"));
    return JavaRuntimes.find(configured, JAVA_HOME_PROPERTY, v -> v == 17).orElseThrow(() -> new UserError(
        "Cassandra 5.0 needs Java 17 and none was found; install one (apt-get install openjdk-17-jre-headless) "
            + "or set " + JAVA_HOME_PROPERTY + " (or LARGEKV_CASSANDRA_JAVA_HOME) to a Java 17 home"));
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(false);
      s.bind(new InetSocketAddress("127.0.0.1", 0));
      return s.getLocalPort();
    }
  }

  private static boolean runningAsRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static void waitForPort(Process process, int port, Duration timeout, Path log)
      throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("the local Cassandra exited with code " + process.exitValue()
            + " during start-up; last lines of " + log + ":\n" + tail(log, 30));
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
        return;
      } catch (IOException notYet) {
        try {
          Thread.sleep(250);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while waiting for Cassandra", e);
        }
      }
    }
    throw new IOException("the local Cassandra did not open port " + port + " within "
        + timeout.toSeconds() + " s; last lines of " + log + ":\n" + tail(log, 30));
  }

  static String tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }
}
