package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.results.Results;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whether a column's throughput changed between two runs (a report across runs): runs written with
 * ResultsJsonTest's compareRun, each repeat a constant rate, so that a repeat's throughput is that rate.
 */
class ThroughputChangeTest {

  private static final long T0 = 1_790_000_000_000L;

  /** A run of {@code name}: a repeat per rate, {@code seconds} each at that many reads a second. */
  private static Path run(Path tmp, String name, int seconds, int... rates) throws Exception {
    Path dir = ResultsJsonTest.compareRun(tmp.resolve(name), seconds, s -> rates[0], 0);
    for (int rep = 2; rep <= rates.length; rep++) {
      int rate = rates[rep - 1];
      Path client = Files.createDirectories(dir.resolve("cassandra").resolve("uniform-read").resolve("rep-" + rep)
          .resolve("client-0").resolve("hdr")).getParent();
      IntervalLogs.write(client.resolve("hdr").resolve("READ.hdr"), T0, seconds, s -> {
        Histogram h = new Histogram(3);
        h.recordValueWithCount(2_000, rate);
        return h;
      });
      Files.writeString(client.resolve("exit.txt"), "0\n");
      Files.writeString(client.resolve("ycsb.txt"), "");
    }
    return dir;
  }

  /** The change of b's column against a's. */
  private static Results.Change change(Path tmp, Path a, Path b) throws Exception {
    Report across = Report.across(List.of(a, b), tmp.resolve("across"));
    return across.results().phases().get(0).cells().get(1).change();
  }

  @Test
  void rangesThatTouchOverlap(@TempDir Path tmp) throws Exception {
    // a's repeats 900 and 1,000 a second, b's 1,000 and 1,100: they share 1,000
    Results.Change up = change(tmp.resolve("up"), run(tmp, "a", 20, 900, 1000), run(tmp, "b", 20, 1000, 1100));
    assertThat(up.verdict()).isEqualTo(Results.Change.WITHIN);
    assertThat(up.method()).isEqualTo(ThroughputChange.RANGES);
    assertThat(up.pValue()).isNull();
    assertThat(up.ratio()).isEqualTo(1050.0 / 950.0); // the means
    // and the other way round: b's 800 and 900 against c's 900 and 1,000
    Results.Change down = change(tmp.resolve("down"), run(tmp, "c", 20, 900, 1000), run(tmp, "d", 20, 800, 900));
    assertThat(down.verdict()).isEqualTo(Results.Change.WITHIN);
    assertThat(down.method()).isEqualTo(ThroughputChange.RANGES);
  }

  @Test
  void rangesApartAreAChange(@TempDir Path tmp) throws Exception {
    Results.Change up = change(tmp.resolve("up"), run(tmp, "a", 20, 900, 1000), run(tmp, "b", 20, 1100, 1200));
    assertThat(up.verdict()).isEqualTo(Results.Change.CHANGED);
    assertThat(up.method()).isEqualTo(ThroughputChange.RANGES);
    assertThat(up.ratio()).isEqualTo(1150.0 / 950.0);
    Results.Change down = change(tmp.resolve("down"), run(tmp, "c", 20, 1100, 1200), run(tmp, "d", 20, 900, 1000));
    assertThat(down.verdict()).isEqualTo(Results.Change.CHANGED);
  }

  @Test
  void withASingleRepeatOnEitherSideTheSecondsAreTested(@TempDir Path tmp) throws Exception {
    Path one = run(tmp, "one", 20, 1000);
    Path two = run(tmp, "two", 20, 1000, 1100);
    Results.Change fromOne = change(tmp.resolve("x"), one, two);
    assertThat(fromOne.method()).isEqualTo(ThroughputChange.TEST);
    assertThat(fromOne.pValue()).isNotNull();
    Results.Change toOne = change(tmp.resolve("y"), two, one);
    assertThat(toOne.method()).isEqualTo(ThroughputChange.TEST);
    assertThat(toOne.pValue()).isNotNull();
  }

  @Test
  void tenWholeSecondsEachAreEnoughForTheTestNine(@TempDir Path tmp) throws Exception {
    Results.Change ten = change(tmp.resolve("x"), run(tmp, "a", 10, 1000), run(tmp, "b", 10, 1000));
    assertThat(ten.method()).isEqualTo(ThroughputChange.TEST);
    assertThat(ten.verdict()).isEqualTo(Results.Change.WITHIN); // the same seconds
    Results.Change nine = change(tmp.resolve("y"), run(tmp, "c", 9, 1000), run(tmp, "d", 9, 1000));
    assertThat(nine.verdict()).isEqualTo(Results.Change.UNAVAILABLE);
    assertThat(nine.ratio()).isEqualTo(1.0);
    assertThat(nine.reason()).isEqualTo("fewer than 10 whole seconds after the warm-up (9 in cassandra @ c, 9 in"
        + " cassandra @ d) for the " + ThroughputChange.TEST);
  }

  @Test
  void theReasonNamesTheColumnThatFailedOrMeasuredNothing(@TempDir Path tmp) throws Exception {
    Path ok = run(tmp, "ok", 20, 1000);
    Path failed = ResultsJsonTest.compareRun(tmp.resolve("failed"), 20, s -> 1000, 3);
    assertThat(change(tmp.resolve("x"), failed, ok).reason()).isEqualTo("cassandra @ failed FAILED");
    assertThat(change(tmp.resolve("y"), ok, failed).reason()).isEqualTo("cassandra @ failed FAILED");
    // no successful operation in the earlier run; no interval at all in the later one
    Path zero = run(tmp, "zero", 20, 0);
    assertThat(change(tmp.resolve("z"), zero, ok).reason()).isEqualTo("no throughput measured in cassandra @ zero");
    Path empty = run(tmp, "empty", 0, 0);
    assertThat(change(tmp.resolve("w"), ok, empty).reason()).isEqualTo("no throughput measured in cassandra @ empty");
  }
}
