package io.largekv.cli;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Counts;
import io.largekv.common.UserError;
import picocli.CommandLine.Option;

/**
 * {@code --nodes}, a mixin of the commands that may start a local cluster ({@code run},
 * {@code compare}, {@code check}, {@code k8s local}): how many nodes it has.
 */
final class LocalClusterOptions {

  /** Nodes of each local cluster. */
  int nodes = 1;

  @Option(names = "--nodes", paramLabel = "N", description = "a local cluster of N nodes on 127.0.0.1..N"
      + " (default 1; RF 3 from 3 nodes on)", order = UsageOrder.WHERE + 5)
  void nodes(String v) throws UserError {
    nodes = (int) Counts.between("--nodes", v, 1, LocalCassandra.MAX_NODES);
  }

  /** The local cluster as a run names it: "the local Cassandra (N node[s])". */
  String describe() {
    return "the local Cassandra (" + nodes + " node" + (nodes == 1 ? "" : "s");
  }

  /** The replication factor of a local cluster's keyspace: 3 from three nodes on, else 1. */
  static int replicationFactor(int nodes) {
    return nodes >= 3 ? 3 : 1;
  }
}
