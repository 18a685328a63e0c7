package io.largekv.report.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.results.Results;
import io.largekv.results.Results.Figure;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The seed's tables beside a full-scale run's figures, line by line, from the run's own figures. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SeedFiguresTest {

  private static Results.Cell cell(String op, long count, double throughput, double seconds,
      List<Results.Other> others) {
    return Results.Cell.builder("yugabyte", "run", Results.Cell.OK)
        .throughput(new Results.Throughput("ops/s", Results.WHOLE_PHASE, throughput, throughput, throughput, 1))
        .operation(op).latency(latency(count)).operations(count).others(others).errors(0L)
        .repeats(List.of(Results.Repeat.builder(1).throughput(throughput).measuredSeconds(seconds)
            .clientThroughputs(List.of(throughput)).clientMeasuredSeconds(List.of(seconds)).exitCodes(List.of(0))
            .build()))
        .build();
  }

  /** A service-time distribution of {@code count} operations, the whole phase: 1, 2, 3, 4 and 5 ms. */
  private static Results.Latency latency(long count) {
    return Results.Latency.builder("ms", Results.Latency.SERVICE, Results.WHOLE_PHASE).count(count).p50(1.0).p95(2.0)
        .p99(3.0).p999(4.0).max(5.0).build();
  }

  private static Results.ServerNode node(String name, Double end, Double perRow) {
    Figure none = Figure.unavailable("not in this test", 2);
    return Results.ServerNode.builder(name, "ALIVE").allFigures(none).tableBytesStart(Figure.of(0, 2, 2))
        .tableBytesEnd(end == null ? none : Figure.of(end, 2, 2))
        .bytesPerStoredRow(perRow == null ? none : Figure.of(perRow, 2, 2)).build();
  }

  @Test
  void theLoadTableIsTheSeedsLineByLineWithThisRunsFigures() {
    double tb = Math.pow(1024, 4);
    Results.Servers servers = Results.Servers.builder("yugabyte", 1).sources(List.of("test")).intervalSeconds(10)
        .samples(2).nodes(List.of(node("n1", 6.5 * tb, null), node("n2", 6.0 * tb, null), node("n3", 7.0 * tb, null),
            node("n4", 6.5 * tb, null))).cluster(node("cluster", 26 * tb, 650.0)).build();
    List<SeedFigures.Line> lines = SeedFigures.of("load", cell("INSERT", 30_000_000_000L, 85_000, 4.4 * 86400,
        List.of()), servers);
    assertThat(lines).extracting(SeedFigures.Line::figure).containsExactly("Records inserted", "Size of each record",
        "Time taken to insert data", "Sustained insert rate", "Final dataset in cluster",
        "Final dataset size per node");
    assertThat(lines).extracting(SeedFigures.Line::run).containsExactly("30,000,000,000",
        "306 B logical (50-byte key, 256-byte value); on disk per stored row: 650 B", "4.4 days",
        "85,000 inserts/second", "26.0 TiB across 4 nodes", "6.50 TiB / node (from 6.00 TiB to 7.00 TiB)");
    assertThat(lines.get(4).seed()).isEqualTo("26TB across 4 nodes");
  }

  @Test
  void aFigureThisRunCouldNotMeasureSaysWhyAndAReadPhaseSplitsItsThroughputByOperation() {
    List<SeedFigures.Line> load = SeedFigures.of("load", cell("INSERT", 1000, 100, 10, List.of()), null);
    assertThat(load.get(4).run()).isEqualTo("unavailable: the servers were not sampled");
    assertThat(load.get(5).run()).isEqualTo("unavailable: the servers were not sampled");
    Results.Latency updates = latency(10);
    List<SeedFigures.Line> read = SeedFigures.of("uniform-read", cell("READ", 990, 1000, 1,
        List.of(new Results.Other("UPDATE", updates))), null);
    assertThat(read).singleElement().satisfies(l -> {
      assertThat(l.seed()).isEqualTo("185K reads/sec and 1K writes/sec");
      assertThat(l.run()).isEqualTo("990 reads/sec and 10 writes/sec");
    });
  }
}
