package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code bench/run --rate}: its options, each client's fixed-rate command line, and its table. */
class FixedRateTest {

  private static final Path REPO = Path.of(".").toAbsolutePath();

  /** 600,000 operations at concurrency 64 on a local server, as fast as the client goes. */
  private static final BenchClient.Settings UNTHROTTLED = BenchClient.Settings.builder().ops(600_000).concurrency(64)
      .contactPoint("127.0.0.1:9042").localDatacenter("datacenter1").repo(REPO).results(REPO.resolve("target")).build();

  @Test
  void theRateModeNeedsLatteAndSensibleSeconds() {
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--rate", "--clients", "largekv"}))
        .hasMessage("--rate runs each client at fractions of latte's read rate; accepted: --rate with latte in --clients");
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--rate", "--rate-seconds", "5"}))
        .hasMessage("--rate-seconds 5 is not accepted; accepted values: 10..86400");
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--rate", "--rate-warm-up", "-1"}))
        .hasMessage("--rate-warm-up -1 is not accepted; accepted values: 0..3600");
    // a client without a rate would put an unthrottled run in the fixed-rate table: it is left out of them
    assertThat(YcsbBenchClient.largekv(List.of()).hasFixedRate()).isTrue();
    assertThat(YcsbBenchClient.core(List.of()).hasFixedRate()).isTrue();
    assertThat(new LatteClient("latte", REPO.resolve("bench/latte/kv.rn"), 2000).hasFixedRate()).isTrue();
    assertThat(YcsbBenchClient.asyncDriver(List.of()).hasFixedRate()).isFalse();
    assertThat(Nb5BenchClient.verified(REPO, "5.17.9").hasFixedRate()).isFalse();
    BenchOptions o = BenchOptions.parse(new String[] {"--rate", "--clients", "largekv,latte"});
    assertThat(o.rate).isTrue();
    assertThat(o.rateSeconds).isEqualTo(60);
    assertThat(o.rateWarmUpSeconds).isEqualTo(120);
  }

  @Test
  void atARateLatteGetsItsRateAndYcsbItsTargetWithIntendedTimeAmongTheSameRows() {
    BenchClient.Settings s = UNTHROTTLED.atRate(960_000, 16_000, "kv_largekv", 30);
    assertThat(s.rows()).isEqualTo(600_000);
    List<String> latte = new LatteClient("latte", REPO.resolve("bench/latte/kv.rn"), 2000).command(BenchPhase.READ, s);
    assertThat(latte).containsSequence("-r", "16000").containsSequence("-d", "960000").contains("rows=600000");
    assertThat(latte.get(latte.size() - 1)).isEqualTo("127.0.0.1:9042");
    // the same bound on a request as the Java clients' driver, and no retry past it: a server stall
    // longer than 2 s fails latte's run as it fails theirs
    assertThat(latte).containsSequence("--request-timeout", "2000ms").containsSequence("--retries", "0");
    List<String> ycsb = YcsbBenchClient.largekv(List.of()).command(BenchPhase.READ, s);
    // YCSB's figures cover as many seconds as latte's: its warm-up is left out of them and added to its run
    assertThat(YcsbBenchClient.largekv(List.of()).warmUpLeftOut(s)).isEqualTo(30);
    assertThat(new LatteClient("latte", REPO.resolve("bench/latte/kv.rn"), 2000).warmUpLeftOut(s)).isZero();
    assertThat(ycsb).contains("target=16000", "measurement.interval=both", "recordcount=600000",
        "largekv.warmup_s=30", "operationcount=1440000");
    // the same rows for every client that can read largekv's: latte and largekv's YCSB clients; the
    // others (CoreWorkload's rows differ) read their own
    assertThat(latte).contains("table=\"kv_largekv\"");
    assertThat(ycsb).contains("ycql.table=kv_largekv");
    assertThat(YcsbBenchClient.largekvPlatform(List.of()).command(BenchPhase.READ, s))
        .contains("ycql.table=kv_largekv");
    assertThat(YcsbBenchClient.core(List.of()).command(BenchPhase.READ, s)).contains("ycql.table=kv_core");
    assertThat(YcsbBenchClient.warmUp().writesLargekvRows()).isFalse();
    assertThat(new LatteClient("latte", REPO.resolve("bench/latte/kv.rn"), 2000).writesLargekvRows()).isFalse();
    // unthrottled, the efficiency table's p99 is the whole run's, as latte's
    List<String> unthrottled = YcsbBenchClient.largekv(List.of()).command(BenchPhase.READ, UNTHROTTLED);
    assertThat(unthrottled).contains("largekv.warmup_s=0").noneMatch(a -> a.startsWith("target="));
  }

