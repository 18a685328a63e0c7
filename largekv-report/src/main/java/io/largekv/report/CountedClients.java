package io.largekv.report;

import io.largekv.report.files.ClientFiles;
import io.largekv.results.ResultsLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * The clients a phase's commands say ran ({@code client.count=N} in each {@code client-<i>/command.txt})
 * against the {@code client-<i>} directories there: a phase with a client missing is failed, never the
 * others' sum.
 */
final class CountedClients {

  private CountedClients() {}

  /**
   * The clients their commands count: each states client.count (YCSB takes the last -p); they must
   * agree, and each client-<i> must be one of them. Returns the indexes counted but not here;
   * adds to {@code problems} what does not add up.
   */
  static List<Integer> missing(List<ClientFiles> files, List<String> problems) {
    TreeSet<Integer> counts = new TreeSet<>();
    List<Integer> present = new ArrayList<>();
    for (ClientFiles c : files) {
      if (c.clientCount() > 0) {
        counts.add(c.clientCount());
      }
      if (c.index() >= 0) {
        present.add(c.index());
      } else {
        problems.add(c.name() + " is not " + ResultsLayout.CLIENT_PREFIX + "<index>");
      }
    }
    if (counts.size() > 1) {
      problems.add("the clients' commands disagree on client.count " + counts);
    }
    int expected = counts.isEmpty() ? 0 : counts.last();
    List<Integer> missing = new ArrayList<>();
    for (int i = 0; i < expected; i++) {
      if (!present.contains(i)) {
        missing.add(i);
      }
    }
    for (int i : present) {
      if (expected > 0 && i >= expected) {
        problems.add(ResultsLayout.CLIENT_PREFIX + i + " is beyond client.count=" + expected);
      }
    }
    return List.copyOf(missing);
  }
}
