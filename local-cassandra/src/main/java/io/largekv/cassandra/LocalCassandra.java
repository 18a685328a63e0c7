package io.largekv.cassandra;

import io.largekv.common.JavaRuntimes;
import io.largekv.common.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
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
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A real Apache Cassandra 5.0 on this machine: one node on 127.0.0.1, or a ring of N nodes on the
 * loopback addresses 127.0.0.1 … 127.0.0.N (same ports on each address, a data directory each, a
 * real gossip ring), each a separate Java 17 process.
 *
 * <p>This is largekv's embedded default target ({@code bin/largekv run} with no hosts, {@code
 * --nodes N}) and the server of every integration test. The server's jars come from Maven Central
 * through the {@code local-cassandra} module, which writes their classpath to
 * {@code local-cassandra/target/cassandra-classpath.txt}. {@link #close()} stops every node and
 * deletes the directory unless it was supplied by the caller.
 *
 * <p>Nodes can be stopped ({@code SIGTERM}: the node drains), killed ({@code SIGKILL}: a crash)
 * and started again from their directory; a ring can grow by a node that bootstraps (streams its
 * token ranges from the others) and shrink by a decommissioned one. After every change the ring is
 * awaited: every running node in mode NORMAL, seeing exactly the running nodes live and the stopped
 * ones unreachable, none joining, leaving or moving, and one schema version — read over each node's
 * local JMX, which also gives the requests a node coordinated ({@link Node#traffic()}).
 *
 * <p>A ring is tuned for a small machine (docs/local-cluster.md): a 512 MiB heap, the C1 compiler
 * only, one GC thread and {@code cassandra.available_processors=1} per node roughly halve start-up
 * CPU; every initial node is a seed with its own evenly spaced tokens so that they can start at once
 * (16 vnodes each; a node added later allocates its 16 for three replicas); a 5 s ring delay, which
 * bootstrap and decommission need.
 *
 * <pre>{@code
 * try (LocalCassandra ring = LocalCassandra.builder().nodes(3).start()) {
 *   String hosts = ring.contactPoints();            // 127.0.0.1:P,127.0.0.2:P,127.0.0.3:P
 *   ring.node(2).kill();  ring.node(2).start();
 *   ring.addNode();  ring.decommission(4);
 * }
 * }</pre>
 */
public final class LocalCassandra implements AutoCloseable {

  /** System property naming the file that holds the server's classpath. */
  public static final String CLASSPATH_FILE_PROPERTY = "largekv.cassandra.classpath.file";
  /** Environment variable or system property naming a Java 17 home for the server. */
  public static final String JAVA_HOME_PROPERTY = "largekv.cassandra.java.home";
  /** Nodes a local ring may have at most (the loopback addresses it probes ports on). */
  public static final int MAX_NODES = 9;

  private static final String MAIN_CLASS = "org.apache.cassandra.service.CassandraDaemon";
  /** vnodes of each node of a ring. */
  private static final int TOKENS_PER_NODE = 16;

  private final Builder settings;
  private final String classpath;
  private final Path java;
  private final Path directory;
  private final boolean deleteDirectory;
  private final int nativePort;
  private final int storagePort;
  private final int sslStoragePort;
  private final boolean ring;
  private final List<Node> nodes = new CopyOnWriteArrayList<>();
  private final Thread shutdownHook;
  private volatile boolean closed;

  private LocalCassandra(Builder settings, String classpath, Path java, Path directory, boolean deleteDirectory,
      int[] ports) {
    this.settings = settings;
    this.classpath = classpath;
    this.java = java;
    this.directory = directory;
    this.deleteDirectory = deleteDirectory;
    this.nativePort = ports[0];
    this.storagePort = ports[1];
    this.sslStoragePort = ports[2];
    this.ring = settings.nodes > 1;
    this.shutdownHook = new Thread(this::stopQuietly, "local-cassandra-shutdown");
    Runtime.getRuntime().addShutdownHook(shutdownHook);
  }

  public static Builder builder() {
    return new Builder();
  }

  // ------------------------------------------------------------------ the cluster

  /** 127.0.0.1: the first node's address. */
  public String host() {
    return "127.0.0.1";
  }

  /** The CQL native-protocol port, the same on every node. */
  public int nativePort() {
    return nativePort;
  }

  /** The first node, in the form the YCSB binding's {@code hosts} property accepts. */
  public String contactPoint() {
    return host() + ":" + nativePort;
  }

  /** Every node of the ring ({@code 127.0.0.1:P,127.0.0.2:P,...}): what {@code hosts} should get. */
  public String contactPoints() {
    return nodes.stream().map(Node::contactPoint).collect(Collectors.joining(","));
  }

  /** Datacenter name of a SimpleSnitch node. */
  public String localDatacenter() {
    return "datacenter1";
  }

  public Path directory() {
    return directory;
  }

  /** The first node's process id. */
  public long pid() {
    return node(1).pid();
  }

  /** True while the first node runs. */
  public boolean isRunning() {
    return node(1).isRunning();
  }

  /** The nodes, in the order they joined (decommissioned ones are gone). */
  public List<Node> nodes() {
    return List.copyOf(nodes);
  }

  /** Node {@code number} (its address is 127.0.0.{@code number}). */
  public Node node(int number) {
    for (Node n : nodes) {
      if (n.number == number) {
        return n;
      }
    }
    throw new UserError("node " + number + " is not in this local cluster; accepted values: "
        + nodes.stream().map(n -> Integer.toString(n.number)).collect(Collectors.joining(", ")));
  }

  /** The first node: to stop, kill and start a single server again. */
  public Node node() {
    return node(1);
  }

  /**
   * Adds a node (the next free address) that bootstraps into the ring, streaming its token ranges
   * from the others, and waits until the ring has converged with it.
   */
  public synchronized Node addNode() throws IOException {
    if (!ring) {
      throw new UserError("add-node needs a local cluster of 2 or more nodes (--nodes 3); a single node has no ring "
          + "to join");
    }
    int number = nodes.stream().mapToInt(n -> n.number).max().orElse(0) + 1;
    if (number > MAX_NODES) {
      throw new UserError("a local cluster has at most " + MAX_NODES + " nodes");
    }
    List<String> seeds = nodes.stream().filter(Node::isRunning).map(Node::address).toList();
    if (seeds.isEmpty()) {
      throw new IllegalStateException("no running node for node " + number + " to join");
    }
    Node node = createNode(number, seeds, true);
    nodes.add(node);
    node.startAndAwait();
    return node;
  }

  /**
   * Decommissions node {@code number}: it streams its data to the others and leaves the ring
   * ({@code force} when too few nodes would stay for three replicas); then it is stopped and its
   * directory deleted.
   */
  public synchronized void decommission(int number) throws IOException {
    Node node = node(number);
    if (!node.isRunning()) {
      throw new UserError("node " + number + " is not running: a decommission needs the node itself");
    }
    boolean force = nodes.stream().filter(Node::isRunning).count() <= 3;
    try (Jmx jmx = Jmx.connect(node.jmxPort)) {
      jmx.decommission(force);
      long deadline = System.nanoTime() + settings.startTimeout.toNanos();
      while (!"DECOMMISSIONED".equals(jmx.operationMode())) {
        if (System.nanoTime() > deadline) {
          throw new IOException("node " + number + " did not finish its decommission within "
              + settings.startTimeout.toSeconds() + " s; see " + node.log);
        }
        pause(500);
      }
    }
    node.stop();
    nodes.remove(node);
    deleteRecursively(node.dir);
    awaitRing();
  }

  /**
   * Waits until every running node is in mode NORMAL, sees exactly the running nodes live and the
   * stopped ones (still members of the ring) unreachable, no node joining, leaving or moving, all
   * report one schema version, and every running node's token map holds exactly each node's tokens,
   * owned by that node — twice, a second apart (a node paused by a busy machine can look down for a
   * moment). Two nodes that own one token end the wait at once with a line naming them and the
   * token ({@link RingTokens}).
   */
  public void awaitRing() throws IOException {
    if (!ring) {
      return;
    }
    long deadline = System.nanoTime() + settings.startTimeout.toNanos();
    int good = 0;
    String last = "";
    while (good < 2) {
      if (System.nanoTime() > deadline) {
        throw new IOException("the local cluster did not converge within " + settings.startTimeout.toSeconds()
            + " s: " + last);
      }
      last = ringProblem();
      good = last.isEmpty() ? good + 1 : 0;
      pause(last.isEmpty() ? 1000 : 500);
    }
  }

  /**
   * What keeps the ring from being converged, or "" when it is.
   *
   * @throws RingTokens.CollidingTokens when two nodes own one token: waiting cannot mend it
   */
  private String ringProblem() throws RingTokens.CollidingTokens {
    List<Node> running = nodes.stream().filter(Node::isRunning).toList();
    List<String> expected = running.stream().map(Node::endpoint).sorted().toList();
    List<String> down = nodes.stream().filter(n -> !n.isRunning()).map(Node::endpoint).sorted().toList();
    String problem = "";
    String schema = null;
    Map<Integer, Map<String, String>> tokenMaps = new TreeMap<>();
    for (Node n : running) {
      Jmx.RingView v;
      try (Jmx jmx = Jmx.connect(n.jmxPort)) {
        v = jmx.ringView();
      } catch (IOException | RuntimeException e) {
        problem = problem.isEmpty() ? "node " + n.number + " JMX: " + e.getMessage() : problem;
        continue;
      }
      String p = !v.mode().equals("NORMAL") ? "node " + n.number + " is " + v.mode()
          : !v.live().equals(expected) ? "node " + n.number + " sees live " + v.live() + ", not " + expected
          : !v.unreachable().equals(down) ? "node " + n.number + " sees unreachable " + v.unreachable() + ", not "
              + down
          : !v.changing().isEmpty() ? "node " + n.number + " sees " + v.changing()
          : schema != null && !schema.equals(v.schemaVersion()) ? "schema versions differ" : "";
      problem = problem.isEmpty() ? p : problem;
      schema = schema == null ? v.schemaVersion() : schema;
      if (v.mode().equals("NORMAL")) {
        if (n.tokens.isEmpty()) {
          n.tokens = v.ownTokens(); // a node that bootstrapped with token allocation: what it claimed
        }
        tokenMaps.put(n.number, v.tokenMap());
      }
    }
    List<RingTokens.Member> members = nodes.stream()
        .map(n -> new RingTokens.Member(n.number, n.endpoint(), n.tokens)).toList();
    String tokens = RingTokens.problem(members, tokenMaps);
    return problem.isEmpty() ? tokens : problem;
  }

  /** Stops every node (SIGTERM, kill after 30 s) and removes the directory if we created it. */
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
    nodes.parallelStream().forEach(Node::stop);
    if (deleteDirectory) {
      deleteRecursively(directory);
    }
  }

  // ------------------------------------------------------------------ one node

  /**
   * One server process, which tests, events and experiments may stop, kill and start again: the
   * same command, directory and ports, so a restarted node finds its data (and replays its commit
   * log).
   */
  public final class Node {
    private final int number;
    private final String address;
    private final Path dir;
    private final int jmxPort;
    private final List<String> command;
    private final Path log;
    private volatile Process process;
    private volatile long launchedNanos;
    private volatile long launchedMs;
    /** Its tokens: an initial node's {@code initial_token}s, a bootstrapped one's once seen; empty till then. */
    private volatile List<String> tokens;

    private Node(int number, String address, Path dir, int jmxPort, List<String> command, List<String> tokens) {
      this.number = number;
      this.address = address;
      this.dir = dir;
      this.jmxPort = jmxPort;
      this.command = command;
      this.log = dir.resolve("cassandra.log");
      this.tokens = tokens;
    }

    public int number() {
      return number;
    }

    /** 127.0.0.{@link #number()}. */
    public String address() {
      return address;
    }

    public String contactPoint() {
      return address + ":" + nativePort;
    }

    /** {@code address:storagePort}: how the other nodes name it. */
    private String endpoint() {
      return address + ":" + storagePort;
    }

    /** The tokens it owns; empty for a node that bootstrapped and has not been seen in the ring yet. */
    public List<String> tokens() {
      return tokens;
    }

    /**
     * Starts the (stopped or killed) node and waits until its CQL port accepts connections and, in
     * a ring, until the ring has converged with it.
     */
    public synchronized void start() throws IOException {
      if (isRunning()) {
        throw new IllegalStateException("node " + number + " is running (pid " + process.pid() + ")");
      }
      startAndAwait();
    }

    private void startAndAwait() throws IOException {
      launch();
      awaitPort();
      awaitRing();
    }

    private void launch() throws IOException {
      Files.createDirectories(dir);
      launchedNanos = System.nanoTime();
      launchedMs = System.currentTimeMillis();
      process = new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    }

    private void awaitPort() throws IOException {
      waitForPort(process, address, nativePort, settings.startTimeout, log);
      if (!settings.quiet) {
        System.err.printf("largekv: local Cassandra %sready in %.1f s (pid %d)%n",
            ring ? "node " + number + " (" + address + ") " : "", (System.nanoTime() - launchedNanos) / 1e9,
            process.pid());
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

    /** SIGTERM: a clean shutdown (the node drains and flushes); SIGKILL after 30 s. */
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

    /** The node's JMX port on 127.0.0.1 (a ring's nodes only; 0 for a single node). */
    int jmxPort() {
      return jmxPort;
    }

    /** When the node's process was last started, in ms since 1970. */
    public long startedMs() {
      return launchedMs;
    }

    /**
     * The reads and writes this node coordinated since it last started (its {@code ClientRequest}
     * metrics, through JMX): the traffic a restarted or added node takes. Needs a ring (JMX).
     */
    public Traffic traffic() throws IOException {
      if (!ring) {
        throw new IllegalStateException("a single local node has no JMX port; traffic() is for --nodes 2 or more");
      }
      try (Jmx jmx = Jmx.connect(jmxPort)) {
        return new Traffic(jmx.coordinatedRequests("Read"), jmx.coordinatedRequests("Write"));
      }
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

  /** Reads and writes a node coordinated. */
  public record Traffic(long reads, long writes) {}

  /** A node's directory, yaml and command; not started. */
  private Node createNode(int number, List<String> seeds, boolean bootstrap) throws IOException {
    String address = "127.0.0." + number;
    Path dir = ring ? directory.resolve("node" + number) : directory;
    Files.createDirectories(dir);
    Path yaml = dir.resolve("cassandra.yaml");
    Map<String, String> config = settings.cassandraYaml(dir, number, seeds, bootstrap, nativePort, storagePort,
        sslStoragePort, ring);
    Files.writeString(yaml, render(config));
    String initialTokens = config.get("initial_token");
    List<String> tokens = initialTokens == null ? List.of()
        : Stream.of(initialTokens.split(",")).map(String::trim).filter(t -> !t.isEmpty()).toList();
    Path logback = dir.resolve("logback.xml");
    Files.writeString(logback, LOGBACK);
    int jmxPort = ring ? freePort("127.0.0.1") : 0;
    List<String> command = new ArrayList<>();
    if (runningAsRoot() && Files.isExecutable(Paths.get("/usr/bin/setpriv"))) {
      // Cassandra calls mlockall; as root that pins the whole heap. Without CAP_IPC_LOCK it is
      // a warning and the server's RSS stays near its working set.
      command.addAll(List.of("/usr/bin/setpriv", "--bounding-set", "-ipc_lock", "--"));
    }
    String heap = settings.heap != null ? settings.heap : ring ? "512m" : "1g";
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
        // the native libraries it unpacks (lz4, snappy) go with the node's directory, also when it is killed
        "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("tmp")),
        "-Dcassandra.shutdown_announce_in_ms=0",
        "-Dcassandra.skip_wait_for_gossip_to_settle=0",
        // a single node has no ring to wait for; bootstrap and decommission need 5 s
        "-Dcassandra.ring_delay_ms=" + (ring ? 5000 : 100)));
    if (ring) {
      // local JMX, one port per node (it binds 127.0.0.1): readiness checks and decommission
      command.addAll(List.of("--add-exports", "java.rmi/sun.rmi.registry=ALL-UNNAMED",
          "-Dcassandra.jmx.local.port=" + jmxPort, "-Dcom.sun.management.jmxremote.rmi.port=" + jmxPort));
      if (settings.smallMachine) {
        // about half the start-up CPU: C1 only, one GC thread, one "processor" for Cassandra's pools
        command.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-XX:ParallelGCThreads=1",
            "-XX:ConcGCThreads=1", "-Dcassandra.available_processors=1"));
      }
    }
    command.addAll(settings.jvmOptions);
    command.addAll(List.of("-cp", classpath, MAIN_CLASS));
    return new Node(number, address, dir, jmxPort, command, tokens);
  }

  // ------------------------------------------------------------------ building

  /** Options of a local server or ring; every one has a default that works on a laptop. */
  public static final class Builder {
    private Path directory;
    private String heap;
    private int nodes = 1;
    private boolean smallMachine = true;
    private Duration startTimeout = Duration.ofSeconds(180);
    private final Map<String, String> extraYaml = new LinkedHashMap<>();
    private final List<String> jvmOptions = new ArrayList<>();
    private String clusterName = "largekv-local";
    private boolean quiet;

    /** Data directory to use and keep; by default a temporary one, deleted on close. */
    public Builder directory(Path dir) {
      this.directory = dir;
      return this;
    }

    /** JVM heap of each node (-Xms and -Xmx); default {@code 1g}, {@code 512m} per node of a ring. */
    public Builder heap(String heap) {
      this.heap = Objects.requireNonNull(heap);
      return this;
    }

    /** Nodes of the ring, on 127.0.0.1 … 127.0.0.N; default 1. */
    public Builder nodes(int nodes) {
      if (nodes < 1 || nodes > MAX_NODES) {
        throw new UserError("--nodes " + nodes + " is not accepted; accepted values: 1.." + MAX_NODES);
      }
      this.nodes = nodes;
      return this;
    }

    /** A ring's start-up tuning for a small machine (C1 only, one GC thread); default true. */
    public Builder smallMachine(boolean on) {
      this.smallMachine = on;
      return this;
    }

    /** How long to wait for a node to start, bootstrap or decommission; default 180 s. */
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

    /** Adds a JVM option to each node's command line, e.g. {@code -Dcassandra.superuser_setup_delay_ms=0}. */
    public Builder jvmOption(String option) {
      jvmOptions.add(option);
      return this;
    }

    /** Suppresses the one-line progress messages on stderr. */
    public Builder quiet(boolean quiet) {
      this.quiet = quiet;
      return this;
    }

    /**
     * Starts the server, or every node of the ring at once (each is a seed), and waits until every
     * CQL port accepts connections and the ring has converged.
     */
    public LocalCassandra start() throws IOException {
      String classpath = readClasspath();
      Path java = findJava17();
      int[] ports = nodes == 1 ? new int[] {freePort("127.0.0.1"), freePort("127.0.0.1"), freePort("127.0.0.1")}
          : ringPorts(nodes, nodes + 3);
      boolean ownDirectory = directory == null;
      Path dir = ownDirectory ? Files.createTempDirectory("largekv-cassandra-") : directory;
      Files.createDirectories(dir);
      LocalCassandra c = new LocalCassandra(this, classpath, java, dir, ownDirectory, ports);
      try {
        List<String> seeds = new ArrayList<>();
        for (int n = 1; n <= nodes; n++) {
          seeds.add("127.0.0." + n);
        }
        for (int n = 1; n <= nodes; n++) {
          c.nodes.add(c.createNode(n, seeds, false));
        }
        if (!quiet) {
          System.err.printf("largekv: starting local Cassandra %son %s (data in %s)%n",
              nodes == 1 ? "" : "cluster of " + nodes + " nodes ", nodes == 1 ? c.contactPoint()
                  : "127.0.0.1-" + nodes + " port " + c.nativePort, dir);
        }
        long started = System.nanoTime();
        for (Node n : c.nodes) {
          n.launch();
        }
        for (Node n : c.nodes) {
          n.awaitPort();
        }
        c.awaitRing();
        if (!quiet && nodes > 1) {
          System.err.printf("largekv: local Cassandra cluster of %d nodes ready in %.1f s%n", nodes,
              (System.nanoTime() - started) / 1e9);
        }
      } catch (IOException | RuntimeException e) {
        c.close();
        throw e;
      }
      return c;
    }

    /**
     * Node {@code number}'s cassandra.yaml settings, in order. A ring's initial nodes start at once,
     * each with its own evenly spaced {@code initial_token}s ({@link RingTokens}); a node added later
     * bootstraps with token allocation for three replicas.
     */
    private Map<String, String> cassandraYaml(Path dir, int number, List<String> seeds, boolean bootstrap,
        int nativePort, int storagePort, int sslStoragePort, boolean ring) {
      String address = "127.0.0." + number;
      Map<String, String> y = new LinkedHashMap<>();
      y.put("cluster_name", "'" + clusterName + "'");
      if (ring) {
        y.put("num_tokens", Integer.toString(TOKENS_PER_NODE));
        if (bootstrap) {
          y.put("allocate_tokens_for_local_replication_factor", "3");
        } else {
          y.put("initial_token", String.join(",", RingTokens.evenlySpaced(number, nodes, TOKENS_PER_NODE)));
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
  }

  /** cassandra.yaml's text: each setting {@code key: value}, or {@code key:} and an indented block. */
  private static String render(Map<String, String> yaml) {
    StringBuilder sb = new StringBuilder("# written by largekv LocalCassandra\n");
    yaml.forEach((k, v) -> sb.append(k).append(':').append(v.startsWith("\n") ? "" : " ").append(v).append('\n'));
    return sb.toString();
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

  /** A port free on {@code address} now. */
  static int freePort(String address) throws IOException {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(false);
      s.bind(new InetSocketAddress(address, 0));
      return s.getLocalPort();
    }
  }

  /**
   * Native, storage and SSL-storage ports free on every one of 127.0.0.1 … 127.0.0.{@code nodes}
   * and on those of the next addresses, up to {@code addresses}, that this machine has (a ring
   * binds the same ports on each address, now and when a node is added), below the ephemeral range
   * so that no client connection takes one meanwhile.
   */
  static int[] ringPorts(int nodes, int addresses) throws IOException {
    List<String> usable = new ArrayList<>(List.of("127.0.0.1"));
    for (int a = 2; a <= addresses; a++) {
      try {
        freePort("127.0.0." + a);
        usable.add("127.0.0." + a);
      } catch (IOException e) {
        if (a <= nodes) {
          throw new UserError("cannot bind 127.0.0." + a + " (" + e.getMessage() + "): a local cluster of " + nodes
              + " nodes needs 127.0.0.1-" + nodes + " on the loopback interface; on macOS add each first: "
              + "sudo ifconfig lo0 alias 127.0.0." + a + " up");
        }
      }
    }
    ThreadLocalRandom random = ThreadLocalRandom.current();
    int[] ports = new int[3];
    int found = 0;
    for (int attempt = 0; attempt < 500 && found < 3; attempt++) {
      int port = 20_000 + random.nextInt(12_000);
      boolean free = true;
      for (int a = 0; a < usable.size() && free; a++) {
        try (ServerSocket s = new ServerSocket()) {
          s.setReuseAddress(false);
          s.bind(new InetSocketAddress(InetAddress.getByName(usable.get(a)), port));
        } catch (IOException taken) {
          free = false;
        }
      }
      boolean distinct = true;
      for (int i = 0; i < found; i++) {
        distinct &= ports[i] != port;
      }
      if (free && distinct) {
        ports[found++] = port;
      }
    }
    if (found < 3) {
      throw new IOException("no ports free on " + usable + " for a local Cassandra cluster");
    }
    return ports;
  }

  private static boolean runningAsRoot() {
    return "root".equals(System.getProperty("user.name"));
  }

  private static void waitForPort(Process process, String address, int port, Duration timeout, Path log)
      throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IOException("the local Cassandra on " + address + " exited with code " + process.exitValue()
            + " during start-up; last lines of " + log + ":\n" + tail(log, 30));
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress(address, port), 500);
        return;
      } catch (IOException notYet) {
        pause(250);
      }
    }
    throw new IOException("the local Cassandra on " + address + " did not open port " + port + " within "
        + timeout.toSeconds() + " s; last lines of " + log + ":\n" + tail(log, 30));
  }

  private static void pause(long ms) throws IOException {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for Cassandra", e);
    }
  }

  static String tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(no log: " + e.getMessage() + ")";
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
}
