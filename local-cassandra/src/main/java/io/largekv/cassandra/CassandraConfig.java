package io.largekv.cassandra;

import io.largekv.common.JavaRuntimes;
import io.largekv.common.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * How a local node's process is set up: the server's jars and Java, its {@code cassandra.yaml}, its
 * {@code logback.xml} and its JVM command line (tuned for a small machine: docs/local-cluster.md).
 */
final class CassandraConfig {

  /** System property naming the file that holds the server's classpath. */
  static final String CLASSPATH_FILE_PROPERTY = "largekv.cassandra.classpath.file";
  /** Environment variable or system property naming a Java 17 home for the server. */
  static final String JAVA_HOME_PROPERTY = "largekv.cassandra.java.home";
  /** vnodes of each node of a ring. */
  static final int TOKENS_PER_NODE = 16;

  private static final String MAIN_CLASS = "org.apache.cassandra.service.CassandraDaemon";

  static final String LOGBACK = """
      <configuration>
        <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
          <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{20} - %msg%n</pattern></encoder>
        </appender>
        <root level="INFO"><appender-ref ref="STDOUT"/></root>
      </configuration>
      """;

  private CassandraConfig() {}

  /** The server's classpath, from the file the {@code local-cassandra} module's build writes. */
  static String classpath() throws IOException {
    String configured = System.getProperty(CLASSPATH_FILE_PROPERTY);
    Path file = configured != null ? Paths.get(configured) : defaultClasspathFile();
    if (!Files.isRegularFile(file)) {
      throw new UserError("the local Cassandra's classpath file " + file
          + " does not exist; build the project first (mvn -q -DskipTests install) or set -D"
          + CLASSPATH_FILE_PROPERTY + "=FILE");
    }
    return classpathOf(file, Files.readString(file, StandardCharsets.UTF_8).trim());
  }

  /**
   * The classpath a classpath file holds: its entries as written (the build's absolute paths), a
   * relative one resolved against the file's directory (a release's {@code lib/cassandra/classpath.txt}
   * holds {@code *}: every jar beside it, wherever the release was extracted). It must name
   * cassandra-all, itself or by a wildcard over a directory that has it.
   */
  static String classpathOf(Path file, String content) throws IOException {
    List<String> entries = new ArrayList<>();
    boolean cassandra = false;
    for (String entry : content.split(java.io.File.pathSeparator)) {
      if (entry.isBlank()) {
        continue;
      }
      Path p = Paths.get(entry.strip());
      Path resolved = p.isAbsolute() ? p : file.toAbsolutePath().getParent().resolve(p).normalize();
      entries.add(resolved.toString());
      if (resolved.getFileName() != null && resolved.getFileName().toString().equals("*")) {
        if (!Files.isDirectory(resolved.getParent())) {
          throw new UserError(file + " names " + resolved + ", and " + resolved.getParent() + " is not a directory: "
              + "extract the release again (docs/release.md)");
        }
        try (java.util.stream.Stream<Path> jars = Files.list(resolved.getParent())) {
          cassandra |= jars.anyMatch(j -> j.getFileName().toString().startsWith("cassandra-all"));
        }
      } else {
        cassandra |= resolved.toString().contains("cassandra-all");
      }
    }
    if (!cassandra) {
      throw new UserError(file + " does not list cassandra-all: rebuild local-cassandra (mvn -q -DskipTests install)");
    }
    return String.join(java.io.File.pathSeparator, entries);
  }

  private static Path defaultClasspathFile() {
    String repo = System.getProperty("largekv.repo.dir", ".");
    return Paths.get(repo, "local-cassandra", "target", "cassandra-classpath.txt");
  }

  /** A Java 17 runtime: Cassandra 5.0 does not start on 25. */
  static Path java17() {
    String configured = System.getProperty(JAVA_HOME_PROPERTY, System.getenv("LARGEKV_CASSANDRA_JAVA_HOME"));
    return JavaRuntimes.find(configured, JAVA_HOME_PROPERTY, v -> v == 17).orElseThrow(() -> new UserError(
        "Cassandra 5.0 needs Java 17 and none was found; install one (apt-get install openjdk-17-jre-headless) "
            + "or set " + JAVA_HOME_PROPERTY + " (or LARGEKV_CASSANDRA_JAVA_HOME) to a Java 17 home"));
  }

