package io.largekv.release;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.largekv.common.Directories;
import io.largekv.format.KeyValueFormat;
import io.largekv.testing.Nb5Executable;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.StockYcsbTree;
import io.largekv.testing.Ycsb;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The release as a new user installs it on a client machine: the archive {@code mvn package} wrote,
 * extracted into an empty directory as the container image holds it ({@code /opt/largekv}: the
 * Dockerfile's entrypoint is its {@code bin/largekv}), run with an empty HOME and a {@code mvn} on
 * PATH that fails and says so when called: {@code bin/largekv --version}, {@code bin/largekv run}
 * on the local Cassandra from the archive, {@code bin/ycsb load} and {@code run} against a server,
 * {@code bin/nb5} with a real nb5, and the drop-in jar in YCSB 0.17's own tree with YCSB's own
 * {@code bin/ycsb.sh} (a failed check its exit status too). Nothing it runs
 * builds, reaches ~/.m2 or writes into the release.
 */
@Timeout(value = 20, unit = TimeUnit.MINUTES)
@io.largekv.testing.MachineLock.Alone("bin/largekv run as a user runs it: the stall rule at its default")
class ReleaseIT {

  private static final Path MODULE = Path.of(System.getProperty("largekv.module.dir", ".")).toAbsolutePath();
  private static Path archive;
  private static Path dir;
  /** The extracted release, as the image holds it. */
  private static Path home;
  private static Path emptyHome;
  /** A directory whose {@code mvn} records that it was called and fails. */
  private static Path noMaven;

  @BeforeAll
  static void extract() throws Exception {
    try (Stream<Path> files = Files.list(MODULE.resolve("target"))) {
      // the newest: an archive of an earlier version may still be there without a clean
      archive = files.filter(p -> p.getFileName().toString().matches("largekv-.+\\.tar\\.gz"))
          .max(java.util.Comparator.comparing(p -> p.toFile().lastModified()))
          .orElseThrow(() -> new AssertionError("no largekv-VERSION.tar.gz in " + MODULE.resolve("target")));
    }
    dir = Files.createTempDirectory("largekv-release-it");
    Path opt = Files.createDirectories(dir.resolve("opt"));
    Process tar = new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", opt.toString()).inheritIO().start();
    assertThat(tar.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(tar.exitValue()).isZero();
    String base = archive.getFileName().toString().replaceFirst("\\.tar\\.gz$", "");
    home = Files.move(opt.resolve(base), opt.resolve("largekv"));
    emptyHome = Files.createDirectories(dir.resolve("home"));
    noMaven = Files.createDirectories(dir.resolve("no-maven"));
    Path mvn = noMaven.resolve("mvn");
    Files.writeString(mvn, "#!/bin/sh\necho \"mvn $*\" >> '" + noMaven.resolve("called") + "'\nexit 99\n");
    assertThat(mvn.toFile().setExecutable(true)).isTrue();
  }

  @AfterAll
  static void clean() {
    if (dir != null) {
      Directories.deleteRecursively(dir);
    }
  }

  @Test
  void theLaunchersOnlyRunFromARelease() throws Exception {
    assertThat(home.resolve("RELEASE")).content().startsWith("LARGEKV_VERSION=");
    for (String part : List.of("bin/largekv", "bin/ycsb", "bin/nb5", "LICENSE", "CHANGELOG.md", "README.md",
        "docs/release.md", "workloads/large30b", "nosqlbench-workloads/yb_kv_large.yaml", "lib/cassandra/classpath.txt")) {
      assertThat(home.resolve(part)).as(part).exists();
    }
    assertThat(home.resolve("bin/largekv")).isExecutable();
    assertThat(list(home.resolve("lib/ycsb"))).anyMatch(n -> n.matches("yugabyte-binding-.+\\.jar"));
    assertThat(list(home.resolve("lib/cassandra"))).anyMatch(n -> n.startsWith("cassandra-all-"));
    assertThat(list(home.resolve("licenses"))).isNotEmpty();
    // one version of each jar in a directory: a stale copy (a version bump without a clean) would be on a
    // wildcard classpath beside the new one
    for (String lib : List.of("lib/cli", "lib/cassandra", "lib/ycsb", "lib/ycsb/ycsb-0.17-lib", "lib/ycsb/launcher-lib")) {
      List<String> jars = list(home.resolve(lib)).stream().filter(n -> n.endsWith(".jar"))
          .map(n -> n.replaceFirst("-[0-9]+(\\.[0-9]+)*[^-]*?(?=(-[A-Za-z][^.]*)?\\.jar$)", "")).toList();
      assertThat(jars).as("the jars of %s, without their versions", lib).doesNotHaveDuplicates();
    }

    // reproducible: every entry carries the one fixed time of project.build.outputTimestamp, not the build's
    Process list = new ProcessBuilder("tar", "--full-time", "-tvzf", archive.toString()).redirectErrorStream(true).start();
    List<String> entries = new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    assertThat(list.waitFor()).isZero();
    assertThat(entries).hasSizeGreaterThan(100);
    assertThat(entries.stream().map(l -> l.split("\\s+")[3] + " " + l.split("\\s+")[4]).distinct())
        .as("the entries' times").hasSize(1);

    Run version = run(home, env -> { }, "bin/largekv", "--version");
    assertThat(version.exit).as(version.toString()).isZero();
    assertThat(version.out).startsWith("largekv ").contains("(release at " + home + ";");
    assertNoMaven();
  }

  @Test
  void bin_largekv_runsTheThreePhasesOnTheLocalCassandraOfTheArchive() throws Exception {
    Path cwd = Files.createDirectories(dir.resolve("work-run"));
    // the stall rule at its default: the client and the local Cassandra share the machine's cores, and only the
    // client's share of a stall is judged
    Run r = run(cwd, env -> { }, home.resolve("bin/largekv").toString(), "run", "--records", "4000", "--duration", "20");
    assertThat(r.exit).as(r.toString()).isZero();
    assertThat(r.out).containsPattern("verified ([1-9][0-9,]*) reads: \\1 ok, 0 corrupt, 0 missing;");
    assertThat(r.err).contains("largekv: starting local Cassandra").contains("largekv: stopping the local Cassandra");
    // results go to the working directory: a release may be installed read-only
    assertThat(cwd.resolve("results")).isDirectory();
    assertThat(home.resolve("results")).doesNotExist();
    assertNoMaven();
  }

  @Test
  void bin_ycsb_loadsAndReadsAServer() throws Exception {
    Path cwd = Files.createDirectories(dir.resolve("work-ycsb"));
    String keyspace = "it_release_ycsb";
    List<String> server = List.of("-p", "hosts=" + SharedCassandra.get().contactPoint(), "-p", "ycql.target=cassandra",
        "-p", "ycql.localdc=datacenter1", "-p", "ycql.replication_factor=1", "-p", "ycql.keyspace=" + keyspace,
        "-p", "recordcount=2000", "-p", "threadcount=8", "-p", "largekv.checkpoint=none");
    List<String> load = new ArrayList<>(List.of(home.resolve("bin/ycsb").toString(), "load", "yugabyte-ycql", "-P",
        home.resolve("workloads/local-load").toString(), "-s"));
    load.addAll(server);
    Run l = run(cwd, env -> { }, load.toArray(new String[0]));
    assertThat(l.exit).as(l.toString()).isZero();
    assertThat(l.ycsb().returnCount("INSERT", "OK")).isEqualTo(2000);
    List<String> read = new ArrayList<>(List.of(home.resolve("bin/ycsb").toString(), "run", "yugabyte-ycql", "-P",
        home.resolve("workloads/local-uniform-read").toString(), "-p", "operationcount=3000", "-p", "maxexecutiontime=0",
        "-p", "largekv.warmup_s=0", "-s"));
    read.addAll(server);
    Run r = run(cwd, env -> { }, read.toArray(new String[0]));
    assertThat(r.exit).as(r.toString()).isZero();
    assertThat(r.ycsb().returnCount("VERIFY", "OK")).isPositive();
    assertThat(r.ycsb().returnCount("VERIFY", "CORRUPT") + r.ycsb().returnCount("VERIFY", "MISSING")).isZero();
    SharedCassandra.session().execute("DROP KEYSPACE IF EXISTS " + keyspace);
    assertNoMaven();
  }

  @Test
  void bin_nb5_runsTheReleasesWorkloadWithTheUsersNb5() throws Exception {
    Path nb5 = Nb5Executable.configured();
    Path cwd = Files.createDirectories(dir.resolve("work-nb5"));
    String keyspace = "it_release_nb5";
    var cassandra = SharedCassandra.get();
    // the user's nb5 keeps its own HOME (its artifacts); largekv's bin/nb5 only finds it and passes the workload
    Run r = run(cwd, env -> Nb5Executable.environment(env, nb5, "5.17.9"), home.resolve("bin/nb5").toString(),
        "yb_kv_large", "smoke", "target=cassandra", "hosts=" + cassandra.host(), "port=" + cassandra.nativePort(),
        "localdc=datacenter1", "datacenter=datacenter1", "rf=1", "keyspace=" + keyspace, "smoke_keycount=1000",
        "smoke_cycles=370");
    try {
      assertThat(r.exit).as(r.toString()).isZero();
      assertThat(r.out + r.err).contains("yb_kv_large verification: ok, every row read was present and correct");
      CqlSession cql = SharedCassandra.session();
      KeyValueFormat format = KeyValueFormat.standard();
      long rows = 0;
      for (var row : cql.execute("SELECT k, v FROM " + keyspace + ".kv")) {
        long n = format.keyNumber(row.getString("k"));
        assertThat(format.valueMatches(n, row.getByteBuffer("v"))).as("value of key number %d", n).isTrue();
        rows++;
      }
      assertThat(rows).isGreaterThanOrEqualTo(1000);
    } finally {
      SharedCassandra.session().execute("DROP KEYSPACE IF EXISTS " + keyspace);
    }
  }

  @Test
  void theDropInJarLoadsAndReadsInYcsbsOwnTree() throws Exception {
    Path ycsb = dir.resolve("ycsb-0.17.0");
    StockYcsbTree.copyStockTree(ycsb);
    Path jar;
    try (Stream<Path> jars = Files.list(home.resolve("lib/ycsb"))) {
      jar = jars.filter(p -> p.getFileName().toString().matches("yugabyte-binding-.+\\.jar")).findFirst().orElseThrow();
    }
    StockYcsbTree.install(ycsb, jar, home.resolve("workloads"));
    List<String> load = new ArrayList<>(List.of("bin/ycsb.sh", "load", "yugabyte-ycql", "-P", "workloads/local-load",
        "-s"));
    load.addAll(StockYcsbTree.server("it_release_stock"));
    Ycsb.Result l = StockYcsbTree.run(ycsb, load);
    assertThat(l.exitCode).as(l.toString()).isZero();
    assertThat(l.returnCount("INSERT", "OK")).isEqualTo(2000);
    List<String> read = new ArrayList<>(List.of("bin/ycsb.sh", "run", "yugabyte-ycql", "-P",
        "workloads/local-uniform-read", "-p", "operationcount=2000", "-p", "maxexecutiontime=0", "-s"));
    read.addAll(StockYcsbTree.server("it_release_stock"));
    Ycsb.Result r = StockYcsbTree.run(ycsb, read);
    assertThat(r.exitCode).as(r.toString()).isZero();
    assertThat(r.returnCount("VERIFY", "OK")).isPositive();
    assertThat(r.returnCount("VERIFY", "CORRUPT") + r.returnCount("VERIFY", "MISSING")).isZero();
    // a failed check is the launcher's exit status too: a read of keys never loaded
    List<String> missing = new ArrayList<>(List.of("bin/ycsb.sh", "run", "yugabyte-ycql", "-P",
        "workloads/local-uniform-read", "-p", "operationcount=200", "-p", "maxexecutiontime=0", "-p",
        "insertstart=100000", "-p", "insertcount=1000", "-s"));
    missing.addAll(StockYcsbTree.server("it_release_stock"));
    Ycsb.Result m = StockYcsbTree.run(ycsb, missing);
    assertThat(m.exitCode).as(m.toString()).isEqualTo(1);
    SharedCassandra.session().execute("DROP KEYSPACE IF EXISTS it_release_stock");
  }

  @Test
  void theDockerfileBuildsOnAJava21RuntimeAroundThisArchiveWithTheLauncherTheTestsRanAsItsEntrypoint() throws Exception {
    // what a container runtime would do is not available here; the Dockerfile's lines are checked against the
    // archive: its base is a Java 21+ runtime, it unpacks this archive at /opt/largekv, its entrypoint is the
    // launcher the tests above ran
    List<String> lines = Files.readAllLines(MODULE.resolve("Dockerfile")).stream().map(String::strip)
        .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
    assertThat(lines).anyMatch(l -> l.matches("FROM eclipse-temurin:(2[1-9]|[3-9][0-9])-jre.*"));
    assertThat(lines).contains("ENTRYPOINT [\"/opt/largekv/bin/largekv\"]", "WORKDIR /opt/largekv");
    assertThat(lines).anyMatch(l -> l.startsWith("ADD target/largekv-${VERSION}.tar.gz /opt/"));
    assertThat(home.getParent().getFileName().toString()).isEqualTo("opt");
    assertThat(home.getFileName().toString()).isEqualTo("largekv");
  }

  private static List<String> list(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(p -> p.getFileName().toString()).toList();
    }
  }

  private static void assertNoMaven() {
    assertThat(noMaven.resolve("called")).as("a launcher called mvn").doesNotExist();
  }

  private record Run(int exit, String out, String err) {
    Ycsb.Result ycsb() {
      return new Ycsb.Result(exit, out, err);
    }

    @Override
    public String toString() {
      return "exit " + exit + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
  }

  /**
   * {@code command} in {@code cwd} as a new user runs it: HOME empty, a failing {@code mvn} first on PATH,
   * none of the build's variables; {@code more} changes the environment further.
   */
  private static Run run(Path cwd, Consumer<Map<String, String>> more, String... command) throws Exception {
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile()).redirectOutput(out.toFile())
        .redirectError(err.toFile());
    Map<String, String> env = pb.environment();
    // as a user runs it: no Maven, no chosen Java, and the clients' JVM options the launcher's own (not the tests'
    // JIT, which the build gives the other tests' clients as JAVA_OPTS: docs/testing.md)
    env.keySet().removeIf(k -> k.startsWith("MAVEN") || k.equals("MVN") || k.equals("JAVA") || k.equals("JAVA_HOME")
        || k.equals("JAVA_OPTS"));
    env.put("HOME", emptyHome.toString());
    env.put("PATH", noMaven + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
    more.accept(env);
    if (env.get("NB5_VERSION") != null) {
      env.put("HOME", System.getProperty("user.home")); // the user's nb5, with its own artifacts
    }
    Process p = pb.start();
    if (!p.waitFor(600, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      throw new AssertionError(String.join(" ", command) + " did not end in 600 s");
    }
    return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
