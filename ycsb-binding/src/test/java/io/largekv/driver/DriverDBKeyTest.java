package io.largekv.driver;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class DriverDBKeyTest {

  /** A key bound as bytes must be the bytes the driver's text codec would have sent. */
  @Test
  void anAsciiKeyIsBoundAsTheBytesTheTextCodecWrites() {
    for (String key : List.of("", "user6284781860667377211", "k".repeat(50), "key:0000\u0000\u007f")) {
      assertThat(DriverDB.asciiBytes(key)).as(key).isEqualTo(TypeCodecs.TEXT.encode(key, ProtocolVersion.DEFAULT));
    }
  }

  /** Any other key goes through the codec: null here (the codec also refuses a lone surrogate). */
  @Test
  void anyOtherKeyIsLeftToTheCodec() {
    for (String key : List.of("ключ-0001", "键🙂end", "\u00e9t\u00e9", "bad\ud800")) {
      assertThat(DriverDB.asciiBytes(key)).as(key).isNull();
    }
  }
}
