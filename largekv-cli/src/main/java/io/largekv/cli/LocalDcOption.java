package io.largekv.cli;

import picocli.CommandLine.Option;

/** {@code --localdc}, a mixin of the commands against hosts: the hosts' local datacenter. */
final class LocalDcOption {

  /** null: inferred by the binding (a local server has its own). */
  String name;

  @Option(names = "--localdc", paramLabel = "DC", description = "local datacenter of the hosts (Cassandra/Scylla;"
      + " inferred when omitted)", order = UsageOrder.WHERE + 4)
  void localdc(String v) {
    name = v;
  }
}
