package io.largekv.harness.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.cluster.ClusterEvents;
import io.largekv.phase.Phase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClientProgressTest {

  @Test
  void clientProgressShowsARepeatedWarningTwiceThenCountsIt(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
    try (ClusterEvents pe = new ClusterEvents(List.of(), Phase.LOAD, null, dir, "", ps, "")) {
      ClientProgress c = new ClientProgress(ps, "[p] ", pe, true);
      for (int i = 0; i < 5; i++) {
        c.accept("05:12:5" + i + " WARN ChannelPool - [127.0.0.2:22275] Error while opening new channel "
            + "(ConnectionInitException: failed)");
      }
      for (int s = 1; s <= 20; s++) {
        c.accept("largekv: " + s + " s: 10 successful (10/s), 0 failed (0/s) in the last 1 s; 10 successful, 0 failed");
      }
      c.accept("2026-11-23 05:13:02:080 30 sec: 52705 operations; 2423.1 current ops/sec; est completion in 14 days "
          + "3 hours [READ: Count=24110]");
      c.accept("largekv: first operation at 1790000000000 (ms since 1970)");
      c.accept("yugabyte-ycql: connected to cluster 'x'");
      c.finish(dir.resolve("stderr.txt"));
      assertThat(c.connection()).isEqualTo("connected to cluster 'x'");
    }
    String shown = out.toString(StandardCharsets.UTF_8);
    assertThat(shown.split("Error while opening", -1)).hasSize(3);
    assertThat(shown).contains("[p] largekv: 3 more lines like the ones above are in " + dir.resolve("stderr.txt"));
    assertThat(shown).contains("largekv: 10 s:").contains("largekv: 20 s:").doesNotContain("largekv: 5 s:");
    // a time-bounded phase's status line without YCSB's estimate against its int operation count
    assertThat(shown).contains("30 sec: 52705 operations; 2423.1 current ops/sec [READ: Count=24110]")
        .doesNotContain("est completion");
  }
}
