package io.largekv.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SecretsTest {

  @Test
  void literalsAreHiddenReferencesAreShown() {
    assertThat(Secrets.redact("bin/ycsb -p ycql.password=hunter2 -p ycql.keystore_password=env:KS "
        + "-p ycql.truststore_password=file:/run/ts -p ycql.username=bench"))
        .isEqualTo("bin/ycsb -p ycql.password=*** -p ycql.keystore_password=env:KS "
            + "-p ycql.truststore_password=file:/run/ts -p ycql.username=bench");
    assertThat(Secrets.redact(List.of("c1:ycql.password=x", "recordcount=5")))
        .containsExactly("c1:ycql.password=***", "recordcount=5");
    assertThat(Secrets.isSecret("ycql.password")).isTrue();
    assertThat(Secrets.isSecret("ycql.username")).isFalse();
  }
}
