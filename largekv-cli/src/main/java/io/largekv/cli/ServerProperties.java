package io.largekv.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * The properties of every phase against one server, as YCSB takes them (the nb5 harness
 * translates them): a local cluster's datacenter and keyspace replication factor, or the hosts'
 * {@code --localdc}; where; the dialect; then the user's, which win.
 */
final class ServerProperties {

  /** The address and datacenter a local server's settings are checked and planned with before it starts. */
  static final String PLANNED_LOCAL_HOST = "127.0.0.1";
  static final String PLANNED_LOCAL_DC = "datacenter1";

  private ServerProperties() {}

  /**
   * Against a local cluster of {@code nodes} ({@code local}) its datacenter {@code localDc} and
   * replication factor, else {@code hostsDc} ({@code --localdc}; null: none); {@code hosts}; the
   * dialect (null: the binding's default); then {@code userProperties} (the user's -p, a target's own).
   */
  static List<String> of(boolean local, String hosts, String localDc, int nodes, String hostsDc, String dialect,
      List<String> userProperties) {
    List<String> props = new ArrayList<>();
    if (local) {
      props.add("ycql.localdc=" + localDc);
      props.add("ycql.replication_factor=" + LocalClusterOptions.replicationFactor(nodes));
    } else if (hostsDc != null) {
      props.add("ycql.localdc=" + hostsDc);
    }
    props.add("hosts=" + hosts);
    if (dialect != null) {
      props.add("ycql.target=" + dialect);
    }
    props.addAll(userProperties);
    return props;
  }
}
