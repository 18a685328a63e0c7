package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.Directories;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * docs/install-into-ycsb.md, step by step, on a tree laid out as the stock YCSB 0.17.0 distribution:
 * {@code lib/} with YCSB's own five jars (Maven Central), the jar copied into
 * {@code yugabyte-binding/lib/} (the directory YCSB's launchers derive from the binding name
 * {@code yugabyte-ycql}), largekv's workload files copied into {@code workloads/}, the line appended
 * to {@code bin/bindings.properties} — then YCSB's documented Java command from the tree's root,
 * and YCSB's own {@code bin/ycsb.sh} in a stock tree: a copy of {@code YCSB_HOME} when it names one,
 * else YCSB 0.17.0's own launchers kept beside the repository ({@code ../shared/ycsb-0.17.0}: bin/,
 * LICENSE.txt, NOTICE.txt) with YCSB's five {@code lib/} jars from Maven Central — the tree a user
 * unpacks from {@code ycsb-0.17.0.tar.gz}, minus the other bindings. Without either it is skipped,
 * saying so, except under {@code CI=true}, where it fails.
 */
class StockYcsbTreeIT {

  private static final Path REPO = Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath();
  private Path tree;

  @BeforeEach
  void makeTree() throws IOException {
    tree = Files.createTempDirectory("largekv-stock-ycsb");
  }

  @AfterEach
  void removeTree() {
    Directories.deleteRecursively(tree);
  }

