package io.largekv.cassandra;

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
 * YCSB's client threads as virtual threads need Java 21 or later. Looks at a home named by an
 * environment variable, then this JVM, then the homes under {@code /usr/lib/jvm} (newest name first).
 */
public final class JavaRuntimes {

  /** The Java 21+ runtime for virtual client threads: {@code LARGEKV_JAVA21_HOME}. */
  public static final String JAVA21_HOME_ENV = "LARGEKV_JAVA21_HOME";

  private static final Pattern SPEC = Pattern.compile("java\\.specification\\.version = (\\d+)");

  private JavaRuntimes() {}

  /** A {@code bin/java} of feature version 21 or later, or empty. */
  public static Optional<Path> java21OrLater() throws IOException {
    return find(System.getenv(JAVA21_HOME_ENV), JAVA21_HOME_ENV, v -> v >= 21);
  }

  /**
   * The first {@code bin/java} whose feature version passes {@code wanted}: {@code configuredHome}
   * (named {@code setting} in errors; it must qualify), this JVM, then {@code /usr/lib/jvm/*}.
   */
  public static Optional<Path> find(String configuredHome, String setting, IntPredicate wanted) throws IOException {
    if (configuredHome != null && !configuredHome.isBlank()) {
      Path java = Paths.get(configuredHome, "bin", "java");
      if (!Files.isExecutable(java)) {
        throw new IOException("largekv: " + setting + "=" + configuredHome + " has no bin/java");
      }
      int v = featureVersion(java);
      if (!wanted.test(v)) {
        throw new IOException("largekv: " + setting + "=" + configuredHome + " is Java " + v + ", not the one needed");
      }
      return Optional.of(java);
    }
    if (wanted.test(Runtime.version().feature())) {
      return Optional.of(Paths.get(System.getProperty("java.home"), "bin", "java"));
    }
    List<Path> candidates = new ArrayList<>();
    Path jvms = Paths.get("/usr/lib/jvm");
    if (Files.isDirectory(jvms)) {
      try (Stream<Path> homes = Files.list(jvms)) {
        homes.filter(h -> !Files.isSymbolicLink(h)).sorted(Comparator.reverseOrder())
            .map(h -> h.resolve("bin/java")).filter(Files::isExecutable).forEach(candidates::add);
      }
    }
    for (Path java : candidates) {
      if (wanted.test(featureVersion(java))) {
        return Optional.of(java);
      }
    }
    return Optional.empty();
  }

  /** The feature version (17, 21, 25, ...) of a {@code bin/java}, 0 when it cannot tell. */
  public static int featureVersion(Path java) throws IOException {
    Process p = new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version")
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        return 0;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 0;
    }
    Matcher m = SPEC.matcher(out);
    return m.find() ? Integer.parseInt(m.group(1)) : 0;
  }
}
