package io.largekv.workload;

import java.math.BigInteger;

/**
 * Which key numbers a client owns. The dataset is {@code [insertstart, insertstart + insertcount)}
 * (as in YCSB's CoreWorkload). Client {@code index} of {@code count}:
 *
 * <ul>
 *   <li>loads the contiguous shard {@code [start + ⌊index·N/count⌋, start + ⌊(index+1)·N/count⌋)}
 *       — shards of all clients tile the dataset with no gap and no overlap;</li>
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
