package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Directories;
import io.largekv.common.Nb5Output;
import io.largekv.format.KeyValueFormat;
import io.largekv.report.files.HdrLog;
import io.largekv.testing.Nb5Executable;
import io.largekv.testing.TestJit;
import io.largekv.testing.TestSessions;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * nb5 inside largekv's runs, with a real, stock nb5 on both ends of the supported range (CI:
 * {@code LARGEKV_NB5=../shared/nb5/nb5}, which runs the release {@code NB5_VERSION} names), against
 * a real Cassandra: {@code bin/largekv compare --harness ycsb,nb5} runs both harnesses' three phases
 * side by side, every read verified, the report's cells equal to nb5's own counts; after rows are
 * deleted and overwritten from outside, {@code bin/largekv run --harness nb5}'s read phase FAILS
 * with the missing and corrupt counts, whether nb5 stops at the first bad row (the default) or
 * counts them; a server killed under a read phase FAILS it too, and not as a bad row.
 */
class LargekvNb5IT {

  private static final Path REPO = Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath();
  /**
   * Rows: a load of a few seconds, so that nb5 5.25's log, which leaves its last interval out (of
   * 1.4-1.8 s here), holds some: 4,000 took 2 s here, and the log held none.
   */
  private static final int ROWS = 8000;
  private static final KeyValueFormat FORMAT = KeyValueFormat.standard();

