package io.largekv.driver;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class DriverDBKeyTest {

  /** A key bound as bytes must be the bytes the driver's text codec would have sent, for any key. */
  @Test
  void keyBytesAreWhatTheTextCodecWrites() {
    for (String key : List.of("", "user6284781860667377211", "k".repeat(50), "ключ-0001", "键🙂\u0000end",
        "\u00e9t\u00e9")) {
      assertThat(DriverDB.utf8(key)).as(key).isEqualTo(TypeCodecs.TEXT.encode(key, ProtocolVersion.DEFAULT));
      assertThat(TypeCodecs.TEXT.decode(DriverDB.utf8(key), ProtocolVersion.DEFAULT)).isEqualTo(key);
    }
  }
}
