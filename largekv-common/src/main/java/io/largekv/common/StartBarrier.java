package io.largekv.common;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The common start of the {@code client.count} clients of one phase, which run as separate
 * processes on separate machines (a Kubernetes Indexed Job's pods, or processes started by hand):
 * the one owner of that rendezvous (docs/kubernetes.md, "The start barrier").
 *
 * <p>Each client writes {@code ready-<client.index>} into the directory that {@value #DIR} names,
 * shared by every client of the phase (the results volume), holding the wall-clock time it got
 * there. When all {@code client.count} files are there, every client computes the same start: the
 * latest of those times plus {@value #MARGIN_S} seconds, which leaves every client time to see the
 * last file. It then waits for that instant and begins: YCSB starts its client threads and its
 * {@code maxexecutiontime} clock then (the binding's workload), and largekv's nb5 client starts nb5
 * then ({@code bin/largekv nb5-client}), so the clients' phases end together too, and the client's
 * warm-up is counted from the common start, so the measured windows are the same (to the clients'
 * clock agreement: NTP). A ready file is never replaced: a client started again
 * with its index finds its own first time and so the same start as the others.
 *
 * <p>Fail closed: a client that does not see every ready file within {@value #TIMEOUT_S} seconds,
 * or that sees them after the common start has passed (it came late, or was started again), ends
 * with exit status 1 and a line saying which, before it connects: its window would not be the
 * others'. Only a load, whose rows and throughput are its own whatever its window, goes on late,
 * and says so. A client that fails before it gets there ({@link #fail}) leaves {@code failed-<index>},
 * and the others end at once, naming it, instead of waiting for the timeout.
 *
 * <p>The property names are YCSB's ({@code -p}), which {@code bin/largekv nb5-client} takes too;
 * both read them through {@link #of(java.util.function.Function, int, int)}.
 */
public final class StartBarrier {

  /** The directory shared by the phase's clients; unset: no barrier. */
  public static final String DIR = "largekv.start_barrier";
  /** Seconds to wait for every client's ready file. */
  public static final String TIMEOUT_S = "largekv.start_barrier_timeout_s";
  /** Seconds between the last client's arrival and the common start. */
  public static final String MARGIN_S = "largekv.start_barrier_margin_s";
  static final int DEFAULT_TIMEOUT_S = 900;
  static final int DEFAULT_MARGIN_S = 10;
  /** The largest accepted values, seconds. */
  static final int MAX_TIMEOUT_S = 604_800;
  static final int MAX_MARGIN_S = 3_600;
  private static final long POLL_MS = 100;

  /** Why a client cannot take part in the common start. */
  public static final class Missed extends Exception {
    public Missed(String message) {
      super(message);
    }
  }

  private final Path dir;
  private final int index;
  private final int count;
  private final long timeoutMs;
  private final long marginMs;
  private final LongSupplier clock;

  public StartBarrier(Path dir, int index, int count, long timeoutMs, long marginMs, LongSupplier clock) {
    this.dir = dir;
    this.index = index;
    this.count = count;
    this.timeoutMs = timeoutMs;
    this.marginMs = marginMs;
    this.clock = clock;
  }

  /**
   * The barrier that the properties ask for, for client {@code index} of {@code count}
   * ({@code client.index}, {@code client.count}), or null when {@value #DIR} is not set:
   * {@code property} gives a property's value, null when unset. The one reader of these
   * properties (YCSB's workload and {@code bin/largekv nb5-client}). A {@link UserError} for a bad
   * value, or a timeout or margin without a directory.
   */
  public static StartBarrier of(java.util.function.Function<String, String> property, int index, int count) {
    int timeout = seconds(property, TIMEOUT_S, DEFAULT_TIMEOUT_S, MAX_TIMEOUT_S);
    int margin = seconds(property, MARGIN_S, DEFAULT_MARGIN_S, MAX_MARGIN_S);
    String dir = property.apply(DIR);
    if (dir == null || dir.isBlank()) {
      for (String name : List.of(TIMEOUT_S, MARGIN_S)) {
        if (property.apply(name) != null) {
          throw new UserError(name + " applies to a start barrier; accepted: with " + DIR + "=DIR (a directory"
              + " shared by the phase's clients)");
        }
      }
      return null;
    }
    return new StartBarrier(Paths.get(dir.strip()).toAbsolutePath(), index, count, timeout * 1000L, margin * 1000L,
        System::currentTimeMillis);
  }

  private static int seconds(java.util.function.Function<String, String> property, String name, int def, int max) {
    String v = property.apply(name);
    if (v == null) {
      return def;
    }
    try {
      int n = Integer.parseInt(v.strip().replace("_", ""));
      if (n >= 1 && n <= max) {
        return n;
      }
    } catch (NumberFormatException e) {
      // below
    }
    throw new UserError(name, v.strip(), "an integer in 1.." + max);
  }

  /** A common start further ahead of this clock than the margin plus this: the clocks disagree. */
  static final long CLOCK_SKEW_MS = 60_000;

  /**
   * Writes this client's ready file (unless an earlier run of the same index did), waits for every
   * other one and then for the common start, and returns the start (ms since 1970). {@code load}: a
   * load's client that came after the start goes on at once (and says so on {@code err}), and -1
   * is returned: it has no common start.
   */
  public long await(PrintStream err, boolean load) throws Missed, InterruptedException {
    long arrived = clock.getAsLong();
    Long before = ready(arrived);
    if (before != null) {
      err.println("largekv: start barrier: client.index=" + index + " was here before (" + Instant.ofEpochMilli(before)
          + "): this is the same client started again");
    }
    err.println("largekv: start barrier: client " + index + " of " + count + " ready, waiting for the others ("
        + dir + ", " + DIR + ")");
    long deadline = arrived + timeoutMs;
    long[] times;
    while ((times = readAll()) == null) {
      failedClient();
      if (clock.getAsLong() >= deadline) {
        throw new Missed("start barrier: not every client of the phase was ready within " + timeoutMs / 1000 + " s ("
            + TIMEOUT_S + "); missing client.index " + missing() + " in " + dir
            + ": the phase cannot start together and must not be published");
      }
      Thread.sleep(POLL_MS);
    }
    long last = 0;
    for (long t : times) {
      last = Math.max(last, t);
    }
    long start = last + marginMs;
    long wait = start - clock.getAsLong();
    if (wait < 0) {
      String late = "start barrier: this client saw every ready file " + (-wait) + " ms after the common start "
          + Instant.ofEpochMilli(start) + " (the last client was ready " + marginMs / 1000 + " s before it, "
          + MARGIN_S + ")";
      if (!load) {
        throw new Missed(late + ": its measured window would not be the others'; it does not run (a client"
            + " started again after the start cannot join it; an earlier run's ready files need a new " + DIR
            + "; a larger " + MARGIN_S + " gives a shared file system longer to show the files)");
      }
      err.println("largekv: " + late + "; a load goes on at once: its rows and throughput are its own");
      return -1;
    }
    if (wait > marginMs + CLOCK_SKEW_MS) {
      throw new Missed("start barrier: the common start " + Instant.ofEpochMilli(start) + " is " + wait / 1000
          + " s ahead of this client's clock, more than " + MARGIN_S + " (" + marginMs / 1000 + " s) allows: the"
          + " clients' clocks disagree (run NTP or chrony on every client machine), or a ready file in " + dir
          + " holds a wrong time");
    }
    err.println("largekv: start barrier: all " + count + " clients ready, the phase starts at "
        + Instant.ofEpochMilli(start) + " (in " + wait + " ms)");
    while ((wait = start - clock.getAsLong()) > 0) {
      Thread.sleep(Math.min(wait, POLL_MS));
    }
    return start;
  }

  /**
   * Tells the others that this client cannot come (e.g. the schema step it runs before them
   * failed): writes {@code failed-<index>} with {@code why}, so that each of them ends at once
   * naming it. Best effort: a client that cannot write it still fails, the others then at their
   * timeout.
   */
  public void fail(String why) {
    try {
      Files.createDirectories(dir);
      Path tmp = Files.createTempFile(dir, ".failed-" + index + "-", ".tmp");
      Files.writeString(tmp, why.replace('\n', ' ') + "\n", StandardCharsets.UTF_8);
      Files.move(tmp, dir.resolve("failed-" + index), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      // the others wait for their timeout, which names this client as missing
    }
  }

  /** A client that said it cannot come ({@link #fail}): {@link Missed}, naming it. */
  private void failedClient() throws Missed {
    for (int i = 0; i < count; i++) {
      Path file = dir.resolve("failed-" + i);
      if (Files.exists(file)) {
        String why;
        try {
          why = Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (IOException e) {
          why = "(" + e + ")";
        }
        throw new Missed("start barrier: client.index " + i + " of the phase failed before the start (" + file
            + "): " + why);
      }
    }
  }

  /** Writes {@code ready-<index>} with {@code now} unless it exists: then returns the time it holds, else null. */
  private Long ready(long now) throws Missed, InterruptedException {
    Path file = dir.resolve("ready-" + index);
    try {
      Files.createDirectories(dir);
      Path tmp = Files.createTempFile(dir, ".ready-" + index + "-", ".tmp");
      try {
        Files.writeString(tmp, now + "\n", StandardCharsets.UTF_8);
        // a link is created whole or not at all, and never replaces a file: readers see a complete
        // file, and a second run of the same index keeps the first one's time
        try {
          Files.createLink(file, tmp);
        } catch (UnsupportedOperationException | FileSystemException e) {
          if (e instanceof FileAlreadyExistsException || e instanceof java.nio.file.AccessDeniedException) {
            throw (FileSystemException) e;
          }
          // a file system without hard links (SMB): a rename, which also refuses an existing file
          Files.move(tmp, file);
        }
        return null;
      } catch (FileAlreadyExistsException e) {
        Long earlier = time(file);
        // empty: a shared volume that shows the name before the content (as for the others' files)
        for (int i = 0; earlier == null && i < 50; i++) {
          Thread.sleep(POLL_MS);
          earlier = time(file);
        }
        if (earlier == null) {
          throw new Missed("start barrier: " + file + " exists but holds no time (ms since 1970); remove it or use"
              + " a new " + DIR);
        }
        return earlier;
      } finally {
        Files.deleteIfExists(tmp);
      }
    } catch (IOException e) {
      throw new Missed("start barrier: cannot write " + file + ": " + e);
    }
  }

  /** Every client's time, or null while one is missing. */
  private long[] readAll() throws Missed {
    long[] times = new long[count];
    for (int i = 0; i < count; i++) {
      Path file = dir.resolve("ready-" + i);
      Long t = time(file);
      if (t == null) {
        return null;
      }
      times[i] = t;
    }
    return times;
  }

  private String missing() throws Missed {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < count && out.size() < 20; i++) {
      if (time(dir.resolve("ready-" + i)) == null) {
        out.add(Integer.toString(i));
      }
    }
    return String.join(", ", out);
  }

  /**
   * The time a ready file holds, or null when there is none (yet). A client's file appears whole
   * (written, then linked into place), so one that holds something else is not a client's: that
   * fails at once, rather than wait the timeout for a client that is here.
   */
  private static Long time(Path file) throws Missed {
    String s;
    try {
      s = Files.readString(file, StandardCharsets.UTF_8).trim();
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      throw new Missed("start barrier: cannot read " + file + ": " + e);
    }
    if (s.isEmpty()) {
      return null; // a shared volume that shows the name before the content: read again
    }
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      throw new Missed("start barrier: " + file + " holds \"" + (s.length() > 40 ? s.substring(0, 40) + "..." : s)
          + "\", not a time a client wrote; accepted: a directory of this phase's clients only (a new one per phase"
          + " and run)");
    }
  }
}
