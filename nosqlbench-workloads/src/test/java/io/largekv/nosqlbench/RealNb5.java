package io.largekv.nosqlbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Directories;
import io.largekv.common.Nb5Output;
import io.largekv.testing.MissingTool;
import io.largekv.testing.Nb5Executable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A real, stock nb5 for the integration tests, run through {@code bin/nb5} as a user runs it.
 *
 * <p>{@code LARGEKV_NB5} names the nb5 executable (CI: {@code ../shared/nb5/nb5}, which runs the
 * release {@code NB5_VERSION} asks for: 5.17.9 on Java 17, 5.25.7 on Java 25). Its directory goes
 * first on {@code PATH}, and bin/nb5 finds it there as it finds a user's nb5. Each test names the
 * version it runs; {@code nb5 --version} must say it. Without {@code LARGEKV_NB5}, or when that nb5
 * cannot run the version, the test fails with the reason (skipped only where the user opts out:
 * {@code MissingTool}).
 */
final class RealNb5 {

  /** The releases the real-nb5 tests run on: the two ends of the range largekv supports. */
  static final List<String> VERSIONS = List.of("5.17.9", "5.25.7");

  /** {@link #VERSIONS}, for {@code @MethodSource}. */
  static List<String> versions() {
    return VERSIONS;
  }

  private static final Map<String, String> CHECKED = new HashMap<>();

  private final Path executable;
  private final String version;

  private RealNb5(Path executable, String version) {
    this.executable = executable;
    this.version = version;
  }

  /**
   * nb5 {@code version} from {@code LARGEKV_NB5}, checked with {@code --version}; skips or fails (CI) when absent.
   *
   * <p>The versions' first runs go one at a time: on a fresh machine the shared nb5's first run of a
   * version copies nb5's own artifacts into the local Maven repository, under a lock of that version
   * only, and two versions' first runs at once (the concurrent tests' two versions) failed with
   * {@code cp: ... File exists}.
   */
  static RealNb5 version(String version) {
    Path exe = Nb5Executable.configured();
    RealNb5 nb5 = new RealNb5(exe, version);
    String problem;
    synchronized (CHECKED) {
      problem = CHECKED.computeIfAbsent(version, v -> nb5.versionProblem());
    }
    if (!problem.isEmpty()) {
      unavailable(problem);
    }
    return nb5;
  }

  /** Failed with {@code why} (skipped where the user opts out: {@code MissingTool}); never returns. */
  private static void unavailable(String why) {
    throw MissingTool.skipOrFail("real nb5: " + why);
  }

  /** "" when {@code nb5 --version} runs and names this version, else what went wrong. */
  private String versionProblem() {
    try {
      Path dir = Files.createTempDirectory("largekv-nb5-version");
      try {
        Run r = await(start(dir, dir, false, "--version"), 600);
        if (r.exitCode() != 0 || !r.output().contains(version)) {
          return "NB5_VERSION=" + version + " " + executable + " --version did not name " + version + " (exit "
              + r.exitCode() + "): " + r.output().strip();
        }
        return "";
      } finally {
        Directories.deleteRecursively(dir);
      }
    } catch (IOException e) {
      return "could not run " + executable + " --version: " + e;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "interrupted";
    }
  }

  String version() {
    return version;
  }

  /** Exit status and output (stdout and stderr together) of one nb5 run. */
  record Run(int exitCode, String output) {

    /** Every {@code yb_kv_large verified reads: PHASE: ...} line of the run, by phase ({@link Nb5Output}). */
    Map<String, Nb5Output.Verified> verifiedReads() {
      return Nb5Output.parse(output).verified();
    }

    long ok(String phase) {
      return counts(phase).ok();
    }

    long missing(String phase) {
      return counts(phase).missing();
    }

    long corrupt(String phase) {
      return counts(phase).corrupt();
    }

    long notYetWritten(String phase) {
      return counts(phase).notYetWritten();
    }

    private Nb5Output.Verified counts(String phase) {
      Nb5Output.Verified c = verifiedReads().get(phase);
      assertThat(c).as("a 'yb_kv_large verified reads: %s' line in:\n%s", phase, output).isNotNull();
      return c;
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "\n" + output;
    }
  }

  /**
   * {@code bin/nb5 --logs-dir DIR/logs-<n> ARGS} in working directory {@code dir}, for at most
   * {@code seconds}; output in {@code DIR/nb5-<n>.txt}.
   */
  Run run(Path dir, int seconds, String... args) throws IOException, InterruptedException {
    return await(start(dir, dir, args), seconds);
  }

  private final Map<Process, Path> outputs = new ConcurrentHashMap<>();
  private final Map<Process, Path> recordings = new ConcurrentHashMap<>();

