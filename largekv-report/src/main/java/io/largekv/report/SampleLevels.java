package io.largekv.report;

import io.largekv.report.files.ServerFigure;
import io.largekv.report.files.ServerSamplesFile.Sample;
import io.largekv.results.Reason;
import io.largekv.results.Results.Figure;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Levels of the servers' samples (a node's table bytes, memtables, page cache): a node's first or
 * last sample that has one, its growth, the cluster's sum at the samples where every node has one (a
 * sum with a node missing is no sum), and why a figure is missing: its last sample's reason.
 */
final class SampleLevels {

  private SampleLevels() {}

  /**
   * The first ({@code first}) or last sample's value of a level figure, or why there is none; {@code of}:
   * the phase's samples (a node missing from some rests on fewer).
   */
  static Figure level(List<Sample> samples, ServerFigure f, boolean first, int of) {
    int with = (int) samples.stream().filter(x -> x.value(f) != null).count();
    List<Sample> order = first ? samples : reversed(samples);
    for (Sample x : order) {
      if (x.value(f) != null) {
        return Figure.of(x.value(f), with, of);
      }
    }
    return Figure.unavailable(why(samples, f), of);
  }

  /** The change of the table's bytes per hour, from its first to its last sample that has one. */
  static Figure growth(List<Sample> samples, int of) {
    List<Sample> with = samples.stream().filter(x -> x.value(ServerFigure.TABLE_BYTES) != null).toList();
    if (with.size() < 2 || with.get(with.size() - 1).timeMs() <= with.get(0).timeMs()) {
      return Figure.unavailable(with.isEmpty() ? why(samples, ServerFigure.TABLE_BYTES)
          : "fewer than two samples of the table's bytes", of);
    }
    Sample a = with.get(0);
    Sample b = with.get(with.size() - 1);
    double hours = (b.timeMs() - a.timeMs()) / 3_600_000.0;
    return Figure.of((b.value(ServerFigure.TABLE_BYTES) - a.value(ServerFigure.TABLE_BYTES)) / hours, with.size(),
        of);
  }

  /** Why a figure is missing: its last sample's reason, else no source gives it. */
  static String why(List<Sample> samples, ServerFigure f) {
    for (Sample x : reversed(samples)) {
      String reason = x.unavailable().get(f);
      if (reason != null) {
        return reason;
      }
    }
    return samples.isEmpty() ? "no sample" : "no source of this target gives it";
  }

  /**
   * A level added up over the nodes at the first ({@code first}) or last sample time at which every
   * node has it; {@code window} gets that time (start in [0], end in [1]).
   */
  static Figure clusterLevel(Map<String, List<Sample>> byNode, List<Long> times, ServerFigure f,
      boolean first, long[] window) {
    TreeMap<Long, Double> total = completeSums(byNode, f);
    List<Long> complete = new ArrayList<>(total.keySet());
    if (complete.isEmpty()) {
      for (Map.Entry<String, List<Sample>> e : byNode.entrySet()) {
        if (e.getValue().stream().noneMatch(x -> x.value(f) != null)) {
          return Figure.unavailable(Reason.unmeasured(why(e.getValue(), f)).on(e.getKey()), times.size());
        }
      }
      return Figure.unavailable("no sample has every node's figure", times.size());
    }
    long t = first ? complete.get(0) : complete.get(complete.size() - 1);
    window[first ? 0 : 1] = t;
    return Figure.of(total.get(t), complete.size(), times.size());
  }

  /**
   * A level added up over the nodes at each sample time at which every node has one (a sum with a
   * node missing is no sum), by time.
   */
  static TreeMap<Long, Double> completeSums(Map<String, List<Sample>> byNode, ServerFigure f) {
    TreeMap<Long, Double> total = new TreeMap<>();
    Map<Long, Integer> count = new HashMap<>();
    for (List<Sample> samples : byNode.values()) {
      for (Sample x : samples) {
        if (x.value(f) != null) {
          total.merge(x.timeMs(), x.value(f), Double::sum);
          count.merge(x.timeMs(), 1, Integer::sum);
        }
      }
    }
    total.keySet().removeIf(t -> count.get(t) != byNode.size());
    return total;
  }

  private static List<Sample> reversed(List<Sample> samples) {
    List<Sample> r = new ArrayList<>(samples);
    Collections.reverse(r);
    return r;
  }
}
