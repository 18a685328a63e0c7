package io.largekv.servers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A server binary the tests run on 127.0.0.1 (node_exporter, Prometheus): its own temporary
 * directory (its log, its files), started with a bounded wait until a URL answers, killed and its
 * directory deleted on {@link #close}. A missing binary fails the test, naming the Debian package.
 */
final class LocalDaemon implements AutoCloseable {

  /** How long a binary may take to answer after it starts (Prometheus replays its empty TSDB first). */
  static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  private final String name;
  private final Path dir;
  private final Process process;

  private LocalDaemon(String name, Path dir, Process process) {
    this.name = name;
    this.dir = dir;
    this.process = process;
  }

  /** Fails (IllegalStateException) unless {@code binary} is there: install {@code debianPackage}. */
  static void requireBinary(Path binary, String debianPackage) {
    if (!Files.isExecutable(binary)) {
      throw new IllegalStateException(binary + " is missing: install the Debian package " + debianPackage
          + " (apt-get install " + debianPackage + "; .ci/run does on a fresh machine)");
    }
  }

  /** A free TCP port of 127.0.0.1 now (the binary binds it right after). */
  static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A new temporary directory for a daemon called {@code name}. */
  static Path newDir(String name) {
    try {
      return Files.createTempDirectory("largekv-" + name + "-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Runs {@code command} in {@code dir} (output to {@code dir/NAME.log}) and waits until {@code ready}
   * answers 200; on failure the process is killed, the directory deleted, and the exception carries
   * the log's end.
   */
  static LocalDaemon start(String name, Path dir, List<String> command, URI ready) {
    Path log = dir.resolve(name + ".log");
    Process p;
    try {
      p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
          .redirectOutput(log.toFile()).start();
    } catch (IOException e) {
      deleteTree(dir);
      throw new UncheckedIOException(name + ": cannot start " + command, e);
    }
    LocalDaemon d = new LocalDaemon(name, dir, p);
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    String last = "";
    while (System.nanoTime() < deadline) {
      if (!p.isAlive()) {
        String tail = d.logTail();
        d.close();
        throw new IllegalStateException(name + " exited with " + p.exitValue() + " before answering " + ready
            + "; its log ends:\n" + tail);
      }
      try {
        SourceHttp.get(ready);
        return d;
      } catch (IOException e) {
        last = e.getMessage();
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        d.close();
        throw new IllegalStateException(name + ": interrupted while starting");
      }
    }
    String tail = d.logTail();
    d.close();
    throw new IllegalStateException(name + " did not answer " + ready + " within " + START_TIMEOUT.toSeconds()
        + " s (last: " + last + "); its log ends:\n" + tail);
  }

  Path dir() {
    return dir;
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** The last 40 lines of its log. */
  String logTail() {
    try {
      List<String> lines = Files.readAllLines(dir.resolve(name + ".log"), StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  /** Stops it (SIGTERM, then SIGKILL after 10 s) and deletes its directory. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    deleteTree(dir);
  }

  private static void deleteTree(Path dir) {
    if (!Files.exists(dir)) {
      return;
    }
    List<Path> paths = new ArrayList<>();
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(paths::add);
    } catch (IOException e) {
      return;
    }
    for (Path p : paths) {
      try {
        Files.deleteIfExists(p);
      } catch (IOException e) {
        // a file the binary still writes: left in the temporary directory
      }
    }
  }
}