  /** Starts {@code bin/nb5 --logs-dir DIR/logs-<n> ARGS} in {@code dir}; {@link #await} ends it. */
  Process start(Path dir, String... args) throws IOException {
    return start(dir, dir, args);
  }

  /** As {@link #start(Path, String...)} in working directory {@code cwd} (e.g. the repository root). */
  Process start(Path cwd, Path dir, String... args) throws IOException {
    return start(cwd, dir, true, args);
  }

  /**
   * {@code nb5 --logs-dir DIR/logs-<n> ARGS}, the stock nb5 itself (not through bin/nb5, which
   * rewrites the workload's name), in working directory {@code cwd}, e.g. {@code nosqlbench-workloads/},
   * where stock nb5 finds {@code yb_kv_large.yaml} by name; records no class-data archive.
   */
  Process startStock(Path cwd, Path dir, String... args) throws IOException {
    return start(cwd, dir, false, true, args);
  }

  private Process start(Path cwd, Path dir, boolean record, String... args) throws IOException {
    return start(cwd, dir, record, false, args);
  }

  /**
   * {@code record}: while the release has no class-data archive, this run records one, kept if nb5
   * exits 0 ({@link Nb5Executable}; the first, the smoke scenario's, loads every kind of op's
   * classes); {@code --version} loads too few of them. {@code stock}: nb5 found on the run's
   * {@code PATH} (the one bin/nb5 would find), instead of bin/nb5.
   */
  private Process start(Path cwd, Path dir, boolean record, boolean stock, String... args) throws IOException {
    Path repo = WorkloadFile.repoDir();
    Path out;
    Path logs;
    synchronized (this) {
      int n = 0;
      do {
        out = dir.resolve("nb5-" + n + ".txt");
        logs = dir.resolve("logs-" + n++);
      } while (Files.exists(out));
      Files.createFile(out);
    }
    // a logs directory per run: nb5 5.25 re-creates its session.log link, and two runs starting
    // together in one directory failed on it (FileAlreadyExistsException)
    Files.createDirectories(logs);
    // bash finds a stock nb5 on the PATH of the environment set below
    List<String> cmd = new ArrayList<>(stock ? List.of("bash", "-c", "exec nb5 \"$@\"", "nb5", "--logs-dir",
        logs.toString()) : List.of("bash", repo.resolve("bin/nb5").toString(), "--logs-dir", logs.toString()));
    cmd.addAll(Arrays.asList(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectErrorStream(true)
        .redirectOutput(out.toFile());
    Nb5Executable.environment(pb.environment(), executable, version);
    Path archive = record ? Nb5Executable.recordClassesAtExit(pb.environment(), version) : null;
    Process p = pb.start();
    outputs.put(p, out);
    if (archive != null) {
      recordings.put(p, archive);
    }
    return p;
  }

  private Path outputOf(Process p) {
    return outputs.remove(p);
  }

  /** Waits at most {@code seconds} for a process {@link #start} began (killed after that). */
  Run await(Process p, int seconds) throws IOException, InterruptedException {
    Path out = outputOf(p);
    boolean done = p.waitFor(seconds, TimeUnit.SECONDS);
    if (!done) {
      p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    Path archive = recordings.remove(p);
    if (archive != null) {
      Nb5Executable.keepClassArchive(archive, version, done ? p.exitValue() : -1);
    }
    String output = Files.readString(out, StandardCharsets.UTF_8);
    assertThat(done).as("nb5 finished within %d s:\n%s", seconds, output).isTrue();
    return new Run(p.exitValue(), output);
  }

  /** The connection arguments for the local Cassandra, with a driver config for a loaded machine. */
  static List<String> on(LocalCassandra cassandra, Path dir, String keyspace) {
    Path conf = dir.resolve("slow-machine.conf");
    try {
      if (!Files.exists(conf)) {
        // a busy 2-core machine: PREPARE and requests may take longer than the driver's 2 s
        Files.writeString(conf, "datastax-java-driver {\n  basic.request.timeout = 30 seconds\n}\n");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return List.of("target=cassandra", "hosts=" + cassandra.host(), "port=" + cassandra.nativePort(),
        "localdc=" + cassandra.localDatacenter(), "datacenter=" + cassandra.localDatacenter(), "rf=1",
        "keyspace=" + keyspace, "driverconfig=" + conf);
  }

  /** {@code first} then {@code more}, as one argument array. */
  static String[] args(List<String> first, String... more) {
    List<String> all = new ArrayList<>(first);
    all.addAll(Arrays.asList(more));
    return all.toArray(new String[0]);
  }
}
