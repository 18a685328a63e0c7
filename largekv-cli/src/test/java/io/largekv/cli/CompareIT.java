package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Directories;
import io.largekv.common.YcsbOutput;
import io.largekv.report.ResultsCheck;
import io.largekv.report.files.HdrLog;
import io.largekv.results.Results;
import io.largekv.testing.TestJit;
import java.awt.image.BufferedImage;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * {@code bin/largekv compare} on two real local Cassandra servers with different settings (and a
 * third target that is down), two client processes per phase; the report's tables checked against
 * the raw logs, the HTML opened in headless Chromium.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CompareIT {

  private static final Path REPO = Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath();
  private static LocalCassandra a;
  private static LocalCassandra b;
  private static Path out;
  private static String stdout;
  private static String stderr;
  private static int exit;
  private static int metricsPort;

  @BeforeAll
  static void compare() throws Exception {
    a = TestJit.cassandra().clusterName("cmp-a").heap("512m").start();
    b = TestJit.cassandra().clusterName("cmp-b").heap("512m").yaml("key_cache_size", "0MiB").start();
    out = Files.createTempDirectory("largekv-compare-it");
    File so = out.resolve("stdout.txt").toFile();
    File se = out.resolve("stderr.txt").toFile();
    Path results = out.resolve("results");
    try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      metricsPort = free.getLocalPort();
    }
    Process p = new ProcessBuilder(REPO.resolve("bin/largekv").toString(), "compare",
        "--target", "cassandra-a=" + a.contactPoint(), "--target", "cassandra-b=" + b.contactPoint(),
        "--target", "cassandra-down=127.0.0.1:1",
        "--target-prop", "cassandra-b:ycql.compaction=LeveledCompactionStrategy",
        "--localdc", "datacenter1", "-p", "ycql.replication_factor=1", "-p", JudgedStalls.BUSY_MACHINE,
        "--records", "2000", "--duration", "6", "--warmup", "0", "--threads", "4", "--clients", "2",
        "--rate", "800", "--repeat", "2", "--metrics-port", Integer.toString(metricsPort),
        "--out", results.toString())
        .directory(REPO.toFile()).redirectOutput(so).redirectError(se).start();
    assertThat(p.waitFor(600, TimeUnit.SECONDS)).isTrue();
    exit = p.exitValue();
    stdout = Files.readString(so.toPath(), StandardCharsets.UTF_8);
    stderr = Files.readString(se.toPath(), StandardCharsets.UTF_8);
  }

  @AfterAll
  static void stop() {
    if (a != null) {
      a.close();
    }
    if (b != null) {
      b.close();
    }
    if (out != null) {
      Directories.deleteRecursively(out);
    }
  }

  private static Path results() {
    return out.resolve("results");
  }

  @Test
  @Order(1)
  void writesTheReportGoesOnPastAFailedTargetAndExitsNonZero() throws Exception {
    // the report is written, and the comparison says it did not fully succeed
    assertThat(exit).as(stdout + stderr).isEqualTo(1);
    assertThat(stderr).contains("largekv: FAILED: load on cassandra-down, uniform-read on cassandra-down, "
        + "latest-read on cassandra-down (see the report)");
    assertThat(results().resolve("report.html")).exists();
    assertThat(results().resolve("report.md")).exists();
    for (String phase : List.of("load", "uniform-read", "latest-read")) {
      for (String chart : List.of("throughput", "latency", "errors", "percentiles")) {
        assertThat(results().resolve("charts").resolve(phase + "-" + chart + ".svg")).exists();
      }
    }
    String md = Files.readString(results().resolve("report.md"));
    assertThat(md).contains("|  | cassandra-a | cassandra-b | cassandra-down |");
    // the failed cell says why, in its first client's own words (its last largekv: line: bad input, exit 2)
    List<String> status = row(md, "load", "status");
    assertThat(status.subList(0, 2)).containsExactly("ok", "ok");
    assertThat(status.get(2)).startsWith("FAILED (exit codes [2, 2, 2, 2]; client-0: cannot connect to hosts=127.0.0.1:1");
    assertThat(row(md, "uniform-read", "status").get(2)).startsWith("FAILED");
    assertThat(md).contains("release_version 5.0.6").contains("LeveledCompactionStrategy")
        .contains("rate**: 800 ops/s").contains("properties for every target**: ycql.replication_factor=1");
    assertThat(stderr).contains("cassandra-down load rep 1 client 0] FAILED with exit code 2 (the other targets go on)");
    ConsoleWidth.check(stdout);
    ConsoleWidth.check(stderr);
  }

  @Test
  @Order(2)
  void eachClientServedItsMetricsAtItsOwnPortListedForPrometheus() throws Exception {
    int first = metricsPort;
    assertThat(stderr).contains("each YCSB client serves its metrics at http://127.0.0.1:" + first + "/metrics to "
        + "http://127.0.0.1:" + (first + 1) + "/metrics");
    com.fasterxml.jackson.databind.JsonNode sd = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
        results().resolve("prometheus-targets.json").toFile());
    assertThat(sd.get(0).path("targets").toString()).isEqualTo("[\"127.0.0.1:" + first + "\",\"127.0.0.1:"
        + (first + 1) + "\"]");
    // every client of every phase, target and repeat that started: its port and its labels
    List<Path> commands;
    try (java.util.stream.Stream<Path> files = Files.walk(results())) {
      commands = files.filter(f -> f.getFileName().toString().equals("command.txt")).toList();
    }
    assertThat(commands).hasSizeGreaterThanOrEqualTo(2 * 2 * 3 * 2); // 2 clients, 2 repeats, 3 phases, 2 live targets
    for (Path c : commands) {
      int client = Integer.parseInt(c.getParent().getFileName().toString().replace("client-", ""));
      String command = Files.readString(c);
      assertThat(command).as(c.toString()).contains("largekv.metrics_port=" + (first + client))
          .containsPattern("largekv\\.metrics_labels=run=results,target=cassandra-(a|b|down),phase=[a-z-]+,client="
              + client);
      Path err = c.resolveSibling("stderr.txt");
      if (Files.readString(c.resolveSibling("exit.txt")).trim().equals("0")) {
        assertThat(Files.readString(err)).as(err.toString())
            .contains("largekv: metrics at http://127.0.0.1:" + (first + client) + "/metrics");
      }
    }
  }

  @Test
  @Order(3)
  void tablesHoldTheNumbersOfTheRawLogs() throws Exception {
    String md = Files.readString(results().resolve("report.md"));
    Results json = ResultsCheck.check(results());
    assertThat(json.verdict().failedCells()).hasSize(3).allMatch(c -> c.endsWith(" on cassandra-down"));
    for (String target : List.of("cassandra-a", "cassandra-b")) {
      int col = target.equals("cassandra-a") ? 0 : 1;
      for (String phase : List.of("load", "uniform-read", "latest-read")) {
        String op = phase.equals("load") ? "INSERT" : "READ";
        // with --rate, latency is intended time (coordinated-omission corrected)
        assertThat(row(md, phase, "operation").get(col)).isEqualTo(op + " (intended time)");
        // independent recomputation: read both repeats' and both clients' .hdr files, add them,
        // take percentiles
        Histogram merged = new Histogram(3);
        long ycsbOps = 0;
        long verifiedOk = 0;
        long stalls = -1; // -1: no client counted stalls (not on the I/O-thread scheduler)
        for (int k = 0; k < 4; k++) {
          Path client = results().resolve(target).resolve(phase).resolve("rep-" + (1 + k / 2)).resolve("client-" + (k % 2));
          for (HdrLog.Interval i : HdrLog.read(client.resolve("hdr").resolve("Intended-" + op + ".hdr").toFile())) {
            merged.add(i.histogram);
          }
          YcsbOutput y = YcsbOutput.parse(Files.readString(client.resolve("ycsb.txt")));
          for (String o : List.of("INSERT", "READ", "UPDATE")) {
            ycsbOps += y.operations(o);
          }
          verifiedOk += y.returns("VERIFY", "OK");
          double n = y.number("LARGEKV", "EventLoopStalls");
          stalls = Double.isNaN(n) ? stalls : Math.max(0, stalls) + (long) n;
        }
        String where = target + " " + phase;
        assertThat(row(md, phase, "p50 (ms)").get(col)).as(where).isEqualTo(ms(merged.getValueAtPercentile(50)));
        assertThat(row(md, phase, "p99 (ms)").get(col)).as(where).isEqualTo(ms(merged.getValueAtPercentile(99)));
        assertThat(row(md, phase, "p99.9 (ms)").get(col)).as(where).isEqualTo(ms(merged.getValueAtPercentile(99.9)));
        assertThat(row(md, phase, "max (ms)").get(col)).as(where).isEqualTo(ms(merged.getMaxValue()));
        // with no warm-up, the HDR logs hold exactly the operations YCSB counted (service-time logs)
        assertThat(row(md, phase, "operations").get(col)).as(where).isEqualTo(Long.toString(ycsbOps));
        boolean load = phase.equals("load");
        // a load reads nothing back: said, never 0
        assertThat(row(md, phase, "verified ok (the whole phase)").get(col)).as(where)
            .isEqualTo(load ? "not verified (load)" : Long.toString(verifiedOk));
        assertThat(row(md, phase, "verification failures (corrupt + missing)").get(col))
            .isEqualTo(load ? "not verified (load)" : "0");
        String stallCell = row(md, phase, "event-loop stalls (client)").get(col);
        if (stalls < 0) {
          assertThat(stallCell).as(where).isEqualTo("-");
        } else {
          assertThat(stallCell.split("[ ,]")[0]).as(where).isEqualTo(Long.toString(stalls));
        }
        assertThat(row(md, phase, "throughput (ops/s)").get(col)).as(where).endsWith(", 2 runs)");
        // results.json holds the same figures, from the same logs
        Results.Cell cell = json.phases().stream().filter(x -> x.name().equals(phase)).findFirst().orElseThrow()
            .cells().get(col);
        assertThat(cell.latency().p99()).as(where).isEqualTo(merged.getValueAtPercentile(99) / 1000.0);
        assertThat(cell.latency().time()).isEqualTo("intended");
        assertThat(cell.operations()).as(where).isEqualTo(ycsbOps);
        assertThat(cell.verifiedOk()).as(where).isEqualTo(load ? null : verifiedOk);
        assertThat(cell.repeats()).hasSize(2).allMatch(r -> r.exitCodes().equals(List.of(0, 0)));
        if (phase.equals("load")) {
          assertThat(ycsbOps).isEqualTo(4000); // two shards, the whole range, twice
        } else {
          assertThat(verifiedOk).isGreaterThan(100);
        }
      }
    }
  }

  @Test
  @Order(3)
  void reportRendersInHeadlessChromiumWithChartsAndNoConsoleErrors() throws Exception {
    Chromium chromium = Chromium.require(out);
    // 1) the DOM after load: the page's own check counted the charts that have a layout box
    Chromium.Page page = chromium.load(results().resolve("report.html"));
    // 3 phases x 5 charts: throughput, latency, errors, percentiles, the servers' dataset
    assertThat(page.dom()).contains("data-charts-rendered=\"15/15\"");
    Chromium.assertNoConsoleErrors(page);
    // 2) a screenshot: the charts' coloured lines are there
    Path png = chromium.screenshot(results().resolve("report.html"));
    BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image.getWidth()).isEqualTo(1400);
    long blue = 0;
    long red = 0;
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        int rgb = image.getRGB(x, y) & 0xffffff;
        int r = rgb >> 16;
        int g = (rgb >> 8) & 0xff;
        int bl = rgb & 0xff;
        if (bl > 150 && r < 90 && g > 90 && g < 160) {
          blue++;   // #1f77b4, the first target's colour
        }
        if (r > 180 && g < 80 && bl < 80) {
          red++;    // #d62728, the second target's colour
        }
      }
    }
    assertThat(blue).as("pixels of the first target's lines").isGreaterThan(500);
    assertThat(red).as("pixels of the second target's lines").isGreaterThan(500);
  }

  @Test
  @Order(4)
  void reportRerendersFromTheRawData() throws Exception {
    String before = Files.readString(results().resolve("report.md"));
    Files.delete(results().resolve("report.md"));
    Files.delete(results().resolve("report.html"));
    Process p = new ProcessBuilder(REPO.resolve("bin/largekv").toString(), "report", results().toString())
        .directory(REPO.toFile()).redirectErrorStream(true).start();
    String o = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    // the comparison has a FAILED target (cassandra-down): its report is there, and must not be published
    assertThat(p.exitValue()).as(o).isEqualTo(1);
    assertThat(o).contains("largekv: FAILED: ").contains("on cassandra-down");
    ConsoleWidth.check(o);
    assertThat(Files.readString(results().resolve("report.md"))).isEqualTo(before);
    assertThat(results().resolve("report.html")).exists();
    ResultsCheck.check(results());
  }

  @Test
  @Order(5)
  void aReportAcrossRunsPutsRunsSideBySide() throws Exception {
    // the same run twice: every column within the spread of itself; the failed one not compared
    Path across = out.resolve("across");
    Process p = new ProcessBuilder(REPO.resolve("bin/largekv").toString(), "report", results().toString(),
        results().toString(), "--out", across.toString()).directory(REPO.toFile()).redirectErrorStream(true).start();
    String o = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).as(o).isEqualTo(1); // cassandra-down FAILED in both
    ConsoleWidth.check(o);
    Results r = ResultsCheck.check(across);
    assertThat(r.columns()).containsExactly("cassandra-a @ results", "cassandra-b @ results",
        "cassandra-down @ results", "cassandra-a @ results#2", "cassandra-b @ results#2", "cassandra-down @ results#2");
    for (Results.Phase phase : r.phases()) {
      for (int col = 3; col < 5; col++) {
        Results.Change ch = phase.cells().get(col).change();
        assertThat(ch.verdict()).as(phase.name()).isEqualTo(Results.Change.WITHIN);
        assertThat(ch.ratio()).isEqualTo(1.0);
      }
      assertThat(phase.cells().get(5).change().verdict()).isEqualTo(Results.Change.UNAVAILABLE);
    }
    assertThat(Files.readString(across.resolve("report.md"))).contains("within the spread (1.00×; ranges of the repeats)");
  }

  /** The cells of a row of a phase's table in report.md. */
  static List<String> row(String md, String phase, String name) {
    String section = md.substring(md.indexOf("## " + phase + "\n"));
    section = section.substring(0, section.indexOf("\n\n", section.indexOf("|")));
    for (String line : section.split("\n")) {
      if (line.startsWith("| " + name + " |")) {
        String[] cells = line.substring(2, line.length() - 2).split(" \\| ");
        return List.of(cells).subList(1, cells.length);
      }
    }
    throw new AssertionError("no row " + name + " in " + phase);
  }

  static String ms(long us) {
    return String.format(Locale.ROOT, "%.2f", us / 1000.0);
  }
}
