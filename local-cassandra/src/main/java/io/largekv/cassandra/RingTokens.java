package io.largekv.cassandra;

import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tokens of a local ring: the ones each initial node is given, and the check that every node's
 * token map is consistent with them.
 *
 * <p>Initial nodes start at once. With token allocation, a node that sees no other node's tokens
 * yet computes its own from an empty ring, so two nodes starting at the same moment can pick the
 * same ones; the driver then cannot build its token map ("Multiple entries with same key") and
 * schema agreement may never come. So each initial node gets its own {@code initial_token}s:
 * {@code perNode × nodes} tokens evenly spaced over the Murmur3 range, dealt out in turn, so the
 * ranges are as even as allocation would make them. A node added later bootstraps with token
 * allocation: it sees the ring it joins, and Cassandra refuses a bootstrap to a token already owned.
 */
final class RingTokens {

  private static final BigInteger MIN_TOKEN = BigInteger.valueOf(Long.MIN_VALUE);
  private static final BigInteger RANGE = BigInteger.ONE.shiftLeft(64);

  private RingTokens() {}

  /**
   * Node {@code node}'s (1-based) tokens in a ring of {@code nodes} initial nodes, {@code perNode}
   * each: token {@code j} of node {@code n} is number {@code j·nodes + n − 1} of {@code perNode·nodes}
   * evenly spaced from {@link Long#MIN_VALUE}.
   */
  static List<String> evenlySpaced(int node, int nodes, int perNode) {
    if (node < 1 || node > nodes || perNode < 1) {
      throw new IllegalArgumentException("node " + node + " of " + nodes + ", " + perNode + " tokens each");
    }
    BigInteger total = BigInteger.valueOf((long) perNode * nodes);
    List<String> tokens = new ArrayList<>(perNode);
    for (int j = 0; j < perNode; j++) {
      BigInteger index = BigInteger.valueOf((long) j * nodes + node - 1);
      tokens.add(MIN_TOKEN.add(RANGE.multiply(index).divide(total)).toString());
    }
    return tokens;
  }

  /** A node of the ring: its number, {@code address:storagePort}, and its tokens (empty: not known yet). */
  record Member(int number, String endpoint, List<String> tokens) {
    String name() {
      return "node " + number + " (" + endpoint.substring(0, endpoint.lastIndexOf(':')) + ")";
    }
  }

  /** Two nodes own the same token: the ring can never be consistent. */
  static final class CollidingTokens extends IOException {
    CollidingTokens(String message) {
      super(message);
    }
  }

  /**
   * What keeps the running nodes' token maps from being consistent with the members' tokens, or ""
   * when each map holds exactly every member's tokens, each owned by that member, and all maps are
   * equal. A map that lacks tokens, or names an endpoint that is not a member, can still catch up
   * (gossip) and is a problem to wait on.
   *
   * @param views a running node's number → its token map (token → {@code address:port})
   * @throws CollidingTokens when two members own one token: by their own tokens, or in a node's map,
   *     which gives a member's token to another member
   */
  static String problem(List<Member> members, Map<Integer, Map<String, String>> views) throws CollidingTokens {
    Map<String, Member> byEndpoint = new HashMap<>();
    Map<String, Member> owners = new HashMap<>();
    for (Member m : members) {
      byEndpoint.put(m.endpoint(), m);
      for (String t : m.tokens()) {
        Member other = owners.putIfAbsent(t, m);
        if (other != null && other != m) {
          throw collision(other, m, t, "");
        }
      }
    }
    boolean allKnown = members.stream().noneMatch(m -> m.tokens().isEmpty());
    for (Map.Entry<Integer, Map<String, String>> view : views.entrySet()) {
      Map<String, String> map = view.getValue();
      for (Member m : members) {
        for (String t : m.tokens()) {
          String owner = map.get(t);
          if (owner != null && !owner.equals(m.endpoint())) {
            Member o = byEndpoint.get(owner);
            throw collision(m, o, t, " (node " + view.getKey() + "'s token map gives it to " + owner + ")");
          }
        }
      }
    }
    String problem = "";
    Map<String, String> first = null;
    int firstNode = 0;
    for (Map.Entry<Integer, Map<String, String>> view : views.entrySet()) {
      int seer = view.getKey();
      Map<String, String> map = view.getValue();
      for (Member m : members) {
        for (String t : m.tokens()) {
          if (!map.containsKey(t)) {
            return "node " + seer + "'s token map lacks token " + t + " of " + m.name();
          }
        }
      }
      for (String endpoint : map.values()) {
        if (!byEndpoint.containsKey(endpoint)) {
          return "node " + seer + "'s token map names " + endpoint + ", not a node of the ring";
        }
      }
      if (allKnown && map.size() != owners.size()) {
        return "node " + seer + "'s token map has " + map.size() + " tokens, not " + owners.size();
      }
      if (first == null) {
        first = map;
        firstNode = seer;
      } else if (!first.equals(map)) {
        problem = "nodes " + firstNode + " and " + seer + " see different token maps";
      }
    }
    return problem;
  }

  private static CollidingTokens collision(Member a, Member b, String token, String where) {
    String other = b == null ? "another node" : b.name();
    return new CollidingTokens("the local cluster's " + a.name() + " and " + other + " both own token " + token
        + where + ": a ring whose nodes share a token has no consistent token map");
  }
}
