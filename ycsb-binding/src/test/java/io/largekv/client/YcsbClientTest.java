package io.largekv.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.common.UserError;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class YcsbClientTest {

  @Test
  void sharesOfThirtyBillionSumExactlyAndFitAnInt() {
    long total = 0;
    for (int i = 0; i < 256; i++) {
      int share = YcsbClient.share(30_000_000_000L, 256, i);
      assertThat(share).isBetween(117_187_500, 117_187_501);
      total += share;
    }
    assertThat(total).isEqualTo(30_000_000_000L);
    assertThatThrownBy(() -> YcsbClient.share(30_000_000_000L, 13, 0))
        .hasMessageContaining("more than 13 threads");
  }

  @Test
  void parsesYcsbsCommandLineWithCliPropertiesWinning() throws Exception {
    java.nio.file.Path f = java.nio.file.Files.createTempFile("w", ".properties");
    java.nio.file.Files.writeString(f, "workload=W\nrecordcount=5\nthreadcount=2\n");
    try {
      Properties p = YcsbClient.parse(new String[] {"-p", "recordcount=30000000000", "-load", "-P", f.toString(),
          "-threads", "8", "-db", "D", "-s", "-target", "100", "-l", "lbl"});
      assertThat(p.getProperty("workload")).isEqualTo("W");
      assertThat(p.getProperty("recordcount")).isEqualTo("30000000000");
      assertThat(p.getProperty("threadcount")).isEqualTo("8");
      assertThat(p.getProperty("dotransactions")).isEqualTo("false");
      assertThat(p.getProperty("db")).isEqualTo("D");
      assertThat(p.getProperty("status")).isEqualTo("true");
      assertThat(p.getProperty("target")).isEqualTo("100");
      assertThat(YcsbClient.fitsInt(p, "recordcount")).isFalse();
      assertThat(YcsbClient.fitsInt(p, "threadcount")).isTrue();
    } finally {
      java.nio.file.Files.delete(f);
    }
  }

  @Test
  void aMalformedCommandLineOrNoWorkloadIsBadInputNamingWhatIsAccepted() {
    String w = "workload=io.largekv.workload.LargeKeyValueWorkload";
    assertThatThrownBy(() -> YcsbClient.parse(new String[] {"-load", "-db", "D", "-p", "hosts=h"}))
        .isInstanceOf(UserError.class).hasMessage("workload is not set; accepted: -P FILE (one of workloads/) or -p "
            + "workload=io.largekv.workload.LargeKeyValueWorkload");
    assertThatThrownBy(() -> YcsbClient.parse(new String[] {"-p", w, "-bogus"}))
        .isInstanceOf(UserError.class).hasMessage("unknown option -bogus; accepted: " + YcsbClient.OPTIONS);
    assertThatThrownBy(() -> YcsbClient.parse(new String[] {"-p", w, "-p", "novalue"}))
        .isInstanceOf(UserError.class).hasMessage("-p novalue is not accepted; accepted values: -p NAME=VALUE");
    assertThatThrownBy(() -> YcsbClient.parse(new String[] {"-p", w, "-p", "=5"}))
        .isInstanceOf(UserError.class).hasMessageStartingWith("-p =5 is not accepted");
    assertThatThrownBy(() -> YcsbClient.parse(new String[] {"-p", w, "-threads"}))
        .isInstanceOf(UserError.class).hasMessage("-threads needs a value; accepted: " + YcsbClient.OPTIONS);
    assertThatThrownBy(() -> YcsbClient.parse(new String[] {"-P", "/nonexistent/large30b", "-p", w}))
        .isInstanceOf(UserError.class).hasMessageStartingWith("-P /nonexistent/large30b: cannot read the workload file");
    assertThat(YcsbClient.parse(new String[] {"-p", w, "-p", "x=a=b"}).getProperty("x")).isEqualTo("a=b");
  }

  @Test
  void clientThreadsAreVirtualWhereTheyExistAndPlatformBeforeWithOneLine() {
    Properties p = new Properties();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThat(YcsbClient.clientThreadKind(p, 17, new PrintStream(err, true))).isEqualTo("platform");
    assertThat(err.toString()).startsWith("largekv: client threads are platform threads (Java 17); on a Java 21 or "
        + "later they are virtual threads").doesNotContain("\n\n");
    assertThat(err.toString().strip().lines().count()).isEqualTo(1);
    assertThat(YcsbClient.clientThreadKind(p, 25, new PrintStream(new ByteArrayOutputStream()))).isEqualTo("virtual");
    p.setProperty("largekv.client_threads", "Platform");
    assertThat(YcsbClient.clientThreadKind(p, 25, System.err)).isEqualTo("platform");
    p.setProperty("largekv.client_threads", "virtual");
    assertThatThrownBy(() -> YcsbClient.clientThreadKind(p, 17, System.err))
        .isInstanceOf(UserError.class)
        .hasMessageStartingWith("largekv.client_threads=virtual needs Java 21 or later, this is Java 17")
        .hasMessageContaining("accepted: platform");
    p.setProperty("largekv.client_threads", "green");
    assertThatThrownBy(() -> YcsbClient.clientThreadKind(p, 25, System.err))
        .isInstanceOf(UserError.class)
        .hasMessage("largekv.client_threads=green is not accepted; accepted values: auto, platform, virtual");
  }

  @Test
  void virtualThreadsRefuseSpinSleepAndAutoFallsBackToPlatform() {
    Properties p = new Properties();
    p.setProperty("spin.sleep", "true");
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    assertThat(YcsbClient.clientThreadKind(p, 25, new PrintStream(err, true))).isEqualTo("platform");
    assertThat(err.toString()).contains("platform threads (spin.sleep=true)");
    p.setProperty("largekv.client_threads", "virtual");
    assertThatThrownBy(() -> YcsbClient.clientThreadKind(p, 25, System.err))
        .isInstanceOf(UserError.class)
        .hasMessageStartingWith("largekv.client_threads=virtual cannot be used with spin.sleep=true");
  }

  @Test
  void ycsbOptionsThatYcsbWouldMisreadAreOneLineErrors() {
    String[][] cases = {
        {"threadcount", "0", "threadcount=0 is not accepted; accepted values: an integer in 1..1000000"},
        {"threadcount", "x", "threadcount=x is not accepted"},
        {"target", "-5", "target=-5 is not accepted; accepted values: a number of operations per second >= 0"},
        {"target", "fast", "target=fast is not accepted"},
        {"recordcount", "-1", "recordcount=-1 is not accepted"},
        {"operationcount", "1e9", "operationcount=1e9 is not accepted"},
        {"maxexecutiontime", "-3", "maxexecutiontime=-3 is not accepted"},
        {"largekv.clientthreads", "virtual", "largekv.clientthreads was renamed largekv.client_threads"},
        {"largekv.virtual_scheduler", "netty", "largekv.virtual_scheduler=netty is not accepted; accepted values: io,"
            + " jdk"},
        {"largekv.max_failed_fractoin", "0.1", "largekv.max_failed_fractoin is not a known property; did you mean "
            + "largekv.max_failed_fraction?"},
    };
    for (String[] c : cases) {
      Properties p = new Properties();
      p.setProperty(c[0], c[1]);
      assertThatThrownBy(() -> YcsbClient.checkYcsbOptions(p)).as(c[0] + "=" + c[1])
          .isInstanceOf(UserError.class).hasMessageStartingWith(c[2]);
    }
    Properties ok = new Properties();
    ok.setProperty("threadcount", "256");
    ok.setProperty("target", "185000.5");
    ok.setProperty("recordcount", "30000000000");
    YcsbClient.checkYcsbOptions(ok);
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
    assertThatThrownBy(() -> YcsbClient.run(p, YcsbClient.ClientThreads.PLATFORM))
        .isInstanceOf(UserError.class)
        .hasMessage("operationcount=0 runs no operation; accepted: a count >= 1 (maxexecutiontime stops a run earlier)");
    p.setProperty("workload", "no.such.Workload");
    assertThatThrownBy(() -> YcsbClient.run(p, YcsbClient.ClientThreads.PLATFORM))
        .isInstanceOf(UserError.class)
        .hasMessageStartingWith("workload=no.such.Workload is not a YCSB workload class on the classpath");
  }
}
