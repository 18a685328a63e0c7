package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.results.Results;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The published figures of a report's cells (results.json, the tables), from compare directories
 * written by hand. Every expected value is worked out from the fixtures' own rates and latencies.
 */
class ReportFiguresTest {

  private static final long T0 = 1_790_000_000_000L;

  /**
   * A second of reads, {@code factor} times: 500 at 1.0 ms, 450 at 1.5 ms, 40 at 1.8 ms, 9 at 1.9 ms and 1
   * at 2.0 ms (under 2,048 µs: exact in a 3-digit HdrHistogram).
   */
  private static Histogram readSecond(int factor) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(1_000, 500L * factor);
    h.recordValueWithCount(1_500, 450L * factor);
    h.recordValueWithCount(1_800, 40L * factor);
    h.recordValueWithCount(1_900, 9L * factor);
    h.recordValueWithCount(2_000, factor);
    return h;
  }

  /** {@code target}'s one repeat of uniform-read: 30 s from T0 of 1,000 × factor reads and 100 × factor updates (1.2 ms). */
  private static void target(Path dir, String target, int factor, String ycsb) throws Exception {
    Path client = Files.createDirectories(dir.resolve(target).resolve("uniform-read").resolve("rep-1")
        .resolve("client-0").resolve("hdr")).getParent();
    IntervalLogs.write(client.resolve("hdr").resolve("READ.hdr"), T0, 30, s -> readSecond(factor));
    IntervalLogs.write(client.resolve("hdr").resolve("UPDATE.hdr"), T0, 30, s -> {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(1_200, 100L * factor);
      return h;
    });
    Files.writeString(client.resolve("exit.txt"), "0\n");
    Files.writeString(client.resolve("ycsb.txt"), ycsb);
  }

  private static void compareProperties(Path dir, String targets, int warmup) throws Exception {
    Files.write(dir.resolve("compare.properties"), List.of("targets=" + targets, "phases=uniform-read",
        "warmup=" + warmup, "repeat=1", "machine=2 cores"), StandardCharsets.ISO_8859_1);
  }

  @Test
  void aCellsFiguresAfterTheWarmUpAndAgainstTheFirstColumn(@TempDir Path dir) throws Exception {
    target(dir, "cassandra", 1, "[READ], Return=ERROR, 5\n[ERRORS], Return=READ:DriverTimeoutException, 5\n");
    target(dir, "scylla", 2, "");
    compareProperties(dir, "cassandra,scylla", 10);
    Results r = Report.load(dir).results();
    List<Results.Cell> cells = r.phases().get(0).cells();
    Results.Cell cassandra = cells.get(0);
    Results.Cell scylla = cells.get(1);
    // the 20 s after a 10-s warm-up: (1,000 reads + 100 updates) a second; scylla twice that
    assertThat(cassandra.throughput().window()).isEqualTo(Results.AFTER_WARM_UP);
    assertThat(cassandra.throughput().mean()).isEqualTo(1100.0);
    assertThat(scylla.throughput().mean()).isEqualTo(2200.0);
    assertThat(cassandra.throughputVsFirst()).isEqualTo(1.0);
    assertThat(scylla.throughputVsFirst()).isEqualTo(2200.0 / 1100.0);
    // the reads' latency, 20,000 of them: the 10,000th is 1.0 ms, the 19,000th 1.5, the 19,800th 1.8,
    // the 19,980th 1.9 and the slowest 2.0
    Results.Latency read = cassandra.latency();
    assertThat(cassandra.operation()).isEqualTo("READ");
    assertThat(read.window()).isEqualTo(Results.AFTER_WARM_UP);
    assertThat(read.count()).isEqualTo(20_000);
    assertThat(List.of(read.p50(), read.p95(), read.p99(), read.p999(), read.max()))
        .containsExactly(1.0, 1.5, 1.8, 1.9, 2.0);
    // the updates: the other operation, 2,000 at 1.2 ms
    assertThat(cassandra.others()).hasSize(1);
    Results.Other update = cassandra.others().get(0);
    assertThat(update.operation()).isEqualTo("UPDATE");
    assertThat(update.latency().count()).isEqualTo(20 * 100);
    assertThat(update.latency().p99()).isEqualTo(1.2);
    assertThat(scylla.others().get(0).latency().count()).isEqualTo(20 * 200);
    // the failed operations, by class
    assertThat(cassandra.errors()).isEqualTo(5);
    assertThat(cassandra.errorClasses()).isEqualTo(Map.of("READ:DriverTimeoutException", 5L));
    assertThat(scylla.errorClasses()).isEmpty();
    // the repeat: its one client's throughput and seconds
    Results.Repeat rep = cassandra.repeats().get(0);
    assertThat(rep.throughput()).isEqualTo(1100.0);
    assertThat(rep.measuredSeconds()).isEqualTo(20.0);
    assertThat(rep.clientThroughputs()).containsExactly(1100.0);
    assertThat(rep.clientMeasuredSeconds()).containsExactly(20.0);
    // the run's servers' line: one per target
    assertThat(r.runs().get(0).servers()).containsOnlyKeys("cassandra", "scylla");
  }

  @Test
  void aCellWithoutAWarmUpCoversTheWholePhaseAndOneColumnHasNoRatio(@TempDir Path dir) throws Exception {
    target(dir, "cassandra", 1, "");
    compareProperties(dir, "cassandra", 0);
    Results.Cell c = Report.load(dir).results().phases().get(0).cells().get(0);
    assertThat(c.throughput().window()).isEqualTo(Results.WHOLE_PHASE);
    assertThat(c.latency().window()).isEqualTo(Results.WHOLE_PHASE);
    assertThat(c.throughput().mean()).isEqualTo(1100.0); // 33,000 operations over 30 s
    assertThat(c.latency().count()).isEqualTo(30_000);
    assertThat(c.throughputVsFirst()).isNull();
  }

  @Test
  void aDistributionWithoutOperationsHasNoFiguresNotZero() {
    Results.Latency none = ReportFigures.latency(new Histogram(3), true, Results.WHOLE_PHASE);
    assertThat(none).isEqualTo(Results.Latency.builder(ReportFigures.MS, Results.Latency.INTENDED, Results.WHOLE_PHASE)
        .count(0).build());
  }

  @Test
  void aFailedCellSaysItsExitCodesTheFirstReasonAndTheMissingClients(@TempDir Path tmp) throws Exception {
    // a clients' directory: client.count=3, client-0 failed, client-1 never wrote its directory
    Path dir = tmp.resolve("yb30b");
    String command = "/opt/largekv/bin/ycsb run yugabyte-ycql -P /etc/largekv/workloads/large30b-uniform-read -s"
        + " -p hosts=yb1 -p client.count=3";
    Path c0 = PhaseResultTest.finished(dir.resolve("uniform-read").resolve("client-0"), 1, "");
    Files.writeString(c0.resolve("command.txt"), command + "\n");
    Files.writeString(c0.resolve("stderr.txt"), "largekv: connecting\nlargekv: no host answered within 60 s\n");
    Path c2 = PhaseResultTest.finished(dir.resolve("uniform-read").resolve("client-2"), 0, "");
    Files.writeString(c2.resolve("command.txt"), command + "\n");
    PhaseResultTest.ops(c2, "READ", T0, 5, 100);
    Results.Cell c = Report.load(dir).results().phases().get(0).cells().get(0);
    assertThat(c.status()).isEqualTo(Results.Cell.FAILED);
    assertThat(c.failure()).isEqualTo("exit codes [1, 0]; client-0: no host answered within 60 s; missing: client-1");
  }

  @Test
  void anEventsImpactAndTheServersFiguresOfEachRepeat(@TempDir Path dir) throws Exception {
    Path run = dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1");
    EventImpactTest.writeTwoEvents(run);
    ServerFiguresTest.writeSamples(run);
    compareProperties(dir, "cassandra", 0);
    Results.Phase phase = Report.load(dir).results().phases().get(0);
    // the kill recovered after 1 s; the start never fell: recovered after 0 s, a figure, not "not recovered"
    assertThat(phase.events().get(0).impact().recoveredAfterSeconds()).isEqualTo(1);
    assertThat(phase.events().get(1).impact().recoveredAfterSeconds()).isZero();
    assertThat(phase.events().get(1).impact().windowEndSecond()).isEqualTo(51);
    assertThat(phase.servers()).singleElement().satisfies(s -> {
      assertThat(s.column()).isEqualTo("cassandra");
      assertThat(s.repeat()).isEqualTo(1);
    });
  }
}
