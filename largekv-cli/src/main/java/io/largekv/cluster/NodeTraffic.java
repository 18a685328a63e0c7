package io.largekv.cluster;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.cassandra.LocalNode;
import io.largekv.report.files.NodeRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * At the end of a phase on a local cluster: each node's state, when it last started and the reads
 * and writes it coordinated since, in {@code nodes.tsv} beside the phase's raw output — whether a
 * restarted or added node took traffic is in the results, not only in its log.
 */
public final class NodeTraffic {

  private NodeTraffic() {}

  /** Writes {@code file} for a cluster of 2 or more nodes; does nothing for a single node or none. */
  public static void write(LocalCassandra cluster, Path file) throws IOException {
    if (cluster == null || cluster.nodes().size() < 2) {
      return;
    }
    List<String> lines = new ArrayList<>();
    lines.add(NodeRecord.HEADER);
    for (LocalNode n : cluster.nodes()) {
      String state = n.isRunning() ? "running" : "down";
      long reads = -1;
      long writes = -1;
      if (n.isRunning()) {
        try {
          LocalNode.Traffic t = n.traffic();
          reads = t.reads();
          writes = t.writes();
        } catch (IOException | RuntimeException e) {
          state = "running, JMX not answering: " + e.getMessage();
        }
      }
      lines.add(String.join("\t", Integer.toString(n.number()), n.address(), state.replace('\t', ' '),
          Long.toString(n.startedMs()), Long.toString(reads), Long.toString(writes)));
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
  }
}
