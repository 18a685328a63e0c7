package io.largekv.workload;

import io.largekv.common.UserError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.function.Consumer;

/**
 * A load's progress on disk, so that the same command continues after the client was killed or
 * the machine rebooted, with no gap: for each client thread, the next key number it inserts (every
 * key of its share below it was acknowledged by the server, or is listed as lost), and the lost
 * key numbers, which the next run inserts again first.
 *
 * <p>Written every {@code largekv.checkpoint_interval_ms} and when the load ends, durably: a new
 * file is written and forced to disk, then renamed over the old one. A load that completes with no
 * row lost removes its checkpoint. The file is plain text:
 *
 * <pre>
 *   format=1
 *   table=largekv.kv
 *   insertstart=0
 *   insertcount=30000000000
 *   client.index=0
 *   client.count=1
 *   keylength=50
 *   valuelength=256
 *   threads=256
 *   thread.0=8203111
 *   ...
 *   lost=1200517,1200518
 * </pre>
 */
final class LoadCheckpoint {

  static final int FORMAT = 1;
  /** Where checkpoints go by default, under the current directory. */
  static final String DEFAULT_DIRECTORY = "largekv-checkpoints";
  /** At most this many lost key numbers are kept in the file (each run retries them). */
  static final int MAX_LOST_KEPT = 100_000;

  private final Path file;
  private final Map<String, String> header;
  private final KeyRange range;
  private final int threads;
  /** Per thread: the next key number to insert. */
  private final AtomicLongArray next;
  /** Per thread: lost key numbers of earlier runs, inserted again first. */
  private final List<List<Long>> lostBefore;
  /** Per thread: how many of its {@link #lostBefore} keys it has inserted again (or lost again). */
  private final AtomicIntegerArray lostBeforeRetried;
  private final ConcurrentLinkedQueue<Long> lostNow = new ConcurrentLinkedQueue<>();
  private volatile boolean lostOverflow;
  private final boolean resumed;
  private long resumedKeys;

  private LoadCheckpoint(Path file, Map<String, String> header, KeyRange range, int threads,
      Map<String, String> saved) {
    this.file = file;
    this.header = header;
    this.range = range;
    this.threads = threads;
    this.next = new AtomicLongArray(threads);
    this.lostBefore = new ArrayList<>(threads);
    this.lostBeforeRetried = new AtomicIntegerArray(threads);
    long done = 0;
    for (int t = 0; t < threads; t++) {
      long start = range.threadStart(t, threads);
      long at = saved == null ? start : Long.parseLong(saved.get("thread." + t));
      next.set(t, at);
      done += at - start;
      lostBefore.add(new ArrayList<>());
    }
    if (saved != null && !saved.getOrDefault("lost", "").isEmpty()) {
      for (String k : saved.get("lost").split(",")) {
        long key = Long.parseLong(k);
        for (int t = 0; t < threads; t++) {
          if (key >= range.threadStart(t, threads) && key < range.threadEnd(t, threads)) {
            lostBefore.get(t).add(key);
          }
        }
      }
    }
    this.resumed = saved != null;
    this.resumedKeys = done;
  }

  /**
   * Opens the checkpoint of this load: the progress saved in {@code file} when it exists and
   * describes the same load, a fresh start otherwise.
   *
   * @throws UserError when the file describes another load or another thread count
   */
  static LoadCheckpoint open(Path file, String table, KeyRange range, int keyLength, int valueLength, int threads) {
    Map<String, String> header = new LinkedHashMap<>();
    header.put("format", Integer.toString(FORMAT));
    header.put("table", table);
    header.put("insertstart", Long.toString(range.start));
    header.put("insertcount", Long.toString(range.count));
    header.put("client.index", Integer.toString(range.clientIndex));
    header.put("client.count", Integer.toString(range.clientCount));
    header.put("keylength", Integer.toString(keyLength));
    header.put("valuelength", Integer.toString(valueLength));
    header.put("threads", Integer.toString(threads));
    if (!Files.exists(file)) {
      return new LoadCheckpoint(file, header, range, threads, null);
    }
    Map<String, String> saved = read(file);
    for (Map.Entry<String, String> h : header.entrySet()) {
      String was = saved.get(h.getKey());
      if (!h.getValue().equals(was)) {
        String setting = h.getKey().equals("threads") ? "threadcount" : h.getKey();
        throw new UserError("largekv.checkpoint=" + file + " holds the progress of another load (" + setting
            + "=" + was + ", this one has " + h.getValue() + "); accepted: the same command as that load, "
            + "or delete " + file + " to load from the start");
      }
    }
    for (int t = 0; t < threads; t++) {
      String v = saved.get("thread." + t);
      long at;
      try {
        at = Long.parseLong(v);
      } catch (NumberFormatException | NullPointerException e) {
        throw new UserError("largekv.checkpoint=" + file + " is damaged (thread." + t + "=" + v
            + "); accepted: a checkpoint written by largekv, or delete the file to load from the start");
      }
      if (at < range.threadStart(t, threads) || at > range.threadEnd(t, threads)) {
        throw new UserError("largekv.checkpoint=" + file + " is damaged (thread." + t + "=" + v
            + " is outside the thread's keys); accepted: delete the file to load from the start");
      }
    }
    return new LoadCheckpoint(file, header, range, threads, saved);
  }

