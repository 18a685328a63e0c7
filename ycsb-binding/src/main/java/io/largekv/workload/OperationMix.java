package io.largekv.workload;

import static io.largekv.workload.LargeKeyValueWorkload.INSERT_PROPORTION;
import static io.largekv.workload.LargeKeyValueWorkload.MAX_SCAN_LENGTH;
import static io.largekv.workload.LargeKeyValueWorkload.READ_PROPORTION;
import static io.largekv.workload.LargeKeyValueWorkload.RECENT_COUNT;
import static io.largekv.workload.LargeKeyValueWorkload.REQUEST_DISTRIBUTION;
import static io.largekv.workload.LargeKeyValueWorkload.SCAN_PROPORTION;
import static io.largekv.workload.LargeKeyValueWorkload.UPDATE_PROPORTION;
import static io.largekv.workload.LargeKeyValueWorkload.ZIPFIAN_CONSTANT;

import io.largekv.common.UserError;
import io.largekv.properties.PropertyValues;
import java.util.Locale;
import java.util.Map;

/**
 * A run's operations: the proportions of read, update, insert and scan (as cumulative thresholds
 * for one random number), the longest scan, and how keys are chosen ({@code requestdistribution}).
 */
final class OperationMix {

  /** An operation is a read below this, an update below {@link #updateUpTo}, and so on; else a scan. */
  final double readUpTo;
  final double updateUpTo;
  final double insertUpTo;
  final int maxScanLength;
  final KeyChooser chooser;
  /** For the plan: the distribution in words, and each operation's proportion. */
  final String distribution;
  final Map<String, Double> proportions;

  OperationMix(PropertyValues w) {
    double read = w.fraction(READ_PROPORTION, 0.95);
    double update = w.fraction(UPDATE_PROPORTION, 0.05);
    double insert = w.fraction(INSERT_PROPORTION, 0);
    double scan = w.fraction(SCAN_PROPORTION, 0);
    double total = read + update + insert + scan;
    if (!(total > 0)) {
      throw new UserError(READ_PROPORTION + "+" + UPDATE_PROPORTION + "+" + INSERT_PROPORTION + "+"
          + SCAN_PROPORTION + " is 0; accepted: proportions summing to more than 0");
    }
    readUpTo = read / total;
    updateUpTo = (read + update) / total;
    insertUpTo = (read + update + insert) / total;
    maxScanLength = w.intRange(MAX_SCAN_LENGTH, 100, 1, 1_000_000);
    switch (w.oneOf(REQUEST_DISTRIBUTION, "uniform", "uniform", "latest", "recent")) {
      case "latest": {
        double theta = w.positive(ZIPFIAN_CONSTANT, ZipfianRank.YCSB_THETA);
        chooser = KeyChooser.latest(theta);
        distribution = "latest (zipfian " + theta + " over age: the newest key the most read)";
        break;
      }
      case "recent": {
        long window = w.longAtLeast(RECENT_COUNT, 1_000_000, 1);
        chooser = KeyChooser.recent(window);
        distribution = "recent (uniform over the newest " + String.format(Locale.ROOT, "%,d", window) + " keys)";
        break;
      }
      default:
        chooser = KeyChooser.uniform();
        distribution = "uniform";
    }
    proportions = Plan.mix(read, update, insert, scan);
  }
}
