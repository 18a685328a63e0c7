package io.largekv.workload;

import io.largekv.format.ValueBytes;
import site.ycsb.ByteIterator;

/**
 * A value handed to {@code DB.insert/update}: a reusable per-thread byte array, read by the
 * {@code yugabyte-ycql} binding without a copy. Other bindings see an ordinary ByteIterator.
 */
final class ReusableValue extends ByteIterator implements ValueBytes {
  private final byte[] bytes;
  private int position;

  ReusableValue(int length) {
    this.bytes = new byte[length];
  }

  /** Rewinds for the next operation; the caller has filled {@link #array()}. */
  @Override
  public void reset() {
    position = 0;
  }

  @Override
  public byte[] array() {
    return bytes;
  }

  @Override
  public int length() {
    return bytes.length;
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
    byte[] rest = java.util.Arrays.copyOfRange(bytes, position, bytes.length);
    position = bytes.length;
    return rest;
  }
}
