package io.largekv.format;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.Adler32;

/**
 * The rows of yb-sample-apps' {@code CassandraKeyValue} (the seeds' load tool), so largekv can
 * read and verify a dataset that tool loaded ({@code valueformat=yb-sample-apps}).
 *
 * <pre>
 *   key(n)   = "key:" + n                (--nouuid; no padding: 5..23 bytes, not 50)
 *            = uuid + ":" + n            (--uuid UUID)
 *   value(n) with --value_size S (S > 16), binary:
 *     [0]            marker 0x42 ('B')
 *     [1, 1+L)       ASCII "val:" + n   (L = its length; no uuid)
 *     [1+L, S−4)     filler bytes (random in the tool; largekv writes H-derived bytes)
 *     [S−4, S)       Adler32 of bytes [0, S−4), little-endian
 * </pre>
 *
 * Verification checks the length, the marker, the {@code val:<n>} prefix and the checksum; the
 * filler cannot be checked (the tool's is random). See docs/key-value-format.md.
 */
public final class SampleAppsFormat implements RowFormat {

  public static final byte BINARY_MARKER = 0x42;

  private final String keyPrefix;
  private final int valueLength;

  /**
   * @param uuid the tool's {@code --uuid}, or null/empty for {@code --nouuid} (keys {@code key:n})
   * @param valueLength the tool's {@code --value_size}; must be &gt; 16 for the checksummed layout
   */
  public SampleAppsFormat(String uuid, int valueLength) {
    if (valueLength <= 16 || valueLength > KeyValueFormat.MAX_VALUE_LENGTH) {
      throw new IllegalArgumentException("valuelength=" + valueLength
          + " is not accepted with valueformat=yb-sample-apps; accepted values: 17.."
          + KeyValueFormat.MAX_VALUE_LENGTH + " (the tool adds its checksum only above 16)");
    }
    this.keyPrefix = uuid == null || uuid.isEmpty() ? "key:" : uuid + ":";
    this.valueLength = valueLength;
  }

  @Override
  public int valueLength() {
    return valueLength;
  }

  @Override
  public String key(long n) {
    return keyPrefix + n;
  }

  /** Key number of a key of this format, or −1. */
  @Override
  public long keyNumber(CharSequence key) {
    if (key.length() <= keyPrefix.length() || key.length() > keyPrefix.length() + 19) {
      return -1;
    }
    for (int i = 0; i < keyPrefix.length(); i++) {
      if (key.charAt(i) != keyPrefix.charAt(i)) {
        return -1;
      }
    }
    long n = 0;
    for (int i = keyPrefix.length(); i < key.length(); i++) {
      char c = key.charAt(i);
      if (c < '0' || c > '9' || n > (Long.MAX_VALUE - (c - '0')) / 10) {
        return -1;
      }
      n = n * 10 + (c - '0');
    }
    return n;
  }

  /** Writes the tool's binary layout for key number n into dst[0 .. valueLength). */
  @Override
  public void value(long n, byte[] dst) {
    byte[] prefix = ("val:" + n).getBytes(StandardCharsets.US_ASCII);
    dst[0] = BINARY_MARKER;
    System.arraycopy(prefix, 0, dst, 1, prefix.length);
    long seed = KeyValueFormat.hash(n);
    for (int i = 1 + prefix.length, j = 0; i < valueLength - 4; i++, j++) {
      dst[i] = (byte) (KeyValueFormat.hash(seed + j / 8) >>> (56 - 8 * (j % 8)));
    }
    Adler32 adler = new Adler32();
    adler.update(dst, 0, valueLength - 4);
    int sum = (int) adler.getValue();
    dst[valueLength - 4] = (byte) sum;
    dst[valueLength - 3] = (byte) (sum >>> 8);
    dst[valueLength - 2] = (byte) (sum >>> 16);
    dst[valueLength - 1] = (byte) (sum >>> 24);
  }

  /** True when actual's remaining bytes are a valid value of key number n. */
  @Override
  public boolean valueMatches(long n, ByteBuffer actual) {
    if (actual == null || actual.remaining() != valueLength) {
      return false;
    }
    ByteBuffer v = actual.duplicate();
    int base = v.position();
    if (v.get(base) != BINARY_MARKER) {
      return false;
    }
    String prefix = "val:" + n;
    for (int i = 0; i < prefix.length(); i++) {
      if (v.get(base + 1 + i) != (byte) prefix.charAt(i)) {
        return false;
      }
    }
    Adler32 adler = new Adler32();
    ByteBuffer body = v.duplicate();
    body.limit(base + valueLength - 4);
    adler.update(body);
    int expected = (int) adler.getValue();
    int stored = (v.get(base + valueLength - 4) & 0xff)
        | (v.get(base + valueLength - 3) & 0xff) << 8
        | (v.get(base + valueLength - 2) & 0xff) << 16
        | (v.get(base + valueLength - 1) & 0xff) << 24;
    return expected == stored;
  }
}
