package io.largekv.servers;

import io.largekv.servers.PrometheusText.Sample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * Whether a ScyllaDB cluster's data is settled, from its nodes' Prometheus pages and the benchmark
 * table's tablets ({@link ScyllaTablets}):
 *
 * <ul>
 *   <li>{@code scylla_node_operation_mode}: a node not {@code NORMAL} (joining, leaving, draining…)
 *       is moving data;
 *   <li>the table's tablets: one in transition ({@code system.tablets}: {@code stage},
 *       {@code transition}) is being moved, rebuilt or repaired. Tablets move by streaming files,
 *       which none of the counters below counts, while every node stays {@code NORMAL};
 *   <li>{@code scylla_streaming_total_incoming_bytes} / {@code _outgoing_bytes} (mutation streaming)
 *       and {@code scylla_repair_rx_row_bytes} / {@code _tx_row_bytes} (repair, and the node operations
 *       ScyllaDB runs as repair: replace, removenode and rebuild by default): grown since the previous
 *       look, data moved in between. The first look has nothing to compare with, so it cannot say settled;
 *   <li>{@code scylla_streaming_finished_percentage{ops}} and {@code scylla_node_ops_finished_percentage{ops}}
 *       (per shard): below 1, that operation may be running. ScyllaDB leaves the value where an
 *       aborted operation stopped until the node restarts, so a value below 1 reads as moving only
 *       while it has changed within {@link #ABORTED_AFTER_MS} (and as "cannot tell" when it was
 *       never seen changing); one unchanged for longer is taken for an aborted operation's remnant
 *       and said in the detail, and the counters, modes and tablets above decide.
 * </ul>
 *
 * Settled: every node {@code NORMAL}, no tablet of the table in transition, nothing streamed or
 * repaired since the last look, no operation seen progressing. It keeps each node's counters and
 * percentages from one look to the next; a counter that went down (a restart) only starts a new series.
 */
final class ScyllaBalance {

  static final String MODE = ScyllaSource.MODE;
  static final String STREAM_DONE = "scylla_streaming_finished_percentage";
  static final String NODE_OPS_DONE = "scylla_node_ops_finished_percentage";
  static final String IN = "scylla_streaming_total_incoming_bytes";
  static final String OUT = "scylla_streaming_total_outgoing_bytes";
  static final String REPAIR_IN = "scylla_repair_rx_row_bytes";
  static final String REPAIR_OUT = "scylla_repair_tx_row_bytes";
  private static final Set<String> MOVED_BYTES = Set.of(IN, OUT, REPAIR_IN, REPAIR_OUT);
  static final Set<String> METRICS = Set.of(MODE, STREAM_DONE, NODE_OPS_DONE, IN, OUT, REPAIR_IN, REPAIR_OUT);

  /**
   * How long a finished percentage below 1 that does not change still reads as a running operation
   * (after it was seen changing): longer, and it is taken for an aborted operation's remnant.
   */
  static final long ABORTED_AFTER_MS = 10 * 60_000;

  /** A percentage below 1 as last seen: its value, since when, and whether it was ever seen changing. */
  private record Progress(double value, long sinceMs, boolean seenChanging) {}

  private final Map<String, Double> movedBefore = new HashMap<>();
  private final Map<String, Progress> progress = new HashMap<>();
  private final LongSupplier clock;

  ScyllaBalance() {
    this(System::currentTimeMillis);
  }

  /** With {@code clock} (milliseconds) as the time of each look. */
  ScyllaBalance(LongSupplier clock) {
    this.clock = clock;
  }

