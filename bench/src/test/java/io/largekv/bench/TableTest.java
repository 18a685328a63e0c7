package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The result table: its cells are the runs' own figures and ratios, within 120 columns. */
@Timeout(10)
class TableTest {

  @Test
  void eachRowGivesTheRunsFiguresAndTheirRatioToLatteWithin120Columns() throws Exception {
    List<ClientRun> runs = new ArrayList<>();
    double[] largekv = {5, 6, 5.5};
    for (int round = 1; round <= 3; round++) {
      runs.add(SteadyHeadlineTest.run(round, "largekv YCSB JDK scheduler", largekv[round - 1], 0.01));
      runs.add(SteadyHeadlineTest.run(round, LatteClient.NAME, 10, 0));
    }
    String text = Table.render(runs, BenchOptions.parse(new String[] {"--rounds", "3", "--ops", "100000"}));
    assertThat(text.lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(120));
    // 1,000 reads a second over 100 s, whole run and steady window alike
    assertThat(text)
        .containsPattern("(?m)^1  read   largekv YCSB JDK scheduler +1000 +1\\.00 +1000 +1\\.00 +1\\.00 +1\\.00$");
    // CPU: 6 µs per read against latte's 10, the process's and the steady window's
    assertThat(text).containsPattern("(?m)^2  read   largekv YCSB JDK scheduler +6\\.00 +0\\.60 +6\\.00 +0\\.60 ");
    assertThat(text).containsPattern("(?m)^2  read   latte +10\\.00 +1\\.00 +10\\.00 +1\\.00 ");
    // the medians of the figures (5, 5.5, 6) and of the ratios (0.50, 0.55, 0.60)
    assertThat(text)
        .containsPattern("(?m)^read   largekv YCSB JDK scheduler .* 5\\.50 \\(0\\.55\\) +5\\.50 \\(0\\.55\\) ");
  }

  @Test
  void aRunThatFailedIsNamedAndLeftOutOfTheMedians() throws Exception {
    List<ClientRun> runs = new ArrayList<>();
    for (int round = 1; round <= 2; round++) {
      runs.add(SteadyHeadlineTest.run(round, "largekv YCSB (default)", round == 1 ? 5 : 50, 0.01));
      runs.add(SteadyHeadlineTest.run(round, LatteClient.NAME, 10, 0));
    }
    ClientRun ok = runs.get(2);
    runs.set(2, new ClientRun(ok.round(), ok.phase(), ok.client(), new BenchClient.Report(ok.ops(), 7, 1_000, 1,
        "7 operations failed"), ok.process(), ok.ops(), ok.steady(), null));
    String text = Table.render(runs, BenchOptions.parse(new String[] {"--rounds", "2", "--ops", "100000"}));
    assertThat(text).contains("PROBLEMS (these rows are not valid results):\n  round 2 read largekv YCSB (default): exit 0"
        + " 7 operations failed");
    // round 2's 50 µs is not in the median: round 1's 5 µs alone
    assertThat(text)
        .containsPattern("(?m)^read   largekv YCSB \\(default\\) .* 5\\.00 \\(0\\.50\\) +5\\.00 \\(0\\.50\\) ");
  }
}
