package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.YcsbOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report cuts a phase's warm-up where its clients cut their own figures, and applies the same
 * rule itself (io.largekv.common.WarmUp#endMs, WarmUpTest) only where no client stated it. 30 s of 1,000 reads a second.
 */
class WarmUpCutTest {

  private static final long T0 = 1_790_000_000_000L;

  private static Path run(Path dir, String summary) throws Exception {
    Path client = Files.createDirectories(dir.resolve("client-0").resolve("hdr"));
    IntervalLogs.write(client.resolve("READ.hdr"), T0, 30, s -> {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(2_000, 1000);
      return h;
    });
    Files.writeString(dir.resolve("client-0").resolve("ycsb.txt"), summary);
    Files.writeString(dir.resolve("client-0").resolve("stderr.txt"), YcsbOutput.FIRST_OPERATION + T0 + "\n");
    Files.writeString(dir.resolve("client-0").resolve("exit.txt"), "0\n");
    return dir;
  }

  @Test
  void theClientsStatedCutIsWhereTheFiguresStart(@TempDir Path tmp) throws Exception {
    // the client cut at 10.5 s (its first operation came then, say): intervals from 11 s on
    PhaseResult stated = PhaseResult.load(run(tmp.resolve("stated"), "[LARGEKV], WarmUpEndEpochMs, "
        + (T0 + 10_500) + "\n"), 10);
    assertThat(stated.cutMs).isEqualTo(T0 + 10_500);
    assertThat(stated.count("READ")).isEqualTo(19_000);
    // none stated: the same rule from the phase's time zero, its first operation at T0: 10 s after it
    PhaseResult rule = PhaseResult.load(run(tmp.resolve("rule"), ""), 10);
    assertThat(rule.cutMs).isEqualTo(T0 + 10_000);
    assertThat(rule.count("READ")).isEqualTo(20_000);
    // a load leaves nothing out, whatever a client says
    PhaseResult load = PhaseResult.load(run(tmp.resolve("load"), "[LARGEKV], WarmUpEndEpochMs, "
        + (T0 + 10_500) + "\n"), 0);
    assertThat(load.cutMs).isEqualTo(load.startMs);
    assertThat(load.count("READ")).isEqualTo(30_000);
  }
}
