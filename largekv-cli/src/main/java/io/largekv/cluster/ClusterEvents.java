package io.largekv.cluster;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.phase.Phase;
import io.largekv.report.files.EventRecord;
import io.largekv.report.files.EventsFile;
import io.largekv.results.ResultsLayout;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The timed events of one run of one phase: once the phase's first operation is reported (the
 * earliest of its clients' {@code largekv: first operation at ...} lines), each event runs at its
 * second. Actions on the local cluster run one at a time, in order (a node that is still
 * bootstrapping delays the next node action); an {@code exec:} event runs at its second whatever
 * else is running. When the phase ends, what has not started is recorded as not run.
 * Every event is written to {@code events.jsonl} ({@link EventsFile}) with its planned second, its
 * start and end (ms since 1970) and its result; an {@code exec:} event's output goes to {@code event-<i>.txt} beside it
 * (both names after a prefix: {@code bin/largekv run} keeps every phase in one directory).
 * A failed event is recorded and reported, never fatal to the run.
 */
public final class ClusterEvents implements AutoCloseable {

  /** Seconds an exec: event may still run after its phase ended before it is killed. */
  static final int EXEC_GRACE_SECONDS = 60;
  private int execGraceSeconds = EXEC_GRACE_SECONDS;


  private final List<ClusterEvent> events;
  private final LocalCassandra cluster;
  private final Path dir;
  private final String files;
  private final PrintStream progress;
  private final String prefix;
  private final AtomicLong firstOperationMs = new AtomicLong(-1);
  private final CountDownLatch started = new CountDownLatch(1);
  private final CountDownLatch phaseEnded = new CountDownLatch(1);
  /** One node action at a time, in the order they became due. */
  private final ReentrantLock nodeActions = new ReentrantLock(true);
  private final EventRecord[] rows;
  private final List<Thread> threads = new ArrayList<>();
  /** The processes of running exec: events, by index. */
  private final Map<Integer, Process> running = new ConcurrentHashMap<>();
  private final Set<Integer> killedAfterPhase = ConcurrentHashMap.newKeySet();

  /**
   * @param events this phase's events (may be empty: then nothing is written)
   * @param cluster the local cluster node actions act on, or null
   */
  public ClusterEvents(List<ClusterEvent> events, Phase phase, LocalCassandra cluster, Path dir, String files, PrintStream progress,
      String prefix) {
    this.events = events.stream().filter(e -> e.phase == phase).sorted(Comparator.comparingDouble(e -> e.seconds))
        .toList();
    this.cluster = cluster;
    this.dir = dir;
    this.files = files;
    this.progress = progress;
    this.prefix = prefix;
    this.rows = new EventRecord[this.events.size()];
    for (int i = 0; i < this.events.size(); i++) {
      int index = i;
      Thread t = new Thread(() -> runAtItsTime(index), "largekv-event-" + (i + 1));
      t.setDaemon(true);
      threads.add(t);
      t.start();
    }
  }

  /** For tests: how long an exec: event may outlive its phase. */
  ClusterEvents execGrace(int seconds) {
    this.execGraceSeconds = seconds;
    return this;
  }

  /** A client's first operation, in ms since 1970; the earliest one counts. */
  public void firstOperation(long epochMs) {
    if (firstOperationMs.compareAndSet(-1, epochMs)) {
      started.countDown();
    }
  }

