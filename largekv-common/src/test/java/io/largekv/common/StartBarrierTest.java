package io.largekv.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The clients' common start, with real files and the real clock (margins of half a second). */
@Timeout(60)
class StartBarrierTest {

  private Path dir;
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8);

  @BeforeEach
  void tempDir() throws IOException {
    dir = Files.createTempDirectory("largekv-barrier");
  }

  @AfterEach
  void cleanUp() throws IOException {
    Directories.deleteRecursively(dir);
  }

  private StartBarrier barrier(int index, int count, long timeoutMs) {
    return new StartBarrier(dir.resolve("barrier"), index, count, timeoutMs, 500, System::currentTimeMillis);
  }

  @Test
  void clientsArrivingAtDifferentTimesStartAtTheSameInstantAfterTheLastOne() throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(3);
    try {
      List<Future<long[]>> starts = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        int index = i;
        starts.add(pool.submit(() -> {
          Thread.sleep(400L * index); // arrivals 0.4 s apart
          long arrived = System.currentTimeMillis();
          long start = barrier(index, 3, 30_000).await(errStream, false);
          return new long[] {arrived, start, System.currentTimeMillis()};
        }));
      }
      long start = starts.get(0).get(30, TimeUnit.SECONDS)[1];
      long latestReady = 0;
      for (int i = 0; i < 3; i++) {
        latestReady = Math.max(latestReady, Long.parseLong(Files.readString(dir.resolve("barrier/ready-" + i)).trim()));
      }
      for (Future<long[]> f : starts) {
        long[] r = f.get(30, TimeUnit.SECONDS);
        assertThat(r[1]).isEqualTo(start); // one instant for all
        assertThat(r[2]).isGreaterThanOrEqualTo(start); // none began before it
      }
      assertThat(start).isEqualTo(latestReady + 500);
      assertThat(err.toString(StandardCharsets.UTF_8)).contains("all 3 clients ready, the phase starts at ");
      // nothing but the ready files is left behind
      try (var files = Files.list(dir.resolve("barrier"))) {
        assertThat(files.map(p -> p.getFileName().toString()).sorted().toList())
            .containsExactly("ready-0", "ready-1", "ready-2");
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void aClientThatComesAfterTheStartDoesNotRunAReadPhaseButALoadGoesOn() throws Exception {
    Files.createDirectories(dir.resolve("barrier"));
    long longAgo = System.currentTimeMillis() - 60_000;
    // client 1 started again a minute after the phase began (or a directory an earlier run left)
    Files.writeString(dir.resolve("barrier/ready-0"), longAgo + "\n");
    Files.writeString(dir.resolve("barrier/ready-1"), longAgo + "\n");
    assertThatThrownBy(() -> barrier(1, 2, 5_000).await(errStream, false)).isInstanceOf(StartBarrier.Missed.class)
        .hasMessageContaining("after the common start").hasMessageContaining("its measured window would not be the"
            + " others'");
    assertThat(barrier(1, 2, 5_000).await(errStream, true)).isEqualTo(-1); // no common start: it goes on now
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("a load goes on at once");
  }

  @Test
  void aClientStartedAgainKeepsItsFirstArrivalAndSoTheSameStart() throws Exception {
    Files.createDirectories(dir.resolve("barrier"));
    long first = System.currentTimeMillis();
    Files.writeString(dir.resolve("barrier/ready-0"), first + "\n");
    Files.writeString(dir.resolve("barrier/ready-1"), first + "\n");
    long start = barrier(0, 2, 5_000).await(errStream, false);
    assertThat(start).isEqualTo(first + 500);
    assertThat(Files.readString(dir.resolve("barrier/ready-0")).trim()).isEqualTo(Long.toString(first));
    assertThat(err.toString(StandardCharsets.UTF_8)).contains("was here before");
  }

  @Test
  void aClientThatDoesNotSeeEveryOtherWithinTheTimeoutFailsNamingTheMissingOnes() {
    assertThatThrownBy(() -> barrier(0, 3, 1_000).await(errStream, false)).isInstanceOf(StartBarrier.Missed.class)
        .hasMessageContaining("not every client of the phase was ready within 1 s (largekv.start_barrier_timeout_s);"
            + " missing client.index 1, 2");
  }

  @Test
  void aClientThatFailedBeforeTheStartEndsTheOthersAtOnceNamingIt() throws Exception {
    barrier(0, 3, 600_000).fail("nb5's schema step exited 1");
    long before = System.nanoTime();
    assertThatThrownBy(() -> barrier(1, 3, 600_000).await(errStream, true)).isInstanceOf(StartBarrier.Missed.class)
        .hasMessageContaining("client.index 0 of the phase failed before the start")
        .hasMessageContaining("nb5's schema step exited 1");
    // not after the 600-s timeout: the relation, not a bound on this machine's speed
    assertThat(System.nanoTime() - before).isLessThan(TimeUnit.SECONDS.toNanos(600));
  }

  @Test
  void aCommonStartFarAheadOfThisClockIsRefusedAsClocksThatDisagree() throws Exception {
    Files.createDirectories(dir.resolve("barrier"));
    long ahead = System.currentTimeMillis() + 3_600_000; // another machine's clock an hour ahead
    Files.writeString(dir.resolve("barrier/ready-1"), ahead + "\n");
    assertThatThrownBy(() -> barrier(0, 2, 5_000).await(errStream, false)).isInstanceOf(StartBarrier.Missed.class)
        .hasMessageContaining("ahead of this client's clock").hasMessageContaining("clocks disagree");
  }

  @Test
  void aReadyFileThatNoClientWroteFailsAtOnceNamingIt() throws Exception {
    Files.createDirectories(dir.resolve("barrier"));
    Files.writeString(dir.resolve("barrier/ready-1"), "not a time\n");
    long before = System.nanoTime();
    assertThatThrownBy(() -> barrier(0, 2, 600_000).await(errStream, false)).isInstanceOf(StartBarrier.Missed.class)
        .hasMessageContaining("ready-1 holds \"not a time\", not a time a client wrote");
    // not after the 600-s timeout: the relation, not a bound on this machine's speed
    assertThat(System.nanoTime() - before).isLessThan(java.util.concurrent.TimeUnit.SECONDS.toNanos(600));
  }
}
