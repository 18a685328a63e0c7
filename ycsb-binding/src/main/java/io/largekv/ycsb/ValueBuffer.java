package io.largekv.ycsb;

import io.largekv.format.ValueBytes;
import java.nio.ByteBuffer;
import site.ycsb.ByteIterator;

/**
 * A value as the driver binds it, without copying: a {@link ValueBytes} value (largekv's
 * workload reuses one array per thread) is exposed through one reused {@code ByteBuffer} over that
 * array; any other {@code ByteIterator} (e.g. YCSB's CoreWorkload values) is drained into a new
 * array. One per binding instance, i.e. per YCSB client thread; not thread-safe.
 */
public final class ValueBuffer {
  private byte[] array;
  private ByteBuffer buffer;

  /** The value's bytes; valid until the next call. */
  public ByteBuffer of(ByteIterator v) {
    if (v instanceof ValueBytes) {
      ValueBytes b = (ValueBytes) v;
      if (b.array() != array) {
        array = b.array();
        buffer = ByteBuffer.wrap(array);
      }
      buffer.limit(b.length()).position(0);
      return buffer;
    }
    return wrap(v);
  }

  /**
   * A buffer of its own over the value's bytes, not shared with later calls (one per column of a
   * row): a {@link ValueBytes} array is wrapped, not copied; another iterator is drained.
   */
  public static ByteBuffer wrap(ByteIterator v) {
    if (v instanceof ValueBytes) {
      ValueBytes b = (ValueBytes) v;
      return ByteBuffer.wrap(b.array(), 0, b.length());
    }
    return ByteBuffer.wrap(v.toArray());
  }
}