  // one release at a time: side by side (each with its own server), the YCSB half's 6-s phases on a
  // loaded 2-core machine once ended before their first operation (no operation ran: FAILED)
  @ParameterizedTest
  @ValueSource(strings = {"5.17.9", "5.25.7"})
  void runsThePhasesAndFailsOnADamagedDataset(String version) throws Exception {
    Path nb5 = Nb5Executable.configured();
    Path dir = Files.createTempDirectory("largekv-nb5-run");
    try (LocalCassandra cassandra = TestJit.cassandra().start()) {
      Path conf = dir.resolve("slow-machine.conf");
      // a busy 2-core machine: PREPARE and requests may take longer than the driver's 2 s
      Files.writeString(conf, "datastax-java-driver {\n  basic.request.timeout = 30 seconds\n}\n");
      List<String> common = List.of("--harness", "nb5", "--hosts", cassandra.contactPoint(), "--localdc",
          cassandra.localDatacenter(), "--target", "cassandra", "-p", "nb5.rf=1", "-p", "nb5.driverconfig=" + conf,
          "--records", Integer.toString(ROWS), "--duration", "6", "--warmup", "1", "--threads", "4");

      // intact: nb5 beside YCSB in one comparison on this server (YCSB's phases, then nb5's). No
      // warm-up cut: after one, a single 15-ms preemption of the YCSB client's I/O thread on this
      // shared machine fails a 5-s read phase with a dozen reads above its p99.9 (the stall rule,
      // tested in ClientThreadsIT); the subject here is nb5, and -p reaches both harnesses. YCSB's
      // half does not depend on nb5's version: it runs beside the newer one only (CI's time)
      boolean beside = version.equals("5.25.7");
      String nb5Column = beside ? "cassandra/nb5" : "cassandra";
      int col = beside ? 1 : 0;
      Path cmp = dir.resolve("compare");
      Run intact = largekv(nb5, version, cmp, List.of("compare", "--harness", beside ? "ycsb,nb5" : "nb5", "--target",
          "cassandra=" + cassandra.contactPoint(), "--localdc", cassandra.localDatacenter(),
          "-p", "ycql.replication_factor=1", "-p", "nb5.driverconfig=" + conf,
          "--records", Integer.toString(ROWS), "--duration", "6", "--warmup", "0", "--threads", "4"));
      assertThat(intact.exit).as(intact.all()).isZero();
      String md = Files.readString(cmp.resolve("report.md"));
      assertThat(io.largekv.report.ResultsCheck.check(cmp).verdict().ok()).isTrue();
      assertThat(md).contains(beside ? "|  | cassandra/ycsb | cassandra/nb5 |" : "|  | cassandra |")
          .contains("**harness nb5**: nb5 " + version + " (bin/nb5; cqld4");
      if (beside) {
        assertThat(md).contains("**harness ycsb**: YCSB 0.17");
      }
      // the load: every row inserted, as nb5 counted it; the report's count is its log's, never more
      Path load = cmp.resolve(nb5Column + "/load/rep-1/client-0");
      io.largekv.results.ClientSummary loadSummary = io.largekv.report.files.ClientSummaryFile.read(load);
      assertThat(load.resolve("client-summary.json")).isRegularFile();
      assertThat(load.resolve("nb5-summary.txt")).doesNotExist();
      assertThat(loadSummary.nb5().completedOperations()).isEqualTo(ROWS);
      assertThat(loadSummary.nb5().version()).isEqualTo(version);
      // the workload's hdr_digits: nb5's histograms at 3 significant digits (4 cost 5.25 a summary a second)
      List<HdrLog.Interval> intervals = HdrLog.read(load.resolve("nb5.hdr").toFile());
      for (HdrLog.Interval i : intervals) {
        assertThat(i.histogram.getNumberOfSignificantValueDigits()).isEqualTo(3);
      }
      assertThat(intervals).isNotEmpty();
      assertThat(CompareIT.row(md, "load", "operations").get(col)).isEqualTo(Long.toString(
          loadSummary.operationsByType().get("INSERT")));
      for (String phase : List.of("load", "uniform-read", "latest-read")) {
        assertThat(CompareIT.row(md, phase, "status")).as(phase).hasSize(col + 1).containsOnly("ok");
      }
      for (String phase : List.of("uniform-read", "latest-read")) {
        Path client = cmp.resolve(nb5Column).resolve(phase).resolve("rep-1/client-0");
        assertThat(Files.readString(client.resolve("exit.txt")).trim()).isEqualTo("0");
        // the report's verified counts are nb5's own line, and every read was present and correct
        Nb5Output.Verified v = Nb5Output.parse(Files.readString(client.resolve("nb5.txt"))).total();
        assertThat(v.ok()).isPositive();
        assertThat(v.missing() + v.corrupt()).isZero();
        assertThat(CompareIT.row(md, phase, "verified ok (the whole phase)").get(col)).isEqualTo(Long.toString(v.ok()));
        assertThat(CompareIT.row(md, phase, "verification failures (corrupt + missing)")).hasSize(col + 1)
            .containsOnly("0");
        assertThat(Long.parseLong(CompareIT.row(md, phase, "operations").get(col))).isPositive();
      }

      // damage from outside: 100 rows deleted, 100 overwritten with other bytes
      try (CqlSession cql = TestSessions.open(cassandra)) {
        for (int n = 1000; n < 1100; n++) {
          cql.execute("DELETE FROM largekv.kv WHERE k = '" + FORMAT.key(n) + "'");
        }
        for (int n = 2000; n < 2100; n++) {
          cql.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(
              "UPDATE largekv.kv SET v = ? WHERE k = ?", ByteBuffer.wrap(new byte[256]), FORMAT.key(n)));
        }
      }
      // each release through the CLI in one of the two modes (both modes on both releases: RealNb5VerificationIT)
      List<String> reads = new ArrayList<>(common);
      reads.addAll(List.of("--phases", "uniform-read"));
      if (version.equals("5.17.9")) {
        Run stopped = largekv(nb5, version, dir.resolve("stopped"), reads);
        assertThat(stopped.exit).as(stopped.all()).isEqualTo(1);
        assertThat(stopped.out).contains("FAILED");
        // the console says the verification failed; nb5's own error line, whole in the client's output, says why it stopped
        assertThat(stopped.err).contains("yb_kv_large verification FAILED").contains("these results must not be published");
        assertThat(Files.readString(dir.resolve("stopped/uniform-read/client-0/nb5.txt")))
            .contains("on_bad_row=stop ends the run");
      } else {
        reads.addAll(List.of("-p", "nb5.on_bad_row=count"));
        Run counted = largekv(nb5, version, dir.resolve("counted"), reads);
        assertThat(counted.exit).as(counted.all()).isEqualTo(1);
        Nb5Output.Verified v = Nb5Output.parse(Files.readString(dir.resolve("counted/uniform-read/client-0/nb5.txt")))
            .total();
        assertThat(v.missing()).isPositive();
        assertThat(v.corrupt()).isPositive();
        // the table's notes, their wrapped lines joined
        String notes = counted.out.replace("\n" + " ".repeat(18), " ");
        assertThat(notes).contains(String.format(java.util.Locale.ROOT, "verified %,d reads: %,d ok, %,d corrupt, %,d"
            + " missing;", v.ok() + v.corrupt() + v.missing(), v.ok(), v.corrupt(), v.missing()))
            .contains("FAILED (exit status 1, FAILED): yb_kv_large verification FAILED: " + v.missing()
            + " row(s) missing, " + v.corrupt() + " corrupt");
        assertNeverZeroOpsPerSecond(counted.out);
      }

      // the rows repaired, then the server killed under a read phase: the phase FAILS (whenever the
      // kill lands: before nb5 connects, or mid-phase), and not for a bad row
      try (CqlSession cql = TestSessions.open(cassandra)) {
        for (int n = 1000; n < 2100; n++) {
          cql.execute(com.datastax.oss.driver.api.core.cql.SimpleStatement.newInstance(
              "INSERT INTO largekv.kv (k, v) VALUES (?, ?)", FORMAT.key(n), ByteBuffer.wrap(FORMAT.value(n))));
        }
      }
      List<String> killed = new ArrayList<>(common);
      killed.addAll(List.of("--phases", "uniform-read", "--duration", "120"));
      Path killedOut = dir.resolve("killed");
      Thread killer = new Thread(() -> {
        try {
          for (int i = 0; i < 600; i++) {   // at most 300 s for nb5's first read
            if (reading(killedOut)) {
              break;
            }
            Thread.sleep(500);
          }
          cassandra.node().kill();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }, "kill-the-server");
      killer.start();
      Run down = largekv(nb5, version, killedOut, killed);
      killer.join(60_000);
      assertThat(down.exit).as(down.all()).isEqualTo(1);
      assertThat(down.out).contains("FAILED").doesNotContain("verification FAILED");
      assertThat(down.err).contains("these results must not be published");
    } finally {
      Directories.deleteRecursively(dir);
    }
  }

