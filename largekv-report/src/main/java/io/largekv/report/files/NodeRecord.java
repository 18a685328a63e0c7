package io.largekv.report.files;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * One node of a local cluster at the end of a phase run ({@code nodes.tsv}): its state, when it last
 * started (ms since 1970) and the reads and writes it coordinated since (-1 when down).
 */
public record NodeRecord(int node, String address, String state, long startedMs, long reads, long writes) {

  /** The header of nodes.tsv. */
  public static final String HEADER = "node\taddress\tstate\tstarted_ms\treads_coordinated\twrites_coordinated";

  /** The nodes of a run directory's {@code nodes.tsv}; none when absent (one node, or a real cluster). */
  public static List<NodeRecord> read(Path file) throws IOException {
    return Tsv.rows(file).stream().map(f -> new NodeRecord(Integer.parseInt(f[0]), f[1], f[2], Long.parseLong(f[3]),
        Long.parseLong(f[4]), Long.parseLong(f[5]))).toList();
  }
}
