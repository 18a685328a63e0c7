package io.largekv.nosqlbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.format.KeyValueFormat;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * yb_kv_large's key arithmetic where the real-nb5 tests never go. RealNb5SmokeIT and
 * RealNb5VerificationIT run every phase on a real nb5 from cycle 0 with at most about 10 000 rows
 * (and a load of key numbers 3·10^9 to 3·10^9 + 6 000), and check there that every row written is
 * the YCSB workload's row ({@link KeyValueFormat}), that inserts are contiguous and that no read
 * misses. A seed's phase runs for hundreds of millions of cycles over 3·10^10 keys: cycle numbers
 * past 2^31, key numbers near 3·10^10, and a latest window of about a million keys
 * ({@code latest_p=0.000001d}), which no test can run for real. Here the bindings are evaluated at
 * those numbers with nb5's algorithms ({@link BindingChain}, pinned to nb5's outputs at those
 * magnitudes by BindingChainTest).
 */
class KeyValueMappingTest {

  private static final KeyValueFormat FORMAT = KeyValueFormat.standard();
  private static final WorkloadFile FILE = WorkloadFile.load();
  private static final Workload DEFAULTS = FILE.workload(Map.of());

  private static long keyNumber(Object key) {
    assertThat(key).isInstanceOf(String.class);
    long n = FORMAT.keyNumber((String) key);
    assertThat(n).as("key number of %s", key).isNotNegative();
    return n;
  }

  private static ByteBuffer canonical(long n) {
    return ByteBuffer.wrap(FORMAT.value(n));
  }

  /** The seeds' keycounts: real runs read at most 10 062 keys (or a range of 6 000 past 3·10^9). */
  @Test
  void uniformReadsCoverTheWholeLongRange() {
    for (long keycount : new long[] {30_000_000_000L, 20_000_000_000L, 1_629_145_600L}) {
      Workload w = FILE.workload(Map.of("keycount", Long.toString(keycount)));
      BindingChain key = BindingChain.parse(w.bindings().get("uniform_key"));
      Map<String, Object> state = new HashMap<>();
      long max = 0;
      int aboveInt = 0;
      int inTopTenth = 0;
      int samples = 20_000;
      for (long c = 0; c < samples; c++) {
        long n = keyNumber(key.apply(c * 7919 + 3, state));
        assertThat(n).isLessThan(keycount);
        max = Math.max(max, n);
        aboveInt += n > Integer.MAX_VALUE ? 1 : 0;
        inTopTenth += n >= keycount / 10 * 9 ? 1 : 0;
      }
      assertThat(max).isGreaterThan(keycount / 1000 * 999);
      assertThat(inTopTenth).isBetween(samples / 10 - 400, samples / 10 + 400);
      if (keycount > Integer.MAX_VALUE * 4L) {
        assertThat(aboveInt).isGreaterThan(samples / 2); // no int truncation on the key path
      }
    }
  }

  /**
   * Runs each phase's op sequence the way nb5 assigns ops to cycles (one thread, cycle order) far
   * into a 30-billion-row phase, where cycle numbers exceed 2^31, and checks every op: writes are
   * canonical; inserts extend the dataset contiguously above keycount; reads only ask for loaded or
   * already-inserted keys. From cycle 0, at a few thousand rows, the real-nb5 tests check the same on
   * a real server (RealNb5SmokeIT: every row verified, keys contiguous, no read missing).
   */
  @Test
  void everyPhaseWritesCanonicalRowsAndReadsOnlyExistingOnes() {
    List<String> checked = new ArrayList<>();
    for (String scenario : DEFAULTS.scenarioNames()) {
      for (Workload.Step step : DEFAULTS.steps(scenario)) {
        if (step.blockPattern().startsWith("schema_") || step.blockPattern().equals("verified_reads")) {
          continue;
        }
        Map<String, String> params = new HashMap<>(step.params());
        Workload w = FILE.workload(params);
        long keycount = Long.parseLong(params.getOrDefault("keycount", FILE.templateDefaults().get("keycount")));
        simulatePhase(scenario + "." + step.name() + "@2^34", w, step.blockPattern(), keycount, 1L << 34, 12_000);
        checked.add(scenario + "." + step.name());
      }
    }
    // the growth block, which no scenario runs (nor any real-nb5 test)
    simulatePhase("append", DEFAULTS, "append", 30_000_000_000L, 0, 1000);
    assertThat(checked).contains("default.load", "latest_read.main", "smoke.latest_read_fixed",
        "dense20b_read_heavy.main");
  }

