package io.largekv.workload;

import io.largekv.common.ExitStatus;
import io.largekv.common.UserError;
import io.largekv.format.KeyValueFormat;
import io.largekv.format.RowFormat;
import io.largekv.format.SampleAppsFormat;
import io.largekv.properties.PropertyValues;
import io.largekv.run.ProcessExit;
import io.largekv.run.RunCounters;
import io.largekv.run.RunOutcome;

import io.largekv.run.RunProperties;
import io.largekv.ycsb.BufferByteIterator;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Vector;
import java.util.concurrent.ThreadLocalRandom;
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
 * insertcount)}, one row per insert; each client thread inserts its own contiguous share in order
 * (the shares tile the shard), so its progress is one number, kept in a {@link LoadCheckpoint}: the
 * same command continues a load that was interrupted. The workload sets YCSB's own
 * {@code insertcount} to the shard size before YCSB reads it, so the client runs exactly the shard.
 *
 * <p>Run: read / update / insert / scan in the given proportions; keys by
 * {@code requestdistribution} = {@code uniform} | {@code latest} | {@code recent}. Updates and
 * inserts write each key's canonical value, so verification holds during mixed runs.
 *
 * <p>Verify ({@code run} with {@code largekv.verify_range=true}, workloads/verify): every key of the
 * shard is read once, sharded and split among threads like the load, and verified; with
 * {@code largekv.repair=true} missing and corrupt rows are written again.
 *
 * <p>Verification appears in YCSB's output as {@code [VERIFY], Return=OK|CORRUPT|MISSING, n}; the
 * result (rows lost, verification failures, failed operations) decides the exit status
 * ({@link RunOutcome}).
 */
public class LargeKeyValueWorkload extends Workload {

  public static final String RECORD_COUNT = "recordcount";
  public static final String INSERT_START = "insertstart";
  public static final String INSERT_COUNT = "insertcount";
  public static final String OPERATION_COUNT = "operationcount";
  public static final String THREAD_COUNT = "threadcount";
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
  public static final String INSERT_RETRY_INTERVAL = "insertretryinterval";
  /** The field name written; layout kv ignores it, layout usertable stores field0. */
  public static final String FIELD = "field0";
  /** The longest key a format spells (keylength's maximum). */
  static final int MAX_KEY_BYTES = 1024;
  /** The longest pause between two attempts of a write or a verifying read. */
  static final long MAX_RETRY_PAUSE_MS = 10_000;

  public static final Status CORRUPT = new Status("CORRUPT", "value differs from the key's value");
  public static final Status MISSING = new Status("MISSING", "row not found");
  static final String VERIFY_MEASUREMENT = "VERIFY";

  private enum Mode { LOAD, RUN, VERIFY_RANGE }

  private RowFormat format;
  private KeyRange range;
  private String table;
  private Mode mode;
  private double readUpTo;
  private double updateUpTo;
  private double insertUpTo;
  private KeyChooser chooser;
  private int maxScanLength;
  private boolean verify;
  private boolean repair;
  private int retries;
  private long retryIntervalMs;

  private InsertSequence runInserts;
  private LoadCheckpoint checkpoint;
  private long checkpointInterval;
  private LoadCheckpoint.PeriodicSave checkpointWriter;
  private boolean checkpointChecked;

  /** Client threads YCSB starts (threadcount, or fewer operations), and the state of those that did. */
  private int expectedThreads;
  private final List<ThreadState> threadStates = new java.util.concurrent.CopyOnWriteArrayList<>();
  private final LongAdder inserted = new LongAdder();
  private final LongAdder lost = new LongAdder();
  private RunOutcome outcome;
  private Measurements measurements;
  private Plan plan;

  /** Per-thread buffers: nothing on the hot path allocates beyond the key string. */
  private static final class ThreadState {
    final ReusableValue value;
    final Map<String, ByteIterator> values = new HashMap<>(2);
    final Map<String, ByteIterator> result = new HashMap<>(4);
    /** Load and verify: this thread's share of keys, the next one, its earlier lost keys. */
    int thread;
    long start;
    long next;
    long end;
    List<Long> lostBefore = List.of();
    int lostBeforeDone;

