package io.largekv.workload;

import io.largekv.format.KeyValueFormat;
import io.largekv.format.RowFormat;
import io.largekv.format.SampleAppsFormat;
import io.largekv.ycsb.BufferByteIterator;
import io.largekv.ycsb.ConfigException;
import io.largekv.ycsb.Fatal;
import io.largekv.ycsb.LargeClient;
import io.largekv.ycsb.PropertyValues;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

/**
 * The large key-value workload: {@code workload=io.largekv.workload.LargeKeyValueWorkload}.
 * One row per key number (a {@code long}), key and value from {@link KeyValueFormat}, every read
 * verified byte for byte. Properties and their defaults: docs/ycsb-workload.md.
 *
 * <p>Load ({@code -load}): inserts this client's shard of {@code [insertstart, insertstart +
 * insertcount)}, one row per insert, then requests stop. The workload sets YCSB's own
 * {@code insertcount} to the shard size before YCSB reads it, so the client runs exactly the shard.
 *
 * <p>Run: read / update / insert / scan in the given proportions; keys by
 * {@code requestdistribution} = {@code uniform} | {@code latest} | {@code recent}. Updates and
 * inserts write each key's canonical value, so verification holds during mixed runs.
 *
 * <p>Verification appears in YCSB's output as {@code [VERIFY], Return=OK|CORRUPT|MISSING, n}.
 */
public class LargeKeyValueWorkload extends Workload {

  public static final String RECORD_COUNT = "recordcount";
  public static final String INSERT_START = "insertstart";
  public static final String INSERT_COUNT = "insertcount";
  public static final String CLIENT_INDEX = "client.index";
  public static final String CLIENT_COUNT = "client.count";
  public static final String KEY_LENGTH = "keylength";
  public static final String VALUE_LENGTH = "valuelength";
  public static final String READ_PROPORTION = "readproportion";
  public static final String UPDATE_PROPORTION = "updateproportion";
  public static final String INSERT_PROPORTION = "insertproportion";
  public static final String SCAN_PROPORTION = "scanproportion";
  public static final String REQUEST_DISTRIBUTION = "requestdistribution";
  public static final String ZIPFIAN_CONSTANT = "zipfianconstant";
  public static final String RECENT_COUNT = "recentcount";
  public static final String MAX_SCAN_LENGTH = "maxscanlength";
  public static final String VERIFY = "verify";
  public static final String VALUE_FORMAT = "valueformat";
  public static final String SAMPLE_APPS_UUID = "ybsampleapps.uuid";
  public static final String INSERT_RETRIES = "insertretries";
  public static final String INSERT_RETRY_INTERVAL_MS = "insertretryinterval_ms";
  /** The field name written; layout kv ignores it, layout usertable stores field0. */
  public static final String FIELD = "field0";

  public static final Status CORRUPT = new Status("CORRUPT", "value differs from the key's value");
  public static final Status MISSING = new Status("MISSING", "row not found");
  static final String VERIFY_MEASUREMENT = "VERIFY";

  private RowFormat format;
  private KeyRange range;
  private String table;
  private boolean load;
  private double readUpTo;
  private double updateUpTo;
  private double insertUpTo;
  private KeyChooser chooser;
  private int maxScanLength;
  private boolean verify;
  private int insertRetries;
  private long insertRetryIntervalMs;

  private AtomicLong loadCursor;
  private long loadEnd;
  private InsertSequence runInserts;

  private final LongAdder verifiedOk = new LongAdder();
  private final LongAdder verifiedCorrupt = new LongAdder();
  private final LongAdder verifiedMissing = new LongAdder();
  private final LongAdder failedInserts = new LongAdder();
  private Measurements measurements;

  /** Per-thread buffers: nothing on the hot path allocates beyond the key string. */
  private static final class ThreadState {
    final LargeValue value;
    final Map<String, ByteIterator> values = new HashMap<>(2);
    final Map<String, ByteIterator> result = new HashMap<>(4);

    ThreadState(int valueLength) {
      value = new LargeValue(valueLength);
      values.put(FIELD, value);
    }
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    try {
      configure(p);
    } catch (IllegalArgumentException e) {
      Fatal.exit(e.getMessage());
    }
  }

