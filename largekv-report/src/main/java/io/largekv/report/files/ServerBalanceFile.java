package io.largekv.report.files;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@value ResultsLayout#SERVERS_BALANCE}: whether the servers' data was moving at each sample
 * (docs/servers.md#files), JSON Lines, a {@link BalanceSample} a line: {@code time_ms}, {@code settled}
 * ({@code true}, {@code false}, or null: unknown) and its {@code detail} (prose, said as it is); written
 * by {@code io.largekv.servers.ServerSampler}, read by the report. Result directories written before it
 * have {@value ResultsLayout#SERVERS_BALANCE_BEFORE} ({@code time_ms settled detail}, settled being
 * {@code true}, {@code false} or {@code unknown}), read here too.
 */
public final class ServerBalanceFile {

  /** The header of the file before. */
  static final String HEADER_BEFORE = "time_ms\tsettled\tdetail";

  private ServerBalanceFile() {}

  /** Whether the data was moving at one sample: settled, not, or unknown (null), and why. */
  public record BalanceSample(@JsonProperty("time_ms") long timeMs, Boolean settled, String detail) {}

  /** Appends one sample's line to {@code dir}'s file. */
  public static void append(Path dir, BalanceSample b) {
    JsonLines.append(dir.resolve(ResultsLayout.SERVERS_BALANCE),
        new BalanceSample(b.timeMs(), b.settled(), ServerSamplesFile.clean(b.detail())));
  }

  /**
   * The samples in {@code dir} (this file, else the file before it), none when it has neither;
   * {@code unreadable} counts the lines cut short.
   */
  static List<BalanceSample> read(Path dir, int[] unreadable) throws IOException {
    Path file = dir.resolve(ResultsLayout.SERVERS_BALANCE);
    if (Files.exists(file)) {
      return JsonLines.read(file, BalanceSample.class, unreadable).stream()
          .map(b -> b.detail() == null ? new BalanceSample(b.timeMs(), b.settled(), "") : b).toList();
    }
    List<BalanceSample> balance = new ArrayList<>();
    for (String[] f : Tsv.rows(dir.resolve(ResultsLayout.SERVERS_BALANCE_BEFORE))) {
      try {
        balance.add(new BalanceSample(Long.parseLong(f[0]), f[1].equals("unknown") ? null : Boolean.valueOf(f[1]),
            f.length > 2 ? f[2] : ""));
      } catch (RuntimeException cutShort) {
        unreadable[0]++;
      }
    }
    return balance;
  }
}