  private static void simulatePhase(String where, Workload w, String blocks, long keycount, long from, long count) {
    OpSequence seq = new OpSequence(w.opsOfBlocks(blocks));
    Map<String, BindingChain> chains = new HashMap<>();
    w.bindings().forEach((name, recipe) -> chains.put(name, BindingChain.parse(recipe)));
    Map<String, Object> state = new HashMap<>();
    long newestInsert = -1; // newest key inserted above keycount in this window
    for (long c = from; c < from + count; c++) {
      Workload.Op op = seq.at(c);
      List<String> points = op.bindPoints();
      long n = keyNumber(chains.get(points.get(0)).apply(c, state));
      if (op.isWrite()) {
        assertThat(op.statement()).contains("(k, v) VALUES");
        assertThat(chains.get(points.get(1)).apply(c, state))
            .as("%s cycle %d writes the canonical value of key number %d", where, c, n).isEqualTo(canonical(n));
        if (blocks.equals("rampup")) {
          assertThat(n).as("%s: load key number = cycle", where).isEqualTo(c);
        } else if (n >= keycount) {
          if (newestInsert >= 0) {
            assertThat(n).as("%s cycle %d: inserts are contiguous", where, c).isEqualTo(newestInsert + 1);
          } else if (from == 0) {
            assertThat(n).as("%s: the first insert is key number keycount", where).isEqualTo(keycount);
          }
          newestInsert = n;
        }
      } else {
        assertThat(op.isRead()).isTrue();
        boolean loaded = n < keycount;
        boolean insertedBefore = newestInsert >= 0 && n >= keycount && n <= newestInsert;
        boolean insertedBeforeWindow = from > 0 && n >= keycount && newestInsert < 0;
        assertThat(loaded || insertedBefore || insertedBeforeWindow)
            .as("%s cycle %d reads key number %d (keycount %d, newest insert %d)", where, c, n, keycount,
                newestInsert).isTrue();
      }
    }
  }

  /**
   * Every read checks its row against the value the same bindings generate for the key number it
   * asked for, at cycles past 2^31 with keycount 3·10^10 (at small cycles the real-nb5 tests see
   * every read verified, and damaged rows found); latest_read's inserts report their
   * acknowledgement; every scenario that reads, also those no test runs, ends with the step that
   * prints the counts and fails the run on a bad row.
   */
  @Test
  void everyReadVerifiesItsRowAgainstTheValueOfItsKeyNumber() {
    java.util.regex.Pattern call = java.util.regex.Pattern.compile(
        "verification\\.verifyRow\\('(\\w+)', result, \\{(\\w+)}, \\{(\\w+)}, (true|false)\\)");
    Workload w = FILE.workload(Map.of("keystart", "1000", "keycount", "30000000000", "latest_p", "0.01d"));
    List<String> verified = new ArrayList<>();
    for (Workload.Op op : w.ops()) {
      String where = op.block() + "." + op.name();
      if (!op.isRead()) {
        if (op.block().equals("latest_insert")) {
          assertThat(op.verifier().strip()).isEqualTo("verification.acknowledged({" + op.bindPoints().get(0) + "})");
        }
        continue;
      }
      assertThat(op.verifierInit()).as(where).contains("@CompileStatic", "class YbKvLargeVerification", "verification = new YbKvLargeVerification(", "on_bad_row");
      java.util.regex.Matcher m = call.matcher(op.verifier().strip());
      assertThat(m.matches()).as("%s verifier: %s", where, op.verifier()).isTrue();
      assertThat(m.group(1)).as(where).isEqualTo(op.block());
      assertThat(m.group(2)).as("%s checks the key it reads", where).isEqualTo(op.bindPoints().get(0));
      assertThat(m.group(4)).as("%s: only latest_read reads keys its own phase inserts", where)
          .isEqualTo(String.valueOf(op.block().equals("latest_read")));
      BindingChain key = BindingChain.parse(w.bindings().get(m.group(2)));
      BindingChain value = BindingChain.parse(w.bindings().get(m.group(3)));
      Map<String, Object> state = new HashMap<>();
      for (long c : new long[] {123_456_789L, 2_147_483_648L, 1L << 33, 29_999_999_999L}) {
        long n = keyNumber(key.apply(c, state));
        assertThat(n).as("%s reads within [keystart, ...)", where).isGreaterThanOrEqualTo(1000);
        assertThat(value.apply(c, state)).as("%s cycle %d: expected value of key number %d", where, c, n)
            .isEqualTo(canonical(n));
      }
      verified.add(op.block());
    }
    assertThat(verified).containsExactlyInAnyOrder("uniform_read", "latest_read", "fixed_latest_read");
    for (String scenario : DEFAULTS.scenarioNames()) {
      List<Workload.Step> steps = DEFAULTS.steps(scenario);
      boolean reads = steps.stream().anyMatch(s -> !s.blockPattern().startsWith("schema_")
          && DEFAULTS.opsOfBlocks(s.blockPattern()).stream().anyMatch(Workload.Op::isRead));
      assertThat(steps.get(steps.size() - 1).blockPattern().equals("verified_reads")).as(scenario).isEqualTo(reads);
    }
  }