  /** Forgets the saved progress: the table it described is gone (e.g. just created again). */
  void restart() {
    for (int t = 0; t < threads; t++) {
      next.set(t, range.threadStart(t, threads));
      lostBefore.get(t).clear();
    }
    resumedKeys = 0;
  }

  boolean resumed() {
    return resumed;
  }

  /** Keys the saved progress counted as done (0 after {@link #restart()}). */
  long resumedKeys() {
    return resumedKeys;
  }

  /**
   * Rows the earlier runs of this load acknowledged: the keys counted as done, less the lost ones
   * this run inserts again (and counts as its own).
   */
  long acknowledgedBefore() {
    return resumedKeys - lostBeforeCount();
  }

  long lostBeforeCount() {
    return lostBefore.stream().mapToLong(List::size).sum();
  }

  Path file() {
    return file;
  }

  /** Where thread {@code t} continues. */
  long next(int t) {
    return next.get(t);
  }

  /** Lost keys of earlier runs in thread {@code t}'s share, to insert first. */
  List<Long> lostBefore(int t) {
    return lostBefore.get(t);
  }

  /** Thread {@code t} has inserted again (or lost again) its first {@code count} earlier lost keys. */
  void retried(int t, int count) {
    lostBeforeRetried.lazySet(t, count);
  }

  /** Thread {@code t} inserted (or lost) every key below {@code nextKey}. */
  void progress(int t, long nextKey) {
    next.lazySet(t, nextKey);
  }

  /** A key lost in this run (every retry failed). */
  void lost(long key) {
    if (lostNow.size() < MAX_LOST_KEPT) {
      lostNow.add(key);
    } else {
      lostOverflow = true;
    }
  }

  /** True when every thread inserted its whole share and no key was lost. */
  boolean complete() {
    for (int t = 0; t < threads; t++) {
      if (next.get(t) < range.threadEnd(t, threads) || lostBeforeRetried.get(t) < lostBefore.get(t).size()) {
        return false;
      }
    }
    return lostNow.isEmpty() && !lostOverflow;
  }

  boolean lostOverflow() {
    return lostOverflow;
  }

  /**
   * Saves this checkpoint every {@code intervalMs} on a thread of its own until {@link PeriodicSave#stop()}.
   * The thread is told to stop, never interrupted: an interrupt that lands while a save writes closes
   * its file channel ({@code ClosedByInterruptException}), which would read as a failed save of a
   * load that went well. A save that does fail goes to {@code onFailure}, once, and the thread ends.
   */
  PeriodicSave saveEvery(long intervalMs, Consumer<RuntimeException> onFailure) {
    return new PeriodicSave(this, intervalMs, onFailure);
  }

  /** The thread behind {@link #saveEvery}. */
  static final class PeriodicSave {
    private final CountDownLatch stop = new CountDownLatch(1);
    private final Thread thread;

