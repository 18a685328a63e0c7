package io.largekv.servers;

import io.largekv.report.files.ServerFigure;
import io.largekv.servers.PrometheusText.Sample;
import java.util.List;
import java.util.function.Predicate;

/**
 * One figure of the benchmark table on one node, from a Prometheus page: the sum of a metric's
 * series that are the table's (its tablets, its shards), other tables' series left out. A page with
 * no series of the table gives no value, never 0: the reason says whether the metric is missing
 * altogether or only the table's series of it.
 */
final class TableSeries {

  private TableSeries() {}

  /**
   * Puts on {@code reading} the sum of {@code metric}'s series that {@code ofTable} accepts, or why
   * there is none.
   *
   * @param tableName the table as the reasons name it, {@code keyspace.table}
   * @param noMetric the reason when the page has no series of {@code metric} at all
   * @param more what the source knows besides, appended to either reason ("" for nothing)
   */
  static void put(NodeReading.Builder reading, ServerFigure figure, List<Sample> samples, String metric,
      Predicate<Sample> ofTable, String tableName, String noMetric, String more) {
    boolean any = false;
    boolean found = false;
    double sum = 0;
    for (Sample s : samples) {
      if (!s.name().equals(metric)) {
        continue;
      }
      any = true;
      if (ofTable.test(s)) {
        found = true;
        sum += s.value();
      }
    }
    if (found) {
      reading.value(figure, sum);
    } else if (any) {
      reading.unavailable(figure, "no " + metric + " series of " + tableName
          + " on this node (is the keyspace/table right?)" + more);
    } else {
      reading.unavailable(figure, noMetric + more);
    }
  }
}
