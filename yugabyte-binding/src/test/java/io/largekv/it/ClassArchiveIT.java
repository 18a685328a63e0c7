package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Directories;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.Ycsb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * bin/ycsb's class-data archive (bin/lib/launch.sh, {@code largekv_class_archive}), on the real
 * server: of several clients started at once with none yet, one writes it and all pass; a later
 * client starts from it, with the same rows verified and no line of the JVM's about it.
 */
class ClassArchiveIT {

  private static Path work;
  private static Path archives;
  private static LocalCassandra cassandra;

  @BeforeAll
  static void start() throws Exception {
    cassandra = SharedCassandra.get();
    work = Files.createTempDirectory("largekv-class-archive-");
    archives = work.resolve("archives");
  }

  @AfterAll
  static void cleanUp() throws Exception {
    if (work != null) {
      Directories.deleteRecursively(work);
    }
  }

  /** The Java the client runs on: the 21+ bin/ycsb picks (a missing one fails the test). */
  private static Path java() {
    return io.largekv.testing.MissingTool.java21OrLater();
  }

  private static Ycsb.Result binYcsb(String javaOpts, String setting, String... args) throws Exception {
    Path repo = Ycsb.repo();
    List<String> cmd = new ArrayList<>(List.of(repo.resolve("bin/ycsb").toString()));
    cmd.addAll(List.of(args));
    cmd.addAll(List.of("-p", "hosts=" + cassandra.contactPoint(), "-p", "ycql.target=cassandra",
        "-p", "ycql.replication_factor=1", "-p", "ycql.localdc=" + cassandra.localDatacenter()));
    Map<String, String> env = new HashMap<>();
    env.put("JAVA", java().toString());
    env.put("LARGEKV_CLASS_ARCHIVE_DIR", archives.toString());
    env.put("LARGEKV_CLASS_ARCHIVE", setting);
    env.put("JAVA_OPTS", javaOpts);
    Ycsb.Result r = Ycsb.command(cmd, repo, env);
    assertThat(r.stdout + r.stderr).as("no line of the JVM's about its archive\n%s", r)
        .doesNotContain("[cds").doesNotContain("shared archive").doesNotContain("CDS");
    return r;
  }

  private static Ycsb.Result load(String keyspace, int rows) throws Exception {
    return binYcsb(null, "on", "load", "yugabyte-ycql", "-P", "workloads/local-load", "-p", "ycql.keyspace=" + keyspace,
        "-p", "recordcount=" + rows, "-threads", "4");
  }

  private static List<String> files(String suffix) throws Exception {
    if (!Files.isDirectory(archives)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(archives)) {
      return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(suffix)).sorted().toList();
    }
  }

  @Test
  void oneOfSeveralClientsStartedAtOnceWritesTheArchiveAndLaterClientsStartFromIt() throws Exception {
    // three clients at once, no archive yet: the one holding the lock writes it before its JVM starts
    // (a JVM of its own, -Xshare:dump), the others start without; every one passes
    List<CompletableFuture<Ycsb.Result>> loads = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      String keyspace = "it_cds_" + i;
      loads.add(CompletableFuture.supplyAsync(() -> {
        try {
          return load(keyspace, 2_000);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }));
    }
    for (CompletableFuture<Ycsb.Result> f : loads) {
      Ycsb.Result r = f.get();
      assertThat(r.exitCode).as(r.toString()).isZero();
      assertThat(r.returnCount("INSERT", "OK")).as(r.toString()).isEqualTo(2_000);
    }
    assertThat(files(".jsa")).as("one archive, written whole").hasSize(1);
    assertThat(files(".part")).isEmpty();
    assertThat(files(".failed")).isEmpty();

    // a later client loads largekv's classes (the drivers', Netty's: shaded under io.largekv) from it;
    // without it, from the jars: the same rows verify either way
    assertThat(largekvClassesFromArchive("it_cds_1", "on")).isGreaterThan(1_000);
    assertThat(largekvClassesFromArchive("it_cds_2", "off")).isZero();
  }

  /** The classes of io.largekv.* a verify run loaded from a class-data archive, with LARGEKV_CLASS_ARCHIVE=setting. */
  private static long largekvClassesFromArchive(String keyspace, String setting) throws Exception {
    Path classLog = work.resolve("class-load-" + setting + ".txt");
    Ycsb.Result r = verify(keyspace, "-Xmx1g -Xlog:class+load=info:file=" + classLog, setting);
    assertThat(r.metric("LARGEKV", "RowsOK")).as(r.toString()).isEqualTo(2_000);
    try (Stream<String> lines = Files.lines(classLog)) {
      return lines.filter(l -> l.contains(" io.largekv.") && l.contains("source: shared objects file")).count();
    }
  }

  /** workloads/verify of a keyspace of 2,000 rows: exit 0, every row verifies. */
  private static Ycsb.Result verify(String keyspace, String javaOpts, String setting) throws Exception {
    Ycsb.Result r = binYcsb(javaOpts, setting, "run", "yugabyte-ycql", "-P", "workloads/local-load", "-P", "workloads/verify", "-p", "ycql.keyspace=" + keyspace,
        "-p", "recordcount=2000", "-threads", "4");
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.metric("LARGEKV", "RowsOK")).as(r.toString()).isEqualTo(2_000);
    return r;
  }
}
