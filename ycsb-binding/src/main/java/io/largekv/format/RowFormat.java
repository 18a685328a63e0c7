package io.largekv.format;

import java.nio.ByteBuffer;

/** Key number → (key, value) and the verification of a value read back. */
public interface RowFormat {
  String key(long n);

  /** Key number of a key of this format, or −1. */
  long keyNumber(CharSequence key);

  int valueLength();

  /** Writes the value of key number n into dst[0 .. valueLength()). */
  void value(long n, byte[] dst);

  /** True when the remaining bytes of {@code actual} are a correct value of key number n. */
  boolean valueMatches(long n, ByteBuffer actual);
}
