package io.largekv.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The real nb5 the integration tests run, as a user's {@code bin/nb5} finds it: {@code LARGEKV_NB5}
 * names an executable called {@code nb5} (CI: {@code ../shared/nb5/nb5}, which runs the release
 * {@code NB5_VERSION} names), found first on {@code PATH}. Without it, the test fails with the
 * reason ({@link MissingTool}: skipped only where the user opts out).
 *
 * <p>Start-up: an nb5 process spends 6-14 s of CPU before its first operation on a busy 2-core
 * machine, much of it loading classes, and the suite starts dozens. One run of a release that exits
 * 0 (see {@link #recordClassesAtExit}; in the suite, RealNb5SmokeIT's) leaves the JVM's archive
 * of the classes it loaded (class-data sharing, {@code -XX:ArchiveClassesAtExit}) in
 * {@code ~/.cache/largekv/nb5-cds/}; later runs of that release start from it (half the start-up
 * time on 5.17.9, a quarter on 5.25.7).
 * The {@code nb5} first on {@code PATH} is a small script that adds {@link TestJit} and, once there is
 * one, the archive to {@code JAVA_TOOL_OPTIONS} and runs {@code LARGEKV_NB5}: nb5 itself, its
 * arguments, output and exit status are unchanged; an archive that does not match the release's
 * classes is not used. The JIT is the tests' own (C1 only): a test's nb5 runs for seconds, mostly
 * starting up and warming up, and C2's compilations were half of its CPU (the smoke scenario: 36 s
 * of CPU, 20 s with C1 only, on the 2-core development machine) while the server shares those
 * cores. What nb5 does is unchanged; its speed is measured in bench/run, never here.
 */
public final class Nb5Executable {

  /** Releases an archive is being recorded for, in this JVM. */
  private static final Set<String> RECORDING = ConcurrentHashMap.newKeySet();

  private Nb5Executable() {}

  /** The nb5 executable {@code LARGEKV_NB5} names; skips or fails (CI) when there is none. */
  public static Path configured() {
    String configured = System.getenv("LARGEKV_NB5");
    if (configured == null || configured.isBlank()) {
      throw MissingTool.skipOrFail("real nb5: LARGEKV_NB5 is not set: the real-nb5 tests need an nb5 executable "
          + "(e.g. LARGEKV_NB5=$PWD/../shared/nb5/nb5, which .ci/run sets)");
    }
    Path exe = Path.of(configured).toAbsolutePath().normalize();
    if (!Files.isExecutable(exe) || !exe.getFileName().toString().equals("nb5")) {
      throw MissingTool.skipOrFail("real nb5: LARGEKV_NB5=" + configured
          + " is not an executable named nb5 (bin/nb5 looks for nb5 on PATH)");
    }
    return exe;
  }

  /**
   * {@code env} (a process builder's) such that {@code bin/nb5} runs {@code executable} at release
   * {@code version}, from its class-data archive when there is one, and no nb5 of the machine's own.
   */
  public static void environment(Map<String, String> env, Path executable, String version) {
    env.remove("NB5_JAR");
    env.remove("NB5_JAVA");
    env.put("NB5_VERSION", version);
    env.put("PATH", launcherDir(executable) + ":" + executable.getParent() + ":"
        + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
  }

  private static Path cacheDir() {
    return Path.of(System.getProperty("user.home"), ".cache", "largekv", "nb5-cds");
  }

  private static Path archive(String version) {
    return cacheDir().resolve("nb5-" + version + ".jsa");
  }

  /** The directory of the {@code nb5} script that runs {@code executable} from its archive. */
  private static synchronized Path launcherDir(Path executable) {
    Path dir = cacheDir().resolve("launcher-" + Integer.toHexString(executable.toString().hashCode()));
    Path script = dir.resolve("nb5");
    String jit = TestJit.line();
    String text = "#!/usr/bin/env bash\n"
        + "# written by largekv's tests (Nb5Executable): " + executable + " with the tests' JIT (TestJit) and,\n"
        + "# when there is an archive, its JVM started from the classes an earlier run of the release\n"
        + "# loaded (class-data sharing)\n"
        + "a=\"" + cacheDir() + "/nb5-${NB5_VERSION:-5.17.9}.jsa\"\n"
        + (jit.isEmpty() ? "" : "export JAVA_TOOL_OPTIONS=\"${JAVA_TOOL_OPTIONS:+$JAVA_TOOL_OPTIONS }" + jit + "\"\n")
        + "if [[ -s $a && $JAVA_TOOL_OPTIONS != *ArchiveClassesAtExit* ]]; then\n"
        + "  export JAVA_TOOL_OPTIONS=\"$JAVA_TOOL_OPTIONS -XX:SharedArchiveFile=$a -Xshare:auto"
        + " -Xlog:cds=off -Xlog:cds+dynamic=off\"\n"
        + "fi\n"
        + "exec '" + executable + "' \"$@\"\n";
    try {
      if (!Files.exists(script) || !Files.readString(script, StandardCharsets.UTF_8).equals(text)) {
        Files.createDirectories(dir);
        Path tmp = dir.resolve("nb5." + UUID.randomUUID());
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.move(tmp, script, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return dir;
  }

  /**
   * When release {@code version} has no archive yet and no other run records one: {@code env} such
   * that this run's JVM writes one as it exits, and the file it writes (give it to
   * {@link #keepClassArchive} once the run has ended); else null and {@code env} unchanged.
   */
  public static Path recordClassesAtExit(Map<String, String> env, String version) {
    if (Files.exists(archive(version)) || !RECORDING.add(version)) {
      return null;
    }
    Path written = cacheDir().resolve("nb5-" + version + ".jsa." + UUID.randomUUID() + ".tmp");
    try {
      Files.createDirectories(cacheDir());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String options = env.getOrDefault("JAVA_TOOL_OPTIONS", "");
    env.put("JAVA_TOOL_OPTIONS", (options.isEmpty() ? "" : options + " ") + "-XX:ArchiveClassesAtExit=" + written
        + " -Xlog:cds=off -Xlog:cds+dynamic=off");   // not its notes on classes it leaves out, in nb5's output
    return written;
  }

  /**
   * Keeps the archive a recording run wrote when nb5 exited 0 (its JVM wrote it whole before it
   * exited); otherwise drops it, and a later run records again.
   */
  public static void keepClassArchive(Path written, String version, int exitCode) {
    try {
      if (exitCode == 0 && Files.size(written) > 0) {
        Files.move(written, archive(version), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      // none written: a later run records again
    } finally {
      try {
        Files.deleteIfExists(written);
      } catch (IOException ignored) {
        // a leftover .tmp in the cache is never read
      }
      RECORDING.remove(version);
    }
  }
}
