package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Directories;
import io.largekv.testing.TestJit;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code bin/largekv check} as a user runs it before a long run, on real local Cassandras: a
 * replication factor of 2 is accepted on a 2-node ring in both command forms (run's --hosts and
 * compare's --target LABEL=HOSTS) and 3 is refused, naming the ring's 2 nodes (the smallest ring
 * where a factor as large as the ring is accepted and one above it refused); with --harness nb5 on
 * the single node the command starts itself, RF 3 is refused before nb5 starts; nothing is ever
 * created.
 */
class CheckIT {

  private static final Path REPO = Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath();

  @Test
  @Timeout(value = 15, unit = TimeUnit.MINUTES)
  void aTwoNodeRingTakesRf2AndRefusesRf3WithNothingCreated() throws Exception {
    try (LocalCassandra ring = TestJit.cassandra().nodes(2).quiet(true).start()) {
      Run ok = largekv("check", "--hosts", ring.contactPoints(), "--target", "cassandra", "--localdc",
          ring.localDatacenter(), "--phases", "load,uniform-read", "-p", "ycql.replication_factor=2");
      assertThat(ok.exit).as(ok.toString()).isZero();
      assertThat(ok.out).contains("== " + ring.contactPoints())
          .containsPattern("server +Apache Cassandra 5\\.0\\.\\d+")
          .contains("datacenter1: 2 nodes (2 up)")
          .contains("would run: CREATE KEYSPACE IF NOT EXISTS largekv WITH replication = {'class': "
              + "'NetworkTopologyStrategy', 'datacenter1': 2}")
          .containsPattern("ok +replication +keyspace largekv would be created: NetworkTopologyStrategy "
              + "\\{datacenter1: 2\\} on 2 nodes")
          .containsPattern("ok +read consistency +QUORUM")
          .contains("-- uniform-read (workloads/local-uniform-read): as load")
          .contains("a run would start (exit status 0)")
          .doesNotContain("FAIL");

      Run refused = largekv("check", "--target", "cassandra-rf3=" + ring.contactPoints(), "--localdc",
          ring.localDatacenter(), "--phases", "load", "--target-prop", "cassandra-rf3:ycql.replication_factor=3");
      assertThat(refused.exit).as(refused.toString()).isEqualTo(2);
      assertThat(refused.out).contains("== target cassandra-rf3 (" + ring.contactPoints() + ")")
          .containsPattern("FAIL +replication +ycql.replication_factor=3 is more than the 2 nodes of datacenter"
              + " datacenter1")
          .contains("accepted: ycql.replication_factor=1..2");
      assertThat(refused.err).contains("largekv: check: a run with these settings would be refused (exit status 2)");
      for (Run r : List.of(ok, refused)) {
        ConsoleWidth.check(r.out);
        ConsoleWidth.check(r.err);
      }

      try (CqlSession cql = CqlSession.builder().addContactPoint(new InetSocketAddress("127.0.0.1", ring.nativePort()))
          .withLocalDatacenter(ring.localDatacenter()).build()) {
        assertThat(cql.execute("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = 'largekv'")
            .one()).as("check creates nothing").isNull();
      }
    }
  }

  /**
   * {@code --harness nb5} meets the same checks before nb5 runs any DDL, with nb5's own names for the
   * binding's properties turned back ({@code -p nb5.rf=3}): one line, exit status 2, nb5 never started.
   */
  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void theNb5HarnessIsRefusedTheSameWayBeforeNb5Starts() throws Exception {
    Path nb5 = io.largekv.testing.Nb5Executable.configured();
    Run r = largekv(env -> io.largekv.testing.Nb5Executable.environment(env, nb5, "5.17.9"), "run", "--harness", "nb5", "--phases", "load", "--records", "100", "-p", "nb5.rf=3");
    assertThat(r.exit).as(r.toString()).isEqualTo(2);
    assertThat(r.err).contains("largekv: ycql.replication_factor=3 is more than the 1 node of datacenter datacenter1")
        .contains("largekv: stopping the local Cassandra");
    assertThat(r.out + r.err).as("nb5 never ran").doesNotContain("CREATE KEYSPACE").doesNotContain("[load] nb5");
    // the local Cassandra the command started is gone, with its data
    java.util.regex.Matcher dir = java.util.regex.Pattern.compile("\\(data in ([^)]+)\\)").matcher(r.err);
    assertThat(dir.find()).as(r.err).isTrue();
    assertThat(Path.of(dir.group(1))).as("data directory left behind").doesNotExist();
  }

  private record Run(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\n--- stdout\n" + out + "\n--- stderr\n" + err;
    }
  }

  private static Run largekv(String... args) throws Exception {
    return largekv(env -> { }, args);
  }

  private static Run largekv(java.util.function.Consumer<java.util.Map<String, String>> environment, String... args)
      throws Exception {
    Path tmp = Files.createTempDirectory("largekv-check-it");
    try {
      List<String> cmd = new ArrayList<>(List.of(REPO.resolve("bin/largekv").toString()));
      cmd.addAll(List.of(args));
      ProcessBuilder pb = new ProcessBuilder(cmd).directory(REPO.toFile()).redirectOutput(tmp.resolve("out").toFile())
          .redirectError(tmp.resolve("err").toFile());
      environment.accept(pb.environment());
      Process p = pb.start();
      if (!p.waitFor(300, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        throw new AssertionError("bin/largekv " + String.join(" ", args) + " did not end in 300 s");
      }
      return new Run(p.exitValue(), Files.readString(tmp.resolve("out"), StandardCharsets.UTF_8),
          Files.readString(tmp.resolve("err"), StandardCharsets.UTF_8));
    } finally {
      Directories.deleteRecursively(tmp);
    }
  }
}
