package io.largekv.nosqlbench;

import io.largekv.it.SharedCassandra;
import io.largekv.it.TestSessions;
import io.largekv.it.Ycsb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.format.KeyValueFormat;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A real stock nb5 runs the {@code smoke} scenario through bin/nb5, verbatim from the repository
 * root, against the local Cassandra; then the rows are read back and verified by the YCSB side:
 * every row through KeyValueFormat, and a YCSB 0.17 run of the large key-value workload whose
 * verifier checks each read byte for byte.
 *
 * <p>Needs {@code NB5_JAR} (an nb5 release jar; {@code NB5_JAVA} picks the java that runs it, e.g.
 * Java 25 for nb5 5.25). Without it the test is skipped, with the reason in the report.
 */
class RealNb5SmokeIT {

  private static final KeyValueFormat FORMAT = KeyValueFormat.standard();
  private static final String KEYSPACE = "nb5_smoke";

  @Test
  void smokeScenarioLoadsRowsTheYcsbWorkloadVerifies() throws Exception {
    String jar = System.getenv("NB5_JAR");
    String skip = jar == null || jar.isBlank()
        ? "NB5_JAR is not set: the real-nb5 smoke run is skipped (set NB5_JAR=/path/to/nb5.jar, and "
            + "NB5_JAVA=/path/to/java if that nb5 needs another Java)"
        : new File(jar).isFile() ? null : "NB5_JAR=" + jar + " is not a file: the real-nb5 smoke run is skipped";
    if (skip != null) {
      System.out.println("RealNb5SmokeIT: " + skip); // also in the console, not only the report
    }
    assumeTrue(skip == null, skip);

    LocalCassandra cassandra = SharedCassandra.get();
    Path repo = WorkloadFile.repoDir();
    Path logs = Files.createDirectories(repo.resolve("nosqlbench-workloads/target/nb5-logs"));
    Path docsLog = repo.resolve("docs/apps.log"); // nb5 5.17's start-up log4j config writes it in cwd
    boolean docsLogExisted = Files.exists(docsLog);
    boolean docsExisted = Files.isDirectory(repo.resolve("docs"));

    List<String> cmd = List.of("bash", "bin/nb5", "--logs-dir", logs.toString(), "yb_kv_large", "smoke",
        "target=cassandra", "hosts=" + cassandra.host(), "port=" + cassandra.nativePort(),
        "localdc=" + cassandra.localDatacenter(), "keyspace=" + KEYSPACE);
    Path out = logs.resolve("smoke-output.txt");
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(repo.toFile())
        .redirectErrorStream(true).redirectOutput(out.toFile());
    long started = System.nanoTime();
    Process p = pb.start();
    boolean done = p.waitFor(300, TimeUnit.SECONDS);
    if (!done) {
      p.destroyForcibly();
    }
    String output = Files.readString(out, StandardCharsets.UTF_8);
    if (!docsLogExisted && Files.exists(docsLog) && Files.size(docsLog) == 0) {
      Files.delete(docsLog);
      if (!docsExisted) {
        try (var left = Files.list(repo.resolve("docs"))) {
          if (left.findAny().isEmpty()) {
            Files.delete(repo.resolve("docs"));
          }
        }
      }
    }
    assertThat(done).as("nb5 finished within 300 s:\n%s", output).isTrue();
    assertThat(p.exitValue()).as("nb5 exit code; output:\n%s", output).isZero();
    System.out.printf("real nb5 (%s) smoke scenario: %.1f s%n", jar, (System.nanoTime() - started) / 1e9);

    // 10 000 loaded rows + 62 inserts of the latest phase (3720 cycles / 60)
    long expected = 10_000 + 3720 / 60;
    try (CqlSession cql = TestSessions.open(SharedCassandra.get())) {
      TreeSet<Long> keys = new TreeSet<>();
      for (Row row : cql.execute("SELECT k, v FROM " + KEYSPACE + ".kv")) {
        long n = FORMAT.keyNumber(row.getString("k"));
        assertThat(n).as("key %s", row.getString("k")).isNotNegative();
        assertThat(FORMAT.valueMatches(n, row.getByteBuffer("v"))).as("value of key number %d", n).isTrue();
        keys.add(n);
      }
      assertThat(keys).hasSize((int) expected);
      assertThat(keys.first()).isZero();
      assertThat(keys.last()).isEqualTo(expected - 1);
    }

    // the YCSB workload's own verifier reads them: uniform over [0, 10062), every read checked
    Ycsb.Result ycsb = Ycsb.run(Ycsb.classpath(), Ycsb.args("-t", cassandra.contactPoint(),
        "ycql.target=cassandra", "ycql.keyspace=" + KEYSPACE, "ycql.create_schema=false", "ycql.read_consistency=ONE",
        "recordcount=" + expected, "operationcount=5000", "threadcount=4", "readproportion=1", "updateproportion=0",
        "requestdistribution=uniform"));
    Files.writeString(logs.resolve("ycsb-verify-output.txt"), ycsb.toString());
    assertThat(ycsb.exitCode).as(ycsb.toString()).isZero();
    assertThat(ycsb.returnCount("VERIFY", "OK")).as(ycsb.toString()).isEqualTo(5000);
    assertThat(ycsb.returnCount("VERIFY", "CORRUPT")).isZero();
    assertThat(ycsb.returnCount("VERIFY", "MISSING")).isZero();
  }
}
