package io.largekv.workload;

import java.math.BigInteger;

/**
 * Which key numbers a client owns. The dataset is {@code [insertstart, insertstart + insertcount)}
 * (as in YCSB's CoreWorkload). Client {@code index} of {@code count}:
 *
 * <ul>
 *   <li>loads the contiguous shard {@code [start + ⌊index·N/count⌋, start + ⌊(index+1)·N/count⌋)}
 *       — shards of all clients tile the dataset with no gap and no overlap;</li>
 *   <li>splits its shard among its threads the way YCSB splits a client's operations: thread
 *       {@code t} of {@code T} gets {@code ⌊n/T⌋} keys, plus one when {@code t < n mod T}, in
 *       order — so a thread's share of keys is exactly its share of operations;</li>
 *   <li>during a run, inserts new keys after the dataset, interleaved so clients never collide:
 *       its j-th new key is {@code start + N + index + j·count}.</li>
 * </ul>
 *
 * A <em>sequence number</em> s orders the keys a client may read by age: s &lt; N is a loaded key
 * ({@code start + s}), s ≥ N is this client's (s − N)-th insert of the run.
 */
final class KeyRange {
  final long start;
  final long count;
  final int clientIndex;
  final int clientCount;

  KeyRange(long start, long count, int clientIndex, int clientCount) {
    if (start < 0 || count < 0 || clientCount < 1 || clientIndex < 0 || clientIndex >= clientCount) {
      throw new IllegalArgumentException("bad key range " + start + "+" + count + " client "
          + clientIndex + "/" + clientCount);
    }
    if (Long.MAX_VALUE - start < count) {
      throw new IllegalArgumentException("insertstart + insertcount exceeds " + Long.MAX_VALUE);
    }
    this.start = start;
    this.count = count;
    this.clientIndex = clientIndex;
    this.clientCount = clientCount;
  }

  /** First key number of this client's load shard. */
  long shardStart() {
    return start + split(clientIndex);
  }

  /** One past the last key number of this client's load shard. */
  long shardEnd() {
    return start + split(clientIndex + 1);
  }

  long shardSize() {
    return shardEnd() - shardStart();
  }

  /** First key number of thread {@code t} of {@code threads} in this client's shard. */
  long threadStart(int t, int threads) {
    long n = shardSize();
    return shardStart() + t * (n / threads) + Math.min(t, n % threads);
  }

  /** One past the last key number of thread {@code t}'s share. */
  long threadEnd(int t, int threads) {
    return threadStart(t, threads) + threadShare(shardSize(), threads, t);
  }

  /** Thread {@code t}'s share of {@code total} operations, as YCSB's Client splits them. */
  static long threadShare(long total, int threads, int t) {
    return total / threads + (t < total % threads ? 1 : 0);
  }

  /** The shard as {@code [first, end)}. */
  String describeShard() {
    return "[" + shardStart() + ", " + shardEnd() + ")";
  }

  private long split(int i) {
    return BigInteger.valueOf(count).multiply(BigInteger.valueOf(i))
        .divide(BigInteger.valueOf(clientCount)).longValueExact();
  }

  /** Key number of sequence number s (see the class comment). */
  long keyOfSequence(long s) {
    if (s < count) {
      return start + s;
    }
    return start + count + clientIndex + (s - count) * clientCount;
  }
}
