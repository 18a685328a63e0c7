package io.largekv.cassandra;

import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;

/**
 * At the end of a phase on a local cluster: a node whose process ended on its own (a crash,
 * Cassandra exiting on an error; not an event's stop or kill) is said in one line, with its exit
 * code, when, and the first error it logged, and its log is copied beside the phase's raw output
 * ({@link ResultsLayout#nodeLog}) — the node's directory, and its log with it, is removed when the
 * run ends, and the failed operations alone do not say the server died.
 */
public final class NodeExits {

  private NodeExits() {}

  /**
   * Says and keeps each node of {@code cluster} (null: none) that ended on its own: by node number,
   * what was said after "ended on its own" (its exit code, when, its first error, its log's name in
   * {@code phaseDir}), in node order.
   */
  public static Map<Integer, String> report(LocalCassandra cluster, Path phaseDir, PrintStream err, String prefix) {
    Map<Integer, String> said = new TreeMap<>();
    if (cluster == null) {
      return said;
    }
    for (LocalNode n : cluster.nodes()) {
      if (n.exitedOnItsOwn() != null) {
        said.put(n.number(), say(n, phaseDir, err, prefix));
      }
    }
    return said;
  }

  /**
   * Says {@code n}, which ended on its own, and copies its log into {@code phaseDir}: what was said
   * after "ended on its own", with the log's name in {@code phaseDir} (the console names its path).
   */
  static String say(LocalNode n, Path phaseDir, PrintStream err, String prefix) {
    Path copy = phaseDir.resolve(ResultsLayout.nodeLog(n.number()));
    boolean kept;
    String notKept = "";
    try {
      Files.copy(n.logFile(), copy, StandardCopyOption.REPLACE_EXISTING);
      kept = true;
    } catch (IOException e) {
      kept = false;
      notKept = "its log could not be kept (" + e.getMessage() + "): " + n.logFile();
    }
    String error = n.firstError();
    String what = "with exit code " + n.exitedOnItsOwn() + " at " + Instant.ofEpochMilli(n.endedMs())
        + " (not by an event)"
        + (error == null ? "" : "; its first error: " + (error.length() > 200 ? error.substring(0, 200) + "…" : error));
    err.println(prefix + "the local Cassandra on " + n.address() + " ended on its own " + what + "; "
        + (kept ? "its log: " + copy : notKept));
    return what + "; " + (kept ? "its log: " + copy.getFileName() : notKept);
  }
}
