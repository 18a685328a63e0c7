package io.largekv.report.files;

/**
 * One node of a local cluster at the end of a phase run ({@link NodesFile}): its state, when it last
 * started (ms since 1970) and the reads and writes it coordinated since (-1 when not known), and
 * whether its process ended on its own during the run (a crash: the phase failed).
 */
public record NodeRecord(int node, String address, String state, long startedMs, long reads, long writes,
    boolean endedOnItsOwn) {

  /** A node that did not end on its own. */
  public NodeRecord(int node, String address, String state, long startedMs, long reads, long writes) {
    this(node, address, state, startedMs, reads, writes, false);
  }
}
