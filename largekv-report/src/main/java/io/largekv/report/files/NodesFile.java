package io.largekv.report.files;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@value ResultsLayout#NODES}, a local cluster's nodes at the end of a phase run
 * (docs/local-cluster.md), written by {@code io.largekv.cluster.NodeTraffic} and read by the report:
 * JSON Lines, a {@link Line} a node: its {@code node} number and {@code address}, its {@code state}
 * ({@link State}, with a {@code detail} when JMX did not answer or the node ended on its own), {@code started_ms} (when it last
 * started, ms since 1970), and the {@code reads_coordinated} and {@code writes_coordinated} since
 * (absent when not known: its state says why). Result directories written before it have
 * {@value ResultsLayout#NODES_BEFORE} (tab-separated), read here too.
 */
public final class NodesFile {

  private NodesFile() {}

  /** A node's state at the phase's end. */
  public enum State {
    RUNNING("running"),
    /** Stopped or killed: it coordinated nothing since. */
    DOWN("down"),
    /** Running, but its JMX did not answer ({@code detail}: why): what it coordinated is not known. */
    JMX_NOT_ANSWERING("running, JMX not answering: "),
    /**
     * Its process ended on its own, not by an event ({@code detail}: its exit code, first error and
     * log): a crash, which fails the phase.
     */
    ENDED_ON_ITS_OWN("ended on its own: ");

    private final String words;

    State(String words) {
      this.words = words;
    }
  }

  /** One line of the file. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Line(int node, String address, State state, String detail, @JsonProperty("started_ms") long startedMs,
      @JsonProperty("reads_coordinated") Long reads, @JsonProperty("writes_coordinated") Long writes) {

    NodeRecord record() {
      String words = detail != null ? state.words + detail : state.words;
      return new NodeRecord(node, address, words, startedMs, reads == null ? -1 : reads, writes == null ? -1 : writes,
          state == State.ENDED_ON_ITS_OWN);
    }
  }

  /** A node that answered: what it coordinated since {@code startedMs}. */
  public static Line running(int node, String address, long startedMs, long reads, long writes) {
    return new Line(node, address, State.RUNNING, null, startedMs, reads, writes);
  }

  /** A node that is down, or ({@code why} not null) running with its JMX not answering. */
  public static Line notCounted(int node, String address, long startedMs, String why) {
    return why == null ? new Line(node, address, State.DOWN, null, startedMs, null, null)
        : new Line(node, address, State.JMX_NOT_ANSWERING, ServerSamplesFile.clean(why), startedMs, null, null);
  }

  /** A node whose process ended on its own: {@code why} its exit code, first error and log. */
  public static Line endedOnItsOwn(int node, String address, long startedMs, String why) {
    return new Line(node, address, State.ENDED_ON_ITS_OWN, ServerSamplesFile.clean(why), startedMs, null, null);
  }

  /** Writes {@code file} (a run directory's {@value ResultsLayout#NODES}) with {@code nodes}, in their order. */
  public static void write(Path file, List<Line> nodes) throws IOException {
    JsonLines.write(file, nodes);
  }

  /**
   * The nodes of a run directory (this file, else the file before it); none when absent (one node,
   * or a real cluster).
   */
  public static List<NodeRecord> read(Path dir) throws IOException {
    Path file = dir.resolve(ResultsLayout.NODES);
    if (!Files.exists(file)) {
      return Tsv.rows(dir.resolve(ResultsLayout.NODES_BEFORE)).stream().map(f -> new NodeRecord(Integer.parseInt(f[0]),
          f[1], f[2], Long.parseLong(f[3]), Long.parseLong(f[4]), Long.parseLong(f[5]))).toList();
    }
    List<NodeRecord> out = new ArrayList<>();
    for (Line l : JsonLines.read(file, Line.class, new int[1])) {
      if (l.state() != null) {
        out.add(l.record());
      }
    }
    return out;
  }
}
