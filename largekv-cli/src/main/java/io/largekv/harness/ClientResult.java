package io.largekv.harness;

import io.largekv.phase.Phase;
import io.largekv.results.ClientSummary;
import java.nio.file.Path;
import java.util.List;

/** The outcome of one client process of a phase, whichever harness ran it. */
public final class ClientResult {
  public final Phase phase;
  public final int exitCode;
  /** What the client said of its phase. */
  public final ClientSummary summary;
  public final Path stdout;
  public final Path stderr;
  public final String command;
  /** The client's own lines ({@code largekv: ...}) from its stderr. */
  public final List<String> largekvLines;
  private final String connection;

  public ClientResult(Phase phase, int exitCode, ClientSummary summary, Path stdout, Path stderr, String command,
      List<String> largekvLines, String connection) {
    this.phase = phase;
    this.exitCode = exitCode;
    this.summary = summary;
    this.stdout = stdout;
    this.stderr = stderr;
    this.command = command;
    this.largekvLines = largekvLines;
    this.connection = connection;
  }

  /** The binding's "connected to ..." line: cluster, node count, server version, target, driver and version. */
  public String connection() {
    return connection;
  }

  /** Why the phase failed, in the client's words: its result line, else its last own line. */
  public String reason() {
    if (exitCode == 0) {
      return "";
    }
    String result = summary.result() == null ? "" : summary.result();
    if (result.startsWith("FAILED: ")) {
      return result.substring("FAILED: ".length());
    }
    return largekvLines.isEmpty() ? "" : largekvLines.get(largekvLines.size() - 1).replaceFirst("^largekv: ", "");
  }
}
