package io.largekv.properties;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PropertyNamesTest {
  @Test
  void closestKnownNameByEditDistance() {
    List<String> known = List.of("ycql.localdc", "ycql.keyspace", "ycql.request_timeout_ms");
    assertThat(PropertyNames.closest("ycql.localDC", known)).isEqualTo("ycql.localdc");
    assertThat(PropertyNames.closest("ycql.keysapce", known)).isEqualTo("ycql.keyspace");
    assertThat(PropertyNames.distance("kitten", "sitting")).isEqualTo(3);
  }
}
