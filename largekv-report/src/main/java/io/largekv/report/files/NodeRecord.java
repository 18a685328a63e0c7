package io.largekv.report.files;

/**
 * One node of a local cluster at the end of a phase run ({@link NodesFile}): its state, when it last
 * started (ms since 1970) and the reads and writes it coordinated since (-1 when not known).
 */
public record NodeRecord(int node, String address, String state, long startedMs, long reads, long writes) {
}