  /**
   * The console table of a read phase whose nb5 read for 6 s after a 1-s warm-up: its figures, or
   * {@code unavailable} with a note why when none of nb5's log intervals starts after the warm-up
   * (nb5 5.25 leaves its last one out); never a row of 0 ops/s and a count of 0 while nb5 read
   * thousands of rows.
   */
  private static void assertNeverZeroOpsPerSecond(String out) {
    assertThat(out).containsPattern("(?m)^uniform-read +([1-9][0-9,]* +[0-9.]+  READ |- +-  unavailable \\[\\d+\\])")
        .doesNotContainPattern("(?m)^uniform-read +0 ");
  }

  /**
   * Whether the read phase of the run in {@code out} has demonstrably started reading: nb5's own
   * output (the client's {@code nb5.txt}, written line by line as nb5 prints it) has a progress line
   * with a completed operation (nb5 prints one a second), or the console has the phase's first
   * progress line (made from those, 10 s in). nb5's other files say less: its start-up lines come
   * before it connects, and its histogram log starts with a header.
   */
  private static boolean reading(Path out) throws java.io.IOException {
    Path nb5Output = out.resolve("uniform-read/client-0/nb5.txt");
    Path stderr = out.resolveSibling(out.getFileName() + "-stderr.txt");
    // as bytes: a file being written may end inside a character
    return Files.exists(nb5Output) && Nb5Output.completed(new String(Files.readAllBytes(nb5Output),
        StandardCharsets.UTF_8)) > 0 || Files.exists(stderr) && new String(Files.readAllBytes(stderr),
        StandardCharsets.UTF_8).contains("largekv: [uniform-read] 10 s of 120 s");
  }

  private record Run(int exit, String out, String err) {
    String all() {
      return out + "\n" + err;
    }
  }

  private static Run largekv(Path nb5, String version, Path out, List<String> options) throws Exception {
    Path stdout = out.resolveSibling(out.getFileName() + "-stdout.txt");
    Path stderr = out.resolveSibling(out.getFileName() + "-stderr.txt");
    // "run" unless the options name the command
    boolean command = options.get(0).equals("compare");
    List<String> cmd = new ArrayList<>(List.of(REPO.resolve("bin/largekv").toString()));
    cmd.add(command ? options.get(0) : "run");
    cmd.addAll(List.of("--out", out.toString()));
    cmd.addAll(command ? options.subList(1, options.size()) : options);
    ProcessBuilder pb = new ProcessBuilder(cmd).directory(REPO.toFile()).redirectOutput(stdout.toFile())
        .redirectError(stderr.toFile());
    Nb5Executable.environment(pb.environment(), nb5, version);
    Process p = pb.start();
    boolean done = p.waitFor(600, TimeUnit.SECONDS);
    if (!done) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    }
    Run r = new Run(done ? p.exitValue() : -1, Files.readString(stdout, StandardCharsets.UTF_8),
        Files.readString(stderr, StandardCharsets.UTF_8));
    assertThat(done).as("bin/largekv finished within 600 s:\n" + r.all()).isTrue();
    return r;
  }

}
