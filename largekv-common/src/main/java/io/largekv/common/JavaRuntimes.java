package io.largekv.common;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.IntPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Finds a Java runtime of a given feature version on this machine: Cassandra 5.0 needs Java 17,
 * YCSB's client threads as virtual threads need Java 21 or later. Looks at a home named by a
 * setting (an environment variable or property), then this JVM, then the usual JVM directories
 * ({@code /usr/lib/jvm}, {@code /usr/lib64/jvm}, {@code /opt/java}, SDKMAN's, macOS's), newest name
 * first. The one owner of this probe: the launchers and CI call {@link #main}.
 *
 * <pre>
 *   java -cp largekv-common/target/classes io.largekv.common.JavaRuntimes 21    # a bin/java of 21+, or exit 1
 *   java -cp largekv-common/target/classes io.largekv.common.JavaRuntimes =25   # exactly Java 25 (LARGEKV_JAVA25_RELEASE_HOME first)
 * </pre>
 */
public final class JavaRuntimes {

  /** The Java 21+ runtime for virtual client threads: {@code LARGEKV_JAVA21_HOME}. */
  public static final String JAVA21_HOME_ENV = "LARGEKV_JAVA21_HOME";

  private static final Pattern SPEC = Pattern.compile("java\\.specification\\.version = (\\d+)");

  private JavaRuntimes() {}

  /** Prints the {@code bin/java} of a Java of at least the version given (default 21), or exits 1. */
  public static void main(String[] args) {
    String arg = args.length > 0 ? args[0] : "21";
    boolean exactly = arg.startsWith("=");
    int at = Integer.parseInt(exactly ? arg.substring(1) : arg);
    try {
      Optional<Path> java = exactly ? release(at) : at == 21 ? java21OrLater() : find(null, "", v -> v >= at);
      if (java.isPresent()) {
        System.out.println(java.get());
        return;
      }
    } catch (UserError e) {
      System.err.println("largekv: " + e.getMessage());
    }
    System.exit(1);
  }

  /** A {@code bin/java} of feature version 21 or later ({@code LARGEKV_JAVA21_HOME} first), or empty. */
  public static Optional<Path> java21OrLater() {
    return find(System.getenv(JAVA21_HOME_ENV), JAVA21_HOME_ENV, v -> v >= 21);
  }

  /**
   * A {@code bin/java} of exactly feature release {@code feature}: {@link #releaseHomeEnv} first (it
   * must be that release), then as {@link #find} looks. For the tests that must run on each Java
   * release the client's I/O-thread scheduler supports ({@code .ci/run} sets both homes).
   */
  public static Optional<Path> release(int feature) {
    return find(System.getenv(releaseHomeEnv(feature)), releaseHomeEnv(feature), v -> v == feature);
  }

  /** {@code LARGEKV_JAVA<feature>_RELEASE_HOME}: a Java of exactly that feature release. */
  public static String releaseHomeEnv(int feature) {
    return "LARGEKV_JAVA" + feature + "_RELEASE_HOME";
  }

  /**
   * The first {@code bin/java} whose feature version passes {@code wanted}: {@code configuredHome}
   * (named {@code setting} in errors; it must qualify), this JVM, then the usual JVM directories.
   *
   * @throws UserError when {@code configuredHome} has no Java or the wrong one
   */
  public static Optional<Path> find(String configuredHome, String setting, IntPredicate wanted) {
    if (configuredHome != null && !configuredHome.isBlank()) {
      Path java = Paths.get(configuredHome, "bin", "java");
      if (!Files.isExecutable(java)) {
        throw new UserError(setting + "=" + configuredHome + " has no bin/java");
      }
      int v = featureVersion(java);
      if (!wanted.test(v)) {
        throw new UserError(setting + "=" + configuredHome + " is Java " + v + ", not the one needed");
      }
      return Optional.of(java);
    }
    if (wanted.test(Runtime.version().feature())) {
      return Optional.of(Paths.get(System.getProperty("java.home"), "bin", "java"));
    }
    for (Path java : candidates()) {
      if (wanted.test(featureVersion(java))) {
        return Optional.of(java);
      }
    }
    return Optional.empty();
  }

  /** Every {@code bin/java} under the usual JVM directories, newest-looking name first. */
  static List<Path> candidates() {
    String home = System.getProperty("user.home", "");
    List<Path> dirs = List.of(Paths.get("/usr/lib/jvm"), Paths.get("/usr/lib64/jvm"), Paths.get("/opt/java"),
        Paths.get(home, ".sdkman", "candidates", "java"), Paths.get("/Library/Java/JavaVirtualMachines"));
    List<Path> out = new ArrayList<>();
    for (Path dir : dirs) {
      if (!Files.isDirectory(dir)) {
        continue;
      }
      try (Stream<Path> homes = Files.list(dir)) {
        homes.filter(h -> !Files.isSymbolicLink(h)).sorted(Comparator.reverseOrder())
            .flatMap(h -> Stream.of(h.resolve("bin/java"), h.resolve("Contents/Home/bin/java")))
            .filter(Files::isExecutable).forEach(out::add);
      } catch (IOException unreadable) {
        // a directory we may not list: nothing found there
      }
    }
    return out;
  }

  /** The feature version (17, 21, 25, ...) of a {@code bin/java}, 0 when it cannot tell. */
  public static int featureVersion(Path java) {
    try {
      Process p = new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version")
          .redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return 0;
      }
      Matcher m = SPEC.matcher(out);
      return m.find() ? Integer.parseInt(m.group(1)) : 0;
    } catch (IOException e) {
      return 0;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
  }
}
