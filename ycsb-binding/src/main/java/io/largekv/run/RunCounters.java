package io.largekv.run;

import java.util.EnumMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;

/**
 * What a run did, counted: successful and failed operations by type (in {@code long}), failures by
 * error class, rows lost, verified rows, repairs, and the measured time (the first operation's start
 * to the last one's end). The hot path's only stop: {@link LongAdder}s, no lock, no allocation
 * after an error class's first failure.
 *
 * <p>Counting only: {@link RunResult} judges the counts, {@link StatusLines} and
 * {@link TimelineWriter} show them while the run goes on.
 */
public final class RunCounters {

  /** How many of the smallest missing key numbers are kept to print their ranges. */
  static final int MISSING_KEYS_KEPT = 100_000;

  /** The operations YCSB's DB interface has. */
  public enum Operation { READ, UPDATE, INSERT, SCAN, DELETE }

  private final Map<Operation, LongAdder> ok = new EnumMap<>(Operation.class);
  private final Map<Operation, LongAdder> failed = new EnumMap<>(Operation.class);
  private final ConcurrentHashMap<String, LongAdder> failureClasses = new ConcurrentHashMap<>();
  private final LongAdder lostRows = new LongAdder();
  private final LongAdder verifiedOk = new LongAdder();
  private final LongAdder verifiedCorrupt = new LongAdder();
  private final LongAdder verifiedMissing = new LongAdder();
  private final LongAdder unverified = new LongAdder();
  private final LongAdder repaired = new LongAdder();
  private final LongAdder notRepaired = new LongAdder();
  private final MissingKeys missingKeys = new MissingKeys(MISSING_KEYS_KEPT);
  private final AtomicLong firstStart = new AtomicLong(Long.MIN_VALUE);
  private final LongAccumulator lastEnd = new LongAccumulator(Math::max, Long.MIN_VALUE);
  /** Told once, with the first operation's start in ms since 1970. */
  private final LongConsumer firstOperation;

  /** {@code firstOperation}: called once, by the thread of the first operation recorded. */
  RunCounters(LongConsumer firstOperation) {
    this.firstOperation = firstOperation;
    for (Operation op : Operation.values()) {
      ok.put(op, new LongAdder());
      failed.put(op, new LongAdder());
    }
  }

  /** One operation that started at {@code startNanos} ({@link System#nanoTime}) and ended now. */
  public void record(Operation op, long startNanos, boolean success) {
    long end = System.nanoTime();
    if (firstStart.get() == Long.MIN_VALUE && firstStart.compareAndSet(Long.MIN_VALUE, startNanos)) {
      firstOperation.accept(System.currentTimeMillis() - (end - startNanos) / 1_000_000);
    }
    lastEnd.accumulate(end);
    (success ? ok : failed).get(op).increment();
  }

  /** The error class of a failed operation, e.g. {@code READ:ReadTimeoutException}. */
  public void failedWith(Operation op, String errorClass) {
    failureClasses.computeIfAbsent(op.name() + ":" + errorClass, k -> new LongAdder()).increment();
  }

  /** A row that could not be written after every retry: it is missing from the dataset. */
  public void rowLost() {
    lostRows.increment();
  }

  /** A read row whose value was (or was not) the key's value. */
  public void verified(boolean correct) {
    (correct ? verifiedOk : verifiedCorrupt).increment();
  }

  /** A read found no row; {@code keyNumber} is kept for the ranges of a verification (−1: unknown). */
  public void missing(long keyNumber) {
    verifiedMissing.increment();
    if (keyNumber >= 0) {
      missingKeys.add(keyNumber);
    }
  }

  /** A row of a verified range that could not be read after every retry. */
  public void unverified() {
    unverified.increment();
  }

  /** A missing or corrupt row rewritten ({@code largekv.repair=true}), or not. */
  public void repair(boolean done) {
    (done ? repaired : notRepaired).increment();
  }

  // ------------------------------------------------------------------ sums

  public long successful() {
    return ok.values().stream().mapToLong(LongAdder::sum).sum();
  }

  public long failed() {
    return failed.values().stream().mapToLong(LongAdder::sum).sum();
  }

  public long successful(Operation op) {
    return ok.get(op).sum();
  }

  public long failed(Operation op) {
    return failed.get(op).sum();
  }

  /** Failed operations by {@code OPERATION:ErrorClass}, in name order. */
  public SortedMap<String, Long> failuresByClass() {
    SortedMap<String, Long> sums = new TreeMap<>();
    failureClasses.forEach((k, v) -> sums.put(k, v.sum()));
    return sums;
  }

  public long lostRows() {
    return lostRows.sum();
  }

  public long verifiedOk() {
    return verifiedOk.sum();
  }

  public long verifiedCorrupt() {
    return verifiedCorrupt.sum();
  }

  public long verifiedMissing() {
    return verifiedMissing.sum();
  }

  public long unverifiedRows() {
    return unverified.sum();
  }

  public long repaired() {
    return repaired.sum();
  }

  public long notRepaired() {
    return notRepaired.sum();
  }

  /** The smallest missing key numbers as ranges, at most {@code max} of them. */
  String missingKeyRanges(int max) {
    return missingKeys.ranges(max);
  }

  /** Measured time in ms: the first operation's start to the last one's end (0 before any). */
  public long measuredMillis() {
    long start = firstStart.get();
    return start == Long.MIN_VALUE ? 0 : Math.max(0, (lastEnd.get() - start) / 1_000_000);
  }
}
