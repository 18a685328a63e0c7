package io.largekv.value;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * A value the workload hands to {@code DB.insert/update}: one byte array per client thread, filled
 * anew for each operation and read by the {@code yugabyte-ycql} binding through {@link #buffer()}
 * without a copy. Other bindings see an ordinary {@code ByteIterator}.
 */
public final class ReusableValue extends BufferedValue {
  private final byte[] bytes;
  private final ByteBuffer view;
  private int position;

  public ReusableValue(int length) {
    this.bytes = new byte[length];
    this.view = ByteBuffer.wrap(bytes);
  }

  /** The array to fill for the next operation. */
  public byte[] array() {
    return bytes;
  }

  /** Rewinds for the next operation; the caller has filled {@link #array()}. */
  @Override
  public void reset() {
    position = 0;
  }

  /**
   * The whole array; the same buffer on every call, rewound, so that an insert allocates nothing of
   * its own. Safe because each client thread has its own value and the driver copies the buffer's
   * bounds ({@code duplicate()}) when it binds.
   */
  @Override
  public ByteBuffer buffer() {
    view.limit(bytes.length).position(0);
    return view;
  }

  @Override
  public boolean hasNext() {
    return position < bytes.length;
  }

  @Override
  public byte nextByte() {
    return bytes[position++];
  }

  @Override
  public long bytesLeft() {
    return bytes.length - position;
  }

  @Override
  public byte[] toArray() {
    byte[] rest = Arrays.copyOfRange(bytes, position, bytes.length);
    position = bytes.length;
    return rest;
  }
}
