package io.largekv.nosqlbench;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Directories;
import io.largekv.format.KeyValueFormat;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.Ycsb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A real stock nb5 runs the {@code smoke} scenario through bin/nb5, verbatim from the repository
 * root, against the local Cassandra, on each release of {@link RealNb5#VERSIONS}: every read of the
 * run verified its row (the scenario's last step prints the counts); then the rows are read back and
 * verified by the YCSB side: every row through KeyValueFormat, and a YCSB 0.17 run of the large
 * key-value workload whose verifier checks each read byte for byte. The first release runs it at
 * smaller sizes ({@code smoke_keycount}, {@code smoke_cycles}: {@link Sizes#SMALL}), the other at the
 * workload's defaults ({@link Sizes#DEFAULTS}), so both the parameters and the defaults are run.
 *
 * <p>nb5 comes from {@code LARGEKV_NB5} ({@link RealNb5}); without it the test fails (unless the
 * user opts out, {@code MissingTool}).
 */
class RealNb5SmokeIT {

  private static final KeyValueFormat FORMAT = KeyValueFormat.standard();

  /**
   * The smoke scenario's sizes and the counts they make: {@code rows} loaded, then each read phase's
   * cycles; uniform_read's sequences are 185 reads and 1 update, latest_read's and latest_read_fixed's
   * 59 reads and 1 write (latest_read's inserts above the loaded rows: one per sequence).
   */
  private record Sizes(List<String> args, long rows, long uniformReads, long latestReads, long latestInserts) {
    /** The workload's defaults, no parameter: 10 000 rows, 3 720 cycles = 20 x 186 = 62 x 60. */
    static final Sizes DEFAULTS = new Sizes(List.of(), 10_000, 20 * 185, 62 * 59, 62);
    /** 2 000 rows, 1 860 cycles = 10 x 186 = 31 x 60. */
    static final Sizes SMALL = new Sizes(List.of("smoke_keycount=2000", "smoke_cycles=1860"), 2000, 10 * 185, 31 * 59,
        31);
  }

  @ParameterizedTest(name = "nb5 {0}")
  @Execution(ExecutionMode.CONCURRENT)
  @MethodSource("io.largekv.nosqlbench.RealNb5#versions")
  @Timeout(value = 15, unit = TimeUnit.MINUTES)
  void smokeScenarioLoadsRowsTheYcsbWorkloadVerifies(String version) throws Exception {
    RealNb5 nb5 = RealNb5.version(version);
    String keyspace = "nb5_smoke_" + version.replace('.', '_');
    LocalCassandra cassandra = SharedCassandra.get();
    Path repo = WorkloadFile.repoDir();
    Path dir = Files.createTempDirectory("largekv-nb5-smoke");
    Path docsLog = repo.resolve("docs/apps.log"); // an nb5 5.17 release jar's log4j config writes it in cwd
    boolean docsLogExisted = Files.exists(docsLog);
    CqlSession cql = SharedCassandra.session();
    try {
      List<String> args = new ArrayList<>(List.of("yb_kv_large", "smoke"));
      args.addAll(RealNb5.on(cassandra, dir, keyspace));
      // the table's options as template parameters (bin/largekv's translation of ycql.compaction/compression):
      // leveled and uncompressed on one release, the default compaction and another compressor on the other
      boolean leveled = version.equals(RealNb5.VERSIONS.get(0));
      args.addAll(leveled ? List.of("table_compaction=LeveledCompactionStrategy", "table_compression_option=enabled",
          "table_compression=false") : List.of("table_compression=DeflateCompressor"));
      Sizes sizes = version.equals(RealNb5.VERSIONS.get(0)) ? Sizes.SMALL : Sizes.DEFAULTS;
      args.addAll(sizes.args());
      long started = System.nanoTime();
      RealNb5.Run run = nb5.await(nb5.start(repo, dir, args.toArray(new String[0])), 600);
      assertThat(run.exitCode()).as("nb5 exit code; output:\n%s", run.output()).isZero();
      System.out.printf("real nb5 %s smoke scenario: %.1f s%n", version, (System.nanoTime() - started) / 1e9);
      // every read of the three read phases checked its row, and found it
      assertThat(run.verifiedReads()).containsOnlyKeys("uniform_read", "latest_read", "fixed_latest_read");
      assertThat(run.ok("uniform_read")).isEqualTo(sizes.uniformReads());
      assertThat(run.ok("latest_read") + run.notYetWritten("latest_read")).isEqualTo(sizes.latestReads());
      assertThat(run.ok("fixed_latest_read")).isEqualTo(sizes.latestReads());
      for (String phase : run.verifiedReads().keySet()) {
        assertThat(run.missing(phase) + run.corrupt(phase)).as(phase).isZero();
      }
      assertThat(run.output()).contains("yb_kv_large verification: ok, every row read was present and correct");
      Row options = cql.execute("SELECT compaction, compression FROM system_schema.tables WHERE keyspace_name = ? "
          + "AND table_name = 'kv'", keyspace).one();
      assertThat(options.getMap("compaction", String.class, String.class).get("class"))
          .endsWith(leveled ? "LeveledCompactionStrategy" : "SizeTieredCompactionStrategy");
      if (leveled) {
        assertThat(options.getMap("compression", String.class, String.class)).containsEntry("enabled", "false");
      } else {
        assertThat(options.getMap("compression", String.class, String.class).get("class")).endsWith("DeflateCompressor");
      }

      // the loaded rows + the latest phase's inserts, key numbers from the loaded rows' count up
      long expected = sizes.rows() + sizes.latestInserts();
      TreeSet<Long> keys = new TreeSet<>();
      for (Row row : cql.execute("SELECT k, v FROM " + keyspace + ".kv")) {
        long n = FORMAT.keyNumber(row.getString("k"));
        assertThat(n).as("key %s", row.getString("k")).isNotNegative();
        assertThat(FORMAT.valueMatches(n, row.getByteBuffer("v"))).as("value of key number %d", n).isTrue();
        keys.add(n);
      }
      assertThat(keys).hasSize((int) expected);
      assertThat(keys.first()).isZero();
      assertThat(keys.last()).isEqualTo(expected - 1);

      // the YCSB workload's own verifier reads them: uniform over [0, expected), every read checked
      Ycsb.Result ycsb = Ycsb.run(Ycsb.classpath(), Ycsb.args("-t", cassandra.contactPoint(),
          "ycql.target=cassandra", "ycql.keyspace=" + keyspace, "ycql.create_schema=false", "ycql.read_consistency=ONE",
          "recordcount=" + expected, "operationcount=5000", "threadcount=4", "readproportion=1", "updateproportion=0",
          "requestdistribution=uniform"));
      assertThat(ycsb.exitCode).as(ycsb.toString()).isZero();
      assertThat(ycsb.returnCount("VERIFY", "OK")).as(ycsb.toString()).isEqualTo(5000);
      assertThat(ycsb.returnCount("VERIFY", "CORRUPT")).isZero();
      assertThat(ycsb.returnCount("VERIFY", "MISSING")).isZero();
    } finally {
      cql.execute("DROP KEYSPACE IF EXISTS " + keyspace);
      Directories.deleteRecursively(dir);
      if (!docsLogExisted && Files.exists(docsLog) && Files.size(docsLog) == 0) {
        Files.delete(docsLog);
      }
    }
  }
}
