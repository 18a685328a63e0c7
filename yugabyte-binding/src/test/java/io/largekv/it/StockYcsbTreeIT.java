package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.Directories;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.StockYcsbTree;
import io.largekv.testing.Ycsb;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * docs/install-into-ycsb.md, step by step, on a tree laid out as the stock YCSB 0.17.0 distribution:
 * {@code lib/} with YCSB's own five jars (Maven Central), the jar copied into
 * {@code yugabyte-binding/lib/} (the directory YCSB's launchers derive from the binding name
 * {@code yugabyte-ycql}), largekv's workload files copied into {@code workloads/}, the line appended
 * to {@code bin/bindings.properties} — then YCSB's documented Java command from the tree's root.
 * YCSB's own {@code bin/ycsb.sh} in a stock tree runs the same jar as the release ships it
 * (distribution's ReleaseIT, {@link StockYcsbTree}).
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

  private static void install(Path ycsb) throws Exception {
    StockYcsbTree.install(ycsb, DropInJarIT.jar(), REPO.resolve("workloads"));
  }

  private static Ycsb.Result run(Path dir, List<String> command) throws Exception {
    return StockYcsbTree.run(dir, command);
  }

  private static List<String> server(String keyspace) {
    return StockYcsbTree.server(keyspace);
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
}
