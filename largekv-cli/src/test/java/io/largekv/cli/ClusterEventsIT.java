package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.Directories;
import io.largekv.common.YcsbOutput;
import io.largekv.report.files.EventRecord;
import io.largekv.report.files.EventsFile;
import io.largekv.report.files.HdrLog;
import io.largekv.report.files.NodeRecord;
import io.largekv.report.files.NodesFile;
import io.largekv.report.files.ServerBalanceFile.BalanceSample;
import io.largekv.report.files.ServerSamplesFile;
import io.largekv.results.Timeline;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The published failure and expansion experiments on a real local three-node Cassandra (RF 3,
 * QUORUM), in one {@code bin/largekv compare} run that every test here reads: node 3 stopped
 * (SIGTERM: it drains) and started again during the load, node 2 killed and started again during the
 * uniform read phase, a fourth node added, node 3 decommissioned once it joined, and two {@code exec:}
 * events (one failing) during the latest read phase, one {@code exec:} event a second before the
 * load's end (its impact: not recovered). Checked against the raw logs: no operation finally failed,
 * no row lost, every read verified, the restarted and the added node took traffic, the
 * decommissioned node left the ring, the events happened when planned, the event table holds
 * the raw logs' numbers and its throughput cells agree with the client's own timeline, the HTML draws
 * the events.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterEventsIT {

  private static final Path REPO = Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath();
  private static Path work;
  private static Path results;
  private static String stdout;
  private static String stderr;
  private static int exit;

  @BeforeAll
  static void compare() throws Exception {
    work = Files.createTempDirectory("largekv-cluster-events-it");
    results = work.resolve("results");
    File so = work.resolve("stdout.txt").toFile();
    File se = work.resolve("stderr.txt").toFile();
    Process p = new ProcessBuilder(REPO.resolve("bin/largekv").toString(), "compare",
        "--target", "cassandra=local", "--nodes", "3",
        // a fixed rate leaves the 2-core machine room to start and bootstrap the added node: with
        // the clients flat out it joined 84 s into a 90 s phase here, and too late on CI; at this
        // rate the killed node was back 27-37 s after its start and the added node joined 36-42 s after
        // its event here alone, 51 s during a CI run here and 63 s once on CI (after a 65-s phase had
        // ended: hence the add at second 1). Node 3's decommission follows the add (16 s here alone), and
        // the servers' side must see the ring settle after both: a latest-read of 5 + 95 s. The uniform read's
        // killed node, started at 15 s, must be back and coordinate reads before it ends: 5 + 70 s. The rate holds
        // the load too: 3,000 rows take 15 s of it (the next phase starts once the node stopped during the load is back)
        "--records", "3000", "--duration", "95,uniform-read=70", "--warmup", "5", "--threads", "8", "--rate", "200",
        // until the other nodes convict a killed node (seconds), a read they coordinate waits on it
        // before the speculative retry: the slowest read of those seconds took 44 ms here on an idle
        // machine and 0.9 s with two busy loops beside it, near the 2 s default (CI once counted 49
        // failed operations here; the failure message now says their class and second). This test
        // asks whether the kill loses operations, not how slow a shared machine is: the client waits
        // longer than the servers' own read (5 s) and write (2 s) timeouts, so every operation ends
        // with the servers' verdict
        "-p", "ycql.request_timeout_ms=12000",
        // three or four Cassandra JVMs, one streaming to another, beside the client on 2 cores: the
        // client's JIT, still compiling, held an I/O thread on its compile-queue lock while the
        // machine kept the compiler thread waiting for a CPU, and the stall rule rightly charged 22 ms
        // to the client. This test is about the events; the rule at its default is
        // ClientThreadsIT's and every idle-machine IT's (docs/testing.md)
        "-p", JudgedStalls.BUSY_MACHINE,
        // the servers' side every 2 s: the added node's bootstrap (tens of seconds here) is seen moving
        "--server-samples", "2",
        "--event", "load@3:stop-node:3",
        "--event", "load@6:start-node:3",
        // the load ends when its 3,000 rows are in, 15 s after its first operation at this rate: fewer than
        // three seconds follow an event at 14 s, so its impact is "not recovered"
        "--event", "load@14:exec:true",
        "--event", "uniform-read@8:kill-node:2",
        "--event", "uniform-read@15:start-node:2",
        "--event", "latest-read@1:add-node",
        // node actions run one at a time: the decommission starts once node 4 joined (24-63 s into the
        // phase), and the phase's end waits for it
        "--event", "latest-read@2:decommission-node:3",
        "--event", "latest-read@6:exec:date +%s%3N > " + work.resolve("exec-ran-at.txt"),
        "--event", "latest-read@7:exec:echo about to fail; exit 3",
        "--out", results.toString())
        .directory(REPO.toFile()).redirectOutput(so).redirectError(se).start();
    assertThat(p.waitFor(900, TimeUnit.SECONDS)).isTrue();
    exit = p.exitValue();
    stdout = Files.readString(so.toPath(), StandardCharsets.UTF_8);
    stderr = Files.readString(se.toPath(), StandardCharsets.UTF_8);
  }

  @AfterAll
  static void clean() {
    if (work != null) {
      Directories.deleteRecursively(work);
    }
  }

  private static Path run(String phase) {
    return results.resolve("cassandra").resolve(phase).resolve("rep-1");
  }

  private static long firstOperation(String phase) throws Exception {
    return Files.readAllLines(run(phase).resolve("client-0").resolve("stderr.txt")).stream()
        .mapToLong(YcsbOutput::firstOperationMs).filter(ms -> ms > 0).min().orElseThrow();
  }

  /** Where a run's failed operations came from: each second with failures, from the phase's start. */
  private static String failures(String phase) throws Exception {
    Path run = run(phase);
    long t0 = firstOperation(phase);
    StringBuilder b = new StringBuilder();
    for (Timeline.Second s : Timeline.read(run.resolve("client-0").resolve("timeline.csv"))) {
      if (s.failed() > 0) {
        b.append(String.format(Locale.ROOT, "%n  second ending %.1f s: %d failed %s", (s.endMs() - t0) / 1000.0,
            s.failed(), s.classes()));
      }
    }
    for (EventRecord e : EventsFile.read(run)) {
      b.append(String.format(Locale.ROOT, "%n  event %s: %.1f–%.1f s, %s", e.spec(), (e.startMs() - t0) / 1000.0,
          (e.endMs() - t0) / 1000.0, e.result()));
    }
    return b.toString();
  }

  @Test
  @Order(1)
  void aStoppedNodeDrainsCostingNoWriteAndIsBackBeforeTheNextPhase() throws Exception {
    assertThat(exit).as(JudgedStalls.told(ClusterEventsIT::run) + stdout + stderr).isZero();
    YcsbOutput load = YcsbOutput.parse(Files.readString(run("load").resolve("client-0").resolve("ycsb.txt")));
    io.largekv.results.ClientSummary summary = io.largekv.results.ClientSummary.of(load);
    assertThat(summary.failedOperations()).as("final errors: %s", failures("load")).isZero();
    assertThat(load.required("LARGEKV", "LostRows")).isZero();
    assertThat(load.required("LARGEKV", "Operations(INSERT)")).isEqualTo(3_000);
    List<EventRecord> events = EventsFile.read(run("load"));
    assertThat(events).extracting(EventRecord::spec).containsExactly("load@3:stop-node:3", "load@6:start-node:3",
        "load@14:exec:true");
    assertThat(events).extracting(EventRecord::result).containsExactly("ok", "ok", "ok");
    long t0 = firstOperation("load");
    assertThat(events.get(0).startMs() - t0).as("stop at 3 s").isGreaterThanOrEqualTo(3_000L);
    assertThat(events.get(1).startMs()).isGreaterThanOrEqualTo(events.get(0).endMs());
    // node 3 ran again after its stop before the next phase began (a phase waits for its node actions): the
    // rows written while it was down are read back and verified by both read phases (the next tests)
    List<NodeRecord> nodes = NodesFile.read(run("load"));
    assertThat(nodes).extracting(NodeRecord::node).containsExactly(1, 2, 3);
    assertThat(nodes).allMatch(n -> n.state().equals("running"));
    // launched by the start action, which began once the stop had ended (the same millisecond when the
    // stop's drain lasted until the start was due)
    assertThat(nodes.get(2).startedMs()).isBetween(events.get(1).startMs(), events.get(1).endMs());
  }

  @Test
  @Order(1)
  void aKilledNodeCostsNoOperationAndNoRowAndComesBackTakingTraffic() throws Exception {
    assertThat(exit).as(JudgedStalls.told(ClusterEventsIT::run) + stdout + stderr).isZero();
    YcsbOutput read = YcsbOutput.parse(Files.readString(run("uniform-read").resolve("client-0").resolve("ycsb.txt")));
    // RF 3 and QUORUM: with one replica down every read and update still succeeds (the driver retries
    // an idempotent request whose coordinator died on another node)
    assertThat(io.largekv.results.ClientSummary.of(read).failedOperations()).as("final errors: %s",
        failures("uniform-read")).isZero();
    assertThat(read.returns("VERIFY", "OK")).isGreaterThan(1000);
    assertThat(read.returns("VERIFY", "CORRUPT") + read.returns("VERIFY", "MISSING")).isZero();
    List<EventRecord> events = EventsFile.read(run("uniform-read"));
    assertThat(events).extracting(EventRecord::result).containsExactly("ok", "ok");
    long t0 = firstOperation("uniform-read");
    EventRecord kill = events.get(0);
    // each event at its second or later (a busy machine makes it late, never early), in their order
    assertThat(kill.startMs() - t0).as("kill at 8 s").isGreaterThanOrEqualTo(8_000L);
    assertThat(events.get(1).startMs() - t0).as("start at 15 s").isGreaterThanOrEqualTo(15_000L);
    assertThat(events.get(1).startMs()).isGreaterThanOrEqualTo(kill.endMs());
    // the restarted node is in the ring again and coordinated reads after its restart
    List<NodeRecord> nodes = NodesFile.read(run("uniform-read"));
    assertThat(nodes).extracting(NodeRecord::node).containsExactly(1, 2, 3);
    assertThat(nodes).allMatch(n -> n.state().equals("running"));
    NodeRecord two = nodes.get(1);
    assertThat(two.startedMs()).isGreaterThan(kill.endMs());
    assertThat(two.reads()).as("reads node 2 coordinated after its restart").isPositive();
    // each read phase ran its own length (--duration 95,uniform-read=70), and the report says so
    assertThat(Files.readString(run("uniform-read").resolve("client-0").resolve("command.txt")))
        .contains("-p maxexecutiontime=70 ").doesNotContain("maxexecutiontime=95");
    assertThat(Files.readString(run("latest-read").resolve("client-0").resolve("command.txt")))
        .contains("-p maxexecutiontime=95 ").doesNotContain("maxexecutiontime=70");
    assertThat(Files.readString(results.resolve("report.md"))).contains("**records / read-phase duration / threads per"
        + " client / clients**: 3000 / uniform-read 70 s, latest-read 95 s / 8 / 1");
  }

  @Test
  @Order(2)
  void anAddedNodeBootstrapsWhileTheRunGoesOnAndTakesTraffic() throws Exception {
    Path latest = run("latest-read");
    assertThat(Files.readString(latest.resolve("client-0").resolve("exit.txt")).trim()).isEqualTo("0");
    YcsbOutput out = YcsbOutput.parse(Files.readString(latest.resolve("client-0").resolve("ycsb.txt")));
    assertThat(out.returns("VERIFY", "CORRUPT") + out.returns("VERIFY", "MISSING")).isZero();
    assertThat(out.returns("VERIFY", "OK")).isGreaterThan(1000);
    EventRecord add = latestEvent("add-node");
    assertThat(add.result()).isEqualTo("ok");
    assertThat(add.detail()).isEqualTo("node 4 joined");
    System.out.printf("ClusterEventsIT: node 4 joined %.1f s into the 100 s latest-read phase%n",
        (add.endMs() - firstOperation("latest-read")) / 1000.0);
    List<NodeRecord> nodes = NodesFile.read(latest);
    // node 3 was decommissioned after node 4 joined: the ring at the phase's end
    assertThat(nodes).extracting(NodeRecord::node).containsExactly(1, 2, 4);
    assertThat(nodes.get(2).state()).isEqualTo("running");
    assertThat(nodes.get(2).reads()).as("reads node 4 coordinated (it joined %.1f s into the phase)",
        (add.endMs() - firstOperation("latest-read")) / 1000.0).isPositive();
    String md = Files.readString(results.resolve("report.md"));
    assertThat(md).contains("### Events in latest-read").contains("| cassandra | 1 | 1:add-node |")
        .contains("### Local cluster at the end of latest-read");
  }

  @Test
  @Order(3)
  void execEventsRunOnTimeAndTheirFailureIsReportedNotFatal() throws Exception {
    long t0 = firstOperation("latest-read");
    EventRecord date = latestEvent("exec:date");
    EventRecord failing = latestEvent("exec:echo about to fail; exit 3");
    assertThat(date.result()).isEqualTo("ok");
    // exec: events run at their second (or later on a busy machine, never earlier) while the add-node is
    // still bootstrapping, each command within its event's time
    assertThat(date.startMs() - t0).as("exec at 6 s").isGreaterThanOrEqualTo(6_000L);
    long ranAt = Long.parseLong(Files.readString(work.resolve("exec-ran-at.txt")).trim());
    assertThat(ranAt).as("the command's own clock").isBetween(date.startMs(), date.endMs());
    assertThat(failing.startMs() - t0).as("exec at 7 s").isGreaterThanOrEqualTo(7_000L);
    assertThat(failing.result()).isEqualTo("failed");
    // the phase's fourth event in order of their seconds (add, decommission, date, this one)
    assertThat(failing.detail()).isEqualTo("exit 3, output in event-4.txt");
    assertThat(Files.readString(run("latest-read").resolve("event-4.txt"))).isEqualTo("about to fail\n");
    assertThat(stderr).contains("event latest-read@7:exec:echo about to fail; exit 3: failed in");
    // a failed event is in the results, and the run's own result is not its
    assertThat(exit).as(JudgedStalls.told(ClusterEventsIT::run)).isZero();
  }

  @Test
  @Order(4)
  void theServersSideSaysWhenTheAddedNodeJoinedAndThatTheKillMovedNoData() throws Exception {
    io.largekv.results.Results json = io.largekv.report.ResultsCheck.check(results);
    io.largekv.results.Results.Event kill = event(json, "uniform-read", "kill-node:2");
    io.largekv.results.Results.Event add = event(json, "latest-read", "add-node");
    // Cassandra moves no data for a dead node: nothing was seen moving, and the table says so
    assertThat(kill.rebalance().seconds()).as(kill.toString()).isNull();
    assertThat(kill.rebalance().unavailable()).startsWith("no data movement seen after it");
    // the added node was seen joining (BOOT in the others' gossip, streams), then settled: the figure is the
    // first settled sample after a moving one, from the add's start
    assertThat(add.rebalance().seconds()).as(add.toString()).isNotNull().isPositive();
    System.out.printf("ClusterEventsIT: the data settled %.0f s after the add began%n", add.rebalance().seconds());
    assertThat(add.rebalance().precisionSeconds()).isEqualTo(2);
    List<BalanceSample> balance = ServerSamplesFile.read(run("latest-read")).balance();
    EventRecord added = EventsFile.read(run("latest-read")).stream()
        .filter(e -> e.spec().endsWith("add-node")).findFirst().orElseThrow();
    long settledAt = added.startMs() + Math.round(add.rebalance().seconds() * 1000);
    List<BalanceSample> before = balance.stream()
        .filter(b -> b.timeMs() >= added.startMs() && b.timeMs() < settledAt).toList();
    assertThat(before).as("samples between the add and the settled one")
        .anyMatch(b -> Boolean.FALSE.equals(b.settled()) && b.detail().contains("BOOT"));
    // from the first sample that saw it moving, none said settled before the one the figure names
    int firstMoving = before.indexOf(before.stream().filter(b -> Boolean.FALSE.equals(b.settled())).findFirst()
        .orElseThrow());
    assertThat(before.subList(firstMoving, before.size())).noneMatch(b -> Boolean.TRUE.equals(b.settled()));
    assertThat(balance).anyMatch(b -> b.timeMs() == settledAt && Boolean.TRUE.equals(b.settled()));
    // the nodes' figures: four nodes at the end of latest-read, each sampled, the table on every one
    io.largekv.results.Results.Servers latest = json.phases().stream().filter(p -> p.name().equals("latest-read"))
        .findFirst().orElseThrow().servers().get(0);
    assertThat(latest.nodes()).extracting(io.largekv.results.Results.ServerNode::node)
        .contains("127.0.0.1", "127.0.0.2", "127.0.0.4");
    assertThat(latest.nodes()).filteredOn(n -> !n.node().equals("127.0.0.3"))
        .allSatisfy(n -> assertThat(n.cpuPercent().value()).as(n.node()).isPositive());
    assertThat(Files.readString(results.resolve("report.md"))).contains("### Servers in latest-read")
        .contains("data settled after (s)");
  }

  private static io.largekv.results.Results.Event event(io.largekv.results.Results json, String phase, String what) {
    return json.phases().stream().filter(p -> p.name().equals(phase)).findFirst().orElseThrow().events().stream()
        .filter(e -> e.event().endsWith(what)).findFirst().orElseThrow();
  }

  @Test
  @Order(4)
  void theEventTableHoldsTheNumbersOfTheRawLogs() throws Exception {
    String md = Files.readString(results.resolve("report.md"));
    io.largekv.results.Results json = io.largekv.report.ResultsCheck.check(results);
    for (String phase : List.of("load", "uniform-read", "latest-read")) {
      Path run = run(phase);
      long t0 = firstOperation(phase);
      List<Timeline.Second> timeline = Timeline.read(run.resolve("client-0").resolve("timeline.csv"));
      List<EventRecord> events = EventsFile.read(run);
      for (EventRecord e : events) {
        List<String> row = eventRow(md, phase, e.spec().substring(e.spec().indexOf('@') + 1));
        if (e.result().equals("not run")) {
          // planned after the phase's end: the client's own last second ended before (or about when) it was due
          assertThat(row.get(5)).startsWith("not run (the phase ended");
          long lastEnd = timeline.get(timeline.size() - 1).endMs();
          assertThat(lastEnd - t0).as(e.spec() + ": the timeline's last second").isLessThan(
              (long) (e.plannedSeconds() * 1000) + 1_100);
          continue;
        }
        assertThat(row.get(3)).isEqualTo(String.format(Locale.ROOT, "%.1f", (e.startMs() - t0) / 1000.0));
        assertThat(row.get(4)).isEqualTo(String.format(Locale.ROOT, "%.1f", (e.endMs() - e.startMs()) / 1000.0));
        assertThat(row.get(5)).startsWith(e.result());
        String[] window = row.get(9).split("–");
        int from = Integer.parseInt(window[0]);
        int to = Integer.parseInt(window[1]);
        assertThat(from).isEqualTo((int) ((e.startMs() - t0) / 1000));
        checkImpactAgainstTheTimeline(e.spec(), row, parse(row.get(6)), timeline, t0, from, to);
        if (e.spec().equals("load@14:exec:true")) {
          long after = timeline.stream().filter(x -> x.endMs() > e.startMs()).count();
          System.out.printf("ClusterEventsIT: the event at the load's end ran at %.1f s, %d timeline second(s)"
              + " after it: %s%n", (e.startMs() - t0) / 1000.0, after, row.get(8));
          assertThat(row.get(8)).as("fewer than 3 s of the load after it").isEqualTo("not recovered");
        }
        // failed operations and verification failures: the timeline's seconds that end in the window
        long failed = 0;
        long verification = 0;
        for (Timeline.Second s : timeline) {
          if (s.endMs() > t0 + from * 1000L && s.endMs() <= t0 + to * 1000L) {
            failed += s.failed();
            verification += s.verificationFailures();
          }
        }
        assertThat(row.get(10)).as(e.spec() + " failed").startsWith(Long.toString(failed));
        assertThat(row.get(12)).isEqualTo(Long.toString(verification)).isEqualTo("0");
        // p99 in the window: the intended-time intervals (with --rate) of the phase's main operation that start
        // in it, merged
        Histogram h = new Histogram(3);
        String op = phase.equals("load") ? "INSERT" : "READ";
        for (Histogram i : intervals(run.resolve("client-0").resolve("hdr").resolve("Intended-" + op + ".hdr"))) {
          if (i.getStartTimeStamp() >= t0 + from * 1000L && i.getStartTimeStamp() < t0 + to * 1000L) {
            h.add(i);
          }
        }
        assertThat(row.get(11)).isEqualTo(String.format(Locale.ROOT, "%.2f", h.getValueAtPercentile(99) / 1000.0));
        // results.json: the same event, the same figures
        io.largekv.results.Results.Event je = json.phases().stream().filter(x -> x.name().equals(phase))
            .findFirst().orElseThrow().events().stream()
            .filter(x -> x.event().equals(e.spec().substring(e.spec().indexOf('@') + 1))).findFirst().orElseThrow();
        assertThat(je.impact().windowStartSecond()).isEqualTo(from);
        assertThat(je.impact().windowEndSecond()).isEqualTo(to);
        assertThat(String.format(Locale.ROOT, "%,.0f", je.impact().beforeOpsPerSecond())).isEqualTo(row.get(6));
        assertThat(String.format(Locale.ROOT, "%,.0f", je.impact().lowestOpsPerSecond())).isEqualTo(row.get(7));
        assertThat(je.impact().recoveredAfterSeconds() == null ? "not recovered"
            : Integer.toString(je.impact().recoveredAfterSeconds())).isEqualTo(row.get(8));
        assertThat(je.impact().failed()).isEqualTo(failed);
        assertThat(je.impact().p99Ms()).isEqualTo(h.getValueAtPercentile(99) / 1000.0);
      }
    }
  }

  /** The latest-read phase's event whose action begins with {@code what}. */
  private static EventRecord latestEvent(String what) throws Exception {
    return EventsFile.read(run("latest-read")).stream().filter(e -> e.spec().contains(":" + what))
        .findFirst().orElseThrow(() -> new AssertionError("no event " + what + " in latest-read"));
  }

  @Test
  @Order(2)
  void aDecommissionedNodeLeavesTheRingAfterTheAddedOneJoinedAndNoRowIsLost() throws Exception {
    EventRecord add = latestEvent("add-node");
    EventRecord decommission = latestEvent("decommission-node:3");
    long t0 = firstOperation("latest-read");
    assertThat(decommission.result()).as(decommission.detail()).isEqualTo("ok");
    // due at 2 s, it waited for the add (node actions one at a time, in order)
    assertThat(decommission.startMs() - t0).as("decommission at 2 s or later").isGreaterThanOrEqualTo(2_000L);
    assertThat(decommission.startMs()).isGreaterThanOrEqualTo(add.endMs());
    System.out.printf("ClusterEventsIT: node 3 decommissioned %.1f-%.1f s into the 100 s latest-read phase%n",
        (decommission.startMs() - t0) / 1000.0, (decommission.endMs() - t0) / 1000.0);
    // the ring at the end has no node 3, and the phase read every row back while and after it left
    assertThat(NodesFile.read(run("latest-read"))).extracting(NodeRecord::node)
        .doesNotContain(3);
    YcsbOutput out = YcsbOutput.parse(Files.readString(run("latest-read").resolve("client-0").resolve("ycsb.txt")));
    assertThat(io.largekv.results.ClientSummary.of(out).failedOperations()).as("final errors: %s",
        failures("latest-read")).isZero();
    assertThat(out.returns("VERIFY", "CORRUPT") + out.returns("VERIFY", "MISSING")).isZero();
    // the servers' side saw it leaving: node 3 LEAVING in the others' gossip, between the event's start and end
    List<BalanceSample> leaving = ServerSamplesFile.read(run("latest-read")).balance().stream()
        .filter(b -> b.timeMs() >= decommission.startMs() && b.timeMs() <= decommission.endMs()).toList();
    assertThat(leaving).as("balance samples during the decommission").anyMatch(b -> Boolean.FALSE.equals(b.settled())
        && b.detail().contains("LEAVING"));
    assertThat(Files.readString(results.resolve("report.md"))).contains("2:decommission-node:3");
  }

  @Test
  @Order(5)
  void theHtmlReportDrawsTheEventsInHeadlessChromium() throws Exception {
    Chromium chromium = Chromium.require(work);
    Chromium.Page page = chromium.load(results.resolve("report.html"));
    // 3 phases x 5 charts (the servers' dataset chart too), each drawn; each of the 9 events x 4 time charts,
    // each marker with a height
    long ran = 0;
    for (String phase : List.of("load", "uniform-read", "latest-read")) {
      ran += EventsFile.read(run(phase)).stream().filter(e -> !e.result().equals("not run"))
          .count();
    }
    assertThat(ran).isEqualTo(9);
    assertThat(page.dom()).contains("data-charts-rendered=\"15/15\"")
        .contains("data-event-markers=\"" + ran * 4 + "/" + ran * 4 + "\"");
    assertThat(page.dom()).contains("<h3>Events in uniform-read</h3>").contains(">kill-node:2</text>");
    Chromium.assertNoConsoleErrors(page);
  }

  /** One row of a phase's event table in report.md, by its event column. */
  private static List<String> eventRow(String md, String phase, String event) {
    String section = md.substring(md.indexOf("### Events in " + phase + "\n"));
    section = section.substring(0, section.indexOf("\n\n", section.indexOf("|")));
    for (String line : section.split("\n")) {
      if (!line.startsWith("| ")) {
        continue;
      }
      List<String> cells = List.of(line.substring(2, line.length() - 2).split(" \\| "));
      if (cells.size() > 2 && cells.get(2).replace("\\|", "|").equals(event)) {
        return cells;
      }
    }
    throw new AssertionError("no event " + event + " in " + phase + ":\n" + section);
  }

  /**
   * The event's throughput cells read again another way: from the client's own timeline.csv (a
   * counter sampled about once a second by its own thread, on its own boundaries), not from the
   * HdrHistogram logs the report spreads over the seconds since the first operation. The two sets of
   * 1-second boundaries differ by up to a second, so each check allows for what that can move and no
   * more:
   *
   * <ul>
   *   <li>before: the median of the timeline's rates of the same 30 s, within 15 % (medians hardly
   *       move with the boundaries), when at least 5 s came before the event;</li>
   *   <li>lowest: no more than the window's median timeline rate (+15 %: the lowest second is not above
   *       the window's typical one), and below before when the timeline saw the window fall under half
   *       of before (a dip of a whole second shows on any boundaries);</li>
   *   <li>a recovery after r seconds: the timeline's three seconds from there run at 80 % of before or
   *       more; and when r &gt; 0, some timeline second before them ran below before;</li>
   *   <li>not recovered: fewer than three whole timeline seconds after the event, or no three in a row
   *       at 110 % of the 90 % rule.</li>
   * </ul>
   */
  private static void checkImpactAgainstTheTimeline(String spec, List<String> row, double before,
      List<Timeline.Second> timeline, long t0, int from, int to) {
    // each timeline line's rate over its own time, ops/s, by its end
    List<long[]> ends = new ArrayList<>();
    List<Double> rates = new ArrayList<>();
    for (int i = 1; i < timeline.size(); i++) {
      long len = timeline.get(i).endMs() - timeline.get(i - 1).endMs();
      ends.add(new long[] {timeline.get(i - 1).endMs(), timeline.get(i).endMs()});
      rates.add(timeline.get(i).successful() * 1000.0 / Math.max(1, len));
    }
    long fromMs = t0 + from * 1000L;
    if (from >= 5) {
      List<Double> b = between(ends, rates, t0 + Math.max(0, from - 30) * 1000L, fromMs);
      assertThat(before).as(spec + " before against the timeline's " + b)
          .isCloseTo(median(b), org.assertj.core.data.Percentage.withPercentage(15));
    }
    double lowest = parse(row.get(7));
    List<Double> window = between(ends, rates, fromMs, t0 + to * 1000L);
    if (window.size() >= 3) {
      assertThat(lowest).as(spec + " lowest against the timeline's " + window)
          .isLessThanOrEqualTo(1.15 * median(window));
    }
    if (window.stream().anyMatch(x -> x < 0.5 * before)) {
      assertThat(lowest).as(spec + " lowest, the timeline's window fell: " + window).isLessThan(before);
    }
    long lastEnd = timeline.get(timeline.size() - 1).endMs();
    if (row.get(8).equals("not recovered")) {
      List<Double> after = between(ends, rates, fromMs, lastEnd);
      boolean threeUp = false;
      for (int i = 0; i + 3 <= after.size(); i++) {
        threeUp |= after.subList(i, i + 3).stream().allMatch(r -> r >= 1.1 * 0.9 * before);
      }
      assertThat(after.size() < 3 || !threeUp).as(spec + " not recovered, yet the timeline after it ran " + after)
          .isTrue();
    } else {
      int r = Integer.parseInt(row.get(8));
      long upFrom = fromMs + r * 1000L;
      List<Double> up = between(ends, rates, upFrom, upFrom + 3000);
      assertThat(up).as(spec + " recovered after " + r + " s").isNotEmpty();
      assertThat(up.stream().mapToDouble(Double::doubleValue).average().orElseThrow())
          .as(spec + " recovered after " + r + " s: the timeline's " + up).isGreaterThanOrEqualTo(0.8 * before);
      if (r > 0) {
        assertThat(between(ends, rates, fromMs - 1000, upFrom + 1000)).as(spec + " fell, then recovered")
            .anyMatch(x -> x < before);
      }
    }
  }

  /** The rates of the timeline lines that end after {@code fromMs} and at or before {@code toMs}. */
  private static List<Double> between(List<long[]> ends, List<Double> rates, long fromMs, long toMs) {
    List<Double> out = new ArrayList<>();
    for (int i = 0; i < ends.size(); i++) {
      if (ends.get(i)[1] > fromMs && ends.get(i)[1] <= toMs) {
        out.add(rates.get(i));
      }
    }
    return out;
  }

  /** A figure as report.md prints it ({@code 1,234}). */
  private static double parse(String cell) {
    return Double.parseDouble(cell.replace(",", ""));
  }

  private static double median(List<Double> v) {
    double[] s = v.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  private static List<Histogram> intervals(Path hdr) throws Exception {
    return HdrLog.read(hdr.toFile()).stream().map(i -> i.histogram).toList();
  }
}