  @Test
  void aFixedRateYcsbRunMustHaveSucceededInEveryOperationOfItsWarmUpToo(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    BenchClient.Settings s = UNTHROTTLED.atRate(960_000, 16_000, "kv_largekv", 30);
    assertThat(s.warmUpOps()).isEqualTo(480_000);
    YcsbBenchClient client = YcsbBenchClient.largekv(List.of());
    Path whole = dir.resolve("whole.txt");
    java.nio.file.Files.writeString(whole, ycsbOutput(1_440_000));
    assertThat(client.report(BenchPhase.READ, whole, s).problem()).isNull();
    // the reported window alone is not the run: its warm-up's operations are missing
    Path short_ = dir.resolve("short.txt");
    java.nio.file.Files.writeString(short_, ycsbOutput(960_000));
    assertThat(client.report(BenchPhase.READ, short_, s).problem()).isEqualTo("READ: 960000 OK, 0 not OK of 1440000");
  }

  private static String ycsbOutput(long ok) {
    return "[OVERALL], Throughput(ops/sec), 16000.0\n[READ], Operations, 960000\n"
        + "[READ], 50thPercentileLatency(us), 800\n[READ], 99thPercentileLatency(us), 3000\n"
        + "[READ], 99.9PercentileLatency(us), 20000\n[READ], Return=OK, " + ok + "\n";
  }

  @Test
  void theTableShowsServiceAndIntendedTimeTheRatioToLatteAtTheSameRateAndTheServersPauses() {
    BenchOptions o = BenchOptions.parse(new String[] {"--rate"});
    BenchClient.Report latte = new BenchClient.Report(960_000, 0, 15_990, 3.0, null,
        new BenchClient.Latency(0.8, 3.0, 20.0), null);
    BenchClient.Report largekv = new BenchClient.Report(960_000, 0, 15_980, 4.5, null,
        new BenchClient.Latency(0.7, 4.5, 25.0), new BenchClient.Latency(0.9, 50.0, 90.0));
    String t = Table.renderRates(List.of(
        new FixedRates.RateRun(0.5, 16_000, 1, LatteClient.NAME, latte, 0, new ServerPauses.Within(21, 88, 712)),
        new FixedRates.RateRun(0.5, 16_000, 1, "largekv YCSB (default)", largekv, 0, ServerPauses.Within.UNKNOWN),
        new FixedRates.RateRun(0.8, 25_600, 1, LatteClient.NAME, latte, 0, ServerPauses.Within.UNKNOWN),
        new FixedRates.RateRun(0.8, 25_600, 1, "largekv YCSB (default)", largekv, 1,
            ServerPauses.Within.UNKNOWN)), o);
    assertThat(t).contains("50% 16,000/s")
        .containsPattern("latte +15990 +0\\.80 +3\\.00 +20\\.00 +- +- +- +1\\.00  21, longest 88 ms, 712 ms in all")
        .containsPattern("largekv YCSB \\(default\\) +15980 +0\\.70 +4\\.50 +25\\.00 +0\\.90 +50\\.00 +90\\.00 +1\\.50  -\n")
        // a failed run has no ratio: it is neither a better nor a worse one
        .containsPattern("largekv YCSB \\(default\\) +15980 .* +n/a  -  FAILED: exit 1")
        .doesNotContain("median");
  }

  @Test
  void repeatedRunsPairEachRunWithLattesOfTheSameRunAndGiveTheMedianRatio() {
    BenchOptions o = BenchOptions.parse(new String[] {"--rate", "--rate-runs", "3"});
    assertThat(o.rateRuns).isEqualTo(3);
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--rate", "--rate-runs", "0"}))
        .hasMessage("--rate-runs 0 is not accepted; accepted values: 1..100");
    List<FixedRates.RateRun> runs = new java.util.ArrayList<>();
    double[] latteP99 = {3.0, 4.0, 2.0};
    double[] largekvP99 = {3.3, 2.0, 2.4};
    for (int run = 1; run <= 3; run++) {
      runs.add(new FixedRates.RateRun(0.5, 16_000, run, LatteClient.NAME, report(latteP99[run - 1]), 0,
          ServerPauses.Within.UNKNOWN));
      runs.add(new FixedRates.RateRun(0.5, 16_000, run, "largekv YCSB (default)", report(largekvP99[run - 1]),
          0, ServerPauses.Within.UNKNOWN));
    }
    assertThat(Table.p99OverLatte(runs.get(3), runs)).isEqualTo(0.5);
    String t = Table.renderRates(runs, o);
    assertThat(t).contains("3 runs of each client at each rate, alternating").contains("50% 16,000/s run 2")
        .containsPattern("50% +largekv YCSB \\(default\\) +1\\.10, 0\\.50, 1\\.20; median 1\\.10");

    // run 2's largekv shared the machine with other work: no ratio of its own, marked, left out of the median
    FixedRates.RateRun two = runs.get(3);
    runs.set(3, new FixedRates.RateRun(two.fraction(), two.rate(), two.run(), two.client(), two.report(),
        two.serverPauses(), new FixedRates.RateRun.Measured(0, null, 0.6)));
    assertThat(Table.p99OverLatte(runs.get(3), runs)).isNaN();
    assertThat(Table.renderRates(runs, o)).containsPattern("50% 16,000/s run 2 +largekv .*  \\* disturbed \\(no ratio\\)")
        .containsPattern("50% +largekv YCSB \\(default\\) +1\\.10, n/a, 1\\.20; median 1\\.15");
  }

