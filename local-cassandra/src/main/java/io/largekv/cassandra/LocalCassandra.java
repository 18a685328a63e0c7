package io.largekv.cassandra;

import io.largekv.common.Directories;
import io.largekv.common.UserError;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

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
 * local JMX, which also gives the requests a node coordinated ({@link LocalNode#traffic()}).
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

  /** Nodes a local ring may have at most (the loopback addresses it probes ports on). */
  public static final int MAX_NODES = 9;


  private final Builder settings;
  private final String classpath;
  private final Path java;
  private final Path directory;
  private final boolean deleteDirectory;
  private final int nativePort;
  private final int storagePort;
  private final int sslStoragePort;
  private final boolean ring;
  private final List<LocalNode> nodes = new CopyOnWriteArrayList<>();
  private final Thread shutdownHook;
  /** The bound on the page cache of an uncached node ({@link Builder#uncached}), or null. */
  private PageCacheLimit pageCacheLimit;
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
    return nodes.stream().map(LocalNode::contactPoint).collect(Collectors.joining(","));
  }

  /** The storage (gossip) port, the same on every node. */
  int storagePort() {
    return storagePort;
  }

  /** More than one node: gossip, JMX, a ring to wait for. */
  boolean isRing() {
    return ring;
  }

  /** How long a node may take to start, bootstrap or decommission. */
  Duration startTimeout() {
    return settings.startTimeout;
  }

  /** Whether the one-line progress messages are suppressed. */
  boolean quiet() {
    return settings.quiet;
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
  public List<LocalNode> nodes() {
    return List.copyOf(nodes);
  }

  /** Node {@code number} (its address is 127.0.0.{@code number}). */
  public LocalNode node(int number) {
    for (LocalNode n : nodes) {
      if (n.number() == number) {
        return n;
      }
    }
    throw new UserError("node " + number + " is not in this local cluster; accepted values: "
        + nodes.stream().map(n -> Integer.toString(n.number())).collect(Collectors.joining(", ")));
  }

  /** The first node: to stop, kill and start a single server again. */
  public LocalNode node() {
    return node(1);
  }

  /**
   * Adds a node (the next free address) that bootstraps into the ring, streaming its token ranges
   * from the others, and waits until the ring has converged with it.
   */
  public synchronized LocalNode addNode() throws IOException {
    if (!ring) {
      throw new UserError("add-node needs a local cluster of 2 or more nodes (--nodes 3); a single node has no ring "
          + "to join");
    }
    int number = nodes.stream().mapToInt(LocalNode::number).max().orElse(0) + 1;
    if (number > MAX_NODES) {
      throw new UserError("a local cluster has at most " + MAX_NODES + " nodes");
    }
    List<String> seeds = nodes.stream().filter(LocalNode::isRunning).map(LocalNode::address).toList();
    if (seeds.isEmpty()) {
      throw new IllegalStateException("no running node for node " + number + " to join");
    }
    LocalNode node = createNode(number, seeds, true);
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
    LocalNode node = node(number);
    if (!node.isRunning()) {
      throw new UserError("node " + number + " is not running: a decommission needs the node itself");
    }
    boolean force = nodes.stream().filter(LocalNode::isRunning).count() <= 3;
    try (Jmx jmx = Jmx.connect(node.jmxPort())) {
      jmx.decommission(force);
      long deadline = System.nanoTime() + settings.startTimeout.toNanos();
      while (!"DECOMMISSIONED".equals(jmx.operationMode())) {
        if (System.nanoTime() > deadline) {
          throw new IOException("node " + number + " did not finish its decommission within "
              + settings.startTimeout.toSeconds() + " s; see " + node.logFile());
        }
        pause(500);
      }
    }
    node.stop();
    nodes.remove(node);
    Directories.deleteRecursively(node.directory());
    awaitRing();
  }

  /** The key cache of an uncached node, bytes ({@link #UNCACHED_YAML}). */
  public static final long UNCACHED_KEY_CACHE_BYTES = 1024 * 1024;

  /**
   * The settings of an uncached node ({@link Builder#uncached}): data and index files read with
   * {@code pread} (a memory-mapped index's page faults would read around each miss by the device's
   * whole read-ahead), a 1 MiB key cache (a real node's default 100 MiB is about 0.03 % of the
   * published run's 360 GB a node), the chunk cache off (Cassandra 5.0's default).
   */
  public static final Map<String, String> UNCACHED_YAML = Map.of("disk_access_mode", "standard",
      "key_cache_size", (UNCACHED_KEY_CACHE_BYTES >> 20) + "MiB", "file_cache_enabled", "false");

  /** {@link #UNCACHED_YAML} and the bound said for a report: what decides an uncached node's reads. */
  public static final String UNCACHED_SETTINGS = "Cassandra 5.0: data and index files read with pread "
      + "(disk_access_mode: standard), the table's 16 KiB compression chunks, key cache "
      + (UNCACHED_KEY_CACHE_BYTES >> 20) + " MiB, chunk cache off; the page cache bounded by a memory cgroup";

  /** The bound on an uncached node's page cache, or null when the node is not uncached. */
  public PageCacheLimit pageCacheLimit() {
    return pageCacheLimit;
  }

  /**
   * Makes an uncached node's next reads come from its disk: the node is stopped (it drains: its
   * memtables are flushed to files) and started again, its compactions are awaited (they would read
   * the disk for no client), the page cache of its data files is dropped, and its page cache is
   * bounded from then on ({@link PageCacheLimit}). {@code progress} gets a line when compactions are
   * awaited.
   *
   * @throws IllegalStateException when the node was not built {@link Builder#uncached}
   */
  public synchronized void startUncachedReads(java.util.function.Consumer<String> progress) throws IOException {
    if (pageCacheLimit == null) {
      throw new IllegalStateException("the local Cassandra was not started uncached");
    }
    LocalNode node = node();
    pageCacheLimit.release();
    node.stop();
    node.start();
    long deadline = System.nanoTime() + settings.startTimeout.toNanos() * 5;
    int settled = 0;
    boolean told = false;
    while (settled < 2) {
      int compactions;
      try (Jmx jmx = Jmx.connect(node.jmxPort())) {
        compactions = jmx.compactions();
      }
      if (compactions > 0 && !told) {
        progress.accept("waiting for the local Cassandra's " + compactions + " compaction(s) to end before the "
            + "uncached reads");
        told = true;
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("the local Cassandra's compactions did not end within "
            + settings.startTimeout.toSeconds() * 5 + " s (" + compactions + " left); see " + node.logFile());
      }
      settled = compactions == 0 ? settled + 1 : 0;
      pause(1000);
    }
    List<Path> files;
    try (java.util.stream.Stream<Path> all = Files.walk(node.directory().resolve("data"))) {
      files = all.filter(Files::isRegularFile).toList();
    }
    pageCacheLimit.dropFileCache(files);
    pageCacheLimit.start();
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
    List<LocalNode> running = nodes.stream().filter(LocalNode::isRunning).toList();
    List<String> expected = running.stream().map(LocalNode::endpoint).sorted().toList();
    List<String> down = nodes.stream().filter(n -> !n.isRunning()).map(LocalNode::endpoint).sorted().toList();
    String problem = "";
    String schema = null;
    Map<Integer, Map<String, String>> tokenMaps = new TreeMap<>();
    for (LocalNode n : running) {
      Jmx.RingView v;
      try (Jmx jmx = Jmx.connect(n.jmxPort())) {
        v = jmx.ringView();
      } catch (IOException | RuntimeException e) {
        problem = problem.isEmpty() ? "node " + n.number() + " JMX: " + e.getMessage() : problem;
        continue;
      }
      String p = !v.mode().equals("NORMAL") ? "node " + n.number() + " is " + v.mode()
          : !v.live().equals(expected) ? "node " + n.number() + " sees live " + v.live() + ", not " + expected
          : !v.unreachable().equals(down) ? "node " + n.number() + " sees unreachable " + v.unreachable() + ", not "
              + down
          : !v.changing().isEmpty() ? "node " + n.number() + " sees " + v.changing()
          : schema != null && !schema.equals(v.schemaVersion()) ? "schema versions differ" : "";
      problem = problem.isEmpty() ? p : problem;
      schema = schema == null ? v.schemaVersion() : schema;
      if (v.mode().equals("NORMAL")) {
        n.learnTokens(v.ownTokens()); // a node that bootstrapped with token allocation: what it claimed
        tokenMaps.put(n.number(), v.tokenMap());
      }
    }
    String tokens = RingTokens.problem(members(), tokenMaps);
    return problem.isEmpty() ? tokens : problem;
  }

  /** The ring's nodes with the tokens known of them (an initial node's are its initial_token). */
  private List<RingTokens.Member> members() {
    return nodes.stream().map(n -> new RingTokens.Member(n.number(), n.endpoint(), n.tokens())).toList();
  }

  /**
   * Ends every node and removes the directory if we created it. A temporary directory's nodes are
   * killed (SIGKILL): a drain and flush of data about to be deleted took 2.5 s of every close of an
   * idle node, and more with rows in its memtables. A directory of the caller's is kept, so its
   * nodes stop cleanly (SIGTERM: they drain and flush; SIGKILL after 30 s).
   */
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
    if (pageCacheLimit != null) {
      pageCacheLimit.release(); // a draining node must not wait on the limit
    }
    nodes.parallelStream().forEach(deleteDirectory ? LocalNode::kill : LocalNode::stop);
    if (pageCacheLimit != null) {
      pageCacheLimit.close();
    }
    if (deleteDirectory) {
      Directories.deleteRecursively(directory);
    }
  }

  /** A node's directory, yaml, logback and command; not started. */
  private LocalNode createNode(int number, List<String> seeds, boolean bootstrap) throws IOException {
    Path dir = ring ? directory.resolve("node" + number) : directory;
    Files.createDirectories(dir);
    Map<String, String> yaml = CassandraConfig.yaml(settings.clusterName, dir, number, settings.nodes, seeds, bootstrap,
        new int[] {nativePort, storagePort, sslStoragePort}, ring, settings.extraYaml);
    Path yamlFile = dir.resolve("cassandra.yaml");
    Files.writeString(yamlFile, CassandraConfig.render(yaml));
    Path logback = dir.resolve("logback.xml");
    Files.writeString(logback, CassandraConfig.LOGBACK);
    int jmxPort = ring || pageCacheLimit != null ? LoopbackPorts.free("127.0.0.1") : 0;
    List<String> command = CassandraConfig.command(java, classpath, dir, yamlFile, logback, settings.heap, ring,
        settings.smallMachine, jmxPort, settings.jvmOptions);
    if (pageCacheLimit != null) {
      command = pageCacheLimit.wrap(command);
    }
    return new LocalNode(this, number, dir, jmxPort, command, CassandraConfig.initialTokens(yaml));
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
    private long uncachedBytes;

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

    /**
     * One node whose page cache is bounded to {@code pageCacheBytes} ({@link PageCacheLimit}) once
     * {@link LocalCassandra#startUncachedReads} is called, with the settings a user sizing an
     * uncached node gives it (docs/uncached-reads.md): {@link #UNCACHED_YAML} and a heap touched
     * at start ({@code -XX:+AlwaysPreTouch}). A machine that cannot bound it is a {@link UserError}
     * before anything starts.
     */
    public Builder uncached(long pageCacheBytes) {
      this.uncachedBytes = pageCacheBytes;
      UNCACHED_YAML.forEach(this::yaml);
      return jvmOption("-XX:+AlwaysPreTouch");
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
      String classpath = CassandraConfig.classpath();
      Path java = CassandraConfig.java17();
      if (uncachedBytes > 0 && nodes > 1) {
        throw new UserError("--uncached runs one local node; accepted: --uncached without --nodes");
      }
      PageCacheLimit limit = uncachedBytes > 0 ? PageCacheLimit.create(uncachedBytes) : null;
      int[] ports = nodes == 1 ? LoopbackPorts.singleNode() : LoopbackPorts.ring(nodes, nodes + 3);
      boolean ownDirectory = directory == null;
      Path dir = ownDirectory ? Files.createTempDirectory("largekv-cassandra-") : directory;
      Files.createDirectories(dir);
      LocalCassandra c = new LocalCassandra(this, classpath, java, dir, ownDirectory, ports);
      c.pageCacheLimit = limit;
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
        // nodes told to own one token (initial_token) fail before any starts: started together, the
        // later one would die on Cassandra's "Bootstrapping to existing token", or both would come up
        // with maps that can never agree, whichever saw the other first
        RingTokens.problem(c.members(), Map.of());
        long started = System.nanoTime();
        for (LocalNode n : c.nodes) {
          n.launch();
        }
        for (LocalNode n : c.nodes) {
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
  }

  static void pause(long ms) throws IOException {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for Cassandra", e);
    }
  }
}
