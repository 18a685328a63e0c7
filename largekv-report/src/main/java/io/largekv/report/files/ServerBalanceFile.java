package io.largekv.report.files;

import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@value ResultsLayout#SERVERS_BALANCE}: whether the servers' data was moving at each sample
 * (docs/servers.md#files), {@code time_ms settled detail}, settled being {@code true}, {@code false}
 * or {@code unknown}; written by {@code io.largekv.servers.ServerSampler}, read by the report.
 */
public final class ServerBalanceFile {

  public static final String HEADER = "time_ms\tsettled\tdetail";

  private ServerBalanceFile() {}

  /** Whether the data was moving at one sample: settled, not, or unknown (null), and why. */
  public record BalanceSample(long timeMs, Boolean settled, String detail) {}

  /** Appends one sample's line to {@code dir}'s file. */
  public static void append(Path dir, BalanceSample b) {
    ServerSamplesFile.appendLine(dir.resolve(ResultsLayout.SERVERS_BALANCE), HEADER, b.timeMs() + "\t"
        + (b.settled() == null ? "unknown" : b.settled().toString()) + "\t" + ServerSamplesFile.clean(b.detail()));
  }

  /** The samples in {@code dir}, none when it has no such file; {@code unreadable} counts the lines cut short. */
  static List<BalanceSample> read(Path dir, int[] unreadable) throws IOException {
    List<BalanceSample> balance = new ArrayList<>();
    for (String[] f : Tsv.rows(dir.resolve(ResultsLayout.SERVERS_BALANCE))) {
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
