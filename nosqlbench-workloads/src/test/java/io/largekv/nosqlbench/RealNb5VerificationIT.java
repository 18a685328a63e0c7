package io.largekv.nosqlbench;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import io.largekv.common.Directories;
import io.largekv.format.KeyValueFormat;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.Ycsb;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * yb_kv_large's read verification, key ranges and sharded loads on a real stock nb5 (each release of
 * {@link RealNb5#VERSIONS}) against the local Cassandra. Asserts invariants (exit status, which
 * counts are zero or not), never exact counts a slow machine could change.
 */
class RealNb5VerificationIT {

  private static final KeyValueFormat FORMAT = KeyValueFormat.standard();
  private static final String YCSB_CLIENT = "io.largekv.client.YcsbClient";

  private static String keyspace(String prefix, String version) {
    return prefix + "_" + version.replace('.', '_');
  }

  private static Ycsb.Result ycsb(String mode, String keyspace, String... more) throws Exception {
    List<String> props = new ArrayList<>(List.of(more));
    props.add("largekv.checkpoint=none");
    return Ycsb.run(Path.of(System.getProperty("java.home"), "bin", "java"), Ycsb.classpath(), YCSB_CLIENT,
        Ycsb.onCassandra(mode, SharedCassandra.get(), keyspace, props.toArray(new String[0])));
  }

  /**
   * Two nb5 processes load the two halves of a range of key numbers past 2^31 (one with
   * {@code cycles=A..B}, one with {@code keystart/keycount}); the YCSB workload's range verification
   * finds every row, and nb5's reads restricted to the range find every row they read.
   */
  @ParameterizedTest(name = "nb5 {0}")
  @Execution(ExecutionMode.CONCURRENT)
  @MethodSource("io.largekv.nosqlbench.RealNb5#versions")
  @Timeout(value = 12, unit = TimeUnit.MINUTES)
  void aRangeLoadedByTwoNb5ShardsIsVerifiedByYcsbAndReadByNb5(String version) throws Exception {
    RealNb5 nb5 = RealNb5.version(version);
    String ks = keyspace("nb5_shards", version);
    long start = 3_000_000_000L;
    long middle = start + 3000;
    long end = start + 6000;
    Path dir = Files.createTempDirectory("largekv-nb5-shards");
    List<Process> running = new ArrayList<>();
    try {
      List<String> on = RealNb5.on(SharedCassandra.get(), dir, ks);
      RealNb5.Run schema = nb5.run(dir, 300, RealNb5.args(List.of("yb_kv_large", "load.schema"), on.toArray(new String[0])));
      assertThat(schema.exitCode()).as(schema.toString()).isZero();
      Process first = nb5.start(dir, RealNb5.args(List.of("yb_kv_large", "load.load", "cycles=" + start + ".." + middle,
          "load_threads=4"), on.toArray(new String[0])));
      running.add(first);
      Process second = nb5.start(dir, RealNb5.args(List.of("yb_kv_large", "load.load", "keystart=" + middle,
          "keycount=" + end, "load_threads=4"), on.toArray(new String[0])));
      running.add(second);
      RealNb5.Run a = nb5.await(first, 300);
      RealNb5.Run b = nb5.await(second, 300);
      assertThat(a.exitCode()).as(a.toString()).isZero();
      assertThat(b.exitCode()).as(b.toString()).isZero();

      // exactly the range, every row of the format
      long rows = 0;
      for (Row row : SharedCassandra.session().execute("SELECT k, v FROM " + ks + ".kv")) {
        long n = FORMAT.keyNumber(row.getString("k"));
        assertThat(n).isBetween(start, end - 1);
        assertThat(FORMAT.valueMatches(n, row.getByteBuffer("v"))).as("value of key number %d", n).isTrue();
        rows++;
      }
      assertThat(rows).isEqualTo(6000);
      // workloads/verify: every key number of [insertstart, recordcount) read once and checked
      Ycsb.Result verify = ycsb("-t", ks, "ycql.create_schema=false", "recordcount=" + end, "insertstart=" + start,
          "threadcount=4", "largekv.verify_range=true", "readproportion=1", "updateproportion=0",
          "insertproportion=0", "scanproportion=0", "maxexecutiontime=0");
      assertThat(verify.exitCode).as(verify.toString()).isZero();
      assertThat(verify.metric("LARGEKV", "RowsOK")).as(verify.toString()).isEqualTo(6000);
      assertThat(verify.metric("LARGEKV", "RowsMissing")).isZero();
      assertThat(verify.metric("LARGEKV", "RowsCorrupt")).isZero();

      // nb5's reads restricted to the range: a key outside it would be a missing row
      String[] range = {"keystart=" + start, "keycount=" + end, "read_threads=4"};
      RealNb5.Run uniform = nb5.run(dir, 300, RealNb5.args(List.of("yb_kv_large", "uniform_read", "uniform_cycles=1860"),
          RealNb5.args(on, range)));
      assertThat(uniform.exitCode()).as(uniform.toString()).isZero();
      assertThat(uniform.ok("uniform_read")).isEqualTo(1850);
      assertThat(uniform.missing("uniform_read") + uniform.corrupt("uniform_read")).isZero();
      RealNb5.Run fixed = nb5.run(dir, 300, RealNb5.args(List.of("yb_kv_large", "latest_read_fixed", "latest_cycles=1200",
          "latest_p=0.01d"), RealNb5.args(on, range)));
      assertThat(fixed.exitCode()).as(fixed.toString()).isZero();
      assertThat(fixed.ok("fixed_latest_read")).isEqualTo(1180);
      assertThat(fixed.output()).contains("yb_kv_large verification: ok, every row read was present and correct");
    } finally {
      running.forEach(Process::destroyForcibly);
      SharedCassandra.session().execute("DROP KEYSPACE IF EXISTS " + ks);
      Directories.deleteRecursively(dir);
    }
  }

