package io.largekv.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A stock YCSB 0.17.0 tree with largekv's drop-in jar installed as docs/install-into-ycsb.md says:
 * the tree a user unpacks from {@code ycsb-0.17.0.tar.gz} (a copy of {@code YCSB_HOME} when it names
 * one, else YCSB 0.17.0's own launchers kept beside the repository, {@code ../shared/ycsb-0.17.0},
 * with YCSB's five {@code lib/} jars from Maven Central), the jar in {@code yugabyte-binding/lib/},
 * the workload files in {@code workloads/}, the binding's line in {@code bin/bindings.properties}.
 * For StockYcsbTreeIT (the build's jar) and the release's test (the archive's).
 */
public final class StockYcsbTree {

  private static final Path REPO = Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath();

  private StockYcsbTree() {}

  /**
   * YCSB 0.17.0's own tree at {@code ycsb}, without any earlier yugabyte-ycql install; fails (skips
   * where the user opts out: {@link MissingTool}) when there is none to copy.
   */
  public static void copyStockTree(Path ycsb) throws IOException {
    String home = System.getenv("YCSB_HOME");
    Path launchers = REPO.resolveSibling("shared").resolve("ycsb-0.17.0");
    if (home != null && Files.isExecutable(Path.of(home, "bin", "ycsb.sh"))) {
      copy(Path.of(home), ycsb);
    } else if (Files.isExecutable(launchers.resolve("bin").resolve("ycsb.sh"))) {
      for (String part : List.of("bin", "LICENSE.txt", "NOTICE.txt")) {
        copy(launchers.resolve(part), ycsb.resolve(part));
      }
      copy(REPO.resolve("yugabyte-binding/target/ycsb-0.17-lib"), ycsb.resolve("lib"));
    } else {
      throw MissingTool.skipOrFail("no YCSB 0.17.0 tree: YCSB_HOME is not set to one and " + launchers
          + "/bin/ycsb.sh is absent");
    }
    io.largekv.common.Directories.deleteRecursively(ycsb.resolve("yugabyte-binding"));
    Path bindings = ycsb.resolve("bin").resolve("bindings.properties");
    Files.write(bindings, Files.readAllLines(bindings).stream().filter(l -> !l.startsWith("yugabyte-ycql:")).toList());
  }

  /** The install steps of docs/install-into-ycsb.md into {@code ycsb}: {@code jar}, and the files of {@code workloads}. */
  public static void install(Path ycsb, Path jar, Path workloads) throws IOException {
    Path lib = Files.createDirectories(ycsb.resolve("yugabyte-binding").resolve("lib"));
    Files.copy(jar, lib.resolve(jar.getFileName()));
    Files.createDirectories(ycsb.resolve("workloads"));
    try (Stream<Path> files = Files.list(workloads)) {
      for (Path f : files.toList()) {
        Files.copy(f, ycsb.resolve("workloads").resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    Files.createDirectories(ycsb.resolve("bin"));
    Files.writeString(ycsb.resolve("bin").resolve("bindings.properties"), "yugabyte-ycql:io.largekv.ycsb.YugabyteYcqlDB\n",
        StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  /** A command run in the tree (YCSB_HOME unset: ycsb.sh would take that tree): exit status and output. */
  public static Ycsb.Result run(Path dir, List<String> command) throws Exception {
    Path out = Files.createTempFile("stock-ycsb", ".out");
    Path err = Files.createTempFile("stock-ycsb", ".err");
    try {
      ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
          .redirectError(err.toFile());
      pb.environment().remove("YCSB_HOME");
      Process p = pb.start();
      if (!p.waitFor(240, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new AssertionError(String.join(" ", command) + " did not end in 240 s");
      }
      return new Ycsb.Result(p.exitValue(), Files.readString(out), Files.readString(err));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  /** The properties that put a run on the shared local Cassandra, in {@code keyspace}, 2,000 rows. */
  public static List<String> server(String keyspace) {
    return List.of("-p", "hosts=" + SharedCassandra.get().contactPoint(), "-p", "ycql.target=cassandra", "-p",
        "ycql.localdc=datacenter1", "-p", "ycql.replication_factor=1", "-p", "ycql.keyspace=" + keyspace,
        "-p", "recordcount=2000", "-p", "threadcount=8");
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> all = Files.walk(from)) {
      for (Path p : all.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }
}