  /**
   * The balance the pages of the nodes that answered say, by host, with the table's tablets.
   *
   * @param tablets the table's tablets, or null when they could not be read
   * @param tabletsUnread why not (when {@code tablets} is null)
   * @param tableName the table as lines name it, {@code keyspace.table}
   */
  synchronized Balance of(Map<String, List<Sample>> pages, List<ScyllaTablet> tablets, String tabletsUnread,
      String tableName) {
    long now = clock.getAsLong();
    List<String> moving = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    List<String> unknownMode = new ArrayList<>();
    boolean firstLook = false;
    if (tablets != null) {
      String transitions = ScyllaTablets.inTransition(tablets, tableName);
      if (transitions != null) {
        moving.add(transitions);
      }
    } else {
      unknown.add("the table's tablets could not be read (" + tabletsUnread + ")");
    }
    for (Map.Entry<String, List<Sample>> e : pages.entrySet()) {
      String host = e.getKey();
      List<Sample> samples = e.getValue();
      samples.stream().filter(s -> s.name().equals(MODE)).findFirst().ifPresentOrElse(s -> {
        ScyllaOperationMode mode = ScyllaOperationMode.of(s.value());
        if (mode != ScyllaOperationMode.NORMAL) {
          moving.add("node " + host + " " + mode);
        }
      }, () -> unknownMode.add(host));
      percentages(host, samples, now, moving, unknown, notes);
      double moved = samples.stream().filter(s -> MOVED_BYTES.contains(s.name())).mapToDouble(Sample::value).sum();
      Double before = movedBefore.put(host, moved);
      if (before == null) {
        firstLook = true;
      } else if (moved > before) {
        moving.add(String.format(Locale.ROOT, "node %s streamed or repaired %.0f bytes since the last look", host,
            moved - before));
      }
    }
    if (!moving.isEmpty()) {
      moving.addAll(notes);
      return Balance.moving(String.join(", ", moving));
    }
    if (!unknownMode.isEmpty()) {
      unknown.add("no " + MODE + " on the page of " + String.join(", ", unknownMode));
    }
    if (firstLook) {
      unknown.add("streaming and repair are seen over two looks and this is the first of some node");
    }
    if (!unknown.isEmpty()) {
      unknown.addAll(notes);
      return Balance.unknown(String.join("; ", unknown));
    }
    return Balance.done();
  }

  /** The node's finished percentages below 1: progressing (moving), unsure (unknown) or left by an aborted operation (a note). */
  private void percentages(String host, List<Sample> samples, long now, List<String> moving, List<String> unknown,
      List<String> notes) {
    Map<String, Double> lowest = new HashMap<>();
    for (Sample s : samples) {
      if (s.name().equals(STREAM_DONE) || s.name().equals(NODE_OPS_DONE)) {
        String key = host + "\t" + s.name() + "\t" + s.label("ops") + "\t" + s.label("shard");
        if (s.value() >= 1) {
          progress.remove(key);
          continue;
        }
        String op = s.label("ops") == null ? "an operation" : s.label("ops");
        Progress before = progress.get(key);
        if (before == null) {
          progress.put(key, new Progress(s.value(), now, false));
          lowest.merge("?" + op, s.value(), Math::min);
        } else if (before.value() != s.value()) {
          progress.put(key, new Progress(s.value(), now, true));
          lowest.merge("+" + op, s.value(), Math::min);
        } else if (now - before.sinceMs() < ABORTED_AFTER_MS) {
          lowest.merge((before.seenChanging() ? "+" : "?") + op, s.value(), Math::min);
        } else {
          lowest.merge("-" + op, s.value(), Math::min);
        }
      }
    }
    lowest.forEach((k, v) -> {
      String op = k.substring(1);
      String at = String.format(Locale.ROOT, "%.0f%%", v * 100);
      switch (k.charAt(0)) {
        case '+' -> moving.add("node " + host + " " + op + " running (" + at + ")");
        case '?' -> unknown.add("node " + host + " " + op + " at " + at + ", not yet seen progressing (ScyllaDB keeps"
            + " an aborted operation's figure until the node restarts)");
        default -> notes.add("node " + host + " " + op + " at " + at + " unchanged for over "
            + ABORTED_AFTER_MS / 60_000 + " min: taken for an aborted operation's remnant");
      }
    });
  }
}
