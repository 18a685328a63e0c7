package io.largekv.bench.jmh;

import io.largekv.workload.KeyChooser;
import io.largekv.workload.ZipfianRank;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * {@code requestdistribution=latest} at the seeds' 3·10^10 keys: building the chooser (with its
 * first draw, which computes zeta(n) and the constants) and the cost of each next key, with the
 * key count fixed (read-only runs) and growing by one per draw (every draw after an insert).
 */
@State(Scope.Thread)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LatestDistributionBenchmark {

  @Param("30000000000")
  public long keys;

  private final KeyChooser chooser = KeyChooser.latest(ZipfianRank.YCSB_THETA);
  private long growing;

  /** A new chooser and its first key: the start-up cost of {@code latest}, JIT-compiled. */
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  public long construct() {
    return KeyChooser.latest(ZipfianRank.YCSB_THETA).next(keys, keys, ThreadLocalRandom.current());
  }

  /**
   * The same in a fresh JVM (class loading and interpreter included): what a YCSB run waits for
   * before its first operation. One shot per fork.
   */
  @Benchmark
  @BenchmarkMode(Mode.SingleShotTime)
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  @Warmup(iterations = 0)
  @Measurement(iterations = 1)
  @Fork(10)
  public long constructCold() {
    return KeyChooser.latest(ZipfianRank.YCSB_THETA).next(keys, keys, ThreadLocalRandom.current());
  }

  /** The next key when the key count does not change (read-only run). */
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  public long next() {
    return chooser.next(keys, keys, ThreadLocalRandom.current());
  }

  /** The next key when the key count changed since the last draw (an insert was acknowledged). */
  @Benchmark
  @BenchmarkMode(Mode.AverageTime)
  public long nextAfterInsert() {
    return chooser.next(keys, keys + (++growing), ThreadLocalRandom.current());
  }
}
