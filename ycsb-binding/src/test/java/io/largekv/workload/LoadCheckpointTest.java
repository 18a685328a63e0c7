package io.largekv.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.common.Directories;
import io.largekv.common.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class LoadCheckpointTest {

  private Path dir;

  @BeforeEach
  void dir() throws Exception {
    dir = Files.createTempDirectory("largekv-checkpoint-test");
  }

  @AfterEach
  void clean() throws Exception {
    Directories.deleteRecursively(dir);
  }

  @Test
  void threadSharesTileTheShardAsYcsbSplitsOperations() {
    KeyRange r = new KeyRange(1000, 1003, 1, 3); // shard [1334, 1668): 334 keys
    assertThat(r.shardStart()).isEqualTo(1334);
    long expect = r.shardStart();
    for (int t = 0; t < 7; t++) {
      assertThat(r.threadStart(t, 7)).isEqualTo(expect);
      assertThat(r.threadEnd(t, 7) - r.threadStart(t, 7)).isEqualTo(KeyRange.threadShare(334, 7, t));
      expect = r.threadEnd(t, 7);
    }
    assertThat(expect).isEqualTo(r.shardEnd());
  }

  @Test
  void savedProgressIsResumedWithLostKeysFirst() {
    KeyRange r = new KeyRange(0, 1000, 0, 1);
    Path file = dir.resolve("sub/load.checkpoint");
    LoadCheckpoint c = LoadCheckpoint.open(file, "ks.kv", r, 50, 256, 4);
    assertThat(c.resumed()).isFalse();
    c.progress(0, 100);
    c.progress(2, 600);
    c.lost(42);
    c.save();
    LoadCheckpoint again = LoadCheckpoint.open(file, "ks.kv", r, 50, 256, 4);
    assertThat(again.resumed()).isTrue();
    assertThat(again.next(0)).isEqualTo(100);
    assertThat(again.next(1)).isEqualTo(250);
    assertThat(again.next(2)).isEqualTo(600);
    assertThat(again.resumedKeys()).isEqualTo(200);
    assertThat(again.lostBefore(0)).containsExactly(42L);
    // key 42 is below thread 0's progress but was lost: this run inserts it and counts it
    assertThat(again.acknowledgedBefore()).isEqualTo(199);
    assertThat(again.complete()).isFalse();
    // a save before the earlier lost key was retried keeps it in the file
    again.save();
    assertThat(LoadCheckpoint.open(file, "ks.kv", r, 50, 256, 4).lostBefore(0)).containsExactly(42L);
    again.retried(0, 1);
    for (int t = 0; t < 4; t++) {
      again.progress(t, r.threadEnd(t, 4));
    }
    assertThat(again.complete()).isTrue();
    again.delete();
    assertThat(file).doesNotExist();
  }

  @Test
  void aRestartedLoadAcknowledgedNothingBefore() {
    KeyRange r = new KeyRange(0, 1000, 0, 1);
    Path file = dir.resolve("load.checkpoint");
    LoadCheckpoint c = LoadCheckpoint.open(file, "ks.kv", r, 50, 256, 2);
    c.progress(1, 700);
    c.lost(3);
    c.save();
    LoadCheckpoint again = LoadCheckpoint.open(file, "ks.kv", r, 50, 256, 2);
    assertThat(again.acknowledgedBefore()).isEqualTo(199);
    // the table was created again: the saved progress describes nothing that is there
    again.restart();
    assertThat(again.resumedKeys()).isZero();
    assertThat(again.acknowledgedBefore()).isZero();
    assertThat(again.next(1)).isEqualTo(500);
  }

  @Test
  void anotherLoadsCheckpointIsRefusedWithOneLine() throws Exception {
    KeyRange r = new KeyRange(0, 1000, 0, 1);
    Path file = dir.resolve("load.checkpoint");
    LoadCheckpoint.open(file, "ks.kv", r, 50, 256, 4).save();
    assertThatThrownBy(() -> LoadCheckpoint.open(file, "ks.kv", r, 50, 256, 8))
        .isInstanceOf(UserError.class)
        .hasMessage("largekv.checkpoint=" + file + " holds the progress of another load (threadcount=4, this one has "
            + "8); accepted: the same command as that load, or delete " + file + " to load from the start");
    assertThatThrownBy(() -> LoadCheckpoint.open(file, "ks.kv", new KeyRange(0, 2000, 0, 1), 50, 256, 4))
        .hasMessageContaining("(insertcount=1000, this one has 2000)");
    List<String> lines = Files.readAllLines(file);
    Files.write(file, lines.stream().map(l -> l.startsWith("thread.1=") ? "thread.1=9999" : l).toList());
    assertThatThrownBy(() -> LoadCheckpoint.open(file, "ks.kv", r, 50, 256, 4))
        .hasMessageContaining("is damaged (thread.1=9999 is outside the thread's keys)");
  }

  @Test
  void stoppingThePeriodicSaveWhileItWritesIsNoFailure() throws Exception {
    // the load's end stops the saver at any moment; saving back to back (0 ms apart), the stop
    // lands in the middle of a save
    KeyRange r = new KeyRange(0, 1000, 0, 1);
    Path file = dir.resolve("load.checkpoint");
    LoadCheckpoint c = LoadCheckpoint.open(file, "ks.kv", r, 50, 256, 4);
    List<RuntimeException> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    for (int round = 1; round <= 200; round++) {
      c.progress(0, round);
      Files.deleteIfExists(file);
      LoadCheckpoint.PeriodicSave saving = c.saveEvery(0, failures::add);
      while (!Files.exists(file) && failures.isEmpty()) {
        Thread.onSpinWait();
      }
      saving.stop();
    }
    assertThat(failures).isEmpty();
    c.save();
    assertThat(LoadCheckpoint.open(file, "ks.kv", r, 50, 256, 4).next(0)).isEqualTo(200);
  }

  /**
   * Clients started in one working directory share the default checkpoint directory, which each
   * removes at the end of its load when it is empty: one client's end must never fail another's
   * save or its own end (FailClosedIT's concurrent clients: "cannot remove the checkpoint", exit 3
   * after a load with 0 failed).
   */
  @Test
  void clientsSharingTheDefaultDirectorySaveAndEndWhileOthersRemoveIt() throws Exception {
    Path shared = dir.resolve(LoadCheckpoint.DEFAULT_DIRECTORY);
    KeyRange r = new KeyRange(0, 1000, 0, 1);
    List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    List<Thread> clients = new java.util.ArrayList<>();
    for (int client = 0; client < 4; client++) {
      Path file = shared.resolve("ks.kv-0-1000-client" + client + "of4.checkpoint");
      clients.add(new Thread(() -> {
        try {
          for (int load = 1; load <= 300; load++) {
            LoadCheckpoint c = LoadCheckpoint.open(file, "ks.kv", r, 50, 256, 4);
            c.progress(0, load);
            c.save();
            c.save();
            c.delete();
          }
        } catch (Throwable t) {
          failures.add(t);
        }
      }));
    }
    clients.forEach(Thread::start);
    for (Thread t : clients) {
      t.join();
    }
    assertThat(failures).isEmpty();
    assertThat(shared).as("the last client to end removes the empty directory").doesNotExist();
  }

  @Test
  void theEndOfALoadWhoseDirectoryAnotherClientRemovedIsNoFailure() throws Exception {
    Path shared = dir.resolve(LoadCheckpoint.DEFAULT_DIRECTORY);
    Path file = shared.resolve("ks.kv-0-1000-client0of2.checkpoint");
    LoadCheckpoint c = LoadCheckpoint.open(file, "ks.kv", new KeyRange(0, 1000, 0, 1), 50, 256, 4);
    c.save();
    Files.delete(file);
    Files.delete(shared); // as another client's end does between this one's two steps
    c.delete();
    assertThat(shared).doesNotExist();
  }

  @Test
  void aSaveThatFailsIsReportedOnceAndEndsTheSaver() throws Exception {
    KeyRange r = new KeyRange(0, 1000, 0, 1);
    Path notADirectory = Files.writeString(dir.resolve("file"), "x");
    Path file = notADirectory.resolve("load.checkpoint");
    LoadCheckpoint c = LoadCheckpoint.open(file, "ks.kv", r, 50, 256, 4);
    List<RuntimeException> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
    LoadCheckpoint.PeriodicSave saving = c.saveEvery(1, failures::add);
    while (failures.isEmpty() && !Files.exists(file)) {
      Thread.onSpinWait();
    }
    saving.stop();
    assertThat(failures).singleElement().satisfies(e -> assertThat(e).hasMessageContaining("cannot write the checkpoint"));
  }
}
