package io.largekv.harness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Where this largekv runs from: a source tree (its launchers build on demand) or a release (the
 * archive {@code mvn package} writes, with a {@code RELEASE} file at its root; docs/release.md),
 * its version, and where results go by default: {@code results/} of the source tree, or of the
 * current directory for a release, which may be installed read-only (a container image's /opt).
 */
public final class Installation {

  /** The file at a release's root that the launchers know it by. */
  static final String RELEASE_FILE = "RELEASE";

  final Path home;

  private Installation(Path home) {
    this.home = home;
  }

  /** This JVM's: {@code largekv.repo.dir}, which the launchers set to their root. */
  public static Installation current() {
    return new Installation(Paths.get(System.getProperty("largekv.repo.dir", ".")).toAbsolutePath().normalize());
  }

  /** The root: bin/, workloads/ and, in a source tree, the modules. */
  public Path home() {
    return home;
  }

  boolean isRelease() {
    return Files.isRegularFile(home.resolve(RELEASE_FILE));
  }

  /** The folder a command's results go to when it is given no {@code --out}. */
  public Path resultsRoot() {
    return isRelease() ? Paths.get("results").toAbsolutePath() : home.resolve("results");
  }

  /** E.g. "largekv 0.1.0 (release at /opt/largekv; Java 21.0.8+9-LTS)". */
  public String describe() {
    return "largekv " + io.largekv.common.Version.get() + " (" + (isRelease() ? "release" : "source tree")
        + " at " + home + "; Java " + Runtime.version() + ")";
  }

}