  /** Parses and validates every property; throws {@link ConfigException} on bad input. */
  void configure(Properties p) {
    PropertyValues w = new PropertyValues(p);
    measurements = Measurements.getMeasurements();
    load = !Boolean.parseBoolean(w.string("dotransactions", "true"));
    String valueFormat = w.oneOf(VALUE_FORMAT, "largekv", "largekv", "yb-sample-apps");
    int keyLength = w.intRange(KEY_LENGTH, KeyValueFormat.DEFAULT_KEY_LENGTH, 5, 1024);
    int valueLength = w.intRange(VALUE_LENGTH, KeyValueFormat.DEFAULT_VALUE_LENGTH, 1, KeyValueFormat.MAX_VALUE_LENGTH);
    format = valueFormat.equals("largekv") ? new KeyValueFormat(keyLength, valueLength)
        : new SampleAppsFormat(w.string(SAMPLE_APPS_UUID, ""), valueLength);

    long recordCount = w.longAtLeast(RECORD_COUNT, 0, 0);
    long insertStart = w.longAtLeast(INSERT_START, 0, 0);
    if (insertStart > recordCount && !w.has(INSERT_COUNT)) {
      throw new ConfigException(INSERT_START + "=" + insertStart + " is beyond " + RECORD_COUNT + "="
          + recordCount + "; accepted: " + INSERT_START + " <= " + RECORD_COUNT + ", or set " + INSERT_COUNT);
    }
    long insertCount = w.longAtLeast(INSERT_COUNT, recordCount - insertStart, 0);
    int clientCount = w.intRange(CLIENT_COUNT, 1, 1, 1_000_000);
    int clientIndex = w.intRange(CLIENT_INDEX, 0, 0, clientCount - 1);
    range = new KeyRange(insertStart, insertCount, clientIndex, clientCount);
    if (format instanceof KeyValueFormat) {
      long highest = insertStart + insertCount + (long) clientCount * Math.max(1, insertCount);
      long max = ((KeyValueFormat) format).maxKeyNumber();
      if (insertStart + insertCount - 1 > max || (highest > 0 && highest < 0)) {
        throw new ConfigException(KEY_LENGTH + "=" + keyLength + " cannot spell key number "
            + (insertStart + insertCount - 1) + "; accepted: a longer keylength");
      }
    }
    table = w.string("table", w.string("ycql.table", "kv"));
    verify = w.bool(VERIFY, true);
    insertRetries = w.intRange(INSERT_RETRIES, 3, 0, 1000);
    insertRetryIntervalMs = w.intRange(INSERT_RETRY_INTERVAL_MS, 1000, 0, 600_000);

    if (load) {
      long shard = range.shardSize();
      if (shard == 0) {
        throw new ConfigException("client " + clientIndex + " of " + CLIENT_COUNT + "=" + clientCount
            + " has no keys to load (" + INSERT_COUNT + "=" + insertCount + "); accepted: "
            + INSERT_COUNT + " >= " + CLIENT_COUNT);
      }
      boolean longCounts = Boolean.parseBoolean(w.string(LargeClient.LONG_COUNTS_PROPERTY, "false"));
      if (shard > Integer.MAX_VALUE && !longCounts) {
        long minClients = (insertCount + Integer.MAX_VALUE - 1) / Integer.MAX_VALUE;
        throw new ConfigException("this client's shard has " + shard + " keys, more than YCSB 0.17's "
            + "site.ycsb.Client can count in one process (" + Integer.MAX_VALUE + "); accepted: "
            + CLIENT_COUNT + " >= " + minClients + " with one process per " + CLIENT_INDEX
            + ", or largekv's bin/ycsb (io.largekv.ycsb.LargeClient), which counts in long");
      }
      loadCursor = new AtomicLong(range.shardStart());
      loadEnd = range.shardEnd();
      // YCSB's Client reads insertcount (as int) after Workload.init: run exactly the shard
      p.setProperty(INSERT_COUNT, Long.toString(shard));
    } else {
      if (insertCount == 0) {
        throw new ConfigException(RECORD_COUNT + " (or " + INSERT_COUNT + ") is 0: a run needs the loaded "
            + "key range; accepted: the " + RECORD_COUNT + " used to load, e.g. -p " + RECORD_COUNT + "=1000000");
      }
      double read = w.fraction(READ_PROPORTION, 0.95);
      double update = w.fraction(UPDATE_PROPORTION, 0.05);
      double insert = w.fraction(INSERT_PROPORTION, 0);
      double scan = w.fraction(SCAN_PROPORTION, 0);
      double total = read + update + insert + scan;
      if (!(total > 0)) {
        throw new ConfigException(READ_PROPORTION + "+" + UPDATE_PROPORTION + "+" + INSERT_PROPORTION + "+"
            + SCAN_PROPORTION + " is 0; accepted: proportions summing to more than 0");
      }
      readUpTo = read / total;
      updateUpTo = (read + update) / total;
      insertUpTo = (read + update + insert) / total;
      maxScanLength = w.intRange(MAX_SCAN_LENGTH, 100, 1, 1_000_000);
      String distribution = w.oneOf(REQUEST_DISTRIBUTION, "uniform", "uniform", "latest", "recent");
      switch (distribution) {
        case "latest":
          chooser = KeyChooser.latest(w.positive(ZIPFIAN_CONSTANT, ZipfianRank.YCSB_THETA));
          break;
        case "recent":
          chooser = KeyChooser.recent(w.longAtLeast(RECENT_COUNT, 1_000_000, 1));
          break;
        default:
          chooser = KeyChooser.uniform();
      }
      runInserts = new InsertSequence(insertCount);
    }
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) {
    return new ThreadState(format.valueLength());
  }

