package io.largekv.ycsb;

import java.nio.ByteBuffer;
import site.ycsb.ByteIterator;

/**
 * A column value read from the server, exposed to YCSB without copying. {@link #buffer()} gives
 * the bytes to a verifier directly.
 */
public final class BufferByteIterator extends ByteIterator {
  private final ByteBuffer buffer;
  private final int start;

  public BufferByteIterator(ByteBuffer buffer) {
    this.buffer = buffer;
    this.start = buffer.position();
  }

  /** Rewinds to the first byte. */
  @Override
  public void reset() {
    buffer.position(start);
  }

  /** The value's bytes, position at the first byte; read with absolute gets, do not modify. */
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
