package io.largekv.cli;

import io.largekv.common.Database;
import io.largekv.common.UserError;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The options of a command against one server (or cluster) with the laptop-sized or the seeds'
 * workload files: {@code bin/largekv run}, {@code k8s render} and {@code k8s local}. It owns
 * {@code --hosts}, {@code --target} and {@code --full-scale}, and the properties every phase gets
 * against that server ({@link #runProperties}); each command adds its own options. ({@code compare} names its servers with {@code --target LABEL=HOSTS}.)
 */
public abstract class ServerOptions extends PhaseOptions {

  /** {@code --hosts}; null: a local Cassandra that the command starts. */
  String hosts;
  /**
   * The database ({@code --target}, as YCSB's {@code ycql.target}: the dialect); null: cassandra
   * locally, else the binding's default (yugabyte). Only {@code compare} has targets: labelled servers.
   */
  String database;

  @Override
  final boolean fullScaleWorkloads() {
    return fullScale;
  }

  /** {@code --harness}: the client, one of {@link Harness#ALL} (compare takes several). */
  String harness = Harness.YCSB;

  @Option(names = "--harness", paramLabel = "ycsb|nb5", description = "the client: YCSB with largekv's binding"
      + " (default), or your own nb5 on yb_kv_large (found as bin/nb5 finds it: NB5_JAR, or nb5 on PATH; every read"
      + " verified; docs/nosqlbench.md)")
  void harness(String v) throws UserError {
    harness = Harness.parse(v, false).get(0);
  }

  @Option(names = "--hosts", paramLabel = "H1,H2[:PORT]", description = "run against these servers instead of a"
      + " local Cassandra (k8s render: the contact points, as the pods reach them)")
  void hosts(String v) {
    hosts = v;
  }

  @Option(names = "--target", paramLabel = "T", description = "yugabyte | cassandra | scylla (default: cassandra"
      + " locally, else yugabyte)")
  void database(String v) throws UserError {
    database = Database.parse("--target", v).propertyValue();
  }

  /**
   * The properties every phase gets, as YCSB takes them: where to connect (the local server's
   * {@code localHosts} and {@code localDc} when there is no {@code --hosts}), the dialect (cassandra
   * locally unless {@code --target}), the local keyspace's replication factor, then the user's -p.
   */
  List<String> runProperties(String localHosts, String localDc) {
    boolean local = hosts == null;
    return serverProperties(local, local ? localHosts : hosts, localDc, local && database == null ? "cassandra" : database,
        properties);
  }
}
