package io.largekv.servers;

import io.largekv.report.files.ServerFigure;
import io.largekv.results.Reason;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

/**
 * What one source read on one node at one time: a value for each figure it has, the reason for each
 * figure it should have and could not read, and the node's state as the database names it (e.g.
 * {@code NORMAL}, {@code JOINING}; null when the source does not know). A figure in neither map is
 * not this source's to give.
 *
 * @param node the node's host (address or name, no port): sources are merged on it
 * @param unavailable each figure's reason, {@link Reason.Code#SOURCE_DOWN} when the source could not
 *     read the node at all ({@link #failed}), else {@link Reason.Code#UNMEASURED}
 */
public record NodeReading(String node, Map<ServerFigure, Double> values, Map<ServerFigure, Reason> unavailable,
    String state) {

  public NodeReading {
    values = Collections.unmodifiableMap(copy(values));
    unavailable = Collections.unmodifiableMap(copy(unavailable));
  }

  private static <V> EnumMap<ServerFigure, V> copy(Map<ServerFigure, V> m) {
    return m.isEmpty() ? new EnumMap<>(ServerFigure.class) : new EnumMap<>(m);
  }

  /** A reading to fill: {@link Builder#value}, {@link Builder#unavailable}, {@link Builder#state}. */
  public static Builder of(String node) {
    return new Builder(node);
  }

  /** Every one of {@code figures} unavailable on {@code node}: the source could not read it, for {@code reason}. */
  public static NodeReading failed(String node, Iterable<ServerFigure> figures, String reason) {
    Builder b = of(node);
    Reason down = new Reason(Reason.Code.SOURCE_DOWN, null, reason);
    for (ServerFigure f : figures) {
      b.unavailable(f, down);
    }
    return b.build();
  }

  /** Each figure's reason in words, as the samples file holds them. */
  public Map<ServerFigure, String> unavailableInWords() {
    EnumMap<ServerFigure, String> words = new EnumMap<>(ServerFigure.class);
    unavailable.forEach((f, why) -> words.put(f, why.words()));
    return words;
  }

  /** Builds a {@link NodeReading}. */
  public static final class Builder {
    private final String node;
    private final EnumMap<ServerFigure, Double> values = new EnumMap<>(ServerFigure.class);
    private final EnumMap<ServerFigure, Reason> unavailable = new EnumMap<>(ServerFigure.class);
    private String state;

    private Builder(String node) {
      this.node = node;
    }

    /** {@code v} for {@code f}; a NaN or infinite value is no figure: unavailable, said so. */
    public Builder value(ServerFigure f, double v) {
      if (!Double.isFinite(v)) {
        return unavailable(f, "the source gave " + v);
      }
      values.put(f, v);
      unavailable.remove(f);
      return this;
    }

    /**
     * Adds {@code r}'s figures that this reading has no value of yet (its values win over earlier
     * reasons, never over earlier values), and its state when this one has none.
     */
    public Builder merge(NodeReading r) {
      r.values().forEach((f, v) -> {
        if (!values.containsKey(f)) {
          value(f, v);
        }
      });
      r.unavailable().forEach((f, why) -> {
        if (!values.containsKey(f) && !unavailable.containsKey(f)) {
          unavailable.put(f, why);
        }
      });
      if (state == null) {
        state = r.state();
      }
      return this;
    }

    /** {@code f} not measured, for {@code reason} (the source's words). */
    public Builder unavailable(ServerFigure f, String reason) {
      return unavailable(f, Reason.unmeasured(reason));
    }

    public Builder unavailable(ServerFigure f, Reason reason) {
      if (!values.containsKey(f)) {
        unavailable.put(f, reason);
      }
      return this;
    }

    public Builder state(String s) {
      state = s;
      return this;
    }

    public NodeReading build() {
      return new NodeReading(node, values, unavailable, state);
    }
  }
}
