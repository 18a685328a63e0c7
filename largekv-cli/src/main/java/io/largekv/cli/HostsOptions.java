package io.largekv.cli;

import io.largekv.common.Database;
import io.largekv.common.UserError;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --hosts} and {@code --target}, a mixin of the commands against one server ({@code run},
 * {@code check}, {@code k8s render}, {@code k8s local}): which servers, and what database they are.
 * ({@code compare} names its servers with {@code --target LABEL=HOSTS}.)
 */
final class HostsOptions {

  /** {@code --hosts}; null: a local Cassandra that the command starts. */
  String hosts;
  /**
   * The database ({@code --target}, as YCSB's {@code ycql.target}: the dialect); null: cassandra
   * locally, else the binding's default (yugabyte).
   */
  String database;

  @Option(names = "--hosts", paramLabel = "H1,H2[:PORT]", description = "run against these servers instead of a"
      + " local Cassandra (k8s render: the contact points, as the pods reach them)", order = UsageOrder.WHERE + 1)
  void hosts(String v) {
    hosts = v;
  }

  @Option(names = "--target", paramLabel = "T", description = "yugabyte | cassandra | scylla (default: cassandra"
      + " locally, else yugabyte)", order = UsageOrder.WHERE + 2)
  void database(String v) throws UserError {
    database = Database.parse("--target", v).propertyValue();
  }

  /**
   * The properties every phase gets against these servers, as YCSB takes them
   * ({@link ServerProperties}): where to connect (without {@code --hosts}, the local cluster of
   * {@code nodes} at {@code localHosts}, datacenter {@code localDc}; else {@code hostsDc}, the
   * {@code --localdc}), the dialect (cassandra locally unless {@code --target}), then the user's -p.
   */
  List<String> properties(String localHosts, String localDc, int nodes, String hostsDc, List<String> user) {
    boolean local = hosts == null;
    return ServerProperties.of(local, local ? localHosts : hosts, localDc, nodes, hostsDc,
        local && database == null ? "cassandra" : database, user);
  }
}
