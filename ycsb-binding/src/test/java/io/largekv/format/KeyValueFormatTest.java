package io.largekv.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;

/**
 * Test vectors of docs/key-value-format.md. The expected numbers were computed with nb5's own
 * virtdata functions ({@code Hash()}, {@code ByteBufferSizedHashed(256)}, {@code Format}) and
 * cross-checked with an independent implementation; they pin the format both harnesses share.
 */
class KeyValueFormatTest {

  private final KeyValueFormat format = KeyValueFormat.standard();

  @Test
  void hashMatchesNb5Hash() {
    assertThat(KeyValueFormat.hash(0)).isEqualTo(2945182322382062539L);
    assertThat(KeyValueFormat.hash(1)).isEqualTo(6292367497774912474L);
    assertThat(KeyValueFormat.hash(2)).isEqualTo(8218881827949364593L);
    assertThat(KeyValueFormat.hash(42)).isEqualTo(8623491988607824794L);
    assertThat(KeyValueFormat.hash(1000000)).isEqualTo(7750191165207352691L);
    assertThat(KeyValueFormat.hash(4294967296L)).isEqualTo(9035642208320235060L);
    assertThat(KeyValueFormat.hash(-1)).isEqualTo(6853156495446839949L);
    assertThat(KeyValueFormat.hash(Long.MAX_VALUE)).isEqualTo(9146070906113848730L);
    assertThat(KeyValueFormat.hash(Long.MIN_VALUE)).isEqualTo(1838927571072900970L);
  }

  @Test
  void sizedHashedMatchesNb5ByteBufferSizedHashed() throws Exception {
    byte[] b = new byte[256];
    format.sizedHashed(0, b);
    assertThat(HexFormat.of().formatHex(b, 0, 32))
        .isEqualTo("28df63b7cc57c3cb5752fae69d1653da720f557a1dd5c5716fb20dd47d657943");
    assertThat(sha256(b)).isEqualTo("4df155d817bcd8dd73756825bbd8279e6068697eca8477398359030e3e1c2d3e");
    format.sizedHashed(1, b);
    assertThat(sha256(b)).isEqualTo("12db0508dae77885ada1eb10d03bf0a95ad268e847c1ee47b14d786574e7e572");
    format.sizedHashed(12345, b);
    assertThat(sha256(b)).isEqualTo("c7b750d0e1182d6f6ee6a52db0cbca521b344ed5650b5a77414047a7c962f1e5");
    format.sizedHashed(1000000, b);
    assertThat(sha256(b)).isEqualTo("c6afb6857864fb2dee6bc910303327848bf4f30847732bb0247a98602855d0c6");
  }

  @Test
  void valueIsSizedHashedOfHash() {
    byte[] viaChain = new byte[256];
    for (long n : new long[] {0, 1, 7, 1L << 31, 29_999_999_999L, 30_000_000_000L}) {
      format.sizedHashed(KeyValueFormat.hash(n), viaChain);
      assertThat(format.value(n)).isEqualTo(viaChain);
    }
  }

  @Test
  void keysAreExactlyFiftyBytesAndMatchNb5Format() {
    assertThat(format.key(0)).isEqualTo("key:0000000000000000000000000000000000000000000000");
    assertThat(format.key(42)).isEqualTo(String.format("key:%046d", 42L));
    assertThat(format.key(30_000_000_000L)).isEqualTo(String.format("key:%046d", 30_000_000_000L));
    assertThat(format.key(Long.MAX_VALUE)).hasSize(50).isEqualTo(String.format("key:%046d", Long.MAX_VALUE));
    for (long n : new long[] {0, 9, 10, 2147483647L, 2147483648L, 29_999_999_999L}) {
      assertThat(format.key(n)).hasSize(50);
      assertThat(format.keyNumber(format.key(n))).isEqualTo(n);
    }
  }

  @Test
  void keyNumberRejectsForeignKeys() {
    assertThat(format.keyNumber("user123")).isEqualTo(-1);
    assertThat(format.keyNumber("key:12")).isEqualTo(-1);
    assertThat(format.keyNumber("kez:0000000000000000000000000000000000000000000000")).isEqualTo(-1);
    assertThat(format.keyNumber("key:00000000000000000000000000000000000000000000x0")).isEqualTo(-1);
    assertThat(format.keyNumber("key:9999999999999999999999999999999999999999999999")).isEqualTo(-1);
  }