  private void runAtItsTime(int index) {
    ClusterEvent e = events.get(index);
    try {
      while (!started.await(200, TimeUnit.MILLISECONDS)) {
        if (phaseEnded.getCount() == 0) {
          record(index, -1, -1, "not run", "the phase ended before its first operation");
          return;
        }
      }
      long t0 = firstOperationMs.get();
      long wait = t0 + (long) (e.seconds * 1000) - System.currentTimeMillis();
      if (wait > 0 && phaseEnded.await(wait, TimeUnit.MILLISECONDS)) {
        record(index, -1, -1, "not run", String.format(Locale.ROOT, "the phase ended %.1f s after its first "
            + "operation", (System.currentTimeMillis() - t0) / 1000.0));
        return;
      }
      if (!e.local()) {
        run(e, index);
        return;
      }
      nodeActions.lockInterruptibly();
      try {
        if (phaseEnded.getCount() == 0) {
          record(index, -1, -1, "not run", String.format(Locale.ROOT, "the phase ended %.1f s after its first "
              + "operation, while an earlier node action ran", (System.currentTimeMillis() - t0) / 1000.0));
          return;
        }
        run(e, index);
      } finally {
        nodeActions.unlock();
      }
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
    }
  }

  private void run(ClusterEvent e, int index) {
    long start = System.currentTimeMillis();
    progress.printf("%sevent %s: %s%n", prefix, e.spec, "starting");
    String result = "ok";
    String detail = "";
    try {
      switch (e.action) {
        case KILL_NODE -> cluster.node(e.node).kill();
        case STOP_NODE -> cluster.node(e.node).stop();
        case START_NODE -> cluster.node(e.node).start();
        case ADD_NODE -> detail = "node " + cluster.addNode().number() + " joined";
        case DECOMMISSION_NODE -> cluster.decommission(e.node);
        case EXEC -> {
          Path out = dir.resolve(files + "event-" + (index + 1) + ".txt");
          Process p = new ProcessBuilder("bash", "-c", e.command).redirectErrorStream(true)
              .redirectOutput(out.toFile()).start();
          running.put(index, p);
          int exit = p.waitFor();
          running.remove(index);
          boolean killed = killedAfterPhase.contains(index);
          detail = (killed ? "killed: still running " + execGraceSeconds + " s after the phase ended; " : "")
              + "exit " + exit + ", output in " + out.getFileName();
          result = exit == 0 ? "ok" : "failed";
        }
        default -> throw new IllegalStateException(e.action.name());
      }
    } catch (IOException | RuntimeException ex) {
      result = "failed";
      detail = ex.getClass().getSimpleName() + ": " + String.valueOf(ex.getMessage()).replace('\n', ' ');
    } catch (InterruptedException ie) {
      Thread.currentThread().interrupt();
      result = "failed";
      detail = "interrupted";
    }
    long end = System.currentTimeMillis();
    record(index, start, end, result, detail);
    progress.printf("%sevent %s: %s in %.1f s%s%n", prefix, e.spec, result, (end - start) / 1000.0,
        detail.isEmpty() ? "" : " (" + detail + ")");
  }

  private synchronized void record(int index, long start, long end, String result, String detail) {
    ClusterEvent e = events.get(index);
    rows[index] = new EventRecord(e.spec, e.seconds, start, end, result, detail);
  }

  /**
   * The phase ended: events still waiting are not run, running ones are waited for (a node that
   * is bootstrapping cannot be stopped half-way); then events.jsonl is written.
   */
  @Override
  public void close() throws IOException {
    if (events.isEmpty()) {
      return;
    }
    phaseEnded.countDown();
    try {
      for (int i = 0; i < threads.size(); i++) {
        if (events.get(i).local()) {
          threads.get(i).join();
          continue;
        }
        threads.get(i).join(execGraceSeconds * 1000L);
        Process p = running.get(i);
        if (threads.get(i).isAlive() && p != null) {
          killedAfterPhase.add(i);
          p.descendants().forEach(ProcessHandle::destroyForcibly);
          p.destroyForcibly();
        }
        threads.get(i).join();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    List<EventRecord> recorded = new ArrayList<>();
    synchronized (this) {
      for (EventRecord r : rows) {
        if (r != null) {
          recorded.add(r);
        }
      }
    }
    Files.createDirectories(dir);
    EventsFile.write(dir.resolve(files + ResultsLayout.EVENTS), recorded);
  }
}