  // ---------------------------------------------------------------- load

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    ThreadState t = (ThreadState) threadstate;
    long n = loadCursor.getAndIncrement();
    if (n >= loadEnd) {
      requestStop();
      return false;
    }
    insertWithRetries(db, t, n);
    if (n == loadEnd - 1) {
      requestStop();
    }
    return true;
  }

  private boolean insertWithRetries(DB db, ThreadState t, long n) {
    String key = format.key(n);
    format.value(n, t.value.array());
    for (int attempt = 0; ; attempt++) {
      Status s = db.insert(table, key, t.values);
      t.value.reset();
      if (s != null && s.isOk()) {
        return true;
      }
      if (attempt >= insertRetries) {
        failedInserts.increment();
        System.err.println("largekv: insert of key number " + n + " failed " + (attempt + 1)
            + " times (" + (s == null ? "null" : s.getName()) + "); the row is missing");
        return false;
      }
      sleep(insertRetryIntervalMs);
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  // ---------------------------------------------------------------- run

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    ThreadState t = (ThreadState) threadstate;
    ThreadLocalRandom random = ThreadLocalRandom.current();
    double op = random.nextDouble();
    if (op < readUpTo) {
      read(db, t, random);
    } else if (op < updateUpTo) {
      update(db, t, random);
    } else if (op < insertUpTo) {
      runInsert(db, t);
    } else {
      scan(db, random);
    }
    return true;
  }

  private long chooseKeyNumber(ThreadLocalRandom random) {
    long s = chooser.next(range.count, runInserts.acknowledgedBelow(), random);
    return range.keyOfSequence(s);
  }

  private void read(DB db, ThreadState t, ThreadLocalRandom random) {
    long n = chooseKeyNumber(random);
    t.result.clear();
    Status s = db.read(table, format.key(n), null, t.result);
    if (!verify) {
      return;
    }
    if (s == Status.NOT_FOUND || (s.isOk() && t.result.isEmpty())) {
      report(MISSING, 0, verifiedMissing);
    } else if (s.isOk()) {
      long started = System.nanoTime();
      boolean ok = t.result.size() == 1 && format.valueMatches(n, bytes(t.result.values().iterator().next()));
      report(ok ? Status.OK : CORRUPT, System.nanoTime() - started, ok ? verifiedOk : verifiedCorrupt);
    }
    // errors are counted by YCSB and the binding, not verified
  }

  private void update(DB db, ThreadState t, ThreadLocalRandom random) {
    long n = chooseKeyNumber(random);
    format.value(n, t.value.array());
    db.update(table, format.key(n), t.values);
    t.value.reset();
  }

  private void runInsert(DB db, ThreadState t) {
    long s = runInserts.next();
    try {
      insertWithRetries(db, t, range.keyOfSequence(s));
    } finally {
      runInserts.acknowledge(s);
    }
  }

  private void scan(DB db, ThreadLocalRandom random) {
    long n = chooseKeyNumber(random);
    int length = 1 + random.nextInt(maxScanLength);
    Vector<HashMap<String, ByteIterator>> rows = new Vector<>(length);
    Status s = db.scan(table, format.key(n), length, null, rows);
    if (!verify || !s.isOk()) {
      return;
    }
    for (HashMap<String, ByteIterator> row : rows) {
      long started = System.nanoTime();
      ByteIterator keyBytes = row.remove(row.containsKey("k") ? "k" : "y_id");
      long keyNumber = keyBytes == null ? -1 : format.keyNumber(new String(keyBytes.toArray(),
          java.nio.charset.StandardCharsets.ISO_8859_1));
      if (keyNumber < 0) {
        continue; // a row some other tool wrote: not ours to verify
      }
      boolean ok = row.size() == 1 && format.valueMatches(keyNumber, bytes(row.values().iterator().next()));
      report(ok ? Status.OK : CORRUPT, System.nanoTime() - started, ok ? verifiedOk : verifiedCorrupt);
    }
  }

  private static ByteBuffer bytes(ByteIterator value) {
    if (value instanceof BufferByteIterator) {
      return ((BufferByteIterator) value).buffer();
    }
    return ByteBuffer.wrap(value.toArray());
  }

  private void report(Status status, long nanos, LongAdder counter) {
    counter.increment();
    measurements.measure(VERIFY_MEASUREMENT, (int) (nanos / 1000));
    measurements.reportStatus(VERIFY_MEASUREMENT, status);
  }

  @Override
  public void cleanup() {
    if (load) {
      long done = Math.min(loadCursor.get(), loadEnd) - range.shardStart();
      System.err.printf("largekv: load of key numbers [%d, %d): %d inserted, %d failed%n",
          range.shardStart(), loadEnd, done - failedInserts.sum(), failedInserts.sum());
    } else if (verify) {
      System.err.printf("largekv: verified reads: ok=%d corrupt=%d missing=%d; failed inserts=%d%n",
          verifiedOk.sum(), verifiedCorrupt.sum(), verifiedMissing.sum(), failedInserts.sum());
    }
  }

  // for tests and the launcher
  long verifiedOk() {
    return verifiedOk.sum();
  }

  long verifiedCorrupt() {
    return verifiedCorrupt.sum();
  }

  long verifiedMissing() {
    return verifiedMissing.sum();
  }
}
