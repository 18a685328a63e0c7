package io.largekv.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class RingTokensTest {

  private static final int PER_NODE = 16;

  @Test
  void initialNodesGetDistinctEvenlySpacedTokensInTheMurmur3Range() {
    for (int nodes = 1; nodes <= LocalCassandra.MAX_NODES; nodes++) {
      List<BigInteger> all = new ArrayList<>();
      for (int n = 1; n <= nodes; n++) {
        List<String> tokens = RingTokens.evenlySpaced(n, nodes, PER_NODE);
        assertThat(tokens).hasSize(PER_NODE);
        tokens.forEach(t -> all.add(new BigInteger(t)));
      }
      assertThat(new HashSet<>(all)).as("%d nodes", nodes).hasSize(nodes * PER_NODE);
      List<BigInteger> sorted = all.stream().sorted().toList();
      assertThat(sorted.get(0)).isEqualTo(BigInteger.valueOf(Long.MIN_VALUE));
      assertThat(sorted.get(sorted.size() - 1)).isLessThanOrEqualTo(BigInteger.valueOf(Long.MAX_VALUE));
      // every gap is 2^64 / (nodes·16), to the unit (integer division)
      BigInteger step = BigInteger.ONE.shiftLeft(64).divide(BigInteger.valueOf((long) nodes * PER_NODE));
      for (int i = 1; i < sorted.size(); i++) {
        assertThat(sorted.get(i).subtract(sorted.get(i - 1)).subtract(step).abs())
            .isLessThanOrEqualTo(BigInteger.ONE);
      }
    }
    // dealt out in turn: node 1's first token is the range's start, node 2's the next one
    assertThat(RingTokens.evenlySpaced(1, 3, PER_NODE).get(0)).isEqualTo(Long.toString(Long.MIN_VALUE));
    assertThat(new BigInteger(RingTokens.evenlySpaced(2, 3, PER_NODE).get(0)))
        .isGreaterThan(new BigInteger(RingTokens.evenlySpaced(1, 3, PER_NODE).get(0)))
        .isLessThan(new BigInteger(RingTokens.evenlySpaced(3, 3, PER_NODE).get(0)));
  }

  @Test
  void aConsistentRingHasNoProblem() throws Exception {
    List<RingTokens.Member> members = members(3);
    assertThat(RingTokens.problem(members, views(members, 1, 2, 3))).isEmpty();
    // a node down: its tokens stay in the others' maps
    assertThat(RingTokens.problem(members, views(members, 1, 3))).isEmpty();
  }

  @Test
  void twoNodesWithOneTokenFailAtOnceNamingBothAndTheToken() {
    List<RingTokens.Member> members = new ArrayList<>(members(3));
    String shared = members.get(0).tokens().get(5);
    List<String> second = new ArrayList<>(members.get(1).tokens());
    second.set(3, shared);
    members.set(1, new RingTokens.Member(2, "127.0.0.2:7000", second));
    assertThatThrownBy(() -> RingTokens.problem(members, Map.of()))
        .isInstanceOf(RingTokens.CollidingTokens.class)
        .hasMessage("the local cluster's node 1 (127.0.0.1) and node 2 (127.0.0.2) both own token " + shared
            + ": a ring whose nodes share a token has no consistent token map");
  }

  @Test
  void aTokenMapThatGivesANodesTokenToAnotherIsACollision() {
    List<RingTokens.Member> members = members(3);
    Map<Integer, Map<String, String>> views = views(members, 1, 2, 3);
    String token = members.get(1).tokens().get(0);
    views.get(3).put(token, "127.0.0.1:7000"); // what a node sees when node 1 claimed node 2's token too
    assertThatThrownBy(() -> RingTokens.problem(members, views))
        .isInstanceOf(RingTokens.CollidingTokens.class)
        .hasMessageContaining("node 2 (127.0.0.2) and node 1 (127.0.0.1) both own token " + token)
        .hasMessageContaining("node 3's token map gives it to 127.0.0.1:7000");
  }

  @Test
  void aMapStillCatchingUpIsAProblemToWaitOn() throws Exception {
    List<RingTokens.Member> members = members(3);
    Map<Integer, Map<String, String>> lacking = views(members, 1, 2, 3);
    String token = members.get(2).tokens().get(7);
    lacking.get(2).remove(token);
    assertThat(RingTokens.problem(members, lacking))
        .isEqualTo("node 2's token map lacks token " + token + " of node 3 (127.0.0.3)");

    Map<Integer, Map<String, String>> stranger = views(members, 1, 2, 3);
    stranger.get(1).put("42", "127.0.0.9:7000");
    assertThat(RingTokens.problem(members, stranger)).isEqualTo("node 1's token map names 127.0.0.9:7000, not a node "
        + "of the ring");
  }

  @Test
  void anAddedNodeWhoseTokensAreNotKnownYetIsCheckedOnceTheyAre() throws Exception {
    List<RingTokens.Member> members = new ArrayList<>(members(3));
    List<String> allocated = List.of("11", "22", "33");
    members.add(new RingTokens.Member(4, "127.0.0.4:7000", List.of()));
    Map<Integer, Map<String, String>> views = views(members, 1, 2, 3);
    views.values().forEach(v -> allocated.forEach(t -> v.put(t, "127.0.0.4:7000")));
    // not known: no count is checked, the maps only have to agree
    assertThat(RingTokens.problem(members, views)).isEmpty();
    views.get(2).remove("22");
    assertThat(RingTokens.problem(members, views)).isEqualTo("nodes 1 and 2 see different token maps");
    // known: a map lacking one of them is a problem
    members.set(3, new RingTokens.Member(4, "127.0.0.4:7000", allocated));
    assertThat(RingTokens.problem(members, views)).isEqualTo("node 2's token map lacks token 22 of node 4 (127.0.0.4)");
  }

  private static List<RingTokens.Member> members(int nodes) {
    List<RingTokens.Member> members = new ArrayList<>();
    for (int n = 1; n <= nodes; n++) {
      members.add(new RingTokens.Member(n, "127.0.0." + n + ":7000", RingTokens.evenlySpaced(n, nodes, PER_NODE)));
    }
    return members;
  }

  /** The token maps the given running nodes would have in a consistent ring. */
  private static Map<Integer, Map<String, String>> views(List<RingTokens.Member> members, int... running) {
    Map<String, String> map = new HashMap<>();
    members.forEach(m -> m.tokens().forEach(t -> map.put(t, m.endpoint())));
    Map<Integer, Map<String, String>> views = new TreeMap<>();
    for (int n : running) {
      views.put(n, new HashMap<>(map));
    }
    return views;
  }
}
