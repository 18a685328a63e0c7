package io.largekv.format;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The one definition of largekv's rows: key number {@code n} (a {@code long}, 0 ≤ n) maps to one
 * key string and one value, identically in the YCSB workload and in the NoSQLBench workload
 * {@code yb_kv_large}. The written specification, with test vectors, is docs/key-value-format.md.
 *
 * <pre>
 *   key(n)   = "key:" + decimal(n) left-padded with '0' to keyLength − 4 digits
 *              (keyLength 50: exactly nb5's  Format('key:%046d'))
 *   value(n) = the first valueLength bytes of  BE64(H(H(n)+0)) ‖ BE64(H(H(n)+1)) ‖ …
 *              (valueLength 256: exactly nb5's  Hash(); ByteBufferSizedHashed(256))
 *   H(x)     = |h1| of MurmurHash3_x64_128(seed 0) over the 8 big-endian bytes of x
 *              (nb5's Hash(); |Long.MIN_VALUE| stays Long.MIN_VALUE, as Math.abs)
 * </pre>
 *
 * Values are full 8-bit hash output (incompressible) and a deterministic function of the key
 * number, so a read is verified byte for byte: a corrupted value and a row returned for the wrong
 * key both fail. Updates write the same canonical value, so verification holds during mixed runs.
 *
 * <p>Hot-path methods ({@link #value(long, byte[])}, {@link #valueMatches}, {@link #hash},
 * {@link #writeKey}) do not allocate; {@link #key(long)} allocates only the String it returns (one
 * String and its 50-byte array). Instances are immutable and thread-safe.
 */
public final class KeyValueFormat implements RowFormat {

  public static final int DEFAULT_KEY_LENGTH = 50;
  public static final int DEFAULT_VALUE_LENGTH = 256;
  public static final String KEY_PREFIX = "key:";
  /** Longest value: 1 MiB. */
  public static final int MAX_VALUE_LENGTH = 1 << 20;

  /** Big-endian longs in a byte[]: the value's 8-byte words, written and compared in one access. */
  private static final VarHandle BIG_ENDIAN_LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private static final long C1 = 0x87c37b91114253d5L;
  private static final long C2 = 0x4cf5ad432745937fL;

  private final int keyLength;
  private final int valueLength;
  private final int digits;
  /** Largest key number whose decimal form fits in the key (Long.MAX_VALUE when 19+ digits). */
  private final long maxKeyNumber;
  /** keyPrefix[d]: "key:" and the zeros that pad a d-digit key number (d = 1 .. min(19, digits)). */
  private final String[] keyPrefix;
  /** "key:" and digits zeros: the key of 0, copied before the digits are written. */
  private final byte[] zeroKey;

  public KeyValueFormat(int keyLength, int valueLength) {
    if (keyLength < KEY_PREFIX.length() + 1 || keyLength > 1024) {
      throw new IllegalArgumentException("keylength=" + keyLength + " is not accepted; accepted values: "
          + (KEY_PREFIX.length() + 1) + ".." + 1024 + " (default " + DEFAULT_KEY_LENGTH + ")");
    }
    if (valueLength < 1 || valueLength > MAX_VALUE_LENGTH) {
      throw new IllegalArgumentException("valuelength=" + valueLength + " is not accepted; accepted values: 1.."
          + MAX_VALUE_LENGTH + " (default " + DEFAULT_VALUE_LENGTH + ")");
    }
    this.keyLength = keyLength;
    this.valueLength = valueLength;
    this.digits = keyLength - KEY_PREFIX.length();
    long max = Long.MAX_VALUE;
    if (digits < 19) {
      max = 1;
      for (int i = 0; i < digits; i++) {
        max *= 10;
      }
      max -= 1;
    }
    this.maxKeyNumber = max;
    this.keyPrefix = new String[Math.min(19, digits) + 1];
    for (int d = 1; d < keyPrefix.length; d++) {
      keyPrefix[d] = KEY_PREFIX + "0".repeat(digits - d);
    }
    this.zeroKey = (KEY_PREFIX + "0".repeat(digits)).getBytes(StandardCharsets.ISO_8859_1);
  }

  /** 50-byte keys, 256-byte values: the seeds' row. */
  public static KeyValueFormat standard() {
    return new KeyValueFormat(DEFAULT_KEY_LENGTH, DEFAULT_VALUE_LENGTH);
  }

  public int keyLength() {
    return keyLength;
  }

  @Override
  public int valueLength() {
    return valueLength;
  }

  /** The largest key number the key length can spell. */
  public long maxKeyNumber() {
    return maxKeyNumber;
  }

  /**
   * The key of key number {@code n}: exactly {@link #keyLength()} ASCII bytes. Allocates the String
   * and its array only: the padding is a prepared prefix, the digits are written by the String
   * concatenation itself.
   */
  @Override
  public String key(long n) {
    checkKeyNumber(n);
    return keyPrefix[decimalDigits(n)] + n;
  }

  /** Number of decimal digits of {@code n ≥ 0} (1 for 0). */
  private static int decimalDigits(long n) {
    int d = 1;
    for (long limit = 10; d < 19 && n >= limit; limit *= 10) {
      d++;
    }
    return d;
  }

  /** Writes the key's bytes into {@code dst[offset .. offset + keyLength)}. */
  public void writeKey(long n, byte[] dst, int offset) {
    checkKeyNumber(n);
    System.arraycopy(zeroKey, 0, dst, offset, keyLength);
    long rest = n;
    for (int i = offset + keyLength - 1; rest != 0; i--) {
      dst[i] = (byte) ('0' + (int) (rest % 10));
      rest /= 10;
    }
  }

  /**
   * The key number spelled by {@code key}, or −1 when it is not a key of this format (wrong
   * length, prefix or a non-digit).
   */
  @Override
  public long keyNumber(CharSequence key) {
    if (key.length() != keyLength) {
      return -1;
    }
    for (int i = 0; i < KEY_PREFIX.length(); i++) {
      if (key.charAt(i) != KEY_PREFIX.charAt(i)) {
        return -1;
      }
    }
    long n = 0;
    for (int i = KEY_PREFIX.length(); i < keyLength; i++) {
      char c = key.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      int d = c - '0';
      if (n > (Long.MAX_VALUE - d) / 10) {
        return -1;
      }
      n = n * 10 + d;
    }
    return n;
  }

  /** Fills {@code dst[0 .. valueLength)} with the value of key number {@code n}. */
  @Override
  public void value(long n, byte[] dst) {
    checkKeyNumber(n);
    sizedHashed(hash(n), dst);
  }

  /**
   * nb5's {@code ByteBufferSizedHashed(valueLength)} (and {@code HashedToByteBuffer}) applied to
   * {@code v}: the big-endian longs H(v), H(v+1), … cut to valueLength bytes (long overflow wraps).
   */
  void sizedHashed(long v, byte[] dst) {
    int full = valueLength >>> 3;
    int p = 0;
    for (int i = 0; i < full; i++, p += 8) {
      BIG_ENDIAN_LONGS.set(dst, p, hash(v + i));
    }
    int tail = valueLength - p;
    if (tail > 0) {
      long h = hash(v + full);
      for (int j = 0; j < tail; j++) {
        dst[p + j] = (byte) (h >>> (56 - 8 * j));
      }
    }
  }

  /** A new array holding the value of key number {@code n}. */
  public byte[] value(long n) {
    byte[] b = new byte[valueLength];
    value(n, b);
    return b;
  }

  /**
   * True when {@code actual}'s remaining bytes are exactly the value of key number {@code n}.
   * Reads with absolute gets: the buffer's position is not changed. Allocates nothing.
   */
  @Override
  public boolean valueMatches(long n, ByteBuffer actual) {
    if (actual == null || actual.remaining() != valueLength || n < 0 || n > maxKeyNumber) {
      return false;
    }
    long seed = hash(n);
    int full = valueLength >>> 3;
    if (actual.hasArray()) {
      // heap buffers (the driver copies each value it reads into a byte[]): compare the array's words
      byte[] a = actual.array();
      int base = actual.arrayOffset() + actual.position();
      for (int i = 0; i < full; i++) {
        if ((long) BIG_ENDIAN_LONGS.get(a, base + 8 * i) != hash(seed + i)) {
          return false;
        }
      }
    } else {
      int base = actual.position();
      for (int i = 0; i < full; i++) {
        if (actual.getLong(base + 8 * i) != hash(seed + i)) {   // ByteBuffer default order: big-endian
          return false;
        }
      }
    }
    int p = full << 3;
    if (p < valueLength) {
      long h = hash(seed + full);
      int base = actual.position();
      for (int j = 0; p + j < valueLength; j++) {
        if (actual.get(base + p + j) != (byte) (h >>> (56 - 8 * j))) {
          return false;
        }
      }
    }
    return true;
  }

  /** True when {@code actual[offset .. offset+length)} is exactly the value of key number n. */
  public boolean valueMatches(long n, byte[] actual, int offset, int length) {
    return actual != null && valueMatches(n, ByteBuffer.wrap(actual, offset, length));
  }

  /**
   * nb5's {@code Hash()} for a long: MurmurHash3_x64_128 with seed 0 over the 8 big-endian bytes
   * of {@code x}, first 64-bit half, then {@code Math.abs}.
   */
  public static long hash(long x) {
    // 8 input bytes are one partial block: k1 is the bytes read little-endian
    long k1 = Long.reverseBytes(x);
    k1 *= C1;
    k1 = Long.rotateLeft(k1, 31);
    k1 *= C2;
    long h1 = k1 ^ 8;   // seed 0, then h1 ^= length
    long h2 = 8;        // seed 0, then h2 ^= length
    h1 += h2;
    h2 += h1;
    h1 = fmix64(h1);
    h2 = fmix64(h2);
    h1 += h2;
    return Math.abs(h1);
  }

  private static long fmix64(long k) {
    k ^= k >>> 33;
    k *= 0xff51afd7ed558ccdL;
    k ^= k >>> 33;
    k *= 0xc4ceb9fe1a85ec53L;
    k ^= k >>> 33;
    return k;
  }

  private void checkKeyNumber(long n) {
    if (n < 0 || n > maxKeyNumber) {
      throw new IllegalArgumentException("key number " + n + " is outside 0.." + maxKeyNumber
          + " for keylength=" + keyLength);
    }
  }
}
