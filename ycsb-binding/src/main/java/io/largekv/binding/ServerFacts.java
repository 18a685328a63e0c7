package io.largekv.binding;

import io.largekv.common.Database;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a connected cluster says of itself that decides whether a run's settings can work, read once
 * at connect before any DDL ({@code io.largekv.driver.ServerProbe}) and judged by
 * {@link ServerChecks}. Plain data, so every rule is tested without a server; built by name
 * ({@link #builder}).
 *
 * @param product what the server is (from what it answers, not from {@code ycql.target}); null when
 *     it could not be told
 * @param releaseVersion {@code system.local.release_version}: Cassandra's own version; ScyllaDB and
 *     YugabyteDB report a Cassandra-compatibility version there
 * @param productVersion ScyllaDB's own version ({@code system.versions}); null where the server has
 *     none to give or it could not be read
 * @param clusterName {@code system.local.cluster_name}
 * @param nodes every node the driver knows, per datacenter (a node that is down still owns its
 *     tokens and replicas)
 * @param nodesUp the nodes the driver sees up, per datacenter
 * @param tabletsForNewKeyspaces ScyllaDB: whether a keyspace created without a {@code tablets}
 *     option gets tablets; null when not ScyllaDB or not readable
 * @param keyspaceReplication the replication of {@code ycql.keyspace} when it exists (the driver's
 *     map: {@code class} and a factor per datacenter, or {@code replication_factor}); null when absent
 * @param keyspaceUsesTablets ScyllaDB: whether the existing keyspace is on tablets; null when unknown
 * @param tableExists whether {@code ycql.table} exists in that keyspace
 * @param contactDatacenter the datacenter of the node that answered {@code system.local} (one the
 *     driver counts as local: the one it infers when {@code ycql.localdc} is not set); null when
 *     unknown
 * @param yugabyteTablets YugabyteDB: the caps on a new table's tablets; null elsewhere
 */
public record ServerFacts(Database product, String releaseVersion, String productVersion, String clusterName,
    Map<String, Integer> nodes, Map<String, Integer> nodesUp, Boolean tabletsForNewKeyspaces,
    Map<String, String> keyspaceReplication, Boolean keyspaceUsesTablets, boolean tableExists,
    String contactDatacenter, YugabyteTabletLimits yugabyteTablets) {

  /** A release version or cluster name {@code system.local} did not give. */
  public static final String NOT_READ = "?";

  public ServerFacts {
    nodes = Collections.unmodifiableMap(new TreeMap<>(nodes));
    nodesUp = Collections.unmodifiableMap(new TreeMap<>(nodesUp));
    keyspaceReplication = keyspaceReplication == null ? null
        : Collections.unmodifiableMap(new TreeMap<>(keyspaceReplication));
  }

  /**
   * Facts to fill by name; what is not set is not known: null (the product, its own version, tablets,
   * the keyspace, the contact node's datacenter, YugabyteDB's caps), {@link #NOT_READ} (the release
   * version, the cluster name), no node, no table.
   */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding these facts, to build them again with some replaced. */
  public Builder toBuilder() {
    return builder().product(product).releaseVersion(releaseVersion).productVersion(productVersion)
        .clusterName(clusterName).nodes(nodes).nodesUp(nodesUp).tabletsForNewKeyspaces(tabletsForNewKeyspaces)
        .keyspaceReplication(keyspaceReplication).keyspaceUsesTablets(keyspaceUsesTablets).tableExists(tableExists)
        .contactDatacenter(contactDatacenter).yugabyteTablets(yugabyteTablets);
  }

  /** Builds {@link ServerFacts} by name: each setter sets the component of the same name. */
  public static final class Builder {
    private Database product;
    private String releaseVersion = NOT_READ;
    private String productVersion;
    private String clusterName = NOT_READ;
    private Map<String, Integer> nodes = Map.of();
    private Map<String, Integer> nodesUp = Map.of();
    private Boolean tabletsForNewKeyspaces;
    private Map<String, String> keyspaceReplication;
    private Boolean keyspaceUsesTablets;
    private boolean tableExists;
    private String contactDatacenter;
    private YugabyteTabletLimits yugabyteTablets;

    private Builder() {}

    public Builder product(Database product) {
      this.product = product;
      return this;
    }

    public Builder releaseVersion(String releaseVersion) {
      this.releaseVersion = releaseVersion;
      return this;
    }

    public Builder productVersion(String productVersion) {
      this.productVersion = productVersion;
      return this;
    }

    public Builder clusterName(String clusterName) {
      this.clusterName = clusterName;
      return this;
    }

    public Builder nodes(Map<String, Integer> nodes) {
      this.nodes = nodes;
      return this;
    }

    public Builder nodesUp(Map<String, Integer> nodesUp) {
      this.nodesUp = nodesUp;
      return this;
    }

    public Builder tabletsForNewKeyspaces(Boolean tabletsForNewKeyspaces) {
      this.tabletsForNewKeyspaces = tabletsForNewKeyspaces;
      return this;
    }

    public Builder keyspaceReplication(Map<String, String> keyspaceReplication) {
      this.keyspaceReplication = keyspaceReplication;
      return this;
    }

    public Builder keyspaceUsesTablets(Boolean keyspaceUsesTablets) {
      this.keyspaceUsesTablets = keyspaceUsesTablets;
      return this;
    }

    public Builder tableExists(boolean tableExists) {
      this.tableExists = tableExists;
      return this;
    }

    public Builder contactDatacenter(String contactDatacenter) {
      this.contactDatacenter = contactDatacenter;
      return this;
    }

    public Builder yugabyteTablets(YugabyteTabletLimits yugabyteTablets) {
      this.yugabyteTablets = yugabyteTablets;
      return this;
    }

    public ServerFacts build() {
      return new ServerFacts(product, releaseVersion, productVersion, clusterName, nodes, nodesUp,
          tabletsForNewKeyspaces, keyspaceReplication, keyspaceUsesTablets, tableExists, contactDatacenter,
          yugabyteTablets);
    }
  }

  /** The datacenters the nodes report (a node that reports none is left out). */
  public java.util.Set<String> datacenters() {
    java.util.Set<String> named = new java.util.TreeSet<>(nodes.keySet());
    named.remove("");
    return named;
  }

  /** Nodes known in {@code datacenter}, 0 for one the cluster does not have. */
  public int nodesIn(String datacenter) {
    return nodes.getOrDefault(datacenter, 0);
  }

  /** Nodes known in every datacenter. */
  public int allNodes() {
    return nodes.values().stream().mapToInt(Integer::intValue).sum();
  }

  public boolean keyspaceExists() {
    return keyspaceReplication != null;
  }

  /**
   * The version people know the server by: ScyllaDB's own, else {@code release_version} (for
   * YugabyteDB a compatibility version: its own is not given over YCQL).
   */
  public String version() {
    return productVersion != null ? productVersion : releaseVersion;
  }

  /** E.g. "ScyllaDB 2025.1.2 (release_version 3.0.8)", "Apache Cassandra 5.0.6". */
  public String describeServer() {
    String name = product == null ? "an unrecognised CQL server" : product.product();
    if (productVersion != null) {
      return name + " " + productVersion + " (release_version " + releaseVersion + ")";
    }
    if (product == Database.YUGABYTE) {
      return name + " (release_version " + releaseVersion + ", a compatibility version: YCQL does not report"
          + " YugabyteDB's own)";
    }
    return name + " " + (product == Database.CASSANDRA ? releaseVersion : "(release_version " + releaseVersion + ")");
  }

  /** E.g. "datacenter1: 3 (3 up), dc2: 1 (0 up)". */
  public String describeNodes() {
    StringBuilder sb = new StringBuilder();
    nodes.forEach((dc, n) -> sb.append(sb.length() == 0 ? "" : ", ").append(dc.isEmpty() ? "(no datacenter)" : dc)
        .append(": ").append(n)
        .append(" node").append(n == 1 ? "" : "s").append(" (").append(nodesUp.getOrDefault(dc, 0)).append(" up)"));
    return sb.length() == 0 ? "no node reports a datacenter" : sb.toString();
  }
}
