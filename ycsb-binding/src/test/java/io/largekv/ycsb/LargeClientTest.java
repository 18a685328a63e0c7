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

  @Test
  void clientThreadsArePlatformByDefaultAndVirtualNeedsJava21() {
    Properties p = new Properties();
    assertThat(LargeClient.clientThreads(p, 17)).isNull();
    p.setProperty("largekv.clientthreads", "Platform");
    assertThat(LargeClient.clientThreads(p, 25)).isNull();
    p.setProperty("largekv.clientthreads", "virtual");
    assertThatThrownBy(() -> LargeClient.clientThreads(p, 17))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("largekv.clientthreads=virtual needs Java 21 or later, this is Java 17")
        .hasMessageContaining("accepted: platform");
    p.setProperty("largekv.clientthreads", "green");
    assertThatThrownBy(() -> LargeClient.clientThreads(p, 25))
        .isInstanceOf(ConfigException.class)
        .hasMessage("largekv.clientthreads=green is not accepted; accepted values: platform, virtual");
  }

  @Test
  void virtualThreadsRefuseSpinSleep() {
    Properties p = new Properties();
    p.setProperty("largekv.clientthreads", "virtual");
    p.setProperty("spin.sleep", "true");
    assertThatThrownBy(() -> LargeClient.clientThreads(p, 25))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("largekv.clientthreads=virtual cannot be used with spin.sleep=true");
  }

  @Test
  void aRunOfZeroOperationsIsRefusedRatherThanRunWithoutEnd() {
    // a YCSB client thread given 0 operations would run until stopped
    Properties p = new Properties();
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty("db", "site.ycsb.BasicDB");
    p.setProperty("recordcount", "10");
    p.setProperty("dotransactions", "true");
    p.setProperty("threadcount", "4");
    assertThatThrownBy(() -> LargeClient.run(p, null))
        .isInstanceOf(ConfigException.class)
        .hasMessage("operationcount=0 runs no operation; accepted: a count >= 1 (maxexecutiontime stops a run earlier)");
    p.setProperty("workload", "no.such.Workload");
    assertThatThrownBy(() -> LargeClient.run(p, null))
        .isInstanceOf(ConfigException.class)
        .hasMessageStartingWith("workload=no.such.Workload is not a YCSB workload class on the classpath");
  }
}
