package io.largekv.cassandra;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One server process of a {@link LocalCassandra}, which tests, events and experiments may stop,
 * kill and start again: the same command, directory and ports, so a restarted node finds its data
 * (and replays its commit log).
 */
public final class LocalNode {

  /** Reads and writes a node coordinated. */
  public record Traffic(long reads, long writes) {}

  /** The first line of a logged exception: its class name, a message or not. */
  private static final java.util.regex.Pattern THROWABLE =
      java.util.regex.Pattern.compile("[\\w.$]+(Exception|Error|Throwable)(:|$)");

  private final LocalCassandra cluster;
  private final int number;
  private final String address;
  private final Path dir;
  private final int jmxPort;
  private final List<String> command;
  private final Path log;
  private volatile Process process;
  /** Whether the process now running or last run was stopped or killed by {@link #stop} or {@link #kill}. */
  private volatile boolean ended;
  /** The size of its log when the process was last started: where that process's lines begin. */
  private volatile long logStart;
  /** When the process last ended, ms since 1970; 0 while it runs. */
  private volatile long endedMs;
  /** Done once {@link #endedMs} is set for the process last started. */
  private volatile java.util.concurrent.CompletableFuture<Void> endSeen;
  private volatile long launchedNanos;
  private volatile long launchedMs;
  /** Its tokens: an initial node's {@code initial_token}s, a bootstrapped one's once seen; empty till then. */
  private volatile List<String> tokens;

  LocalNode(LocalCassandra cluster, int number, Path dir, int jmxPort, List<String> command, List<String> tokens) {
    this.cluster = cluster;
    this.number = number;
    this.address = "127.0.0." + number;
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
    return address + ":" + cluster.nativePort();
  }

  /** {@code address:storagePort}: how the other nodes name it. */
  String endpoint() {
    return address + ":" + cluster.storagePort();
  }

  /** The tokens it owns; empty for a node that bootstrapped and has not been seen in the ring yet. */
  public List<String> tokens() {
    return tokens;
  }

  /** Records the tokens a bootstrapped node claimed, once its ring sees it. */
  void learnTokens(List<String> claimed) {
    if (tokens.isEmpty()) {
      tokens = List.copyOf(claimed);
    }
  }

  /** Its data, commit log, yaml and log. */
  Path directory() {
    return dir;
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

  void startAndAwait() throws IOException {
    launch();
    awaitPort();
    cluster.awaitRing();
  }

  void launch() throws IOException {
    Files.createDirectories(dir);
    launchedNanos = System.nanoTime();
    launchedMs = System.currentTimeMillis();
    ended = false;
    endedMs = 0;
    logStart = Files.exists(log) ? Files.size(log) : 0;
    Process p = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
    endSeen = p.onExit().thenRun(() -> endedMs = System.currentTimeMillis());
    process = p;
  }

  void awaitPort() throws IOException {
    waitForPort(process, address, cluster.nativePort(), cluster.startTimeout(), log);
    if (!cluster.quiet()) {
      System.err.printf("largekv: local Cassandra %sready in %.1f s (pid %d)%n",
          cluster.isRing() ? "node " + number + " (" + address + ") " : "", (System.nanoTime() - launchedNanos) / 1e9,
          process.pid());
    }
  }

  /** SIGKILL, as a crash: acknowledged writes not yet synced to the commit log may be lost. */
  public synchronized void kill() {
    Process p = process;
    if (p != null) {
      ended = true;
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
    ended = true;
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

  /**
   * The exit code of the node's process when it ended on its own (a crash, Cassandra exiting on an
   * error), not by {@link #stop} or {@link #kill}; null while it runs or when it was ended.
   */
  public Integer exitedOnItsOwn() {
    Process p = process;
    return p == null || p.isAlive() || ended ? null : p.exitValue();
  }

  /** When its process last ended, ms since 1970 (within a few ms); 0 while it runs or before it ran. */
  public long endedMs() {
    Process p = process;
    if (p == null || p.isAlive()) {
      return 0;
    }
    endSeen.join(); // the process has ended: its time is being set, if it is not already
    return endedMs;
  }

  /** Its log: what the node's process printed, from its first start on. */
  public Path logFile() {
    return log;
  }

  /**
   * The first error its last process logged: the exception printed after that process's first
   * {@code ERROR} line (its class and message), else that line's message; null when none.
   */
  public String firstError() {
    // read as far as the first error only: a days-long run's log is not loaded whole
    try (java.io.InputStream in = Files.newInputStream(log)) {
      in.skipNBytes(Math.min(logStart, Files.size(log)));
      java.io.BufferedReader lines = new java.io.BufferedReader(new java.io.InputStreamReader(in,
          StandardCharsets.UTF_8));
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (line.contains(" ERROR ")) {
          // the exception the next line prints, else the ERROR line's own message
          String next = lines.readLine();
          next = next == null ? "" : next.strip();
          return THROWABLE.matcher(next).lookingAt() ? next
              : line.substring(line.indexOf(" - ") < 0 ? line.indexOf(" ERROR ") + 7 : line.indexOf(" - ") + 3).strip();
        }
      }
      return null;
    } catch (IOException | UncheckedIOException e) {
      return null;
    }
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
    if (!cluster.isRing()) {
      throw new IllegalStateException("a single local node has no JMX port; traffic() is for --nodes 2 or more");
    }
    try (Jmx jmx = Jmx.connect(jmxPort)) {
      return new Traffic(jmx.coordinatedRequests("Read"), jmx.coordinatedRequests("Write"));
    }
  }

  private static boolean waitFor(Process p, int seconds) {
    try {
      return p.waitFor(seconds, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
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
        LocalCassandra.pause(250);
      }
    }
    throw new IOException("the local Cassandra on " + address + " did not open port " + port + " within "
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