  @Test
  void aRateLatteDidNotHoldIsSaidToCompareDifferentLoads() {
    // the 2026-11-25 run at 80 %: latte read 8,037-8,531 of 9,153/s, YCSB 8,772-8,938
    List<FixedRates.RateRun> runs = List.of(
        passed(0.8, 9_153, 1, LatteClient.NAME, 8_358, 15.6),
        passed(0.8, 9_153, 1, "largekv YCSB (default)", 8_811, 22.4),
        passed(0.8, 9_153, 2, LatteClient.NAME, 8_037, 13.4),
        passed(0.8, 9_153, 2, "largekv YCSB (default)", 8_938, 18.0),
        passed(0.5, 5_720, 1, LatteClient.NAME, 5_603, 10.7),
        passed(0.5, 5_720, 1, "largekv YCSB (default)", 5_588, 8.3));
    assertThat(Table.unequalLoad(0.8, runs)).hasValue("80% 9,153/s: latte read 88–91 % of the rate (its schedule"
        + " slipped: the server did not keep up with it), the other clients 96–98 % (YCSB's threads catch up), so the"
        + " clients did not read the same load there and p99 ×latte compares different loads.");
    // 98 % is held: no note
    assertThat(Table.unequalLoad(0.5, runs)).isEmpty();
    String t = Table.renderRates(runs, BenchOptions.parse(new String[] {"--rate", "--rate-runs", "2"}));
    assertThat(t).contains("80% 9,153/s: latte read 88–91 % of the rate").doesNotContain("50% 5,720/s: latte read");
  }

  @Test
  void afterALatteRunThatDidNotHoldTheRateTheOtherClientsReadTheLoadLatteRead() {
    // latte held 8,358 of 9,153/s (91 %): the others read 8,358/s
    assertThat(FixedRates.sameLoad(9_153, reportAt(8_358, 15.6), 0)).isEqualTo(8_358);
    // held (97 % or more), failed, or no figure: the rate asked
    assertThat(FixedRates.sameLoad(9_153, reportAt(8_900, 15.6), 0)).isEqualTo(9_153);
    assertThat(FixedRates.sameLoad(9_153, reportAt(8_358, 15.6), 1)).isEqualTo(9_153);
    assertThat(FixedRates.sameLoad(9_153, reportAt(0, 15.6), 0)).isEqualTo(9_153);
    List<FixedRates.RateRun> runs = List.of(
        passed(0.8, 9_153, 1, LatteClient.NAME, 8_358, 15.6),
        passed(0.8, 8_358, 1, "largekv YCSB (default)", 8_350, 16.0),
        passed(0.8, 9_153, 2, LatteClient.NAME, 8_037, 13.4),
        passed(0.8, 8_037, 2, "largekv YCSB (default)", 8_030, 14.0));
    assertThat(Table.unequalLoad(0.8, runs)).hasValue("80% 9,153/s: latte read 88–91 % of the rate (its schedule"
        + " slipped: the server did not keep up with it); the other clients read at the rate latte read in the"
        + " same run (8,037–8,358/s), the same load.");
    String t = Table.renderRates(runs, BenchOptions.parse(new String[] {"--rate", "--rate-runs", "2"}));
    // each row gives the rate its client read at, and the ratio pairs it with latte's run of the same turn
    assertThat(t).containsPattern("80% 8,358/s run 1 +largekv YCSB \\(default\\) +8350 ")
        .containsPattern("80% +largekv YCSB \\(default\\) +1\\.03, 1\\.04; median 1\\.04");
  }

  /** A run that exited 0 with {@code opsPerSecond} and {@code p99}, the server's pauses unknown. */
  private static FixedRates.RateRun passed(double fraction, double rate, int run, String client,
      double opsPerSecond, double p99) {
    return new FixedRates.RateRun(fraction, rate, run, client, reportAt(opsPerSecond, p99), 0,
        ServerPauses.Within.UNKNOWN);
  }

  private static BenchClient.Report reportAt(double opsPerSecond, double p99) {
    return new BenchClient.Report(600_000, 0, opsPerSecond, p99, null, new BenchClient.Latency(1.0, p99, 50.0), null);
  }

  private static BenchClient.Report report(double p99) {
    return new BenchClient.Report(960_000, 0, 15_990, p99, null, new BenchClient.Latency(0.8, p99, 20.0), null);
  }
}