    ThreadState(int valueLength) {
      value = new ReusableValue(valueLength);
      values.put(FIELD, value);
    }
  }

  @Override
  public void init(Properties p) throws WorkloadException {
    boolean planning = false;
    try {
      planning = new PropertyValues(p).bool(RunProperties.PLAN, false);
      configure(p, planning);
    } catch (UserError e) {
      ProcessExit.badInput(e.getMessage());
    }
    if (planning) {
      // largekv.plan=true: what this command would do, then the process ends before any client
      // thread connects (YCSB initialises its DB instances in the threads, after the workload)
      System.out.println("largekv plan:");
      System.out.print(plan.describe(RunOutcome.get().clientThreads()));
      System.out.flush();
      ProcessExit.end(ExitStatus.OK);
    }
  }

  /** What this workload will do: parsed and checked properties (see {@link Plan}). */
  Plan plan() {
    return plan;
  }

  /**
   * The plan of a command's properties without running anything (no checkpoint, no schema): for
   * tests and {@code largekv.plan}. Throws {@link UserError} on bad input.
   */
  public static Plan planOf(Properties p) {
    LargeKeyValueWorkload w = new LargeKeyValueWorkload();
    w.configure(p, true);
    return w.plan;
  }

  /**
   * Parses and validates every property into {@link #plan}; throws {@link UserError} on bad input.
   * {@code planOnly}: stop there, before anything is changed or opened (the checkpoint).
   */
  void configure(Properties p, boolean planOnly) {
    PropertyValues w = new PropertyValues(p);
    if (planOnly) {
      RunProperties.check(p);
    } else {
      outcome = RunOutcome.get();
      outcome.configure(p);
      outcome.workloadRuns();
      measurements = Measurements.getMeasurements();
    }
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
    int keyLength = w.intRange(KEY_LENGTH, KeyValueFormat.DEFAULT_KEY_LENGTH, 5, 1024);
    int valueLength = w.intRange(VALUE_LENGTH, KeyValueFormat.DEFAULT_VALUE_LENGTH, 1, KeyValueFormat.MAX_VALUE_LENGTH);
    format = valueFormat.equals("largekv") ? new KeyValueFormat(keyLength, valueLength)
        : new SampleAppsFormat(w.string(SAMPLE_APPS_UUID, ""), valueLength);

    int threads = w.intRange(THREAD_COUNT, 1, 1, 1_000_000);
    expectedThreads = threads;
    w.number("target", 0, "a number of operations per second >= 0 (0: unthrottled)", d -> d >= 0);
    long maxExecutionSeconds = w.longAtLeast("maxexecutiontime", 0, 0);
    int replicationFactor = w.intRange(Plan.REPLICATION_FACTOR, 3, 1, 100);
    double publishedRate = w.has(RunProperties.PUBLISHED_RATE) ? w.positive(RunProperties.PUBLISHED_RATE, 1) : 0;
    long recordCount = w.longAtLeast(RECORD_COUNT, 0, 0);
    long insertStart = w.longAtLeast(INSERT_START, 0, 0);
    if (insertStart > recordCount && !w.has(INSERT_COUNT)) {
      throw new UserError(INSERT_START + "=" + insertStart + " is beyond " + RECORD_COUNT + "="
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
        throw new UserError(KEY_LENGTH + "=" + keyLength + " cannot spell key number "
            + (insertStart + insertCount - 1) + "; accepted: a longer keylength");
      }
    }
    table = w.string("table", w.string("ycql.table", "kv"));
    verify = w.bool(VERIFY, true);
    retries = w.intRange(INSERT_RETRIES, 10, 0, 1000);
    retryIntervalMs = w.intRange(INSERT_RETRY_INTERVAL, 500, 0, 600_000);

    if (mode != Mode.RUN) {
      long shard = range.shardSize();
      if (shard == 0) {
        throw new UserError("client " + clientIndex + " of " + CLIENT_COUNT + "=" + clientCount
            + " has no keys to " + (mode == Mode.LOAD ? "load" : "verify") + " (" + INSERT_COUNT + "=" + insertCount
            + "); accepted: " + INSERT_COUNT + " >= " + CLIENT_COUNT);
      }
      boolean longCounts = w.bool(RunProperties.LONG_COUNTS, false);
      if (shard > Integer.MAX_VALUE && !longCounts) {
        long minClients = (insertCount + Integer.MAX_VALUE - 1) / Integer.MAX_VALUE;
        throw new UserError("this client's shard has " + shard + " keys, more than YCSB 0.17's "
            + "site.ycsb.Client can count in one process (" + Integer.MAX_VALUE + "); accepted: "
            + CLIENT_COUNT + " >= " + minClients + " with one process per " + CLIENT_INDEX
            + ", or largekv's bin/ycsb (io.largekv.client.YcsbClient), which counts in long");
      }
      expectedThreads = (int) Math.min(threads, shard);
      plan = new Plan(mode == Mode.LOAD ? Plan.Kind.LOAD : Plan.Kind.VERIFY, range, expectedThreads, shard,
          maxExecutionSeconds, Map.of(), "", keyLength, valueLength, replicationFactor, publishedRate);
      if (planOnly) {
        return;
      }
      // YCSB's Client reads insertcount (load) or operationcount (run) after Workload.init:
      // one operation per key of the shard
      p.setProperty(mode == Mode.LOAD ? INSERT_COUNT : OPERATION_COUNT, Long.toString(shard));
      if (mode == Mode.VERIFY_RANGE) {
        outcome.result().verifying("key numbers " + range.describeShard());
      } else {
        openCheckpoint(w, keyLength, valueLength, (int) Math.min(threads, shard));
      }
      return;
    }
    if (insertCount == 0) {
      throw new UserError(RECORD_COUNT + " (or " + INSERT_COUNT + ") is 0: a run needs the loaded "
          + "key range; accepted: the " + RECORD_COUNT + " used to load, e.g. -p " + RECORD_COUNT + "=1000000");
    }
    expectedThreads = (int) Math.min(threads, w.longAtLeast(OPERATION_COUNT, 1, 1));
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
    String distribution = w.oneOf(REQUEST_DISTRIBUTION, "uniform", "uniform", "latest", "recent");
    String described;
    switch (distribution) {
      case "latest": {
        double theta = w.positive(ZIPFIAN_CONSTANT, ZipfianRank.YCSB_THETA);
        chooser = KeyChooser.latest(theta);
        described = "latest (zipfian " + theta + " over age: the newest key the most read)";
        break;
      }
      case "recent": {
        long window = w.longAtLeast(RECENT_COUNT, 1_000_000, 1);
        chooser = KeyChooser.recent(window);
        described = "recent (uniform over the newest " + String.format(java.util.Locale.ROOT, "%,d", window)
            + " keys)";
        break;
      }
      default:
        chooser = KeyChooser.uniform();
        described = "uniform";
    }
    plan = new Plan(Plan.Kind.RUN, range, expectedThreads, w.longAtLeast(OPERATION_COUNT, 1, 1), maxExecutionSeconds,
        Plan.mix(read, update, insert, scan), described, keyLength, valueLength, replicationFactor, publishedRate);
    if (planOnly) {
      return;
    }
    runInserts = new InsertSequence(insertCount);
  }