  /**
   * A dataset loaded by YCSB, then damaged from outside: rows deleted, values overwritten with other
   * bytes. nb5's reads find both kinds, count them apart, and the run ends non-zero: with
   * {@code on_bad_row=count} after counting every read, by default at the first bad row.
   */
  @ParameterizedTest(name = "nb5 {0}")
  @Execution(ExecutionMode.CONCURRENT)
  @MethodSource("io.largekv.nosqlbench.RealNb5#versions")
  @Timeout(value = 12, unit = TimeUnit.MINUTES)
  void aDamagedDatasetEndsTheReadsNonZeroWithMissingAndCorruptCounted(String version) throws Exception {
    RealNb5 nb5 = RealNb5.version(version);
    String ks = keyspace("nb5_damaged", version);
    int keycount = 4000;
    Path dir = Files.createTempDirectory("largekv-nb5-damaged");
    CqlSession cql = SharedCassandra.session();
    try {
      Ycsb.Result load = ycsb("-load", ks, "recordcount=" + keycount, "threadcount=4");
      assertThat(load.exitCode).as(load.toString()).isZero();
      // 2 % deleted (n % 50 == 7), 2 % overwritten with the value of another key number (n % 50 == 13)
      PreparedStatement delete = cql.prepare("DELETE FROM " + ks + ".kv WHERE k = ?");
      PreparedStatement overwrite = cql.prepare("INSERT INTO " + ks + ".kv (k, v) VALUES (?, ?)");
      for (long n = 0; n < keycount; n++) {
        if (n % 50 == 7) {
          cql.execute(delete.bind(FORMAT.key(n)));
        } else if (n % 50 == 13) {
          cql.execute(overwrite.bind(FORMAT.key(n), ByteBuffer.wrap(FORMAT.value(n + 1))));
        }
      }
      List<String> on = RealNb5.on(SharedCassandra.get(), dir, ks);

      // counted: every read checked, both kinds named, and still a failed run
      RealNb5.Run uniform = nb5.run(dir, 300, RealNb5.args(List.of("yb_kv_large", "uniform_read", "keycount=" + keycount,
          "uniform_cycles=3720", "read_threads=4", "on_bad_row=count"), on.toArray(new String[0])));
      assertThat(uniform.exitCode()).as(uniform.toString()).isNotZero();
      long missing = uniform.missing("uniform_read");
      long corrupt = uniform.corrupt("uniform_read");
      assertThat(missing).as(uniform.toString()).isPositive();
      assertThat(corrupt).as(uniform.toString()).isPositive();
      assertThat(uniform.ok("uniform_read") + missing + corrupt).isEqualTo(3700);
      assertThat(uniform.output()).contains("yb_kv_large verification FAILED: " + missing + " row(s) missing, "
          + corrupt + " corrupt");
      assertThat(uniform.output()).containsPattern("uniform_read: key number \\d+: row missing")
          .containsPattern("uniform_read: key number \\d+: row corrupt");

      // default: the first bad row ends the run, and says which kind and the counts so far
      RealNb5.Run fixed = nb5.run(dir, 300, RealNb5.args(List.of("yb_kv_large", "latest_read_fixed", "keycount=" + keycount,
          "latest_cycles=2400", "latest_p=0.01d", "read_threads=4"), on.toArray(new String[0])));
      assertThat(fixed.exitCode()).as(fixed.toString()).isNotZero();
      assertThat(fixed.output()).containsPattern("fixed_latest_read: key number \\d+: row (missing|corrupt) \\(so far in "
          + "fixed_latest_read: \\d+ missing, \\d+ corrupt\\); on_bad_row=stop ends the run");
      // nb5 goes on to the scenario's last step, which prints the counts up to the stop
      assertThat(fixed.missing("fixed_latest_read") + fixed.corrupt("fixed_latest_read")).as(fixed.toString()).isPositive();
      assertThat(fixed.output()).contains("yb_kv_large verification FAILED: ");
    } finally {
      cql.execute("DROP KEYSPACE IF EXISTS " + ks);
      Directories.deleteRecursively(dir);
    }
  }

