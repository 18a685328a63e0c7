package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Directories;
import io.largekv.testing.TestJit;
import io.largekv.testing.TestSessions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A password given to {@code bin/largekv run} and {@code compare} with {@code -p} reaches no Java
 * process's command line while they run (the CLI's own JVM and every YCSB client it starts), and
 * no file under the results directory; on a real Cassandra with PasswordAuthenticator.
 */
class SecretsIT {

  private static final Path REPO = Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath();
  private static final String PASSWORD = "Pw-" + Long.toHexString(System.nanoTime()) + "-cli";
  private static LocalCassandra server;
  private static Path out;

  @BeforeAll
  static void start() throws Exception {
    server = TestJit.cassandra().clusterName("largekv-auth").heap("512m")
        .jvmOption("-Dcassandra.superuser_setup_delay_ms=0")
        .yaml("authenticator", "PasswordAuthenticator").yaml("authorizer", "CassandraAuthorizer").start();
    try (var admin = TestSessions.open(server, "cassandra", "cassandra", null)) {
      admin.execute("CREATE ROLE IF NOT EXISTS bench WITH PASSWORD = '" + PASSWORD + "' AND LOGIN = true "
          + "AND SUPERUSER = true");
    }
    out = Files.createTempDirectory("largekv-secrets-it");
  }

  @AfterAll
  static void stop() {
    if (server != null) {
      server.close();
    }
    if (out != null) {
      Directories.deleteRecursively(out);
    }
  }

  /** Runs bin/largekv, watching the command lines of every Java process until it ends. */
  private static void runWatched(List<String> args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(REPO.resolve("bin/largekv").toString()));
    cmd.addAll(args);
    Path log = out.resolve("largekv-" + args.get(0) + ".log");
    Process p = new ProcessBuilder(cmd).directory(REPO.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    List<String> leaks = new ArrayList<>();
    int looks = 0;
    while (p.isAlive()) {
      for (String line : TestSessions.javaCommandLines()) {
        if (line.contains(PASSWORD)) {
          leaks.add(line);
        }
      }
      looks++;
      Thread.sleep(20);
    }
    String output = Files.readString(log);
    assertThat(p.exitValue()).as(output).isZero();
    assertThat(looks).isGreaterThan(5);
    assertThat(leaks).as("java command lines with the password").isEmpty();
    assertThat(output).doesNotContain(PASSWORD);
  }

  @Test
  void runAndCompareKeepThePasswordOutOfCommandLinesAndResults() throws Exception {
    List<String> login = List.of("-p", "ycql.username=bench", "-p", "ycql.password=" + PASSWORD,
        "-p", "ycql.replication_factor=1", "-p", JudgedStalls.BUSY_MACHINE);
    List<String> run = new ArrayList<>(List.of("run", "--hosts", server.contactPoint(), "--target", "cassandra",
        "--localdc", "datacenter1", "--phases", "load,uniform-read", "--records", "500", "--duration", "5",
        "--warmup", "1", "--threads", "4", "--out", out.resolve("run").toString()));
    run.addAll(login);
    runWatched(run);
    List<String> compare = new ArrayList<>(List.of("compare", "--target", "cassandra-auth=" + server.contactPoint(),
        "--localdc", "datacenter1", "--phases", "load", "--records", "500", "--threads", "4",
        "--out", out.resolve("compare").toString()));
    compare.addAll(login);
    runWatched(compare);

    List<Path> files;
    try (Stream<Path> all = Files.walk(out.resolve("run"))) {
      files = new ArrayList<>(all.filter(Files::isRegularFile).toList());
    }
    try (Stream<Path> all = Files.walk(out.resolve("compare"))) {
      files.addAll(all.filter(Files::isRegularFile).toList());
    }
    assertThat(files).hasSizeGreaterThan(8);
    // the reports as data: valid, and (below) as free of the password as every other file
    io.largekv.report.ResultsCheck.check(out.resolve("run"));
    io.largekv.report.ResultsCheck.check(out.resolve("compare"));
    for (Path f : files) {
      assertThat(new String(Files.readAllBytes(f), java.nio.charset.StandardCharsets.ISO_8859_1))
          .as("results file %s", f).doesNotContain(PASSWORD);
    }
    assertThat(Files.readString(out.resolve("run").resolve("load").resolve("client-0").resolve("command.txt")))
        .contains("ycql.password=env:LARGEKV_SECRET_");
  }
}
