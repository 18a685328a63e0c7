package io.largekv.bench.jmh;

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
import site.ycsb.generator.CounterGenerator;
import site.ycsb.generator.SkewedLatestGenerator;

/**
 * For comparison: YCSB 0.17's own {@code requestdistribution=latest} ({@code SkewedLatestGenerator}
 * over a {@code ZipfianGenerator}), whose construction sums zeta(n) term by term. Measured at
 * 10^7 keys (one shot per fork) and linear in n; 3·10^10 would take 3000× as long.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class YcsbLatestBenchmark {

  @Param("10000000")
  public long keys;

  @Benchmark
  public long construct() {
    return new SkewedLatestGenerator(new CounterGenerator(keys)).nextValue();
  }
}