  @Test
  void shortKeysLimitTheKeyNumber() {
    KeyValueFormat tiny = new KeyValueFormat(8, 16);
    assertThat(tiny.maxKeyNumber()).isEqualTo(9999);
    assertThat(tiny.key(9999)).isEqualTo("key:9999");
    assertThatThrownBy(() -> tiny.key(10000)).hasMessageContaining("outside 0..9999");
    assertThatThrownBy(() -> format.key(-1)).hasMessageContaining("outside");
  }

  @Test
  void valueMatchesDetectsEveryKindOfCorruption() {
    byte[] v = format.value(123_456_789_012L);
    assertThat(format.valueMatches(123_456_789_012L, ByteBuffer.wrap(v))).isTrue();
    // the row of another key
    assertThat(format.valueMatches(123_456_789_013L, ByteBuffer.wrap(v))).isFalse();
    // one flipped bit anywhere
    for (int i = 0; i < v.length; i += 37) {
      byte[] bad = v.clone();
      bad[i] ^= 1;
      assertThat(format.valueMatches(123_456_789_012L, ByteBuffer.wrap(bad))).isFalse();
    }
    // truncated, extended, empty, null
    assertThat(format.valueMatches(123_456_789_012L, ByteBuffer.wrap(v, 0, 255))).isFalse();
    assertThat(format.valueMatches(123_456_789_012L, ByteBuffer.allocate(257))).isFalse();
    assertThat(format.valueMatches(123_456_789_012L, ByteBuffer.allocate(0))).isFalse();
    assertThat(format.valueMatches(123_456_789_012L, (ByteBuffer) null)).isFalse();
    // a buffer with a non-zero position is read from its position
    ByteBuffer shifted = ByteBuffer.allocate(300);
    shifted.position(44);
    shifted.put(v);
    shifted.position(44).limit(300);
    assertThat(format.valueMatches(123_456_789_012L, shifted)).isTrue();
    assertThat(shifted.position()).isEqualTo(44);
  }

  @Test
  void oddValueLengthsTakeTheFirstBytes() {
    KeyValueFormat odd = new KeyValueFormat(50, 13);
    byte[] full = new byte[16];
    new KeyValueFormat(50, 16).value(77, full);
    byte[] v = odd.value(77);
    assertThat(v).hasSize(13).isEqualTo(java.util.Arrays.copyOf(full, 13));
    assertThat(odd.valueMatches(77, ByteBuffer.wrap(v))).isTrue();
    v[12] ^= 0x40;
    assertThat(odd.valueMatches(77, ByteBuffer.wrap(v))).isFalse();
  }

  @Test
  void valuesAreIncompressible() {
    // 4 000 consecutive rows (1 MB): deflate at its best level must not save 2 %
    int rows = 4000;
    byte[] all = new byte[rows * 256];
    byte[] v = new byte[256];
    for (int i = 0; i < rows; i++) {
      format.value(1_000_000_000L + i, v);
      System.arraycopy(v, 0, all, i * 256, 256);
    }
    Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
    deflater.setInput(all);
    deflater.finish();
    byte[] out = new byte[all.length * 2];
    int compressed = deflater.deflate(out);
    deflater.end();
    assertThat((double) compressed / all.length).isGreaterThan(0.98);
  }

  @Test
  void distinctKeysHaveDistinctValues() {
    Set<String> seen = new HashSet<>();
    for (long n = 0; n < 20000; n++) {
      assertThat(seen.add(HexFormat.of().formatHex(format.value(n), 0, 16))).isTrue();
    }
  }

  @Test
  void rejectsBadLengths() {
    assertThatThrownBy(() -> new KeyValueFormat(4, 256)).hasMessageContaining("keylength=4");
    assertThatThrownBy(() -> new KeyValueFormat(50, 0)).hasMessageContaining("valuelength=0");
    assertThatThrownBy(() -> new KeyValueFormat(50, -5)).hasMessageContaining("valuelength=-5");
  }

