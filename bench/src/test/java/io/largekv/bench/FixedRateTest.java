package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code bench/run --rate}: its options, each client's fixed-rate command line, and its table. */
class FixedRateTest {

  private static final Path REPO = Path.of(".").toAbsolutePath();

  @Test
  void theRateModeNeedsLatteAndSensibleSeconds() {
    assertThatThrownBy(() -> ClientEfficiency.Options.parse(new String[] {"--rate", "--clients", "largekv"}))
        .hasMessage("--rate runs each client at fractions of latte's read rate; accepted: --rate with latte in --clients");
    assertThatThrownBy(() -> ClientEfficiency.Options.parse(new String[] {"--rate", "--rate-seconds", "5"}))
        .hasMessage("--rate-seconds 5 is not accepted; accepted: 10 .. 86400");
    ClientEfficiency.Options o = ClientEfficiency.Options.parse(new String[] {"--rate", "--clients", "largekv,latte"});
    assertThat(o.rate).isTrue();
    assertThat(o.rateSeconds).isEqualTo(60);
  }

  @Test
  void atARateLatteGetsItsRateAndYcsbItsTargetWithIntendedTimeAmongTheSameRows() {
    BenchClient.Settings s = new BenchClient.Settings(600_000, 64, "127.0.0.1:9042", "datacenter1", REPO,
        REPO.resolve("target")).atRate(960_000, 16_000, "kv_largekv");
    assertThat(s.rows()).isEqualTo(600_000);
    List<String> latte = new LatteClient("latte", REPO.resolve("bench/latte/kv.rn")).command(BenchPhase.READ, s, null);
    assertThat(latte).containsSequence("-r", "16000").containsSequence("-d", "960000").contains("rows=600000");
    assertThat(latte.get(latte.size() - 1)).isEqualTo("127.0.0.1:9042");
    List<String> ycsb = YcsbBenchClient.largekv(List.of()).command(BenchPhase.READ, s, null);
    assertThat(ycsb).contains("target=16000", "measurement.interval=both", "recordcount=600000",
        "operationcount=960000").doesNotContain("largekv.warmup_s=0");
    // the same rows for every client that can read largekv's: latte and largekv's YCSB clients; the
    // others (CoreWorkload's rows differ) read their own
    assertThat(latte).contains("table=\"kv_largekv\"");
    assertThat(ycsb).contains("ycql.table=kv_largekv");
    assertThat(YcsbBenchClient.largekvPlatform(List.of()).command(BenchPhase.READ, s, null))
        .contains("ycql.table=kv_largekv");
    assertThat(YcsbBenchClient.core(List.of()).command(BenchPhase.READ, s, null)).contains("ycql.table=kv_core");
    assertThat(YcsbBenchClient.warmUp().writesLargekvRows()).isFalse();
    assertThat(new LatteClient("latte", REPO.resolve("bench/latte/kv.rn")).writesLargekvRows()).isFalse();
    // unthrottled, the efficiency table's p99 is the whole run's, as latte's
    List<String> unthrottled = YcsbBenchClient.largekv(List.of()).command(BenchPhase.READ,
        new BenchClient.Settings(600_000, 64, "127.0.0.1:9042", "datacenter1", REPO, REPO.resolve("target")), null);
    assertThat(unthrottled).contains("largekv.warmup_s=0").noneMatch(a -> a.startsWith("target="));
  }

  @Test
  void theTableShowsServiceAndIntendedTimeAndTheRatioToLatteAtTheSameRate() {
    ClientEfficiency.Options o = ClientEfficiency.Options.parse(new String[] {"--rate"});
    BenchClient.Report latte = new BenchClient.Report(960_000, 0, 15_990, 3.0, null,
        new BenchClient.Latency(0.8, 3.0, 20.0), null);
    BenchClient.Report largekv = new BenchClient.Report(960_000, 0, 15_980, 4.5, null,
        new BenchClient.Latency(0.7, 4.5, 25.0), new BenchClient.Latency(0.9, 50.0, 90.0));
    String t = Table.renderRates(List.of(new ClientEfficiency.RateRun(0.5, 16_000, LatteClient.NAME, latte, 0),
        new ClientEfficiency.RateRun(0.5, 16_000, "largekv YCSB (default)", largekv, 1)), o);
    assertThat(t).contains("50% 16,000/s").containsPattern("latte +15990 +0\\.80 +3\\.00 +20\\.00 +- +- +- +1\\.00")
        .containsPattern("largekv YCSB \\(default\\) +15980 +0\\.70 +4\\.50 +25\\.00 +0\\.90 +50\\.00 +90\\.00 +1\\.50"
            + "  FAILED: exit 1");
  }
}
