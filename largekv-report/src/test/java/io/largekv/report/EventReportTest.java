package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.report.render.HtmlReport;
import io.largekv.report.render.MarkdownReport;
import io.largekv.report.render.ReportCharts;
import io.largekv.report.render.ReportFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The event table and markers from a run directory written the way {@code bin/largekv compare}
 * writes one: an interval log a second, a timeline a second, events.tsv (as directories made before
 * events.jsonl hold it). The numbers are known by
 * construction: 1,000 ops/s, a node killed at 30 s, 200 ops/s for three seconds with failures,
 * then 950 ops/s.
 */
class EventReportTest {

  private static final long T0 = 1_790_000_000_000L;
  private static final int SECONDS = 60;
  /** The header of nodes.tsv, as directories made before nodes.jsonl hold it. */
  static final String NODES_HEADER_BEFORE = "node\taddress\tstate\tstarted_ms\treads_coordinated\twrites_coordinated";

  /** Successful operations in second s. */
  static long ops(int s) {
    return s < 30 ? 1000 : s < 33 ? 200 : 950;
  }

  /** Failed operations in second s. */
  static long failed(int s) {
    return s == 30 ? 40 : s == 31 ? 7 : 0;
  }

  static void writeRun(Path run) throws Exception {
    Path client = Files.createDirectories(run.resolve("client-0").resolve("hdr"));
    IntervalLogs.write(client.resolve("READ.hdr"), T0, SECONDS, s -> {
      Histogram h = new Histogram(3);
      // 2 ms normally, 50 ms for the slowest 2 % in the three seconds after the kill
      for (int i = 0; i < ops(s); i++) {
        h.recordValue(s >= 30 && s < 33 && i < ops(s) / 50 ? 50_000 : 2_000);
      }
      return h;
    });
    List<String> timeline = new ArrayList<>(List.of("# end_ms,successful,failed,verification_failures,classes"));
    for (int s = 0; s < SECONDS; s++) {
      timeline.add((T0 + (s + 1) * 1000L) + "," + ops(s) + "," + failed(s) + ",0,"
          + (failed(s) > 0 ? "READ:DriverTimeoutException=" + failed(s) : ""));
    }
    Files.write(run.resolve("client-0").resolve("timeline.csv"), timeline, StandardCharsets.UTF_8);
    Files.writeString(run.resolve("client-0").resolve("exit.txt"), "0\n");
    Files.writeString(run.resolve("client-0").resolve("ycsb.txt"), "[OVERALL], RunTime(ms), 60000\n");
    Files.write(run.resolve("events.tsv"), List.of("event\tplanned_s\tstart_ms\tend_ms\tresult\tdetail",
        "uniform-read@30:kill-node:2\t30.0\t" + (T0 + 30_000) + "\t" + (T0 + 30_200) + "\tok\t",
        "uniform-read@58:exec:false\t58.0\t" + (T0 + 58_000) + "\t" + (T0 + 58_010) + "\tfailed\texit 1",
        "uniform-read@90:start-node:2\t90.0\t-1\t-1\tnot run\tthe phase ended 60.0 s after its first operation"),
        StandardCharsets.UTF_8);
  }

  @Test
  void eventImpactIsComputedFromTheRawLogs(@TempDir Path dir) throws Exception {
    Path run = dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1");
    writeRun(run);
    PhaseResult r = PhaseResult.load(run, 0);
    List<EventImpact> impacts = r.eventImpacts();
    assertThat(impacts).hasSize(2); // the event that did not run has no impact
    EventImpact kill = impacts.get(0);
    assertThat(kill.startSecond).isEqualTo(30);
    assertThat(kill.before).isEqualTo(1000.0);
    assertThat(kill.lowest).isEqualTo(200.0);
    assertThat(kill.recoverySeconds).isEqualTo(3); // 950 ≥ 90 % of 1000 from second 33 on, three in a row
    assertThat(kill.windowEndSecond).isEqualTo(36);
    assertThat(kill.failed).isEqualTo(47);
    assertThat(kill.failuresByClass).isEqualTo(Map.of("READ:DriverTimeoutException", 47L));
    assertThat(kill.verificationFailures).isZero();
    // the window's p99: 4 of each 200 ops at 50 ms in seconds 30-32, every other one 2 ms; 12 of 3,450 = 0.35 %
    // slow, so the 99th percentile (the 3,416th value) is a 2-ms one; 2,000 µs is exact at 3 significant digits
    assertThat(kill.p99Ms).isEqualTo(2.0);
    // and the slowest 1 % of the kill's own seconds (600 ops, 12 slow = 2 %) would be 50 ms: the window is 30-36
    assertThat(r.histogramBetween("READ", T0 + 30_000, T0 + 33_000).getValueAtPercentile(99)).isBetween(50_000L, 50_047L);
    EventImpact exec = impacts.get(1);
    // two seconds left before the phase's end: the recovery cannot be seen
    assertThat(exec.before).isEqualTo(950.0);
    assertThat(exec.recoverySeconds).isEqualTo(-1);
  }