  @Test
  void theLengthsBoundsAreAcceptedAndOnePastThemRefusedNamingTheAcceptedValues() {
    assertThat(new KeyValueFormat(5, 1).keyLength()).isEqualTo(5);
    assertThat(new KeyValueFormat(1024, KeyValueFormat.MAX_VALUE_LENGTH).valueLength())
        .isEqualTo(KeyValueFormat.MAX_VALUE_LENGTH);
    assertThatThrownBy(() -> new KeyValueFormat(1025, 256)).hasMessage("keylength=1025 is not accepted; accepted "
        + "values: 5..1024 (default 50)");
    assertThatThrownBy(() -> new KeyValueFormat(50, KeyValueFormat.MAX_VALUE_LENGTH + 1))
        .hasMessage("valuelength=1048577 is not accepted; accepted values: 1..1048576 (default 256)");
  }

  @Test
  void nineteenDigitsSpellEveryLongAndTheLargestParsesBack() {
    KeyValueFormat eighteen = new KeyValueFormat(4 + 18, 8);
    assertThat(eighteen.maxKeyNumber()).isEqualTo(999_999_999_999_999_999L);
    KeyValueFormat nineteen = new KeyValueFormat(4 + 19, 8);
    assertThat(nineteen.maxKeyNumber()).isEqualTo(Long.MAX_VALUE);
    assertThat(nineteen.key(Long.MAX_VALUE)).isEqualTo("key:9223372036854775807");
    assertThat(nineteen.keyNumber("key:9223372036854775807")).isEqualTo(Long.MAX_VALUE);
    assertThat(nineteen.keyNumber("key:9223372036854775808")).isEqualTo(-1);
    assertThat(nineteen.valueMatches(Long.MAX_VALUE, ByteBuffer.wrap(nineteen.value(Long.MAX_VALUE)))).isTrue();
    assertThat(eighteen.valueMatches(999_999_999_999_999_999L,
        ByteBuffer.wrap(eighteen.value(999_999_999_999_999_999L)))).isTrue();
    assertThat(eighteen.valueMatches(0, ByteBuffer.wrap(eighteen.value(0)))).isTrue();
    // a key number the key cannot spell has no value
    assertThatThrownBy(() -> eighteen.value(-1, new byte[8])).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> eighteen.value(1_000_000_000_000_000_000L, new byte[8]))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void writeKeyWritesTheKeysBytesAtTheOffset() {
    KeyValueFormat f = KeyValueFormat.standard();
    for (long n : new long[] {0, 7, 1234567890123L, 30_000_000_000L - 1}) {
      byte[] dst = new byte[3 + 50 + 2];
      java.util.Arrays.fill(dst, (byte) '#');
      f.writeKey(n, dst, 3);
      assertThat(new String(dst, java.nio.charset.StandardCharsets.ISO_8859_1)).isEqualTo("###" + f.key(n) + "##");
    }
    assertThatThrownBy(() -> f.writeKey(-1, new byte[50], 0)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aDirectBufferIsVerifiedAsAHeapOneIs() {
    for (int length : new int[] {256, 13}) {
      KeyValueFormat f = new KeyValueFormat(50, length);
      byte[] v = f.value(99);
      ByteBuffer direct = ByteBuffer.allocateDirect(length + 4);
      direct.position(4);
      direct.put(v);
      direct.position(4);
      assertThat(f.valueMatches(99, direct)).isTrue();
      assertThat(direct.position()).isEqualTo(4);
      assertThat(f.valueMatches(98, direct)).isFalse();
      for (int i : new int[] {0, 7, 8, length - 1}) {
        direct.put(4 + i, (byte) (v[i] ^ 1));
        assertThat(f.valueMatches(99, direct)).as("byte %d of %d", i, length).isFalse();
        direct.put(4 + i, v[i]);
      }
    }
    // a byte array: the value's bytes at its offset, nothing else
    KeyValueFormat f = KeyValueFormat.standard();
    byte[] padded = new byte[256 + 10];
    System.arraycopy(f.value(5), 0, padded, 10, 256);
    assertThat(f.valueMatches(5, padded, 10, 256)).isTrue();
    assertThat(f.valueMatches(5, padded, 9, 256)).isFalse();
    assertThat(f.valueMatches(5, null, 0, 256)).isFalse();
  }

  private static String sha256(byte[] b) throws Exception {
    return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
  }
}