    private PeriodicSave(LoadCheckpoint checkpoint, long intervalMs, Consumer<RuntimeException> onFailure) {
      thread = new Thread(() -> {
        try {
          while (!stop.await(intervalMs, TimeUnit.MILLISECONDS)) {
            checkpoint.save();
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
          onFailure.accept(e);
        }
      }, "largekv-checkpoint");
      thread.setDaemon(true);
      thread.start();
    }

    /** Stops the thread and waits until a save under way has ended. */
    void stop() {
      stop.countDown();
      boolean interrupted = false;
      while (true) {
        try {
          thread.join();
          break;
        } catch (InterruptedException e) {
          interrupted = true;
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Writes the progress durably: a new file, forced to disk, renamed over the old one. */
  synchronized void save() {
    StringBuilder sb = new StringBuilder("# largekv load checkpoint: where each client thread of this load goes on;"
        + " written by the workload, safe to delete (the load then starts from the beginning)\n");
    header.forEach((k, v) -> sb.append(k).append('=').append(v).append('\n'));
    for (int t = 0; t < threads; t++) {
      sb.append("thread.").append(t).append('=').append(next.get(t)).append('\n');
    }
    List<String> lost = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      List<Long> before = lostBefore.get(t);
      for (Long k : before.subList(Math.min(before.size(), lostBeforeRetried.get(t)), before.size())) {
        lost.add(Long.toString(k));   // not retried yet
      }
    }
    lostNow.forEach(k -> lost.add(Long.toString(k)));
    sb.append("lost=").append(String.join(",", lost)).append('\n');
    if (lostOverflow) {
      sb.append("# more keys were lost than this file keeps: run workloads/verify with largekv.repair=true\n");
    }
    try {
      Path dir = file.toAbsolutePath().getParent();
      Path tmp = dir.resolve(file.getFileName() + ".tmp");
      try (FileChannel ch = createIn(dir, tmp)) {
        ByteBuffer bytes = ByteBuffer.wrap(sb.toString().getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
          ch.write(bytes);
        }
        ch.force(true);
      }
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
      try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
        d.force(true);
      } catch (IOException directoryNotSyncable) {
        // some file systems cannot sync a directory; the rename is still atomic
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the checkpoint " + file, e);
    }
  }

  /** How long {@link #createIn} creates the directory and the file again after another client removed it. */
  static final long CREATE_RETRY_NANOS = TimeUnit.SECONDS.toNanos(10);

  /** Whether {@code path} is, at one look, something other than a directory (not: absent, or a directory). */
  private static boolean notADirectory(Path path) throws IOException {
    try {
      return !Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
          .isDirectory();
    } catch (NoSuchFileException gone) {
      return false;
    }
  }

  /**
   * Creates {@code tmp} in {@code dir}, creating the directory too. Another client's load that ends
   * removes the shared default directory when it is empty, as it is between the two steps (or
   * inside {@code createDirectories}, between its creation and its check of the directory): then
   * both are done again, for up to 10 s, backing off: clients that end together can win that race
   * many times in a row on a busy machine (five attempts, then fifty without a pause, were once not
   * enough in CI).
   */
  private static FileChannel createIn(Path dir, Path tmp) throws IOException {
    long deadline = System.nanoTime() + CREATE_RETRY_NANOS;
    for (int attempt = 1; ; attempt++) {
      boolean last = System.nanoTime() - deadline > 0;
      if (attempt > 1) {
        pause(attempt); // let the client removing the directory finish
      }
      try {
        Files.createDirectories(dir);
      } catch (FileAlreadyExistsException raced) {
        // it found the directory there, then found none: another client's end removed it meanwhile.
        // One look at what is there now (two looks race with the clients that remove and create it):
        // something other than a directory is no race
        if (last || notADirectory(dir)) {
          throw raced;
        }
        continue;
      }
      try {
        return FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
            StandardOpenOption.TRUNCATE_EXISTING);
      } catch (NoSuchFileException removed) {
        if (last) {
          throw removed;
        }
      }
    }
  }

  /** A yield for the first few attempts, then a sleep of up to 20 ms. */
  private static void pause(int attempt) throws IOException {
    if (attempt <= 5) {
      Thread.yield();
      return;
    }
    try {
      Thread.sleep(Math.min(20, attempt - 5));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while writing the checkpoint");
    }
  }

  /**
   * Removes the file, and its directory when that is largekv's default one and now empty. Clients
   * started in one working directory share that directory: one that holds another's checkpoint, or
   * that another has removed already, stays as it is.
   */
  void delete() {
    try {
      Files.deleteIfExists(file);
      Path dir = file.toAbsolutePath().getParent();
      if (dir.getFileName().toString().equals(DEFAULT_DIRECTORY)) {
        try {
          Files.delete(dir); // removes an empty directory only
        } catch (DirectoryNotEmptyException | NoSuchFileException sharedOrGone) {
          // another client's checkpoint is in it, or another client removed it
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot remove the checkpoint " + file, e);
    }
  }

  private static Map<String, String> read(Path file) {
    Map<String, String> m = new LinkedHashMap<>();
    try {
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (line.startsWith("#") || !line.contains("=")) {
          continue;
        }
        m.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
      }
    } catch (IOException e) {
      throw new UserError("largekv.checkpoint=" + file + " cannot be read (" + e.getMessage()
          + "); accepted: a readable checkpoint, or delete it to load from the start");
    }
    return m;
  }
}