  /**
   * The load's checkpoint ({@code largekv.checkpoint}, default
   * {@code largekv-checkpoints/<keyspace>.<table>-<insertstart>-<insertcount>-client<i>of<n>.checkpoint}
   * under the current directory; {@code none}: no checkpoint).
   */
  private void openCheckpoint(PropertyValues w, int keyLength, int valueLength, int threads) {
    String qualified = w.string("ycql.keyspace", "largekv") + "." + table;
    String fallback = LoadCheckpoint.DEFAULT_DIRECTORY + "/" + qualified + "-" + range.start + "-" + range.count + "-client"
        + range.clientIndex + "of" + range.clientCount + ".checkpoint";
    String file = w.string(RunProperties.CHECKPOINT, fallback);
    if (file.equals("none")) {
      return;
    }
    long interval = w.intRange(RunProperties.CHECKPOINT_INTERVAL_MS, 5000, 100, 3_600_000);
    checkpoint = LoadCheckpoint.open(Paths.get(file), qualified, range, keyLength, valueLength, threads);
    checkpointInterval = interval;
  }

  @Override
  public Object initThread(Properties p, int mythreadid, int threadcount) {
    ThreadState t = new ThreadState(format.valueLength());
    threadStates.add(t);
    if (mode != Mode.RUN) {
      t.thread = mythreadid;
      t.start = range.threadStart(mythreadid, threadcount);
      t.next = t.start;
      t.end = range.threadEnd(mythreadid, threadcount);
      if (checkpoint != null) {
        resumeFromCheckpoint();
        t.next = checkpoint.next(mythreadid);
        t.lostBefore = checkpoint.lostBefore(mythreadid);
      }
    }
    return t;
  }

