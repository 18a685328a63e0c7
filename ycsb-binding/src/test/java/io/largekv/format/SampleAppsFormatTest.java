package io.largekv.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.zip.Adler32;
import org.junit.jupiter.api.Test;

/** Reading a dataset loaded by yb-sample-apps CassandraKeyValue (--value_size 256). */
public class SampleAppsFormatTest {

  /** A value laid out as the tool writes it, with random filler. */
  public static byte[] toolValue(long n, int size, Random random) {
    byte[] v = new byte[size];
    v[0] = 0x42;
    byte[] prefix = ("val:" + n).getBytes(StandardCharsets.US_ASCII);
    System.arraycopy(prefix, 0, v, 1, prefix.length);
    for (int i = 1 + prefix.length; i < size - 4; i++) {
      v[i] = (byte) random.nextInt();
    }
    Adler32 a = new Adler32();
    a.update(v, 0, size - 4);
    ByteBuffer.wrap(v, size - 4, 4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) a.getValue());
    return v;
  }

  @Test
  void verifiesTheToolsValuesWhateverTheirRandomFiller() {
    SampleAppsFormat f = new SampleAppsFormat(null, 256);
    Random random = new Random(1);
    for (long n : new long[] {0, 9, 1_629_145_599L, 29_999_999_999L}) {
      byte[] v = toolValue(n, 256, random);
      assertThat(f.valueMatches(n, ByteBuffer.wrap(v))).isTrue();
      assertThat(f.valueMatches(n + 1, ByteBuffer.wrap(v))).as("wrong row").isFalse();
      v[100] ^= 4;
      assertThat(f.valueMatches(n, ByteBuffer.wrap(v))).as("corrupt filler").isFalse();
    }
  }

  @Test
  void keysAreTheToolsKeys() {
    assertThat(new SampleAppsFormat(null, 256).key(42)).isEqualTo("key:42");
    assertThat(new SampleAppsFormat("ed8c67d8-7fd6-453f-b109-554131f380c1", 256).key(7))
        .isEqualTo("ed8c67d8-7fd6-453f-b109-554131f380c1:7");
    assertThat(new SampleAppsFormat(null, 256).keyNumber("key:123")).isEqualTo(123);
    assertThat(new SampleAppsFormat(null, 256).keyNumber("key:")).isEqualTo(-1);
  }

  @Test
  void valuesLargekvWritesInThisFormatVerify() {
    SampleAppsFormat f = new SampleAppsFormat(null, 256);
    byte[] v = new byte[256];
    f.value(12345, v);
    assertThat(v[0]).isEqualTo((byte) 0x42);
    assertThat(new String(v, 1, 9, StandardCharsets.US_ASCII)).isEqualTo("val:12345");
    assertThat(f.valueMatches(12345, ByteBuffer.wrap(v))).isTrue();
  }

  @Test
  void keyNumbersParseOnlyTheToolsKeys() {
    SampleAppsFormat f = new SampleAppsFormat(null, 256);
    assertThat(f.keyNumber("key:0")).isZero();
    assertThat(f.keyNumber("key:9")).isEqualTo(9);
    assertThat(f.keyNumber("key:9223372036854775807")).isEqualTo(Long.MAX_VALUE);
    assertThat(f.keyNumber("key:9223372036854775808")).isEqualTo(-1);
    assertThat(f.keyNumber("key:92233720368547758070")).isEqualTo(-1);
    assertThat(f.keyNumber("kez:123")).isEqualTo(-1);
    assertThat(f.keyNumber("key:12/")).isEqualTo(-1);
    assertThat(f.keyNumber("key:12:")).isEqualTo(-1);
    assertThat(f.keyNumber("key")).isEqualTo(-1);
  }

  @Test
  void theFillerIsTheHashStreamOfTheKeySoNoTwoValuesShareIt() {
    // between "val:n" and the checksum: the big-endian hashes of hash(n), hash(n) + 1, ... as KeyValueFormat's
    // values are (its value of n is that stream from hash(n))
    for (long n : new long[] {0, 12345, 29_999_999_999L}) {
      SampleAppsFormat f = new SampleAppsFormat(null, 256);
      byte[] v = new byte[256];
      f.value(n, v);
      int from = 1 + ("val:" + n).length();
      byte[] stream = new KeyValueFormat(50, 256 - 4 - from).value(n);
      assertThat(java.util.Arrays.copyOfRange(v, from, 256 - 4)).as("key %d", n).isEqualTo(stream);
    }
  }

  @Test
  void lengthsAndMarkersOutsideTheLayoutAreRefused() {
    assertThat(new SampleAppsFormat(null, 17).valueLength()).isEqualTo(17);
    assertThat(new SampleAppsFormat(null, KeyValueFormat.MAX_VALUE_LENGTH).valueLength())
        .isEqualTo(KeyValueFormat.MAX_VALUE_LENGTH);
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new SampleAppsFormat(null, 16))
        .hasMessageContaining("valuelength=16 is not accepted with valueformat=yb-sample-apps; accepted values: 17..");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> new SampleAppsFormat(null,
        KeyValueFormat.MAX_VALUE_LENGTH + 1)).isInstanceOf(IllegalArgumentException.class);
    SampleAppsFormat f = new SampleAppsFormat(null, 64);
    byte[] v = new byte[64];
    f.value(3, v);
    assertThat(f.valueMatches(3, ByteBuffer.wrap(v, 0, 63))).isFalse();
    assertThat(f.valueMatches(3, null)).isFalse();
    v[0] = 0x41;
    assertThat(f.valueMatches(3, ByteBuffer.wrap(v))).isFalse();
  }
}