  /**
   * Node {@code number}'s cassandra.yaml settings, in order, {@code extraYaml} last. A ring's initial
   * nodes ({@code initialNodes}) start at once, each with its own evenly spaced {@code initial_token}s
   * ({@link RingTokens}); a node added later bootstraps with token allocation for three replicas.
   */
  static Map<String, String> yaml(String clusterName, Path dir, int number, int initialNodes, List<String> seeds,
      boolean bootstrap, int[] ports, boolean ring, Map<String, String> extraYaml) {
    int nativePort = ports[0];
    int storagePort = ports[1];
    int sslStoragePort = ports[2];
    String address = "127.0.0." + number;
    Map<String, String> y = new LinkedHashMap<>();
    y.put("cluster_name", "'" + clusterName + "'");
    if (ring) {
      y.put("num_tokens", Integer.toString(TOKENS_PER_NODE));
      if (bootstrap) {
        y.put("allocate_tokens_for_local_replication_factor", "3");
      } else {
        y.put("initial_token", String.join(",", RingTokens.evenlySpaced(number, initialNodes, TOKENS_PER_NODE)));
      }
      y.put("auto_bootstrap", Boolean.toString(bootstrap));
    } else {
      y.put("num_tokens", "1");
      y.put("initial_token", "0");
    }
    y.put("partitioner", "org.apache.cassandra.dht.Murmur3Partitioner");
    y.put("endpoint_snitch", "SimpleSnitch");
    y.put("commitlog_sync", "periodic");
    y.put("commitlog_sync_period", "10000ms");
    y.put("data_file_directories", "\n    - " + dir.resolve("data"));
    y.put("commitlog_directory", dir.resolve("commitlog").toString());
    y.put("saved_caches_directory", dir.resolve("saved_caches").toString());
    y.put("hints_directory", dir.resolve("hints").toString());
    y.put("cdc_raw_directory", dir.resolve("cdc_raw").toString());
    String seedList = seeds.stream().map(s -> s + ":" + storagePort).collect(Collectors.joining(","));
    y.put("seed_provider", "\n  - class_name: org.apache.cassandra.locator.SimpleSeedProvider"
        + "\n    parameters:\n      - seeds: \"" + seedList + "\"");
    y.put("listen_address", address);
    y.put("rpc_address", address);
    y.put("storage_port", Integer.toString(storagePort));
    y.put("ssl_storage_port", Integer.toString(sslStoragePort));
    y.put("native_transport_port", Integer.toString(nativePort));
    y.put("start_native_transport", "true");
    y.put("auto_snapshot", "false");
    y.putAll(extraYaml);
    return y;
  }

  /** cassandra.yaml's text: each setting {@code key: value}, or {@code key:} and an indented block. */
  static String render(Map<String, String> yaml) {
    StringBuilder sb = new StringBuilder("# written by largekv LocalCassandra\n");
    yaml.forEach((k, v) -> sb.append(k).append(':').append(v.startsWith("\n") ? "" : " ").append(v).append('\n'));
    return sb.toString();
  }

  /** The tokens a node's settings give it ({@code initial_token}); empty when it allocates its own. */
  static List<String> initialTokens(Map<String, String> yaml) {
    String tokens = yaml.get("initial_token");
    List<String> out = new ArrayList<>();
    if (tokens != null) {
      for (String t : tokens.split(",")) {
        if (!t.trim().isEmpty()) {
          out.add(t.trim());
        }
      }
    }
    return List.copyOf(out);
  }

  /**
   * The node's JVM command line: Java 17 with the options Cassandra 5.0 needs, its yaml, logback and
   * directories; a local JMX port when {@code jmxPort} is one; for a ring on a small machine, about half the
   * start-up CPU.
   */
  static List<String> command(Path java, String classpath, Path dir, Path yaml, Path logback, String heap,
      boolean ring, boolean smallMachine, int jmxPort, List<String> jvmOptions) throws IOException {
    List<String> command = new ArrayList<>();
    if (runningAsRoot() && Files.isExecutable(Paths.get("/usr/bin/setpriv"))) {
      // Cassandra calls mlockall; as root that pins the whole heap. Without CAP_IPC_LOCK it is
      // a warning and the server's RSS stays near its working set.
      command.addAll(List.of("/usr/bin/setpriv", "--bounding-set", "-ipc_lock", "--"));
    }
    String nodeHeap = heap != null ? heap : ring ? "512m" : "1g";
    command.add(java.toString());
    command.addAll(List.of(
        "-Xms" + nodeHeap, "-Xmx" + nodeHeap,
        "-XX:+UseG1GC",
        "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
        "--add-exports", "java.base/jdk.internal.ref=ALL-UNNAMED",
        "--add-opens", "java.base/java.io=ALL-UNNAMED",
        "-Dcassandra-foreground=yes",
        "-Dcassandra.config=" + yaml.toUri(),
        "-Dlogback.configurationFile=" + logback.toUri(),
        "-Dcassandra.logdir=" + dir,
        "-Dcassandra.storagedir=" + dir,
        // the native libraries it unpacks (lz4, snappy) go with the node's directory, also when it is killed
        "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("tmp")),
        "-Dcassandra.shutdown_announce_in_ms=0",
        "-Dcassandra.skip_wait_for_gossip_to_settle=0",
        // Cassandra measures a memtable row's heap overhead at start, deep-sizing 100,000 rows: 6-11 s of a
        // ring node's 20-35-s start on a 2-core machine (C1 only). It measured 180-181 bytes here on
        // Java 17 every time; the value only sizes the memtables' heap accounting, which says when to flush
        "-Dcassandra.memtable.row_overhead_size=180",
        // a single node has no ring to wait for; bootstrap and decommission need 5 s
        "-Dcassandra.ring_delay_ms=" + (ring ? 5000 : 100)));
    if (jmxPort > 0) {
      // local JMX, one port per node (it binds 127.0.0.1): a ring's readiness checks and decommission, an
      // uncached node's compactions
      command.addAll(List.of("--add-exports", "java.rmi/sun.rmi.registry=ALL-UNNAMED",
          "-Dcassandra.jmx.local.port=" + jmxPort, "-Dcom.sun.management.jmxremote.rmi.port=" + jmxPort));
    }
    if (ring) {
      if (smallMachine) {
        // about half the start-up CPU: C1 only, one GC thread, one "processor" for Cassandra's pools
        command.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-XX:ParallelGCThreads=1",
            "-XX:ConcGCThreads=1", "-Dcassandra.available_processors=1"));
      }
    }
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", classpath, MAIN_CLASS));
    return command;
  }

  private static boolean runningAsRoot() {
    return "root".equals(System.getProperty("user.name"));
  }
}
