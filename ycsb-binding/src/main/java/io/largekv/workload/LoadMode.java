package io.largekv.workload;

import static io.largekv.workload.LargeKeyValueWorkload.INSERT_COUNT;

import io.largekv.common.ExitStatus;
import io.largekv.properties.PropertyValues;
import io.largekv.run.ProcessExit;
import io.largekv.run.RunProperties;
import java.nio.file.Paths;
import java.util.Properties;
import java.util.concurrent.atomic.LongAdder;
import site.ycsb.DB;

/**
 * Load ({@code -load}): inserts this client's shard of {@code [insertstart, insertstart +
 * insertcount)}, one row per insert; each client thread inserts its own contiguous share in order
 * (the shares tile the shard), so its progress is one number, kept in a {@link LoadCheckpoint}: the
 * same command continues a load that was interrupted.
 */
final class LoadMode extends WorkloadMode {

  private final LoadCheckpoint checkpoint;
  private final long checkpointInterval;
  private LoadCheckpoint.PeriodicSave checkpointWriter;
  private boolean checkpointChecked;
  private final LongAdder inserted = new LongAdder();
  private final LongAdder lost = new LongAdder();

  /** Sets YCSB's own {@code insertcount} in {@code p} to the shard and opens the checkpoint. */
  LoadMode(WorkloadSettings settings, PropertyValues w, Properties p) {
    super(settings);
    // YCSB's Client reads insertcount after Workload.init: one insert per key of the shard
    p.setProperty(INSERT_COUNT, Long.toString(settings.shard));
    outcome.progress().load(settings.shard, 0, this::keysDone);
    String qualified = w.string("ycql.keyspace", "largekv") + "." + table;
    String fallback = LoadCheckpoint.DEFAULT_DIRECTORY + "/" + qualified + "-" + range.start + "-" + range.count
        + "-client" + range.clientIndex + "of" + range.clientCount + ".checkpoint";
    String file = w.string(RunProperties.CHECKPOINT, fallback);
    if (file.equals("none")) {
      checkpoint = null;
      checkpointInterval = 0;
      return;
    }
    long interval = w.intRange(RunProperties.CHECKPOINT_INTERVAL_MS, 5000, 100, 3_600_000);
    checkpoint = LoadCheckpoint.open(Paths.get(file), qualified, range, settings.keyLength, settings.valueLength,
        settings.expectedThreads);
    checkpointInterval = interval;
  }

  @Override
  void startThread(ThreadState t, int id, int count) {
    assignShare(t, id, count);
    if (checkpoint != null) {
      resumeFromCheckpoint();
      t.next = checkpoint.next(id);
      t.lostBefore = checkpoint.lostBefore(id);
    }
  }

  /**
   * Once, after the binding set up the schema (YCSB initialises a thread's DB before the
   * workload's thread state): a checkpoint of a load into a table that did not exist when this
   * process started describes nothing that is there, so the load starts from the beginning.
   */
  private synchronized void resumeFromCheckpoint() {
    if (checkpointChecked) {
      return;
    }
    checkpointChecked = true;
    if (checkpoint.resumed()) {
      if (outcome.createdTable() != null) {
        checkpoint.restart();
        note("checkpoint " + checkpoint.file() + " is from a load into a table that did not exist when this one "
            + "started (" + outcome.createdTable() + " was created now): loading from the start");
      } else {
        note("resuming the load from checkpoint " + checkpoint.file() + ": " + checkpoint.resumedKeys()
            + " keys were done, " + checkpoint.lostBeforeCount() + " lost keys are inserted again first");
      }
      // what earlier runs acknowledged: a report that keeps their logs apart counts those rows once
      outcome.result().loadedBefore(checkpoint.acknowledgedBefore());
      if (outcome.createdTable() == null) {
        outcome.progress().load(range.shardEnd() - range.shardStart(), checkpoint.acknowledgedBefore(), this::keysDone);
      }
    }
    checkpoint.save();
    checkpointWriter = checkpoint.saveEvery(checkpointInterval, e -> ProcessExit.end(ExitStatus.ABORTED,
        "the load stops: " + e.getMessage() + (e.getCause() == null ? "" : " (" + e.getCause() + ")")));
  }

  /** The keys this process has done: written, or given up as lost after every retry. */
  private long keysDone() {
    return inserted.sum() + lost.sum();
  }

  private static void note(String line) {
    System.err.println("largekv: " + line);
  }

  @Override
  boolean next(DB db, ThreadState t) {
    if (t.lostBeforeDone < t.lostBefore.size()) {
      long key = t.lostBefore.get(t.lostBeforeDone);
      insertLoaded(db, t, key);
      t.lostBeforeDone++;
      if (checkpoint != null) {
        checkpoint.retried(t.thread, t.lostBeforeDone);
      }
      return true;
    }
    if (t.next >= t.end) {
      return false; // this thread's share is done; YCSB ends the thread
    }
    long n = t.next;
    insertLoaded(db, t, n);
    t.next = n + 1;
    if (checkpoint != null) {
      checkpoint.progress(t.thread, t.next);
    }
    return true;
  }

  private void insertLoaded(DB db, ThreadState t, long n) {
    if (insertWithRetries(db, t, n)) {
      inserted.increment();
    } else {
      lost.increment();
      if (checkpoint != null) {
        checkpoint.lost(n);
      }
    }
  }

  @Override
  void finish() {
    reportKeysLeft("loaded (the load stopped early, e.g. at maxexecutiontime: the same command continues it)");
    System.err.printf("largekv: load of key numbers %s: %d inserted, %d failed%s%n", range.describeShard(),
        inserted.sum(), lost.sum(), checkpoint != null && checkpoint.resumed()
            ? " in this run (" + checkpoint.resumedKeys() + " done before, from the checkpoint)" : "");
    closeCheckpoint();
  }

  private void closeCheckpoint() {
    if (checkpoint == null) {
      return;
    }
    if (checkpointWriter != null) {
      checkpointWriter.stop();
    }
    if (checkpoint.complete()) {
      checkpoint.delete();
      System.err.println("largekv: load complete, checkpoint " + checkpoint.file() + " removed");
    } else {
      checkpoint.save();
      System.err.println("largekv: load not complete (" + (lost.sum() > 0 ? lost.sum() + " row(s) lost"
          : "stopped early") + "): the same command continues it from checkpoint " + checkpoint.file()
          + (checkpoint.lostOverflow() ? "; more rows were lost than the checkpoint keeps: run workloads/verify with "
              + "largekv.repair=true afterwards" : ""));
    }
  }
}
