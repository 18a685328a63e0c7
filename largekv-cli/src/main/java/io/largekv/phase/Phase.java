package io.largekv.phase;

import io.largekv.common.UserError;
import io.largekv.results.RunSetup;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** One benchmark phase: YCSB's {@code load} or {@code run} with a workload file. */
public final class Phase {
  public final String name;
  private final boolean load;
  /** File under workloads/ for the embedded default (laptop scale). */
  public final String localWorkload;
  /** File under workloads/ for real clusters (the seeds' scale). */
  public final String fullScaleWorkload;

  private Phase(String name, boolean load, String localWorkload, String fullScaleWorkload) {
    this.name = name;
    this.load = load;
    this.localWorkload = localWorkload;
    this.fullScaleWorkload = fullScaleWorkload;
  }

  public boolean isLoad() {
    return load;
  }

  public static final Phase LOAD = new Phase(RunSetup.LOAD, true, "local-load", "large30b");
  public static final Phase UNIFORM_READ = new Phase("uniform-read", false, "local-uniform-read", "large30b-uniform-read");
  public static final Phase LATEST_READ = new Phase("latest-read", false, "local-latest-read", "large30b-latest-read");

  public static final List<Phase> ALL = List.of(LOAD, UNIFORM_READ, LATEST_READ);
  /** The phase names, as --phases accepts them. */
  public static final String ACCEPTED = String.join(", ", ALL.stream().map(p -> p.name).toList());

  /** The header line of a workload file that holds the seed's published figure for it. */
  static final String PUBLISHED = "# Published: ";

  /**
   * The seed's published figure for a workload file ({@code # Published: ...} in its header),
   * e.g. "85K inserts/s at ~2.5 ms (YugabyteDB, 4 x i3.8xlarge, RF 3; ...)"; empty for a file
   * without one (the local files: the seeds ran no laptop-sized phase).
   */
  public static Optional<String> published(Path workloadFile) {
    try {
      return Files.readAllLines(workloadFile, StandardCharsets.UTF_8).stream().filter(l -> l.startsWith(PUBLISHED))
          .map(l -> l.substring(PUBLISHED.length()).trim()).findFirst();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A whole-number setting of a workload file, e.g. its {@code recordcount}; empty when it has none. */
  public static Optional<Long> setting(Path workloadFile, String name) {
    java.util.Properties p = new java.util.Properties();
    try (java.io.Reader r = Files.newBufferedReader(workloadFile, StandardCharsets.UTF_8)) {
      p.load(r);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String v = p.getProperty(name);
    return v == null ? Optional.empty() : Optional.of(Long.parseLong(v.strip().replace("_", "")));
  }

  /** {@code --phases LIST}: the phases a comma-separated list names, in its order; one line for a bad one. */
  public static java.util.List<Phase> list(String v) {
    java.util.List<Phase> phases = new java.util.ArrayList<>();
    for (String p : v.split(",")) {
      phases.add(byName(p));
    }
    if (phases.isEmpty()) {
      throw new UserError("--phases " + v + " names no phase; accepted: a comma-separated list of " + ACCEPTED);
    }
    return phases;
  }

  public static Phase byName(String name) {
    return find(name).orElseThrow(() -> new UserError("--phases: unknown phase '" + name + "'; accepted: " + ACCEPTED));
  }

  /** The one phase an option names ({@code --phase PHASE}); one line naming the accepted ones otherwise. */
  public static Phase named(String option, String v) {
    return find(v).orElseThrow(() -> new UserError(option + " " + v + " is not accepted; accepted values: " + ACCEPTED));
  }

  /** The phase named {@code name} (spaces around it ignored), if there is one. */
  public static Optional<Phase> find(String name) {
    return ALL.stream().filter(p -> p.name.equals(name.trim())).findFirst();
  }
}