  /**
   * 100 million inserts into a latest_read phase over 3·10^10 keys, with the seeds' window
   * (latest_p=0.000001d: a median of about 693 000 keys back); real runs use latest_p of 0.001 and
   * more on a few thousand keys.
   */
  @Test
  void movingLatestReadsFollowTheNewestInserts() {
    double p = 0.000001d;
    Workload w = DEFAULTS;
    long keycount = 30_000_000_000L;
    OpSequence seq = new OpSequence(w.opsOfBlocks("latest_.*"));
    assertThat(seq.length()).isEqualTo(60);
    BindingChain read = BindingChain.parse(w.bindings().get("latest_key"));
    BindingChain insert = BindingChain.parse(w.bindings().get("latest_insert_key"));
    Map<String, Object> state = new HashMap<>();
    long start = 6_000_000_000L; // 100 million inserts into the phase
    List<Long> ages = new ArrayList<>();
    for (long c = start; c < start + 200_000; c++) {
      if (seq.at(c).isWrite()) {
        assertThat(keyNumber(insert.apply(c, state))).isEqualTo(keycount + c / 60);
      } else {
        long newest = keycount + c / 60 - 1; // the previous period's insert
        long n = keyNumber(read.apply(c, state));
        assertThat(n).isLessThanOrEqualTo(newest);
        ages.add(newest - n);
      }
    }
    ages.sort(null);
    double median = ages.get(ages.size() / 2);
    double expectedMedian = Math.log(2) / p; // geometric: about 693 147 keys back
    assertThat(median).isBetween(expectedMedian * 0.9, expectedMedian * 1.1);
    assertThat(ages.get(ages.size() - 1)).isLessThanOrEqualTo(new GeometricCurve(p).max());
  }

  /**
   * The seeds' window (latest_p=0.000001d, up to about 6.9 million keys deep) below 3·10^10 keys,
   * and deeper than a 10 000-key dataset; real runs use a window of at most a few thousand keys
   * that stays above keystart.
   */
  @Test
  void fixedLatestStaysAtTheTopOfTheLoadedKeys() {
    for (long keycount : new long[] {30_000_000_000L, 10_000L}) {
      Workload w = FILE.workload(Map.of("keycount", Long.toString(keycount)));
      BindingChain read = BindingChain.parse(w.bindings().get("fixed_latest_key"));
      long deepest = new GeometricCurve(0.000001d).max();
      Map<String, Object> state = new HashMap<>();
      int clamped = 0;
      for (long c = 0; c < 20_000; c++) {
        long n = keyNumber(read.apply(c, state));
        assertThat(n).isBetween(Math.max(0, keycount - 1 - deepest), keycount - 1);
        clamped += n == 0 ? 1 : 0;
      }
      if (keycount == 10_000L) {
        // a window deeper than the dataset: Max(0L) clamps to key 0 instead of going negative
        assertThat(clamped).isGreaterThan(10_000);
      }
    }
  }
}
