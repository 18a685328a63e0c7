package io.largekv.harness.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.cluster.ClusterEvents;
import io.largekv.common.ConsoleText;
import io.largekv.console.Console;
import io.largekv.harness.PhaseProgress;
import io.largekv.phase.Phase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(30)
class ClientProgressTest {

  /** The lines one client prints through a phase: errors, status lines, its own lines. */
  private static String run(Path dir, boolean verbose) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
    Path file = dir.resolve("stderr.txt");
    Console console = new Console(ps, verbose);
    try (ClusterEvents pe = new ClusterEvents(List.of(), Phase.UNIFORM_READ, null, dir, "", ps, "")) {
      ClientProgress c = new ClientProgress(console, "[p] ", pe, new PhaseProgress(console, "[p] ", 1), 0, true);
      for (int i = 0; i < 5; i++) {
        c.accept("05:12:5" + i + " WARN ChannelPool - [127.0.0.2:22275] Error while opening new channel "
            + "(ConnectionInitException: failed)" + " x".repeat(100), file);
      }
      for (int s = 1; s <= 20; s++) {
        c.accept("2026-11-23 05:13:02:080 " + s + " sec: " + 100 * s + " operations; 100 current ops/sec; est completion"
            + " in 14 days 3 hours [READ: Count=100, Max=900, Min=100, Avg=200, 90=300, 99=" + 1000 * s + ", 99.9=900,"
            + " 99.99=900]", file);
        c.accept("largekv: " + s + " s of 30 s: 100 successful (100/s), 0 failed (0/s) in the last 1 s; " + 100 * s
            + " successful, 0 failed in all; " + 100 * s + " reads verified (0 corrupt, 0 missing)", file);
      }
      c.accept("largekv: first operation at 1790000000000 (ms since 1970)", file);
      c.accept("yugabyte-ycql: connected to cluster 'x'", file);
      c.accept("largekv: WARNING: the client JVM's JIT compiler used 2.9 s of CPU" + " and more".repeat(40), file);
      c.accept("largekv: a line of the client's own that the console shows" + " and more".repeat(40), file);
      c.finish(file);
      assertThat(c.connection()).isEqualTo("connected to cluster 'x'");
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  void theConsoleShowsOneProgressLineEveryTenSecondsErrorsClippedAndTwiceAndTheClientsOwnLinesWrapped(
      @TempDir Path dir) throws Exception {
    String shown = run(dir, false);
    assertThat(shown.split("Error while opening", -1)).hasSize(3);
    assertThat(shown).contains(" …\n    (the whole line: " + Console.shown(dir.resolve("stderr.txt")) + ")\n");
    assertThat(shown).contains("[p] 3 more lines like the ones above are in " + dir.resolve("stderr.txt"));
    // the phase's progress, from largekv's status line and YCSB's (its busiest operation's p99 of the last second)
    assertThat(shown).contains("[p] 10 s of 30 s | 100 ops/s, READ p99 10.00 ms in the last s | in all: 1,000 ok, 0"
        + " failed, 1,000 verified\n").contains("[p] 20 s of 30 s |").doesNotContain("[p] 5 s")
        .doesNotContain(" sec: ").doesNotContain("largekv: 10 s of");
    // said at the phase's end or only explaining: not on the console
    assertThat(shown).doesNotContain("first operation at").doesNotContain("connected to").doesNotContain("WARNING");
    assertThat(shown).contains("[p] a line of the client's own that the console shows and more");
    assertThat(shown.lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(ConsoleText.MAX));
  }

  @Test
  void withVerboseEveryLineComesAsTheClientPrintedItAndYcsbsStatusEveryTenSeconds(@TempDir Path dir)
      throws Exception {
    String shown = run(dir, true);
    assertThat(shown.split("Error while opening", -1)).hasSize(6);
    assertThat(shown).contains("[p] largekv: first operation at").contains("[p] yugabyte-ycql: connected to")
        .contains("[p] largekv: WARNING: the client JVM's JIT compiler");
    // a time-bounded phase's status line without YCSB's estimate against its int operation count
    assertThat(shown).contains("[p] 2026-11-23 05:13:02:080 10 sec: 1000 operations; 100 current ops/sec [READ:")
        .doesNotContain("est completion").doesNotContain(" 5 sec: ");
    assertThat(shown).contains("[p] 10 s of 30 s | 100 ops/s");
  }
}
