package io.largekv.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.common.UserError;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class EventLoopStallsTest {

  private static final long MS = 1_000_000;

  private static EventLoopStalls watching(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    EventLoopStalls s = new EventLoopStalls();
    s.watch(p);
    s.gcPauses(new ClientGcPauses()); // no pause: this JVM's own would make the counts depend on its GC
    s.measuring();
    return s;
  }

  private static String lines(EventLoopStalls s, long operations) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    s.print(new PrintStream(b, true, StandardCharsets.UTF_8), operations);
    return b.toString(StandardCharsets.UTF_8);
  }

  @Test
  void runsOverTheBoundAreStallsAndTheLinesSayHowManyHowLongAndInAll() {
    EventLoopStalls s = watching("threadcount", "64");
    s.record(10 * MS); // at the bound: not over it
    s.record(3 * MS);
    s.record(12 * MS);
    s.record(40 * MS + MS / 2);
    assertThat(s.stalls()).isEqualTo(2);
    assertThat(lines(s, 1_000_000)).isEqualTo("[LARGEKV], EventLoopStalls, 2\n[LARGEKV], EventLoopStallMaxMs, 40.5\n"
        + "[LARGEKV], EventLoopStallTotalMs, 52.5\n[LARGEKV], EventLoopStallsInGcPauses, 0\n");
  }

  @Test
  void beforeTheFirstOperationNothingIsInFlightAndNoRunIsAStall() {
    EventLoopStalls s = new EventLoopStalls();
    s.watch(new Properties());
    s.record(300 * MS); // a client thread creating the schema on an I/O thread
    s.measuring();
    s.record(20 * MS);
    assertThat(s.stalls()).isEqualTo(1);
    assertThat(s.maxMs()).isEqualTo(20);
  }

  @Test
  void withoutTheIoThreadSchedulerThereAreNoLinesAndNoProblem() {
    EventLoopStalls s = new EventLoopStalls();
    s.record(500 * MS);
    assertThat(lines(s, 1_000)).isEmpty();
    assertThat(s.warning(1_000)).isEmpty();
  }

  @Test
  void theRuleComparesTheOperationsStallsMayHaveDelayedWithATenthOfTheHighestPercentilesTail() {
    // p99.9 of 1,000,000 operations: 1,000 above it, a tenth is 100; 64 threads: one stall may delay 64
    EventLoopStalls s = watching("threadcount", "64", "hdrhistogram.percentiles", "50,95,99,99.9");
    s.record(11 * MS);
    assertThat(s.warning(1_000_000)).isEmpty();
    s.record(15 * MS);
    assertThat(s.warning(1_000_000)).hasValueSatisfying(p -> assertThat(p).isEqualTo("2 stall(s) of the driver's"
        + " I/O threads, the client's start-up included (largekv.warmup_s leaves it out of read and mixed phases)"
        + " (longest 15.0 ms, over 10 ms each; largekv.stall_ms=10) may have delayed up to 128"
        + " operation(s) (64 per stall: threadcount), more than a tenth of the 1000 above the reported p99.9: that"
        + " percentile may have moved"));
    // YCSB's default percentiles (95, 99): p99 is the highest
    EventLoopStalls ycsbDefault = watching("threadcount", "10");
    ycsbDefault.record(20 * MS);
    assertThat(ycsbDefault.warning(10_000)).isEmpty();
    assertThat(ycsbDefault.warning(9_999)).hasValueSatisfying(p -> assertThat(p).contains("reported p99:"));
  }

  @Test
  void afterAnExcludedWarmUpOnlyLaterStallsCountAndTheyFailTheRun() {
    EventLoopStalls s = watching("threadcount", "64", "hdrhistogram.percentiles", "50,95,99,99.9");
    s.record(40 * MS); // start-up: in the warm-up, left out of the figures
    s.record(40 * MS);
    s.warmUpEnded();
    assertThat(s.warning(1_000_000)).isEmpty();
    assertThat(s.problem(1_000_000)).isEmpty();
    s.record(12 * MS);
    assertThat(s.problem(1_000_000)).isEmpty(); // 64 may be delayed, 100 allowed
    s.record(11 * MS);
    assertThat(s.problem(1_000_000)).hasValueSatisfying(p -> assertThat(p).startsWith("2 stall(s) of the driver's"
        + " I/O threads after the client's warm-up (longest 12.0 ms"));
    assertThat(lines(s, 1_000_000)).contains("[LARGEKV], EventLoopStalls, 4\n")
        .contains("[LARGEKV], EventLoopStallsAfterWarmUp, 2\n").doesNotContain("EventLoopStallWarning");
    s.warmUpIncluded(); // nothing ran after the warm-up: the figures are the whole run's again
    assertThat(s.problem(1_000_000)).isEmpty();
    assertThat(s.warning(1_000_000)).hasValueSatisfying(p -> assertThat(p).startsWith("4 stall(s)"));
  }

  @Test
  void stallsThatTheClientsGcPausesExplainAreCountedButNotJudged() throws InterruptedException {
    EventLoopStalls s = watching("threadcount", "64", "hdrhistogram.percentiles", "50,95,99,99.9");
    ClientGcPauses gc = new ClientGcPauses();
    s.gcPauses(gc);
    s.warmUpEnded();
    long now = System.nanoTime();
    // a 30 ms pause that ended just now: the 35 ms run it fell into was 5 ms of the client's own
    gc.pause(now / MS - 31, now / MS - 1, now);
    s.record(35 * MS);
    s.record(35 * MS);
    assertThat(s.stalls()).isEqualTo(2);
    assertThat(s.inGcPauses()).isEqualTo(2);
    assertThat(s.problem(1_000_000)).isEmpty();
    assertThat(lines(s, 1_000_000)).contains("[LARGEKV], EventLoopStallsInGcPauses, 2\n")
        .contains("[LARGEKV], EventLoopStallsAfterWarmUp, 0\n");
    Thread.sleep(40); // runs with no pause in them
    s.record(35 * MS);
    s.record(35 * MS);
    assertThat(s.inGcPauses()).isEqualTo(2);
    assertThat(s.problem(1_000_000)).hasValueSatisfying(p -> assertThat(p).startsWith("2 stall(s)"));
  }

  @Test
  void theBoundsAreCheckedAsBadInput() {
    Properties p = new Properties();
    p.setProperty("largekv.stall_ms", "0");
    assertThatThrownBy(() -> EventLoopStalls.check(p)).isInstanceOf(UserError.class)
        .hasMessageStartingWith("largekv.stall_ms=0 is not accepted; accepted values: an integer in 1..3600000");
    p.setProperty("largekv.stall_ms", "50");
    p.setProperty("largekv.hang_ms", "50");
    assertThatThrownBy(() -> EventLoopStalls.check(p)).isInstanceOf(UserError.class)
        .hasMessageStartingWith("largekv.hang_ms=50 is not accepted; accepted values: an integer in 51..86400001");
    p.setProperty("largekv.hang_ms", "5000");
    EventLoopStalls.check(p);
    assertThat(EventLoopStalls.highestPercentile("50, 95,99.99,x")).isEqualTo(99.99);
    assertThat(EventLoopStalls.highestPercentile("")).isEqualTo(99);
  }
}