  /**
   * Once, after the binding set up the schema (YCSB initialises a thread's DB before the
   * workload's thread state): a checkpoint of a load into a table that did not exist when this
   * process started describes nothing that is there, so the load starts from the beginning.
   */
  private synchronized void resumeFromCheckpoint() {
    if (checkpointChecked) {
      return;
    }
    checkpointChecked = true;
    if (checkpoint.resumed()) {
      if (outcome.createdTable() != null) {
        checkpoint.restart();
        note("checkpoint " + checkpoint.file() + " is from a load into a table that did not exist when this one "
            + "started (" + outcome.createdTable() + " was created now): loading from the start");
      } else {
        note("resuming the load from checkpoint " + checkpoint.file() + ": " + checkpoint.resumedKeys()
            + " keys were done, " + checkpoint.lostBeforeCount() + " lost keys are inserted again first");
      }
    }
    checkpoint.save();
    checkpointWriter = checkpoint.saveEvery(checkpointInterval, e -> ProcessExit.end(ExitStatus.ABORTED,
        "the load stops: " + e.getMessage() + (e.getCause() == null ? "" : " (" + e.getCause() + ")")));
  }

  private static void note(String line) {
    System.err.println("largekv: " + line);
  }

  // ---------------------------------------------------------------- load

  @Override
  public boolean doInsert(DB db, Object threadstate) {
    ThreadState t = (ThreadState) threadstate;
    if (t.lostBeforeDone < t.lostBefore.size()) {
      long key = t.lostBefore.get(t.lostBeforeDone);
      insertLoaded(db, t, key);
      t.lostBeforeDone++;
      if (checkpoint != null) {
        checkpoint.retried(t.thread, t.lostBeforeDone);
      }
      return true;
    }
    if (t.next >= t.end) {
      return false; // this thread's share is done; YCSB ends the thread
    }
    long n = t.next;
    insertLoaded(db, t, n);
    t.next = n + 1;
    if (checkpoint != null) {
      checkpoint.progress(t.thread, t.next);
    }
    return true;
  }

  private void insertLoaded(DB db, ThreadState t, long n) {
    if (insertWithRetries(db, t, n)) {
      inserted.increment();
    } else {
      lost.increment();
      if (checkpoint != null) {
        checkpoint.lost(n);
      }
    }
  }

