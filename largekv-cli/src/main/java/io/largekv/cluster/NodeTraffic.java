package io.largekv.cluster;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.cassandra.LocalNode;
import io.largekv.report.files.NodesFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * At the end of a phase on a local cluster: each node's state, when it last started and the reads
 * and writes it coordinated since, in {@code nodes.jsonl} ({@link NodesFile}) beside the phase's raw
 * output — whether a restarted or added node took traffic is in the results, not only in its log.
 */
public final class NodeTraffic {

  private NodeTraffic() {}

  /**
   * Writes {@code file} for a cluster of 2 or more nodes, and for a single node whose process ended
   * on its own (which fails the phase); nothing otherwise. {@code said}: the line {@link
   * io.largekv.cassandra.NodeExits} said of each node that ended on its own, by node number.
   */
  public static void write(LocalCassandra cluster, Path file, java.util.Map<Integer, String> said) throws IOException {
    if (cluster == null || cluster.nodes().size() < 2 && said.isEmpty()) {
      return;
    }
    List<NodesFile.Line> lines = new ArrayList<>();
    for (LocalNode n : cluster.nodes()) {
      if (said.containsKey(n.number())) {
        lines.add(NodesFile.endedOnItsOwn(n.number(), n.address(), n.startedMs(), said.get(n.number())));
        continue;
      }
      if (!n.isRunning()) {
        lines.add(NodesFile.notCounted(n.number(), n.address(), n.startedMs(), null));
        continue;
      }
      try {
        LocalNode.Traffic t = n.traffic();
        lines.add(NodesFile.running(n.number(), n.address(), n.startedMs(), t.reads(), t.writes()));
      } catch (IOException | RuntimeException e) {
        lines.add(NodesFile.notCounted(n.number(), n.address(), n.startedMs(), String.valueOf(e.getMessage())));
      }
    }
    NodesFile.write(file, lines);
  }
}
