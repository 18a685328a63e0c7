package io.largekv.report.files;

import io.largekv.common.YcsbOutput;
import io.largekv.results.ResultsLayout;
import io.largekv.results.RunSetup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The binding's "connected to ..." and DDL lines of a target, from its first client's stderr. */
public final class ServerLines {

  private ServerLines() {}

  /**
   * The lines of the first client (client-0 of the first repeat) of {@code columns} (a target's) in
   * the first of {@code phases} that has them, in the run directory {@code dir}; else what is known
   * of the server: nb5 prints no version, or the server was not reached.
   */
  public static String of(Path dir, RunSetup setup, List<String> phases, List<String> columns) {
    for (String phase : phases) {
      Path err = columns.stream().map(c -> firstClient(dir, setup, c, phase).resolve(ResultsLayout.STDERR))
          .filter(Files::exists).findFirst().orElse(null);
      if (err != null) {
        try {
          List<String> lines = Files.readAllLines(err).stream()
              .filter(l -> l.startsWith(YcsbOutput.CONNECTED) || l.startsWith("yugabyte-ycql: CREATE")).toList();
          if (!lines.isEmpty()) {
            return String.join("\n", lines).replace("yugabyte-ycql: ", "");
          }
        } catch (IOException e) {
          // fall through
        }
      }
    }
    boolean nb5Ran = columns.stream().anyMatch(c -> phases.stream().anyMatch(phase -> Files.exists(
        firstClient(dir, setup, c, phase).resolve(ResultsLayout.NB5_OUTPUT))));
    return nb5Ran ? "server version: nb5 does not print it (whether it connected: its columns' status)"
        : "server not reached";
  }

  /** A column's first client of a phase: client-0 of its first repeat (a clients' directory: of the phase). */
  private static Path firstClient(Path dir, RunSetup setup, String column, String phase) {
    return setup.clientsLayout() ? ResultsLayout.client(dir.resolve(phase), 0)
        : ResultsLayout.client(ResultsLayout.repeat(dir.resolve(column).resolve(phase), 1), 0);
  }
}
