package io.largekv.ycsb;

import io.largekv.format.ReadBuffer;
import java.nio.ByteBuffer;
import site.ycsb.ByteIterator;

/**
 * A column value read from the server, exposed to YCSB without copying. {@link #buffer()} gives
 * the bytes to a verifier directly ({@link ReadBuffer}: the workload knows only that).
 */
public final class BufferByteIterator extends ByteIterator implements ReadBuffer {
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
