package io.largekv.workload;

import static io.largekv.workload.LargeKeyValueWorkload.CLIENT_COUNT;
import static io.largekv.workload.LargeKeyValueWorkload.CLIENT_INDEX;
import static io.largekv.workload.LargeKeyValueWorkload.INSERT_COUNT;
import static io.largekv.workload.LargeKeyValueWorkload.INSERT_RETRIES;
import static io.largekv.workload.LargeKeyValueWorkload.INSERT_RETRY_INTERVAL;
import static io.largekv.workload.LargeKeyValueWorkload.INSERT_START;
import static io.largekv.workload.LargeKeyValueWorkload.KEY_LENGTH;
import static io.largekv.workload.LargeKeyValueWorkload.OPERATION_COUNT;
import static io.largekv.workload.LargeKeyValueWorkload.RECORD_COUNT;
import static io.largekv.workload.LargeKeyValueWorkload.SAMPLE_APPS_UUID;
import static io.largekv.workload.LargeKeyValueWorkload.THREAD_COUNT;
import static io.largekv.workload.LargeKeyValueWorkload.VALUE_FORMAT;
import static io.largekv.workload.LargeKeyValueWorkload.VALUE_LENGTH;
import static io.largekv.workload.LargeKeyValueWorkload.VERIFY;

import io.largekv.common.UserError;
import io.largekv.format.KeyValueFormat;
import io.largekv.format.RowFormat;
import io.largekv.format.SampleAppsFormat;
import io.largekv.properties.PropertyValues;
import io.largekv.run.RunProperties;
import java.util.Map;

/**
 * Every property of {@link LargeKeyValueWorkload} read and checked, and the {@link Plan} that
 * follows: a {@link UserError} names the first bad one. Reads only: nothing is opened or changed
 * (the modes do that: {@link LoadMode}, {@link RunMode}, {@link VerifyMode}).
 */
final class WorkloadSettings {

  /** What the process does: YCSB's load, its run, or largekv's verification of a key range. */
  enum Mode { LOAD, RUN, VERIFY_RANGE }

  final Mode mode;
  /** {@code largekv.repair}: a verification writes missing and corrupt rows again. */
  final boolean repair;
  final int keyLength;
  final int valueLength;
  final RowFormat format;
  /** {@code threadcount}. */
  final int threads;
  final KeyRange range;
  final String table;
  /** {@code verify}: a run verifies what it reads. */
  final boolean verify;
  final int retries;
  final long retryIntervalMs;
  /** A run's operations and key choice; null for a load or a verification. */
  final OperationMix mix;
  /** Load and verify: the keys of this client's shard; 0 for a run. */
  final long shard;
  /** Client threads YCSB starts: threadcount, or fewer when there are fewer operations. */
  final int expectedThreads;
  final Plan plan;

