package io.largekv.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(60)
class FirstOperationTasksTest {

  private final List<String> ranOn = new CopyOnWriteArrayList<>();
  private final List<Long> told = new CopyOnWriteArrayList<>();

  private FirstOperationTasks tasks() {
    return new FirstOperationTasks(ms -> {
      ranOn.add(Thread.currentThread().getName());
      told.add(ms);
    });
  }

  @Test
  void onceStartedTheTasksRunOnTheirOwnThreadNotOnTheRecordingOne() throws Exception {
    FirstOperationTasks t = tasks();
    t.start();
    t.start(); // one thread, whoever configures first
    Thread recorder = new Thread(() -> {
      t.firstOperation(1_000);
      t.firstOperation(2_000); // told once: the first operation's start
    }, "client-thread");
    recorder.start();
    recorder.join();
    assertThat(t.awaitTasks(30)).isTrue();
    assertThat(ranOn).containsExactly(FirstOperationTasks.THREAD_NAME);
    assertThat(told).hasSize(1).first().isIn(1_000L, 2_000L);
  }

  @Test
  void aRunThatWasNeverStartedRunsThemOnTheRecordingThread() throws Exception {
    FirstOperationTasks t = tasks();
    t.firstOperation(1_000);
    assertThat(t.awaitTasks(0)).isTrue();
    assertThat(ranOn).containsExactly(Thread.currentThread().getName());
    assertThat(told).containsExactly(1_000L);
  }

  @Test
  void withoutAFirstOperationThereIsNothingToWaitFor() throws Exception {
    FirstOperationTasks t = tasks();
    t.start();
    assertThat(t.awaitTasks(0)).isTrue();
    assertThat(ranOn).isEmpty();
  }
}