  /** The install steps of docs/install-into-ycsb.md into {@code ycsb}, a YCSB 0.17.0 tree. */
  private static void install(Path ycsb) throws Exception {
    Path lib = Files.createDirectories(ycsb.resolve("yugabyte-binding").resolve("lib"));
    Files.copy(DropInJarIT.jar(), lib.resolve(DropInJarIT.jar().getFileName()));
    Files.createDirectories(ycsb.resolve("workloads"));
    try (Stream<Path> files = Files.list(REPO.resolve("workloads"))) {
      for (Path f : files.toList()) {
        Files.copy(f, ycsb.resolve("workloads").resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    Files.createDirectories(ycsb.resolve("bin"));
    Files.writeString(ycsb.resolve("bin").resolve("bindings.properties"), "yugabyte-ycql:io.largekv.ycsb.YugabyteYcqlDB\n",
        StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  /** A command run in the tree: exit status and output. */
  private static Ycsb.Result run(Path dir, List<String> command) throws Exception {
    Path out = Files.createTempFile("stock-ycsb", ".out");
    Path err = Files.createTempFile("stock-ycsb", ".err");
    try {
      ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
          .redirectError(err.toFile());
      pb.environment().remove("YCSB_HOME"); // ycsb.sh would take the tree named there, not the one it is in
      Process p = pb.start();
      assertThat(p.waitFor(240, TimeUnit.SECONDS)).as(String.join(" ", command)).isTrue();
      return new Ycsb.Result(p.exitValue(), Files.readString(out), Files.readString(err));
    } finally {
      Files.deleteIfExists(out);
      Files.deleteIfExists(err);
    }
  }

  private static List<String> server(String keyspace) {
    return List.of("-p", "hosts=" + SharedCassandra.get().contactPoint(), "-p", "ycql.target=cassandra", "-p",
        "ycql.localdc=datacenter1", "-p", "ycql.replication_factor=1", "-p", "ycql.keyspace=" + keyspace,
        "-p", "recordcount=2000", "-p", "threadcount=8");
  }

  @Test
  void theDocumentedJavaCommandRunsFromAStockLayout() throws Exception {
    Path lib = Files.createDirectories(tree.resolve("lib"));
    try (Stream<Path> jars = Files.list(REPO.resolve("yugabyte-binding/target/ycsb-0.17-lib"))) {
      for (Path j : jars.toList()) {
        Files.copy(j, lib.resolve(j.getFileName()));
      }
    }
    assertThat(lib.toFile().list()).hasSize(5).contains("core-0.17.0.jar", "HdrHistogram-2.1.4.jar");
    install(tree);
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> load = new ArrayList<>(List.of(java, "-cp", "lib/*:yugabyte-binding/lib/*", "site.ycsb.Client",
        "-load", "-db", "io.largekv.ycsb.YugabyteYcqlDB", "-P", "workloads/local-load", "-s"));
    load.addAll(server("stock_java"));
    Ycsb.Result l = run(tree, load);
    assertThat(l.exitCode).as(l.toString()).isZero();
    assertThat(l.returnCount("INSERT", "OK")).as(l.toString()).isEqualTo(2000);
    List<String> read = new ArrayList<>(List.of(java, "-cp", "lib/*:yugabyte-binding/lib/*", "site.ycsb.Client",
        "-t", "-db", "io.largekv.ycsb.YugabyteYcqlDB", "-P", "workloads/local-uniform-read", "-p",
        "operationcount=2000", "-p", "maxexecutiontime=0", "-s"));
    read.addAll(server("stock_java"));
    Ycsb.Result r = run(tree, read);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.returnCount("VERIFY", "CORRUPT") + r.returnCount("VERIFY", "MISSING")).isZero();
    assertThat(r.returnCount("VERIFY", "OK")).isPositive();

    // YCSB's CoreWorkload: refused on the kv layout with its 10 fields, one line, no DDL; fine on usertable
    List<String> core = new ArrayList<>(List.of(java, "-cp", "lib/*:yugabyte-binding/lib/*", "site.ycsb.Client",
        "-load", "-db", "io.largekv.ycsb.YugabyteYcqlDB", "-p", "workload=site.ycsb.workloads.CoreWorkload", "-s"));
    core.addAll(server("stock_core"));
    Ycsb.Result refused = run(tree, core);
    assertThat(refused.exitCode).as(refused.toString()).isEqualTo(2);
    assertThat(refused.largekvLines()).singleElement().asString().contains("ycql.layout");
    assertThat(SharedCassandra.session().execute("SELECT keyspace_name FROM system_schema.keyspaces WHERE "
        + "keyspace_name = 'stock_core'").one()).isNull();
    core.addAll(List.of("-p", "ycql.layout=usertable"));
    Ycsb.Result usertable = run(tree, core);
    assertThat(usertable.exitCode).as(usertable.toString()).isZero();
    assertThat(usertable.returnCount("INSERT", "OK")).isEqualTo(2000);
  }

  @Test
  void ycsbsOwnLauncherRunsTheBindingAsDocumented() throws Exception {
    // a copy of a tree as shipped: its own lib/, bin/, LICENSE.txt; nothing of a previous install
    Path ycsb = tree.resolve("ycsb-0.17.0");
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
    Directories.deleteRecursively(ycsb.resolve("yugabyte-binding"));
    Path bindings = ycsb.resolve("bin").resolve("bindings.properties");
    Files.write(bindings, Files.readAllLines(bindings).stream().filter(l -> !l.startsWith("yugabyte-ycql:")).toList());
    install(ycsb);
    List<String> load = new ArrayList<>(List.of("bin/ycsb.sh", "load", "yugabyte-ycql", "-P", "workloads/local-load",
        "-s"));
    load.addAll(server("stock_launcher"));
    Ycsb.Result l = run(ycsb, load);
    assertThat(l.exitCode).as(l.toString()).isZero();
    assertThat(l.returnCount("INSERT", "OK")).as(l.toString()).isEqualTo(2000);
    List<String> read = new ArrayList<>(List.of("bin/ycsb.sh", "run", "yugabyte-ycql", "-P",
        "workloads/local-uniform-read", "-p", "operationcount=2000", "-p", "maxexecutiontime=0", "-s"));
    read.addAll(server("stock_launcher"));
    Ycsb.Result r = run(ycsb, read);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.returnCount("VERIFY", "CORRUPT") + r.returnCount("VERIFY", "MISSING")).isZero();
    assertThat(r.returnCount("VERIFY", "OK")).isPositive();
    // a failed check is the launcher's exit status too: a read of keys never loaded
    List<String> missing = new ArrayList<>(List.of("bin/ycsb.sh", "run", "yugabyte-ycql", "-P",
        "workloads/local-uniform-read", "-p", "operationcount=200", "-p", "maxexecutiontime=0", "-p",
        "insertstart=100000", "-p", "insertcount=1000", "-s"));
    missing.addAll(server("stock_launcher"));
    Ycsb.Result m = run(ycsb, missing);
    assertThat(m.exitCode).as(m.toString()).isEqualTo(1);
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
