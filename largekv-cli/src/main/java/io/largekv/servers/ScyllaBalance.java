package io.largekv.servers;

import io.largekv.servers.PrometheusText.Sample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Whether a ScyllaDB cluster's data is settled, from its nodes' Prometheus pages:
 *
 * <ul>
 *   <li>{@code scylla_node_operation_mode}: a node not {@code NORMAL} (joining, leaving, draining…)
 *       is moving data;
 *   <li>{@code scylla_streaming_finished_percentage{ops}} and {@code scylla_node_ops_finished_percentage{ops}}
 *       (per shard, one series per operation: bootstrap, replace, rebuild, decommission, removenode,
 *       repair): below 1, that operation is running;
 *   <li>{@code scylla_streaming_total_incoming_bytes} and {@code _outgoing_bytes} (counters per shard):
 *       grown since the previous look, data was streamed in between, as tablet migrations do while
 *       every node stays {@code NORMAL}. The first look has nothing to compare with, so it cannot
 *       say settled.
 * </ul>
 *
 * It keeps each node's streamed bytes from one look to the next; a counter that went down (a
 * restart) only starts a new series.
 */
final class ScyllaBalance {

  static final String MODE = ScyllaSource.MODE;
  static final String STREAM_DONE = "scylla_streaming_finished_percentage";
  static final String NODE_OPS_DONE = "scylla_node_ops_finished_percentage";
  static final String IN = "scylla_streaming_total_incoming_bytes";
  static final String OUT = "scylla_streaming_total_outgoing_bytes";
  static final Set<String> METRICS = Set.of(MODE, STREAM_DONE, NODE_OPS_DONE, IN, OUT);

  private final Map<String, Double> streamedBefore = new HashMap<>();

  /** The balance the pages of the nodes that answered say, by host. */
  synchronized Balance of(Map<String, List<Sample>> pages) {
    List<String> moving = new ArrayList<>();
    List<String> unknownMode = new ArrayList<>();
    boolean firstLook = false;
    for (Map.Entry<String, List<Sample>> e : pages.entrySet()) {
      String host = e.getKey();
      List<Sample> samples = e.getValue();
      samples.stream().filter(s -> s.name().equals(MODE)).findFirst().ifPresentOrElse(s -> {
        ScyllaOperationMode mode = ScyllaOperationMode.of(s.value());
        if (mode != ScyllaOperationMode.NORMAL) {
          moving.add("node " + host + " " + mode);
        }
      }, () -> unknownMode.add(host));
      Set<String> running = new TreeSet<>();
      for (Sample s : samples) {
        if ((s.name().equals(STREAM_DONE) || s.name().equals(NODE_OPS_DONE)) && s.value() < 1) {
          running.add(s.label("ops") == null ? "an operation" : s.label("ops"));
        }
      }
      running.forEach(op -> moving.add("node " + host + " " + op + " running"));
      double streamed = samples.stream().filter(s -> s.name().equals(IN) || s.name().equals(OUT))
          .mapToDouble(Sample::value).sum();
      Double before = streamedBefore.put(host, streamed);
      if (before == null) {
        firstLook = true;
      } else if (streamed > before) {
        moving.add(String.format("node %s streamed %.0f bytes since the last look", host, streamed - before));
      }
    }
    if (!moving.isEmpty()) {
      return Balance.moving(String.join(", ", moving));
    }
    if (!unknownMode.isEmpty()) {
      return Balance.unknown("no " + MODE + " on the page of " + String.join(", ", unknownMode));
    }
    if (firstLook) {
      return Balance.unknown("every node NORMAL and no node operation running, but streaming is seen over two"
          + " looks and this is the first of some node");
    }
    return Balance.done();
  }
}
