package io.largekv.format;

import java.nio.ByteBuffer;

/**
 * Marker for a value read back that holds its bytes in a buffer, so that verification reads them
 * without a copy (the binding's read values; {@link ValueBytes} is the same for written values).
 */
public interface ReadBuffer {
  /** The value's bytes, position at the first byte; read with absolute gets, do not modify. */
  ByteBuffer buffer();
}
