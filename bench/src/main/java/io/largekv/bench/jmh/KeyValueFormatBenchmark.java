package io.largekv.bench.jmh;

import io.largekv.format.KeyValueFormat;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The per-operation work of {@link KeyValueFormat} on the seeds' row (50-byte key, 256-byte value):
 * spelling a key, generating a value into a reused array, verifying a value read back. Run with
 * {@code -prof gc}: {@code gc.alloc.rate.norm} is the bytes allocated per operation.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class KeyValueFormatBenchmark {

  /** Key numbers cycle through the large30b range. */
  private static final long KEYS = 30_000_000_000L;
  private static final long STORED = 29_999_999_999L;

  private final KeyValueFormat format = KeyValueFormat.standard();
  private final byte[] value = new byte[KeyValueFormat.DEFAULT_VALUE_LENGTH];
  private final byte[] key = new byte[KeyValueFormat.DEFAULT_KEY_LENGTH];
  private ByteBuffer heapValue;
  private ByteBuffer directValue;
  private long n = 1_234_567_890L;

  @Setup
  public void setUp() {
    byte[] stored = format.value(STORED);
    heapValue = ByteBuffer.wrap(stored);
    directValue = ByteBuffer.allocateDirect(stored.length).put(stored).flip();
  }

  private long next() {
    n += 7_919;
    if (n >= KEYS) {
      n -= KEYS;
    }
    return n;
  }

  /** The key string handed to YCSB's {@code DB} methods (the interface takes a String). */
  @Benchmark
  public String keyString() {
    return format.key(next());
  }

  /** The key's bytes into a reused array (what a byte-oriented caller would use). */
  @Benchmark
  public byte[] keyBytes() {
    format.writeKey(next(), key, 0);
    return key;
  }

  /** Value generation into the thread's reused array (every insert and update). */
  @Benchmark
  public byte[] value() {
    format.value(next(), value);
    return value;
  }

  /** Verification of a correct value in a heap buffer (every read). */
  @Benchmark
  public boolean verifyHeap() {
    return format.valueMatches(STORED, heapValue);
  }

  /** Verification of a correct value in a direct buffer. */
  @Benchmark
  public boolean verifyDirect() {
    return format.valueMatches(STORED, directValue);
  }
}