  /**
   * Inserts key number n's row; a failure is retried {@code insertretries} times after a pause
   * that starts at {@code insertretryinterval} ms and doubles up to 10 s (about a minute in all by
   * default, so a server restart loses nothing). A row still not written is reported and lost.
   */
  private boolean insertWithRetries(DB db, ThreadState t, long n) {
    String key = format.key(n);
    format.value(n, t.value.array());
    for (int attempt = 0; ; attempt++) {
      long start = System.nanoTime();
      Status s = db.insert(table, key, t.values);
      t.value.reset();
      boolean ok = s != null && s.isOk();
      recordIfNoBinding(RunCounters.Operation.INSERT, start, ok);
      if (ok) {
        return true;
      }
      if (attempt >= retries) {
        outcome.counters().rowLost();
        System.err.println("largekv: insert of key number " + n + " failed " + (attempt + 1)
            + " times (" + (s == null ? "null" : s.getName()) + "); the row is missing");
        return false;
      }
      pauseBeforeRetry(attempt);
    }
  }

  private void pauseBeforeRetry(int attempt) {
    long pause = Math.min(MAX_RETRY_PAUSE_MS, retryIntervalMs << Math.min(20, attempt));
    try {
      Thread.sleep(pause);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Operations are counted once: by the yugabyte-ycql binding, or here with any other binding. */
  private void recordIfNoBinding(RunCounters.Operation op, long start, boolean ok) {
    if (!outcome.recordedByBinding()) {
      outcome.counters().record(op, start, ok);
    }
  }

  // ---------------------------------------------------------------- run

  @Override
  public boolean doTransaction(DB db, Object threadstate) {
    ThreadState t = (ThreadState) threadstate;
    if (mode == Mode.VERIFY_RANGE) {
      return verifyNext(db, t);
    }
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
    long start = System.nanoTime();
    Status s = db.read(table, format.key(n), null, t.result);
    recordIfNoBinding(RunCounters.Operation.READ, start, s.isOk());
    if (verify) {
      check(n, s, t.result);
    }
    // errors are counted by YCSB and the binding, not verified
  }

  /** Verifies one read; returns OK, CORRUPT, MISSING, or null when the read failed. */
  private Status check(long n, Status s, Map<String, ByteIterator> result) {
    if (s == Status.NOT_FOUND || (s.isOk() && result.isEmpty())) {
      report(MISSING, 0);
      outcome.counters().missing(mode == Mode.VERIFY_RANGE ? n : -1);
      return MISSING;
    }
    if (!s.isOk()) {
      return null;
    }
    long started = System.nanoTime();
    boolean ok = result.size() == 1 && format.valueMatches(n, bytes(result.values().iterator().next()));
    report(ok ? Status.OK : CORRUPT, System.nanoTime() - started);
    outcome.counters().verified(ok);
    return ok ? Status.OK : CORRUPT;
  }

  private void update(DB db, ThreadState t, ThreadLocalRandom random) {
    long n = chooseKeyNumber(random);
    format.value(n, t.value.array());
    long start = System.nanoTime();
    Status s = db.update(table, format.key(n), t.values);
    recordIfNoBinding(RunCounters.Operation.UPDATE, start, s.isOk());
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
    long start = System.nanoTime();
    Status s = db.scan(table, format.key(n), length, null, rows);
    recordIfNoBinding(RunCounters.Operation.SCAN, start, s.isOk());
    if (!verify || !s.isOk()) {
      return;
    }
    for (HashMap<String, ByteIterator> row : rows) {
      long started = System.nanoTime();
      long keyNumber = removeKey(row);
      if (keyNumber < 0) {
        continue; // a row some other tool wrote: not ours to verify
      }
      boolean ok = row.size() == 1 && format.valueMatches(keyNumber, bytes(row.values().iterator().next()));
      report(ok ? Status.OK : CORRUPT, System.nanoTime() - started);
      outcome.counters().verified(ok);
    }
  }

  // ---------------------------------------------------------------- verify a range

  /**
   * Reads the thread's next key of the range and verifies it; a read that fails is retried like an
   * insert, then counted as unverified. With {@code largekv.repair=true} a missing or corrupt row
   * is written again.
   */
  private boolean verifyNext(DB db, ThreadState t) {
    if (t.next >= t.end) {
      return false;
    }
    long n = t.next++;
    String key = format.key(n);
    for (int attempt = 0; ; attempt++) {
      t.result.clear();
      long start = System.nanoTime();
      Status s = db.read(table, key, null, t.result);
      recordIfNoBinding(RunCounters.Operation.READ, start, s.isOk());
      Status verdict = check(n, s, t.result);
      if (verdict != null) {
        if (verdict != Status.OK && repair) {
          outcome.counters().repair(insertWithRetries(db, t, n));
        }
        return true;
      }
      if (attempt >= retries) {
        outcome.counters().unverified();
        System.err.println("largekv: read of key number " + n + " failed " + (attempt + 1) + " times ("
            + s.getName() + "); the row is not verified");
        return true;
      }
      pauseBeforeRetry(attempt);
    }
  }

  /**
   * A scanned row holds its key as one of its fields (YCSB's scan returns whole rows; the name of
   * the key column is the binding's business): the field that spells a key of this format is
   * removed and its key number returned, −1 when there is none.
   */
  private long removeKey(Map<String, ByteIterator> row) {
    for (Map.Entry<String, ByteIterator> field : row.entrySet()) {
      ByteIterator v = field.getValue();
      if (v.bytesLeft() > MAX_KEY_BYTES) {
        continue;
      }
      byte[] b = v.toArray();
      v.reset();
      long n = format.keyNumber(new String(b, StandardCharsets.ISO_8859_1));
      if (n >= 0) {
        row.remove(field.getKey());
        return n;
      }
    }
    return -1;
  }

  private static ByteBuffer bytes(ByteIterator value) {
    if (value instanceof BufferByteIterator) {
      return ((BufferByteIterator) value).buffer();
    }
    return ByteBuffer.wrap(value.toArray());
  }

  private void report(Status status, long nanos) {
    measurements.measure(VERIFY_MEASUREMENT, (int) (nanos / 1000));
    measurements.reportStatus(VERIFY_MEASUREMENT, status);
  }

  @Override
  public void cleanup() {
    if (threadStates.size() < expectedThreads) {
      // YCSB drops a client thread whose DB.init() fails and goes on with the others
      outcome.result().problem("only " + threadStates.size() + " of " + expectedThreads + " client threads ran (the others "
          + "failed to start; see the errors above)");
    }
    if (mode != Mode.RUN) {
      long left = range.shardSize() - threadStates.stream().mapToLong(t -> t.next - t.start).sum();
      if (left > 0) {
        outcome.result().problem(left + " key(s) of " + range.describeShard() + " were not " + (mode == Mode.LOAD
            ? "loaded (the load stopped early, e.g. at maxexecutiontime: the same command continues it)" : "verified"
            + " (the verification stopped early)"));
      }
    }
    if (mode == Mode.LOAD) {
      System.err.printf("largekv: load of key numbers %s: %d inserted, %d failed%s%n", range.describeShard(),
          inserted.sum(), lost.sum(), checkpoint != null && checkpoint.resumed()
              ? " in this run (" + checkpoint.resumedKeys() + " done before, from the checkpoint)" : "");
      closeCheckpoint();
    }
    outcome.finished();
  }

  private void closeCheckpoint() {
    if (checkpoint == null) {
      return;
    }
    if (checkpointWriter != null) {
      checkpointWriter.stop();
    }
    if (checkpoint.complete()) {
      checkpoint.delete();
      System.err.println("largekv: load complete, checkpoint " + checkpoint.file() + " removed");
    } else {
      checkpoint.save();
      System.err.println("largekv: load not complete (" + (lost.sum() > 0 ? lost.sum() + " row(s) lost"
          : "stopped early") + "): the same command continues it from checkpoint " + checkpoint.file()
          + (checkpoint.lostOverflow() ? "; more rows were lost than the checkpoint keeps: run workloads/verify with "
              + "largekv.repair=true afterwards" : ""));
    }
  }
}
