package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Directories;
import io.largekv.common.YcsbOutput;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.Ycsb;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The start barrier (largekv.start_barrier) with real client processes against the real server:
 * three read clients of one phase, launched 5 s apart, begin together after the last one came,
 * each one's warm-up counted from the common start; a client started again after the phase began
 * does not run (exit status 1) before it connects.
 */
class StartBarrierIT {

  private static final int ROWS = 3000;
  /**
   * Must cover connecting after the common start: three client JVMs connect at once, and on a busy
   * 2-core machine one client's first operation came 5 s after it.
   */
  private static final int WARMUP_S = 10;
  private static final int SECONDS = 15;

  @Test
  @Timeout(300)
  void clientsLaunchedSecondsApartBeginTheirMeasuredPhaseTogether() throws Exception {
    LocalCassandra cassandra = SharedCassandra.get();
    Path dir = Files.createTempDirectory("largekv-barrier-it");
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      Ycsb.Result load = Ycsb.run(Ycsb.classpath(), Ycsb.onCassandra("-load", cassandra, "it_barrier",
          "recordcount=" + ROWS, "threadcount=8"));
      assertThat(load.exitCode).as(load.toString()).isZero();

      Path barrier = dir.resolve("barrier");
      List<Future<Ycsb.Result>> clients = new ArrayList<>();
      long lastLaunch = 0;
      for (int i = 0; i < 3; i++) {
        if (i > 0) {
          // apart by more than a client's JVM start and connect (1-3 s here): the first ones wait
          Thread.sleep(5_000);
        }
        lastLaunch = System.currentTimeMillis();
        List<String> args = read(cassandra, barrier, i);
        clients.add(pool.submit(() -> Ycsb.run(Ycsb.classpath(), args)));
      }
      List<Ycsb.Result> results = new ArrayList<>();
      for (Future<Ycsb.Result> f : clients) {
        results.add(f.get(240, TimeUnit.SECONDS));
      }
      long start = (long) results.get(0).metric("LARGEKV", "CommonStartEpochMs");
      // client 0 came first and waited for the two others (about 10 s)
      long firstWait = start - Long.parseLong(Files.readString(barrier.resolve("ready-0")).trim());
      assertThat(firstWait).as("client 0 waited at the barrier for the two others").isPositive();
      // the phase began after the last client came, and only then
      assertThat(start).isGreaterThan(lastLaunch);
      for (Ycsb.Result r : results) {
        assertThat(r.exitCode).as(r.toString()).isZero();
        assertThat((long) r.metric("LARGEKV", "CommonStartEpochMs")).as(r.toString()).isEqualTo(start);
        long first = r.stderr.lines().mapToLong(YcsbOutput::firstOperationMs).filter(ms -> ms > 0).findFirst()
            .orElseThrow();
        // no client began before the common start; each made the measured window's beginning
        assertThat(first).as(r.toString()).isBetween(start, start + WARMUP_S * 1000L - 1);
        assertThat(r.metric("LARGEKV", "WarmUpExcludedSeconds")).as(r.toString()).isEqualTo(WARMUP_S);
        assertThat(r.metric("READ", "Operations")).as(r.toString()).isPositive();
        // YCSB's clock (maxexecutiontime) started at the common start: the wait is not in the run,
        // which would otherwise be at least the wait and the phase's seconds
        assertThat(r.metric("OVERALL", "RunTime(ms)")).as(r.toString()).isLessThan(firstWait + SECONDS * 1000.0);
        assertThat(r.returnCount("VERIFY", "CORRUPT") + r.returnCount("VERIFY", "MISSING")).isZero();
      }

      // client 1 started again after the phase began: it cannot join, and does not connect
      Ycsb.Result again = Ycsb.run(Ycsb.classpath(), read(cassandra, barrier, 1));
      assertThat(again.exitCode).as(again.toString()).isEqualTo(1);
      assertThat(again.stderr).contains("was here before").contains("after the common start")
          .doesNotContain(YcsbOutput.FIRST_OPERATION);
      assertThat(again.stdout).doesNotContain("[READ], Operations");
    } finally {
      pool.shutdownNow();
      Directories.deleteRecursively(dir);
    }
  }

  private static List<String> read(LocalCassandra cassandra, Path barrier, int index) {
    return Ycsb.onCassandra("-t", cassandra, "it_barrier", "recordcount=" + ROWS, "operationcount=1000000000",
        "threadcount=4", "readproportion=1", "updateproportion=0", "verify=true", "maxexecutiontime=" + SECONDS,
        "largekv.warmup_s=" + WARMUP_S, "client.count=3", "client.index=" + index,
        "largekv.start_barrier=" + barrier, "largekv.start_barrier_margin_s=2", "largekv.start_barrier_timeout_s=120");
  }
}
