package io.largekv.value;

import java.nio.ByteBuffer;

/**
 * A column value the binding read from the server, handed to YCSB (and the workload's verification)
 * in the driver's own buffer, without a copy.
 */
public final class ReadValue extends BufferedValue {
  private final ByteBuffer buffer;
  private final int start;

  public ReadValue(ByteBuffer buffer) {
    this.buffer = buffer;
    this.start = buffer.position();
  }

  /** Rewinds to the first byte. */
  @Override
  public void reset() {
    buffer.position(start);
  }

  @Override
  public ByteBuffer buffer() {
    return buffer;
  }

  @Override
  public boolean hasNext() {
    return buffer.hasRemaining();
  }

  @Override
  public byte nextByte() {
    return buffer.get();
  }

  @Override
  public long bytesLeft() {
    return buffer.remaining();
  }

  @Override
  public byte[] toArray() {
    byte[] out = new byte[buffer.remaining()];
    buffer.get(out);
    return out;
  }
}
