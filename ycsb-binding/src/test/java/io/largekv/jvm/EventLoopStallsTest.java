package io.largekv.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.largekv.common.UserError;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import org.HdrHistogram.Histogram;
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
    s.pauses(new ClientPauses()); // no pause: this JVM's own would make the counts depend on its GC
    s.measuring();
    return s;
  }

  private static String lines(EventLoopStalls s, long operations) {
    return lines(s, operations, Map.of());
  }

  private static String lines(EventLoopStalls s, long operations, Map<String, Histogram> figures) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    s.print(new PrintStream(b, true, StandardCharsets.UTF_8), operations, figures);
    return b.toString(StandardCharsets.UTF_8);
  }

  private static String ms(long us) {
    return String.format(Locale.ROOT, "%.2f", us / 1000.0);
  }

  /** YCSB's measurement's precision (Recorder(3)), in µs. */
  private static Histogram histogram() {
    return new Histogram(3);
  }

  /**
   * The run: 155,097 reads whose tail is dense around the p99.9 of 63.87 ms: 2,097 reads
   * 20 µs apart up to 66.97 ms, the rest at 1–20 ms. 65 ranks below p99.9 is 1.3 ms lower.
   */
  private static Histogram denseTail() {
    Histogram h = histogram();
    for (int i = 0; i < 153_000; i++) {
      h.recordValue(1_000 + i % 19_000);
    }
    for (int i = 0; i < 2_097; i++) {
      h.recordValue(25_050 + 20L * i);
    }
    return h;
  }

  /** As many reads, with a sparse tail: 200 reads 400 µs apart from 20 ms to 100 ms, p99.9 at 38 ms. */
  private static Histogram sparseTail() {
    Histogram h = histogram();
    for (int i = 0; i < 154_897; i++) {
      h.recordValue(1_000 + i % 19_000);
    }
    for (int i = 0; i < 200; i++) {
      h.recordValue(20_400 + 400L * i);
    }
    return h;
  }

  /** 32 threads, p99.9 reported, 2 stalls after the warm-up (13.7 and 12 ms): 64 reads may have been delayed. */
  private static EventLoopStalls twoStallsAfterTheWarmUp() {
    EventLoopStalls s = watching("threadcount", "32", "hdrhistogram.percentiles", "50,95,99,99.9");
    s.warmUpEnded();
    s.record(13_700_000);
    s.record(12 * MS);
    return s;
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
        + "[LARGEKV], EventLoopStallTotalMs, 52.5\n[LARGEKV], EventLoopStallMachineMs, 0.0\n"
        + "[LARGEKV], EventLoopStallsUnread, 2\n[LARGEKV], EventLoopStallsOnTheMachine, 0\n"
        + "[LARGEKV], EventLoopStallsInJvmPauses, 0\n");
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
    assertThat(s.warning(1_000, Map.of())).isEmpty();
  }

  @Test
  void withoutHistogramsTheRuleComparesTheOperationsStallsMayHaveDelayedWithATenthOfTheHighestPercentilesTail() {
    // p99.9 of 1,000,000 operations: 1,000 above it, a tenth is 100; 64 threads: one stall may delay 64
    EventLoopStalls s = watching("threadcount", "64", "hdrhistogram.percentiles", "50,95,99,99.9");
    s.record(11 * MS);
    assertThat(s.warning(1_000_000, Map.of())).isEmpty();
    s.record(15 * MS);
    assertThat(s.warning(1_000_000, Map.of())).hasValueSatisfying(p -> assertThat(p).isEqualTo("2 client stall(s), the"
        + " start-up included (largekv.warmup_s leaves it out of read phases) (the client's share of each over"
        + " largekv.stall_ms=10: longest 15.0 ms, 26.0 ms in all) may have delayed 128 operation(s) (64 per stall:"
        + " threadcount), more than a tenth of the 1000 above the reported p99.9: that percentile may have moved"));
    // YCSB's default percentiles (95, 99): p99 is the highest
    EventLoopStalls ycsbDefault = watching("threadcount", "10");
    ycsbDefault.record(20 * MS);
    assertThat(ycsbDefault.warning(10_000, Map.of())).isEmpty();
    assertThat(ycsbDefault.warning(9_999, Map.of())).hasValueSatisfying(p -> assertThat(p).contains("reported p99:"));
  }

  /**
   * The run: 2 stalls (longest 13.7 ms) may have delayed 64 of 155,097 reads, against a
   * p99.9 of 63.87 ms. The count rule failed it (64 is more than a tenth of the 155 reads above
   * p99.9); where the tail is dense, 64 reads lower is 1.3 ms lower: the p99.9 moved by at most
   * that, within 5 % of it, and the bound is printed instead.
   */
  @Test
  void aDenseTailThatTheStallsCannotMoveBeyondThePrecisionPassesAndShowsTheBound() {
    EventLoopStalls s = twoStallsAfterTheWarmUp();
    Histogram reads = denseTail();
    assertThat(reads.getValueAtPercentile(99.9)).isCloseTo(63_870L, within(64L));
    assertThat(s.problem(155_097, Map.of())).isPresent(); // the count rule: no histogram to bound the shift by
    assertThat(s.problem(155_097, Map.of("READ", reads))).isEmpty();
    EventLoopStalls.Shift shift = EventLoopStalls.shift("READ", reads, 99.9, 64, 13_700);
    // Q'(p) − Q'(p − δ), 65 ranks down (one for HdrHistogram's rounding): 20 µs a rank, and a bucket
    assertThat(shift.boundUs()).isBetween(65 * 20L, 65 * 20L + 2 * 32);
    assertThat(shift.boundUs() * 100.0).isLessThanOrEqualTo(EventLoopStalls.PRECISION_PERCENT * shift.percentileUs());
    assertThat(lines(s, 155_097, Map.of("READ", reads))).contains("[LARGEKV], EventLoopStallsAfterWarmUp, 2\n")
        .contains("[LARGEKV], EventLoopStallShiftUs(READ), " + shift.boundUs() + "\n").doesNotContain("Warning");
  }

  /**
   * The same stalls against a sparse tail: 64 reads below p99.9 is 18 ms lower; one read may have
   * waited through both stalls, 25.7 ms: 18 ms is the bound.
   */
  @Test
  void aTailTheStallsCanMoveBeyondThePrecisionStillFailsAndSaysByHowMuch() {
    EventLoopStalls s = twoStallsAfterTheWarmUp();
    Histogram reads = sparseTail();
    long q = reads.getValueAtPercentile(99.9);
    // one stall: the stall, and the width of the reported value's bucket (YCSB reports its highest value)
    assertThat(EventLoopStalls.shift("READ", reads, 99.9, 64, 13_700).boundUs())
        .isEqualTo(13_700 + q - reads.lowestEquivalentValue(q));
    // both stalls, 25.7 ms in all: the reads 65 ranks lower bound it
    long bound = EventLoopStalls.shift("READ", reads, 99.9, 64, 25_700).boundUs();
    assertThat(bound).isLessThan(25_700).isGreaterThan(q / 20);
    assertThat(s.problem(155_097, Map.of("READ", reads, "UPDATE", denseTail()))).hasValueSatisfying(p -> assertThat(p)
        .isEqualTo("2 client stall(s) after the warm-up (the client's share of each over largekv.stall_ms=10: longest"
            + " 13.7 ms, 25.7 ms in all) may have delayed 64 operation(s) (32 per stall: threadcount): enough to move"
            + " READ p99.9 (" + ms(q) + " ms) by up to " + ms(bound) + " ms, beyond the 5 % a percentile is stated"
            + " to: that percentile may have moved"));
    assertThat(lines(s, 155_097, Map.of("READ", reads))).contains("[LARGEKV], EventLoopStallShiftUs(READ), " + bound
        + "\n");
    // fewer threads: 2 reads may have been delayed, 3 ranks down is 1.2 ms lower, within 5 % of 38 ms
    EventLoopStalls one = watching("threadcount", "1", "hdrhistogram.percentiles", "50,95,99,99.9");
    one.warmUpEnded();
    one.record(13_700_000);
    one.record(12 * MS);
    assertThat(one.problem(155_097, Map.of("READ", reads))).isEmpty();
  }

  /**
   * So few operations that the stalls may have delayed every one up to the percentile's
   * ({@code p − δ ≤ 0}), the smallest too: no measured latency bounds the true ones from below but
   * 0, and the bound is the longest stall, or the percentile itself when that is smaller.
   */
  @Test
  void whenTheStallsMayHaveDelayedEveryOperationOnlyTheStallAndZeroBoundTheShift() {
    EventLoopStalls s = watching("threadcount", "16");
    s.warmUpEnded();
    s.record(12 * MS);
    // 10 reads of about 1 ms: each may be all stall
    Histogram fast = histogram();
    for (int i = 0; i < 10; i++) {
      fast.recordValue(1_000 + i);
    }
    long q = fast.getValueAtPercentile(99);
    assertThat(EventLoopStalls.shift("READ", fast, 99, 16, 12_000).boundUs()).isEqualTo(q);
    assertThat(s.problem(10, Map.of("READ", fast))).hasValueSatisfying(p -> assertThat(p)
        .contains("READ p99 (" + ms(q) + " ms) by up to " + ms(q) + " ms"));
    // 10 scans of about 300 ms: a 12 ms stall cannot move their p99 by 5 %, even if it delayed all of them
    Histogram slow = histogram();
    for (int i = 0; i < 10; i++) {
      slow.recordValue(300_000 + 1_000L * i);
    }
    long slowQ = slow.getValueAtPercentile(99);
    assertThat(EventLoopStalls.shift("SCAN", slow, 99, 16, 12_000).boundUs())
        .isEqualTo(12_000 + slowQ - slow.lowestEquivalentValue(slowQ));
    assertThat(s.problem(10, Map.of("SCAN", slow))).isEmpty();
  }

  @Test
  void withoutStallsThereIsNoBoundAndNoProblem() {
    EventLoopStalls s = watching("threadcount", "32", "hdrhistogram.percentiles", "50,95,99,99.9");
    s.warmUpEnded();
    s.record(5 * MS); // under the bound: not a stall
    assertThat(s.problem(155_097, Map.of("READ", sparseTail()))).isEmpty();
    assertThat(lines(s, 155_097, Map.of("READ", sparseTail()))).doesNotContain("EventLoopStallShiftUs");
  }

  /**
   * The bound holds whatever the latencies: true latencies, {@code k} of them delayed by up to
   * {@code L}; the measured percentile is never more than the bound above the true one.
   */
  @Test
  void theBoundIsNeverBelowTheShiftTheDelaysMade() {
    Random r = new Random(47);
    for (int trial = 0; trial < 300; trial++) {
      int n = 1 + r.nextInt(trial < 100 ? 50 : 5_000);
      long[] trueUs = new long[n];
      for (int i = 0; i < n; i++) {
        // a body and a long tail, so that both terms of the bound decide
        trueUs[i] = r.nextInt(10) == 0 ? 1_000 + r.nextInt(200_000) : 200 + r.nextInt(3_000);
      }
      int k = r.nextInt(Math.max(1, n / (1 + r.nextInt(20))) + 1);
      long longestUs = 1 + r.nextInt(50_000);
      long[] measuredUs = trueUs.clone();
      long[] delayed = r.ints(k, 0, n).mapToLong(i -> i).distinct().toArray();
      for (long i : delayed) {
        measuredUs[(int) i] += r.nextBoolean() ? longestUs : r.nextInt((int) longestUs + 1);
      }
      Histogram truth = histogram();
      Histogram measured = histogram();
      Arrays.stream(trueUs).forEach(truth::recordValue);
      Arrays.stream(measuredUs).forEach(measured::recordValue);
      for (double p : new double[] {50, 95, 99, 99.9}) {
        EventLoopStalls.Shift shift = EventLoopStalls.shift("READ", measured, p, k, longestUs);
        // the reported figure's shift: both are their buckets' highest values, as YCSB reports them
        long moved = measured.getValueAtPercentile(p) - truth.getValueAtPercentile(p);
        assertThat(shift.boundUs()).as("n=%d k=%d L=%d p=%s", n, k, longestUs, p).isGreaterThanOrEqualTo(moved)
            .isNotNegative();
      }
    }
  }

  /** Figures that include the warm-up are judged by the same bound: a warning when it is beyond the precision. */
  @Test
  void theWarningOfFiguresWithTheWarmUpInThemIsJudgedByTheBoundToo() {
    EventLoopStalls s = watching("threadcount", "32", "hdrhistogram.percentiles", "50,95,99,99.9");
    s.record(13_700_000);
    s.record(12 * MS);
    assertThat(s.problem(155_097, Map.of("READ", sparseTail()))).isEmpty(); // the warm-up is in the figures
    assertThat(s.warning(155_097, Map.of("READ", denseTail()))).isEmpty();
    assertThat(lines(s, 155_097, Map.of("READ", denseTail()))).contains("[LARGEKV], EventLoopStallShiftUs(READ), ")
        .doesNotContain("EventLoopStallWarning").doesNotContain("AfterWarmUp");
    assertThat(s.warning(155_097, Map.of("READ", sparseTail()))).hasValueSatisfying(p -> assertThat(p)
        .startsWith("2 client stall(s), the start-up included (largekv.warmup_s leaves it out of read phases) (the"
            + " client's share of each over largekv.stall_ms=10: longest 13.7 ms").contains("beyond the 5 %"));
    assertThat(lines(s, 155_097, Map.of("READ", sparseTail())))
        .contains("[LARGEKV], EventLoopStallShiftUs(READ), "
            + EventLoopStalls.shift("READ", sparseTail(), 99.9, 64, 25_700).boundUs() + "\n")
        .contains("[LARGEKV], EventLoopStallWarning, 2 client stall(s)");
  }

  @Test
  void afterAnExcludedWarmUpOnlyLaterStallsCountAndTheyFailTheRun() {
    EventLoopStalls s = watching("threadcount", "64", "hdrhistogram.percentiles", "50,95,99,99.9");
    s.record(40 * MS); // start-up: in the warm-up, left out of the figures
    s.record(40 * MS);
    s.warmUpEnded();
    assertThat(s.warning(1_000_000, Map.of())).isEmpty();
    assertThat(s.problem(1_000_000, Map.of())).isEmpty();
    s.record(12 * MS);
    assertThat(s.problem(1_000_000, Map.of())).isEmpty(); // 64 may be delayed, 100 allowed
    s.record(11 * MS);
    assertThat(s.problem(1_000_000, Map.of())).hasValueSatisfying(p -> assertThat(p).startsWith("2 client stall(s) after"
        + " the warm-up (the client's share of each over largekv.stall_ms=10: longest 12.0 ms"));
    assertThat(lines(s, 1_000_000)).contains("[LARGEKV], EventLoopStalls, 4\n")
        .contains("[LARGEKV], EventLoopStallsAfterWarmUp, 2\n").doesNotContain("EventLoopStallWarning");
    s.warmUpIncluded(); // nothing ran after the warm-up: the figures are the whole run's again
    assertThat(s.problem(1_000_000, Map.of())).isEmpty();
    assertThat(s.warning(1_000_000, Map.of())).hasValueSatisfying(p -> assertThat(p).startsWith("4 client stall(s)"));
  }

  @Test
  void stallsThatTheClientsGcPausesExplainAreCountedButNotJudged() {
    EventLoopStalls s = watching("threadcount", "64", "hdrhistogram.percentiles", "50,95,99,99.9");
    ClientPauses gc = new ClientPauses();
    s.pauses(gc);
    s.warmUpEnded();
    long now = System.nanoTime();
    // a 30 ms pause that ended just now: the 35 ms runs it fell into were 5 ms of the client's own
    gc.collection(now / MS - 31, now / MS - 1, now);
    s.recordEndingAt(now, 35 * MS, -1, null);
    s.recordEndingAt(now, 35 * MS, -1, null);
    assertThat(s.stalls()).isEqualTo(2);
    assertThat(s.inJvmPauses()).isEqualTo(2);
    assertThat(s.problem(1_000_000, Map.of())).isEmpty();
    assertThat(s.problem(155_097, Map.of("READ", sparseTail()))).isEmpty();
    assertThat(lines(s, 155_097, Map.of("READ", sparseTail()))).doesNotContain("EventLoopStallShiftUs");
    assertThat(lines(s, 1_000_000)).contains("[LARGEKV], EventLoopStallsInJvmPauses, 2\n")
        .contains("[LARGEKV], EventLoopStallsAfterWarmUp, 0\n");
    // runs 40 ms later, with no pause in them
    s.recordEndingAt(now + 40 * MS, 35 * MS, -1, null);
    s.recordEndingAt(now + 40 * MS, 35 * MS, -1, null);
    assertThat(s.inJvmPauses()).isEqualTo(2);
    assertThat(s.problem(1_000_000, Map.of())).hasValueSatisfying(p -> assertThat(p).startsWith("2 client stall(s)"));
    assertThat(s.problem(155_097, Map.of("READ", sparseTail()))).hasValueSatisfying(p -> assertThat(p)
        .startsWith("2 client stall(s)").endsWith("that percentile may have moved"));
  }

  /**
   * A stall is split: the I/O thread's wait for a CPU within it is the machine's, the rest the
   * client's. Only the client's share is judged: a 40 ms stall of which 35 ms were spent waiting for
   * a CPU is 5 ms of the client's, under the bound; one of 40 ms with 20 ms waiting is 20 ms of the
   * client's, a stall of the client's, and the bound on the shift is its client share.
   */
  @Test
  void onlyTheClientsShareOfAStallIsJudgedAndTheMachinesIsPrintedBesideIt() {
    EventLoopStalls s = watching("threadcount", "64", "hdrhistogram.percentiles", "50,95,99,99.9");
    s.warmUpEnded();
    s.record(40 * MS, 35 * MS);
    s.record(40 * MS, 35 * MS);
    assertThat(s.stalls()).isEqualTo(2);
    assertThat(s.onTheMachine()).isEqualTo(2);
    assertThat(s.problem(155_097, Map.of("READ", sparseTail()))).isEmpty();
    assertThat(s.problem(1_000, Map.of())).isEmpty();
    assertThat(lines(s, 155_097, Map.of("READ", sparseTail()))).contains("[LARGEKV], EventLoopStalls, 2\n")
        .contains("[LARGEKV], EventLoopStallTotalMs, 80.0\n").contains("[LARGEKV], EventLoopStallMachineMs, 70.0\n")
        .contains("[LARGEKV], EventLoopStallsOnTheMachine, 2\n").contains("[LARGEKV], EventLoopStallsAfterWarmUp, 0\n")
        .doesNotContain("EventLoopStallShiftUs");
    s.record(40 * MS, 20 * MS);
    assertThat(s.onTheMachine()).isEqualTo(2);
    assertThat(s.machineMs()).isEqualTo(90.0);
    assertThat(lines(s, 155_097, Map.of("READ", sparseTail()))).contains("[LARGEKV], EventLoopStallsAfterWarmUp, 1\n")
        .contains("[LARGEKV], EventLoopStallShiftUs(READ), "
            + EventLoopStalls.shift("READ", sparseTail(), 99.9, 64, 20_000).boundUs() + "\n");
    assertThat(s.problem(155_097, Map.of("READ", sparseTail()))).hasValueSatisfying(p -> assertThat(p)
        .startsWith("1 client stall(s) after the warm-up (the client's share of each over largekv.stall_ms=10: longest"
            + " 20.0 ms, 20.0 ms in all)"));
  }

  /** A wait read beyond the stall (a reading after its end) is capped at the stall; an unread one is all the client's. */
  @Test
  void theMachinesShareIsNeverMoreThanTheStallAndAnUnreadStallIsAllTheClients() {
    EventLoopStalls s = watching("threadcount", "1");
    s.warmUpEnded();
    s.record(12 * MS, 50 * MS);
    s.record(12 * MS, -1);
    assertThat(s.machineMs()).isEqualTo(12.0);
    assertThat(s.unread()).isEqualTo(1);
    assertThat(s.onTheMachine()).isEqualTo(1);
    assertThat(lines(s, 1_000)).contains("[LARGEKV], EventLoopStallsUnread, 1\n")
        .contains("[LARGEKV], EventLoopStallsAfterWarmUp, 1\n");
  }

  /**
   * A stall with both a JVM pause and the machine's share in it: they add up, but where the pause was
   * stopping or letting the threads go a thread may have been waiting for a CPU too, and that time
   * is taken off their sum; never less than the larger of the two is explained.
   */
  @Test
  void theMachinesShareAndTheJvmsPausesTogetherExplainAStallTheirOverlapCountedOnce() throws Exception {
    EventLoopStalls s = watching("threadcount", "64", "hdrhistogram.percentiles", "50,95,99,99.9");
    ClientPauses pauses = new ClientPauses();
    s.pauses(pauses);
    s.warmUpEnded();
    pauses.offset(0);
    long now = System.nanoTime();
    // a safepoint that ended just now: 1 ms stopping, 8 ms stopped, 5 ms letting go
    pauses.safepoint(now - 14 * MS, now - 13 * MS, now - 5 * MS, now);
    // a 30 ms run over it: 16 ms the machine's, 14 ms the pause, up to 6 ms of them the same time:
    // 24 ms explained, 6 ms the client's
    s.recordEndingAt(now + MS, 30 * MS, 16 * MS, null);
    assertThat(s.inJvmPauses()).isEqualTo(1);
    assertThat(lines(s, 1_000_000)).contains("[LARGEKV], EventLoopStallsAfterWarmUp, 0\n");
    // another over the same pause with 10 ms the machine's: 18 ms explained (not 24), 12 ms the client's
    s.recordEndingAt(now + MS, 30 * MS, 10 * MS, null);
    assertThat(lines(s, 1_000_000)).contains("[LARGEKV], EventLoopStallsAfterWarmUp, 1\n");
    assertThat(s.judgedStalls()).singleElement().asString().startsWith("a client stall after the warm-up: 30.0 ms,"
        + " 12.0 ms of it the client's (largekv.stall_ms=10); the machine's share 10.0 ms").endsWith(
        "; the JVM's pauses in it 14.0 ms");
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

  /** The rule's comparisons at their edges: a share equal to the bound is not over it. */
  @Test
  void aShareEqualToTheBoundIsNotOverItAndOneNanosecondMoreIs() {
    EventLoopStalls s = watching("threadcount", "1");
    s.warmUpEnded();
    s.record(20 * MS, 10 * MS); // the client's 10 ms: not over
    assertThat(s.onTheMachine()).isEqualTo(1);
    assertThat(s.judgedStalls()).isEmpty();
    assertThat(lines(s, 1_000)).contains("[LARGEKV], EventLoopStallsAfterWarmUp, 0\n");
    s.record(20 * MS, 10 * MS - 1, "read at its end"); // 10 ms and 1 ns: over
    assertThat(s.onTheMachine()).isEqualTo(1);
    assertThat(lines(s, 1_000)).contains("[LARGEKV], EventLoopStallsAfterWarmUp, 1\n");
    assertThat(s.judgedStalls()).singleElement().asString().contains("the machine's share 10.0 ms (read at its end)");
    // a machine's share read as 0 is read: none unread
    s.record(11 * MS, 0, null);
    assertThat(s.unread()).isZero();
    assertThat(s.machineMs()).isCloseTo(19.999999, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(s.judgedStalls()).hasSize(2).last().asString().doesNotContain("(null)")
        .contains("the machine's share 0.0 ms;");
    // a run of exactly the bound is no stall at all
    s.record(10 * MS, -1);
    assertThat(s.stalls()).isEqualTo(3);
  }

  /** A JVM pause explains a stall whose client share without it is over the bound and with it is not. */
  @Test
  void aStallThePauseBringsToTheBoundIsThePausesAndOneTheMachineAloneBringsThereIsNot() {
    EventLoopStalls s = watching("threadcount", "1");
    ClientPauses pauses = new ClientPauses();
    s.pauses(pauses);
    s.warmUpEnded();
    pauses.offset(0);
    long now = System.nanoTime();
    pauses.safepoint(now - 10 * MS, now - 10 * MS, now, now); // 10 ms stopped, no edges
    s.recordEndingAt(now + MS, 20 * MS, 0, null); // 20 ms, 10 of them the pause: the client's 10 ms
    assertThat(s.inJvmPauses()).isEqualTo(1);
    assertThat(s.onTheMachine()).isZero();
    s.recordEndingAt(now + MS, 20 * MS, 10 * MS, null); // the machine's 10 ms alone bring it to the bound
    assertThat(s.inJvmPauses()).isEqualTo(1);
    assertThat(s.onTheMachine()).isEqualTo(1);
    assertThat(s.judgedStalls()).isEmpty();
  }

  /** Past the windows kept, every further stall is the client's, and the longest and the sum are the whole stalls'. */
  @Test
  void stallsBeyondTheWindowsKeptAreJudgedAsTheClients() {
    EventLoopStalls s = watching("threadcount", "1");
    s.warmUpEnded();
    for (int i = 0; i < EventLoopStalls.KEPT; i++) {
      s.record(30 * MS, 25 * MS); // each the machine's
    }
    assertThat(lines(s, 1_000_000)).contains("[LARGEKV], EventLoopStallsAfterWarmUp, 0\n");
    s.record(40 * MS, 35 * MS);
    assertThat(s.stalls()).isEqualTo(EventLoopStalls.KEPT + 1L);
    assertThat(s.onTheMachine()).isEqualTo(EventLoopStalls.KEPT);
    assertThat(lines(s, 1_000_000)).contains("[LARGEKV], EventLoopStallsAfterWarmUp, 1\n");
    assertThat(s.problem(100, Map.of())).hasValueSatisfying(p -> assertThat(p).contains("longest 40.0 ms"));
  }

  @Test
  void percentilesOutsideZeroToHundredAreNotYcsbsAndTheShiftRoundsTheStallsUpToAMicrosecond() {
    assertThat(EventLoopStalls.highestPercentile("0")).isEqualTo(99);
    assertThat(EventLoopStalls.highestPercentile("100,50")).isEqualTo(50);
    assertThat(EventLoopStalls.percentiles("0,100")).containsExactly(99);
    assertThat(EventLoopStalls.percentiles("99.9,0,50,100")).containsExactly(50, 99.9);
    // a shift's precision: 5 % of the percentile is within it, more is beyond
    assertThat(new EventLoopStalls.Shift("READ", 99, 100, 5).beyondPrecision()).isFalse();
    assertThat(new EventLoopStalls.Shift("READ", 99, 100, 6).beyondPrecision()).isTrue();
    // p − δ exactly 0: nothing below it, the bound is the percentile itself (4 values, p50, 1 + 1 ranks)
    Histogram four = histogram();
    for (long v : new long[] {1_000, 2_000, 3_000, 4_000}) {
      four.recordValue(v);
    }
    assertThat(EventLoopStalls.shift("READ", four, 50, 1, 1_000_000).boundUs()).isEqualTo(2_000);
    // the stalls' time rounds up to the next µs: 20 ms and 1 ns bound the shift as 20,001 µs do
    EventLoopStalls s = watching("threadcount", "1", "hdrhistogram.percentiles", "99.9");
    s.warmUpEnded();
    s.record(20 * MS + 1, -1);
    // 997 reads at 1 ms, 3 at 100 ms: the p99.9 is far above the reads one rank below it, so the delay bounds it
    Histogram h = histogram();
    h.recordValueWithCount(1_000, 997);
    h.recordValueWithCount(100_000, 3);
    long bound = EventLoopStalls.shift("READ", h, 99.9, 1, 20_001).boundUs();
    assertThat(bound).isNotEqualTo(EventLoopStalls.shift("READ", h, 99.9, 1, 20_000).boundUs());
    assertThat(lines(s, 1_000, Map.of("READ", h, "UPDATE", histogram())))
        .contains("[LARGEKV], EventLoopStallShiftUs(READ), " + bound + "\n").doesNotContain("ShiftUs(UPDATE)");
  }

  @Test
  void theStateItWasGivenIsTheStateItTells() {
    EventLoopStalls s = new EventLoopStalls();
    Properties p = new Properties();
    p.setProperty("largekv.hang_ms", "5000");
    s.watch(p);
    assertThat(s.hangMs()).isEqualTo(5_000);
    assertThat(s.boundMs()).isEqualTo(10);
    assertThat(s.machineWhyNot()).isEqualTo(ThreadSchedule.ofCurrentThread().whyNot());
    assertThat(s.isMeasuring()).isFalse();
    assertThat(s.isStall(20 * MS)).as("before the first operation").isFalse();
    s.measuring();
    assertThat(s.isMeasuring()).isTrue();
    assertThat(s.afterWarmUp()).isFalse();
    s.warmUpEnded();
    assertThat(s.afterWarmUp()).isTrue();
    s.warmUpIncluded();
    assertThat(s.afterWarmUp()).isFalse();
    EventLoopStalls defaults = new EventLoopStalls();
    defaults.watch(new Properties());
    assertThat(defaults.hangMs()).isEqualTo(2_000);
  }
}
