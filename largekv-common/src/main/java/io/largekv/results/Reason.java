package io.largekv.results;

import java.util.Objects;

/**
 * Why a value is missing: a figure that could not be measured says so and why, never 0. The
 * renderers decide by its {@link Code} and the {@code node} it is about; {@code detail} is the
 * source's (or the computation's) own words. Its words are chosen when it is rendered ({@link #words})
 * and never parsed back.
 *
 * @param code why, as a fact
 * @param node the node the reason is about (a cluster's sum names the node whose figure is missing),
 *     null when it is about none
 * @param detail why in words, as the source or the computation said it
 */
public record Reason(Code code, String node, String detail) {

  /** Why a value is missing. */
  public enum Code {
    /** It could not be measured: {@code detail} says why. */
    UNMEASURED,
    /** The source could not read the node at all (down, not running, not answering): {@code detail} says how. */
    SOURCE_DOWN,
    /** It is not a figure of this phase (a load's in a read phase, a read's in a load). */
    NOT_OF_THIS_PHASE,
    /** It is the cluster's only: a node's row has none. */
    CLUSTER_ONLY
  }

  public Reason {
    Objects.requireNonNull(code, "code");
  }

  /** Not measured, for {@code detail}. */
  public static Reason unmeasured(String detail) {
    return new Reason(Code.UNMEASURED, null, detail);
  }

  /** The same reason, about {@code node}. */
  public Reason on(String node) {
    return new Reason(code, node, detail);
  }

  /** It in words: the node first when there is one ({@code "10.0.0.5: DETAIL"}). */
  public String words() {
    return node == null ? detail : node + ": " + detail;
  }
}