  @Test
  void reportHasTheEventTableAndMarkers(@TempDir Path dir) throws Exception {
    writeRun(dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1"));
    Files.write(dir.resolve("compare.properties"), List.of("targets=cassandra", "phases=uniform-read", "warmup=0",
        "repeat=1", "target.cassandra.hosts=local", "machine=2 cores", "command=bin/largekv compare --nodes 3",
        "command.cassandra.uniform-read.rep-1.client-0=bin/ycsb run yugabyte-ycql -P workloads/local-uniform-read",
        "events=uniform-read@30\\:kill-node\\:2"), StandardCharsets.ISO_8859_1);
    Report report = Report.load(dir);
    List<List<String>> events = io.largekv.report.render.ReportTables.events(report.results(), "uniform-read");
    assertThat(events).hasSize(3);
    assertThat(events.get(0)).containsExactly("cassandra", "1", "30:kill-node:2", "30.0", "0.2", "ok", "1,000", "200",
        "3", "30–36", "47 {READ:DriverTimeoutException=47}", "2.00", "0",
        "-"); // not sampled: no rebalance figure (ServerFiguresTest has one)
    assertThat(events.get(1).get(5)).isEqualTo("failed (exit 1)");
    assertThat(events.get(1).get(8)).isEqualTo("not recovered");
    assertThat(events.get(2).subList(3, 7)).containsExactly("-", "-", "not run (the phase ended 60.0 s after its "
        + "first operation)", "-");
    ReportFiles.write(report, dir);
    assertThat(ResultsCheck.check(dir).phases().get(0).events()).hasSize(3);
    String md = MarkdownReport.render(report);
    assertThat(md).contains("### Events in uniform-read").contains("| cassandra | 1 | 30:kill-node:2 | 30.0 |")
        .contains("**Caveat:** the client and the server share this machine for cassandra")
        .contains("measured seconds | 60.0 |");
    Map<String, String> charts = ReportCharts.of(report, "uniform-read");
    assertThat(charts).containsOnlyKeys("throughput", "latency", "errors", "percentiles");
    for (String c : List.of("throughput", "latency", "errors")) {
      // two events ran: two markers, labelled
      assertThat(charts.get(c).split("class=\"event\"", -1)).as(c).hasSize(3);
      assertThat(charts.get(c)).contains(">kill-node:2</text>").contains(">exec:false</text>");
    }
    assertThat(charts.get("percentiles")).contains(">99%</text>").contains(">99.9%</text>")
        .contains(">99.99%</text>").doesNotContain("class=\"event\"");
    // time ticks are round: 0, 10, 20, ... 60
    assertThat(charts.get("throughput")).contains(">0</text>").contains(">10</text>").contains(">60</text>");
    String html = HtmlReport.render(report);
    assertThat(html).contains("<h3>Events in uniform-read</h3>").contains("<code>bin/ycsb run yugabyte-ycql")
        .doesNotContain("`");
  }
  @Test
  void nodeTableTimesAreRelativeToThePhaseAndBlankWhenItHasNoTimeZero(@TempDir Path dir) throws Exception {
    // a phase that ran: node 2 was started again 31.5 s after the first operation
    Path ran = dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1");
    writeRun(ran);
    Files.write(ran.resolve("nodes.tsv"), List.of(NODES_HEADER_BEFORE, "1\t127.0.0.1\trunning\t" + (T0 - 40_000)
        + "\t100\t5", "2\t127.0.0.2\trunning\t" + (T0 + 31_500) + "\t20\t1"), StandardCharsets.UTF_8);
    // a phase that failed before any operation: no hdr logs, no first-operation line, exit 3
    Path failed = dir.resolve("cassandra").resolve("latest-read").resolve("rep-1");
    Files.createDirectories(failed.resolve("client-0"));
    Files.writeString(failed.resolve("client-0").resolve("exit.txt"), "3\n");
    Files.write(failed.resolve("nodes.tsv"), List.of(NODES_HEADER_BEFORE, "1\t127.0.0.1\trunning\t" + (T0 + 70_000)
        + "\t0\t0", "2\t127.0.0.2\tdown\t" + (T0 + 31_500) + "\t-1\t-1"), StandardCharsets.UTF_8);
    Files.write(dir.resolve("compare.properties"), List.of("targets=cassandra", "phases=uniform-read,latest-read",
        "warmup=0", "repeat=1", "target.cassandra.hosts=local", "machine=2 cores"), StandardCharsets.ISO_8859_1);
    Report report = Report.load(dir);
    assertThat(io.largekv.report.render.ReportTables.nodes(report.results(), "uniform-read")).containsExactly(
        List.of("cassandra", "1", "1", "127.0.0.1", "running", "-40.0", "100", "5"),
        List.of("cassandra", "1", "2", "127.0.0.2", "running", "31.5", "20", "1"));
    assertThat(PhaseResult.load(failed, 0).hasTimeZero()).isFalse();
    assertThat(io.largekv.report.render.ReportTables.nodes(report.results(), "latest-read")).containsExactly(
        List.of("cassandra", "1", "1", "127.0.0.1", "running", "-", "0", "0"),
        List.of("cassandra", "1", "2", "127.0.0.2", "down", "-", "-", "-"));
  }
}
