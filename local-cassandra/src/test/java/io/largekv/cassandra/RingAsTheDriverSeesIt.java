package io.largekv.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A local ring as a driver sees it (for {@link LocalCassandraIT}): its nodes never share a token,
 * checked as the driver sees the ring (its own token map, built from every node's
 * {@code system.local} and {@code system.peers_v2}) and as every node's own tables say it; and the
 * traffic a node coordinated ({@link LocalNode#traffic}) counts what a driver sent through it. Three
 * seeds that allocated their tokens from an empty ring at the same moment once gave two nodes the same
 * token; the driver could then build no token map.
 */
final class RingAsTheDriverSeesIt {

  private static final int TOKENS_PER_NODE = 16;

  private RingAsTheDriverSeesIt() {}

  /**
   * Starts {@code nodes} nodes while a spinning thread per core keeps the machine busy (where the
   * seeds' race showed: CI, a fresh and busy machine).
   */
  static LocalCassandra startOnABusyMachine(int nodes) throws Exception {
    AtomicBoolean busy = new AtomicBoolean(true);
    List<Thread> spinners = new ArrayList<>();
    for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
      Thread t = new Thread(() -> {
        long x = 0;
        while (busy.get()) {
          x += System.nanoTime() % 7;
        }
        if (x == 42) {
          System.out.print("");
        }
      }, "busy-" + i);
      t.setDaemon(true);
      t.start();
      spinners.add(t);
    }
    try {
      return LocalCassandra.builder().nodes(nodes).quiet(true).start();
    } finally {
      busy.set(false);
      for (Thread t : spinners) {
        t.join(10_000);
      }
    }
  }

  /**
   * The initial nodes' tokens are distinct, and the driver's token map and every node's own tables
   * hold exactly them (the initial tokens are given, not allocated, so one start checks what repeated
   * starts would); then node 2's coordinated reads and writes count those sent through it.
   */
  static void check(LocalCassandra ring) throws Exception {
    String what = "a ring started on a busy machine";
    int nodes = ring.nodes().size();
    Map<String, List<String>> configured = new TreeMap<>();
    for (LocalNode n : ring.nodes()) {
      configured.put(n.address(), n.tokens());
    }
    Set<String> all = new HashSet<>();
    configured.values().forEach(all::addAll);
    assertThat(all).as(what + ": the nodes' tokens are distinct").hasSize(nodes * TOKENS_PER_NODE);

    try (CqlSession session = session(ring)) {
      TokenMap tokenMap = awaitTokenMap(session, what, nodes);
      Map<String, Set<String>> driverView = new TreeMap<>();
      for (Node node : session.getMetadata().getNodes().values()) {
        Set<String> tokens = new TreeSet<>();
        tokenMap.getTokens(node).forEach(t -> tokens.add(tokenMap.format(t)));
        driverView.put(((InetSocketAddress) node.getEndPoint().resolve()).getAddress().getHostAddress(), tokens);
      }
      assertThat(driverView).as(what + ": the driver's token map").isEqualTo(asSets(configured));
      assertThat(tokenMap.getTokenRanges()).as(what).hasSize(nodes * TOKENS_PER_NODE);

      // every node's own tables (what a driver reads when it connects through that node) say the same
      for (Node node : session.getMetadata().getNodes().values()) {
        Map<String, Set<String>> seen = new TreeMap<>();
        String self = ((InetSocketAddress) node.getEndPoint().resolve()).getAddress().getHostAddress();
        Row local = session.execute(SimpleStatement.newInstance("SELECT tokens FROM system.local").setNode(node))
            .one();
        seen.put(self, new TreeSet<>(local.getSet("tokens", String.class)));
        for (Row peer : session.execute(SimpleStatement.newInstance("SELECT peer, tokens FROM system.peers_v2")
            .setNode(node))) {
          seen.put(peer.getInetAddress("peer").getHostAddress(), new TreeSet<>(peer.getSet("tokens", String.class)));
        }
        assertThat(seen).as(what + ": " + self + "'s system.local and system.peers_v2").isEqualTo(asSets(configured));
      }
      assertTrafficCounted(ring, session);
    }
  }

  /** {@code LocalNode.traffic()}: the reads and writes a node coordinated, which nodes.jsonl and the report show. */
  private static void assertTrafficCounted(LocalCassandra ring, CqlSession session) throws Exception {
    session.execute("CREATE KEYSPACE traffic WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 2}");
    session.execute("CREATE TABLE traffic.t (k int PRIMARY KEY, v int)");
    Node second = session.getMetadata().getNodes().values().stream().filter(n -> ((InetSocketAddress) n
        .getEndPoint().resolve()).getAddress().getHostAddress().equals("127.0.0.2")).findFirst().orElseThrow();
    LocalNode.Traffic before = ring.node(2).traffic();
    for (int i = 0; i < 25; i++) {
      session.execute(SimpleStatement.newInstance("INSERT INTO traffic.t (k, v) VALUES (?, ?)", i, i).setNode(second));
      session.execute(SimpleStatement.newInstance("SELECT v FROM traffic.t WHERE k = ?", i).setNode(second));
    }
    LocalNode.Traffic after = ring.node(2).traffic();
    assertThat(after.reads() - before.reads()).isGreaterThanOrEqualTo(25);
    assertThat(after.writes() - before.writes()).isGreaterThanOrEqualTo(25);
  }

  private static Map<String, Set<String>> asSets(Map<String, List<String>> tokens) {
    Map<String, Set<String>> out = new TreeMap<>();
    tokens.forEach((k, v) -> out.put(k, new TreeSet<>(v)));
    return out;
  }

  private static CqlSession session(LocalCassandra ring) {
    var b = CqlSession.builder().withLocalDatacenter(ring.localDatacenter())
        .withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(20))
            .withDuration(DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofSeconds(20))
            .withDuration(DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofSeconds(20))
            .build());
    for (LocalNode n : ring.nodes()) {
      b.addContactPoint(new InetSocketAddress(n.address(), ring.nativePort()));
    }
    return b.build();
  }

  /** The driver builds its token map after it connects; it has none while two nodes share a token. */
  private static TokenMap awaitTokenMap(CqlSession session, String what, int nodes) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
    Optional<TokenMap> map = session.getMetadata().getTokenMap();
    while (map.isEmpty() || session.getMetadata().getNodes().size() < nodes) {
      assertThat(System.nanoTime()).as(what + ": the driver built no token map of " + nodes + " nodes within 120 s")
          .isLessThan(deadline);
      Thread.sleep(200);
      map = session.getMetadata().getTokenMap();
    }
    return map.get();
  }
}
