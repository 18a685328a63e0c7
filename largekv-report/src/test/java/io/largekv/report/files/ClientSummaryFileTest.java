package io.largekv.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.results.ClientSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a client directory's summary is read from, for each harness and for directories made before. */
class ClientSummaryFileTest {

  @Test
  void anNb5ClientsSummaryIsWrittenAndReadBackWhole(@TempDir Path dir) throws Exception {
    ClientSummary s = new ClientSummary("FAILED: 3 operation(s) failed", 3L, Map.of("READ", 997L), null,
        1_790_000_000_000L, 10L, 1_790_000_010_000L, null, new ClientSummary.Verified(997, 0, 0, 4), Map.of("READ", 3L),
        Map.of("READ:nb5 error", 3L), new ClientSummary.Nb5("5.17.9", 1000L, "143 (ended at the phase's end)"));
    ClientSummaryFile.write(dir, s);
    assertThat(ClientSummaryFile.read(dir)).isEqualTo(s);
    assertThat(ClientSummaryFile.isNb5(dir)).isTrue();
  }

  @Test
  void aYcsbClientsIsItsOutputAndAnOlderNb5ClientsItsSummaryInYcsbForm(@TempDir Path dir) throws Exception {
    Path ycsb = Files.createDirectories(dir.resolve("ycsb"));
    Files.writeString(ycsb.resolve("ycsb.txt"), "[LARGEKV], Result, ok\n");
    assertThat(ClientSummaryFile.read(ycsb).result()).isEqualTo("ok");
    assertThat(ClientSummaryFile.isNb5(ycsb)).isFalse();
    Path older = Files.createDirectories(dir.resolve("older"));
    Files.writeString(older.resolve("nb5-summary.txt"), "[LARGEKV], Result, ok\n[NB5], Version, 5.17.9\n"
        + "[NB5], CompletedOperations, 400\n");
    assertThat(ClientSummaryFile.read(older).nb5()).isEqualTo(new ClientSummary.Nb5("5.17.9", 400L, null));
    assertThat(ClientSummaryFile.isNb5(older)).isTrue();
    // a client that wrote nothing: no figure, no verdict
    assertThat(ClientSummaryFile.read(Files.createDirectories(dir.resolve("none")))).isEqualTo(ClientSummary.NONE);
  }
}
