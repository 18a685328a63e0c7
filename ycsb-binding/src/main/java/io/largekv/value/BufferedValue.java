package io.largekv.value;

import java.nio.ByteBuffer;
import site.ycsb.ByteIterator;

/**
 * A YCSB value whose bytes are in a {@link ByteBuffer}, so that they pass between the workload and
 * the binding without a copy, neither knowing the other: the values the workload writes
 * ({@link ReusableValue}) go to the driver as they are, and the values the binding reads
 * ({@link ReadValue}) are verified where the driver left them. Any other {@code ByteIterator} (YCSB's
 * CoreWorkload values, another binding's) is copied once.
 */
public abstract class BufferedValue extends ByteIterator {

  /**
   * The value's bytes: position at the first, limit after the last. Read with absolute gets or on a
   * duplicate; never modified.
   */
  public abstract ByteBuffer buffer();

  /** A value's bytes: its own buffer when it has one, else a copy. Valid until the value is reused. */
  public static ByteBuffer bytes(ByteIterator value) {
    return value instanceof BufferedValue b ? b.buffer() : ByteBuffer.wrap(value.toArray());
  }

  /**
   * A value's bytes in a buffer of their own, whose position and limit no later call moves (one per
   * column of a row): its buffer duplicated (the bytes are not copied), else a copy.
   */
  public static ByteBuffer ownBytes(ByteIterator value) {
    return value instanceof BufferedValue b ? b.buffer().duplicate() : ByteBuffer.wrap(value.toArray());
  }
}