  WorkloadSettings(PropertyValues w) {
    boolean load = !w.bool("dotransactions", true);
    boolean verifyRange = w.bool(RunProperties.VERIFY_RANGE, false);
    if (load && verifyRange) {
      throw new UserError(RunProperties.VERIFY_RANGE + "=true reads the loaded range: accepted: bin/ycsb run "
          + "(not load) with -P workloads/verify");
    }
    mode = load ? Mode.LOAD : verifyRange ? Mode.VERIFY_RANGE : Mode.RUN;
    repair = w.bool(RunProperties.REPAIR, false);
    if (repair && mode != Mode.VERIFY_RANGE) {
      throw new UserError(RunProperties.REPAIR + "=true rewrites rows a verification finds missing or corrupt;"
          + " accepted: with " + RunProperties.VERIFY_RANGE + "=true (-P workloads/verify)");
    }
    String valueFormat = w.oneOf(VALUE_FORMAT, "largekv", "largekv", "yb-sample-apps");
    keyLength = w.intRange(KEY_LENGTH, KeyValueFormat.DEFAULT_KEY_LENGTH, 5, 1024);
    valueLength = w.intRange(VALUE_LENGTH, KeyValueFormat.DEFAULT_VALUE_LENGTH, 1, KeyValueFormat.MAX_VALUE_LENGTH);
    format = valueFormat.equals("largekv") ? new KeyValueFormat(keyLength, valueLength)
        : new SampleAppsFormat(w.string(SAMPLE_APPS_UUID, ""), valueLength);

    threads = w.intRange(THREAD_COUNT, 1, 1, 1_000_000);
    w.number("target", 0, "a number of operations per second >= 0 (0: unthrottled)", d -> d >= 0);
    long maxExecutionSeconds = w.longAtLeast("maxexecutiontime", 0, 0);
    int replicationFactor = w.intRange(Plan.REPLICATION_FACTOR, 3, 1, 100);
    double publishedRate = w.has(RunProperties.PUBLISHED_RATE) ? w.positive(RunProperties.PUBLISHED_RATE, 1) : 0;
    range = range(w, keyLength);
    table = w.string("table", w.string("ycql.table", "kv"));
    verify = w.bool(VERIFY, true);
    retries = w.intRange(INSERT_RETRIES, 10, 0, 1000);
    retryIntervalMs = w.intRange(INSERT_RETRY_INTERVAL, 500, 0, 600_000);

    if (mode != Mode.RUN) {
      mix = null;
      shard = shard(w);
      expectedThreads = (int) Math.min(threads, shard);
      plan = new Plan(mode == Mode.LOAD ? Plan.Kind.LOAD : Plan.Kind.VERIFY, range, expectedThreads, shard,
          maxExecutionSeconds, Map.of(), "", keyLength, valueLength, replicationFactor, publishedRate);
    } else {
      if (range.count == 0) {
        throw new UserError(RECORD_COUNT + " (or " + INSERT_COUNT + ") is 0: a run needs the loaded "
            + "key range; accepted: the " + RECORD_COUNT + " used to load, e.g. -p " + RECORD_COUNT + "=1000000");
      }
      shard = 0;
      expectedThreads = (int) Math.min(threads, w.longAtLeast(OPERATION_COUNT, 1, 1));
      mix = new OperationMix(w);
      plan = new Plan(Plan.Kind.RUN, range, expectedThreads, w.longAtLeast(OPERATION_COUNT, 1, 1), maxExecutionSeconds,
          mix.proportions, mix.distribution, keyLength, valueLength, replicationFactor, publishedRate);
    }
  }

  /** {@code recordcount}, {@code insertstart}, {@code insertcount}, {@code client.*}: this client's keys. */
  private KeyRange range(PropertyValues w, int keyLength) {
    long recordCount = w.longAtLeast(RECORD_COUNT, 0, 0);
    long insertStart = w.longAtLeast(INSERT_START, 0, 0);
    if (insertStart > recordCount && !w.has(INSERT_COUNT)) {
      throw new UserError(INSERT_START + "=" + insertStart + " is beyond " + RECORD_COUNT + "="
          + recordCount + "; accepted: " + INSERT_START + " <= " + RECORD_COUNT + ", or set " + INSERT_COUNT);
    }
    long insertCount = w.longAtLeast(INSERT_COUNT, recordCount - insertStart, 0);
    int clientCount = w.intRange(CLIENT_COUNT, 1, 1, 1_000_000);
    int clientIndex = w.intRange(CLIENT_INDEX, 0, 0, clientCount - 1);
    if (format instanceof KeyValueFormat) {
      long highest = insertStart + insertCount + (long) clientCount * Math.max(1, insertCount);
      long max = ((KeyValueFormat) format).maxKeyNumber();
      if (insertStart + insertCount - 1 > max || (highest > 0 && highest < 0)) {
        throw new UserError(KEY_LENGTH + "=" + keyLength + " cannot spell key number "
            + (insertStart + insertCount - 1) + "; accepted: a longer keylength");
      }
    }
    return new KeyRange(insertStart, insertCount, clientIndex, clientCount);
  }

  /** Load and verify: the keys of this client's shard, which YCSB's client must be able to count. */
  private long shard(PropertyValues w) {
    long shard = range.shardSize();
    if (shard == 0) {
      throw new UserError("client " + range.clientIndex + " of " + CLIENT_COUNT + "=" + range.clientCount
          + " has no keys to " + (mode == Mode.LOAD ? "load" : "verify") + " (" + INSERT_COUNT + "=" + range.count
          + "); accepted: " + INSERT_COUNT + " >= " + CLIENT_COUNT);
    }
    boolean longCounts = w.bool(RunProperties.LONG_COUNTS, false);
    if (shard > Integer.MAX_VALUE && !longCounts) {
      long minClients = (range.count + Integer.MAX_VALUE - 1) / Integer.MAX_VALUE;
      throw new UserError("this client's shard has " + shard + " keys, more than YCSB 0.17's "
          + "site.ycsb.Client can count in one process (" + Integer.MAX_VALUE + "); accepted: "
          + CLIENT_COUNT + " >= " + minClients + " with one process per " + CLIENT_INDEX
          + ", or largekv's bin/ycsb (io.largekv.client.YcsbClient), which counts in long");
    }
    return shard;
  }
}