  /**
   * latest_read reads the keys it inserts: a read that reaches an insert still in flight is "not yet
   * written", never missing (16 threads reading ages of a few keys, on the intact dataset), but a row whose insert was acknowledged before the read and that is then gone (deleted
   * here from outside, all the while) is a missing row that fails the run; also with nb5's
   * {@code errors=counter}, which counts the failed reads and goes on: the scenario's last step
   * locks {@code errors==stop}.
   */
  @ParameterizedTest(name = "nb5 {0}")
  @Execution(ExecutionMode.CONCURRENT)
  @MethodSource("io.largekv.nosqlbench.RealNb5#versions")
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void latestReadCountsAnAcknowledgedInsertThatIsGoneAsMissing(String version) throws Exception {
    RealNb5 nb5 = RealNb5.version(version);
    String ks = keyspace("nb5_latest_loss", version);
    int keycount = 2000;
    Path dir = Files.createTempDirectory("largekv-nb5-latest");
    CqlSession cql = SharedCassandra.session();
    AtomicBoolean stop = new AtomicBoolean();
    AtomicLong deletes = new AtomicLong();
    CompletableFuture<Void> deleter = null;
    try {
      Ycsb.Result load = ycsb("-load", ks, "recordcount=" + keycount, "threadcount=4");
      assertThat(load.exitCode).as(load.toString()).isZero();
      List<String> on = RealNb5.on(SharedCassandra.get(), dir, ks);

      // intact: reads right behind the inserts of other threads are not yet written or ok, never missing
      RealNb5.Run intact = nb5.run(dir, 300, RealNb5.args(List.of("yb_kv_large", "latest_read", "keycount=" + keycount,
          "latest_cycles=6000", "latest_p=0.5d", "read_threads=16"), on.toArray(new String[0])));
      assertThat(intact.exitCode()).as(intact.toString()).isZero();
      assertThat(intact.ok("latest_read") + intact.notYetWritten("latest_read")).isEqualTo(5900);
      assertThat(intact.missing("latest_read") + intact.corrupt("latest_read")).isZero();

      // the second run inserts key numbers 2100, 2101, ... (one per 60 cycles): delete them as they come
      long from = keycount + 100;
      PreparedStatement delete = cql.prepare("DELETE FROM " + ks + ".kv WHERE k = ?");
      deleter = CompletableFuture.runAsync(() -> {
        while (!stop.get()) {
          for (long n = from; n < from + 100 && !stop.get(); n++) {
            cql.execute(delete.bind(FORMAT.key(n)));
            deletes.incrementAndGet();
          }
        }
      });
      RealNb5.Run latest = nb5.run(dir, 300, RealNb5.args(List.of("yb_kv_large", "latest_read", "keycount=" + from,
          "latest_cycles=6000", "latest_p=0.3d", "read_threads=4", "errors=counter"), on.toArray(new String[0])));
      stop.set(true);
      deleter.get(60, TimeUnit.SECONDS);
      assertThat(deletes.get()).isPositive();
      assertThat(latest.exitCode()).as(latest.toString()).isNotZero();
      assertThat(latest.missing("latest_read")).as(latest.toString()).isPositive();
      assertThat(latest.corrupt("latest_read")).isZero();
      assertThat(latest.output()).contains("yb_kv_large verification FAILED: " + latest.missing("latest_read")
          + " row(s) missing, 0 corrupt");
    } finally {
      stop.set(true);
      if (deleter != null) {
        deleter.cancel(true);
      }
      cql.execute("DROP KEYSPACE IF EXISTS " + ks);
      Directories.deleteRecursively(dir);
    }
  }
}
