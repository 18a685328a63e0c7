package io.largekv.ycsb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class LargeClientTest {

  @Test
  void sharesOfThirtyBillionSumExactlyAndFitAnInt() {
    long total = 0;
    for (int i = 0; i < 256; i++) {
      int share = LargeClient.share(30_000_000_000L, 256, i);
      assertThat(share).isBetween(117_187_500, 117_187_501);
      total += share;
    }
    assertThat(total).isEqualTo(30_000_000_000L);
    assertThatThrownBy(() -> LargeClient.share(30_000_000_000L, 13, 0))
        .hasMessageContaining("more than 13 threads");
  }

  @Test
  void parsesYcsbsCommandLineWithCliPropertiesWinning() throws Exception {
    java.nio.file.Path f = java.nio.file.Files.createTempFile("w", ".properties");
    java.nio.file.Files.writeString(f, "workload=W\nrecordcount=5\nthreadcount=2\n");
    try {
      Properties p = LargeClient.parse(new String[] {"-p", "recordcount=30000000000", "-load", "-P", f.toString(),
          "-threads", "8", "-db", "D", "-s", "-target", "100", "-l", "lbl"});
      assertThat(p.getProperty("workload")).isEqualTo("W");
      assertThat(p.getProperty("recordcount")).isEqualTo("30000000000");
      assertThat(p.getProperty("threadcount")).isEqualTo("8");
      assertThat(p.getProperty("dotransactions")).isEqualTo("false");
      assertThat(p.getProperty("db")).isEqualTo("D");
      assertThat(p.getProperty("status")).isEqualTo("true");
      assertThat(p.getProperty("target")).isEqualTo("100");
      assertThat(LargeClient.fitsInt(p, "recordcount")).isFalse();
      assertThat(LargeClient.fitsInt(p, "threadcount")).isTrue();
      assertThat(LargeClient.parse(new String[] {"-p", "novalue"})).isNull();
      assertThat(LargeClient.parse(new String[] {"-bogus"})).isNull();
    } finally {
      java.nio.file.Files.delete(f);
    }
  }
}
