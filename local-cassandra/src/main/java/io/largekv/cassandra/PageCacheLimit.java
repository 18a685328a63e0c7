package io.largekv.cassandra;

import io.largekv.common.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A bound on the page cache one local node may hold: the node's process runs in a memory cgroup
 * (Linux cgroup v1) of its own whose limit is kept at the process's own memory and mapped code plus
 * {@link #bytes()} of page cache. The kernel enforces the limit: a page the node reads beyond it
 * evicts another of its own. A keeper thread re-sets the limit every {@link #KEEP_INTERVAL_MS} ms
 * from the group's counters ({@code memory.usage_in_bytes} less its unmapped file pages), so that
 * the process's own memory (heap, direct buffers, metaspace) may grow without taking the page
 * cache's room and the page cache never takes more; the group's out-of-memory killer is off
 * ({@code memory.oom_control}), so a process that outgrows the limit between two re-sets waits for
 * the next one instead of being killed. docs/uncached-reads.md says what it measures.
 *
 * <p>Pages charged to the group stay charged after its process ends: {@link #dropFileCache} empties
 * them. The group is made under the memory cgroup this JVM runs in, named
 * {@code largekv-PID-N}, and removed by {@link #close}.
 */
public final class PageCacheLimit implements AutoCloseable {

  /** The page cache a node may hold by default: 16 MiB, about 5 % of the default run's 1,000,000 rows on disk. */
  public static final long DEFAULT_BYTES = 16L * 1024 * 1024;

  /**
   * How often the limit follows the process's own memory. Between two re-sets the node's own memory
   * grows into the page cache's room: a page fault then waits for the next re-set, but a read
   * ({@code pread}) that needs a page the kernel cannot free at once fails with ENOMEM, which
   * Cassandra takes for a disk error (at 200 ms, 2 MiB of heap growth with a 4 MiB bound did it on a
   * busy 2-core machine: docs/uncached-reads.md).
   */
  static final long KEEP_INTERVAL_MS = 50;

  /**
   * Where this process's cgroups are read ({@code self/cgroup}, {@code self/mountinfo}) instead of
   * {@code /proc}: a test points it at a directory without them to see the refusal of a machine that
   * has none (docs/testing.md).
   */
  static final String PROC_ENV = "LARGEKV_CGROUP_PROC";

  private static int made;

  private final Path group;
  private final long bytes;
  private Thread keeper;
  private volatile boolean keeping;
  private volatile String keeperFailure;

  private PageCacheLimit(Path group, long bytes) {
    this.group = group;
    this.bytes = bytes;
  }

  /**
   * A new group for one node, not yet limited ({@link #start} limits it), or a {@link UserError}
   * naming what the machine lacks: the node is then never started.
   */
  public static PageCacheLimit create(long bytes) {
    if (bytes < 1024 * 1024) {
      throw new UserError("a page cache of " + bytes + " bytes is not accepted; accepted: 1 MiB or more");
    }
    Path proc = Path.of(System.getenv().getOrDefault(PROC_ENV, "/proc"));
    Path parent = memoryGroupOf(proc);
    Path group;
    synchronized (PageCacheLimit.class) {
      group = parent.resolve("largekv-" + ProcessHandle.current().pid() + "-" + ++made);
    }
    try {
      Files.createDirectories(group);
      write(group, "memory.oom_control", "1");
    } catch (IOException | RuntimeException e) {
      removeQuietly(group);
      throw refused("cannot make a memory cgroup at " + group + " (" + e.getMessage() + "): it needs root");
    }
    return new PageCacheLimit(group, bytes);
  }

  /**
   * The directory of this process's memory cgroup: {@code /proc/self/cgroup}'s line of the
   * {@code memory} controller under the mount point {@code /proc/self/mountinfo} gives it.
   */
  static Path memoryGroupOf(Path proc) {
    String cgroups;
    String mounts;
    try {
      cgroups = Files.readString(proc.resolve("self/cgroup"), StandardCharsets.UTF_8);
      mounts = Files.readString(proc.resolve("self/mountinfo"), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw refused("cannot read " + proc + "/self/cgroup and mountinfo (" + e.getMessage() + "): not Linux");
    }
    String path = null;
    for (String line : cgroups.split("\n")) {
      String[] f = line.split(":", 3);
      if (f.length == 3 && List.of(f[1].split(",")).contains("memory")) {
        path = f[2].strip();
      }
    }
    String mount = null;
    for (String line : mounts.split("\n")) {
      // ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPEROPTIONS
      int dash = line.indexOf(" - ");
      if (dash < 0) {
        continue;
      }
      String[] before = line.substring(0, dash).split(" ");
      String[] after = line.substring(dash + 3).split(" ");
      if (before.length >= 5 && after.length >= 3 && after[0].equals("cgroup")
          && List.of(after[2].split(",")).contains("memory")) {
        mount = before[4];
      }
    }
    if (path == null || mount == null) {
      boolean v2 = mounts.lines().anyMatch(l -> l.contains(" - cgroup2 "));
      throw refused(v2 ? "this machine's memory controller is not a cgroup v1 hierarchy (cgroup v2 only): the limit "
          + "is built on v1's memory.oom_control" : "no cgroup memory controller is mounted");
    }
    return Path.of(mount + (path.equals("/") ? "" : path));
  }

  private static UserError refused(String why) {
    return new UserError("--uncached cannot bound the local Cassandra's page cache: " + why + "; accepted: Linux "
        + "with cgroup v1's memory controller, as root (docs/uncached-reads.md); nothing was started");
  }

  /** The page cache the node may hold, bytes. */
  public long bytes() {
    return bytes;
  }

  /** {@code command} run in the group: a shell joins it, then becomes the command (same process). */
  List<String> wrap(List<String> command) {
    List<String> out = new ArrayList<>(List.of("/bin/sh", "-c",
        "echo $$ > '" + group.resolve("cgroup.procs") + "' && exec \"$@\"", "largekv-page-cache-limit"));
    out.addAll(command);
    return out;
  }

  /**
   * Empties the file pages charged to the group (the node's own reads and writes so far) and, for
   * each of {@code files}, drops its pages from the page cache whoever read them: a page another
   * process had cached would otherwise be a hit the limit does not count.
   */
  void dropFileCache(List<Path> files) throws IOException {
    for (Path f : files) {
      // GNU dd: with count=0 and nocache, the whole file's cache is dropped (posix_fadvise DONTNEED)
      Process p = new ProcessBuilder("dd", "if=" + f, "iflag=nocache", "count=0", "status=none")
          .redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      try {
        if (p.waitFor() != 0) {
          throw new IOException("dd could not drop the cache of " + f + ": " + out);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while dropping the cache of " + f, e);
      }
    }
    write(group, "memory.force_empty", "0");
  }

  /** Starts keeping the limit; {@link #release} stops. */
  synchronized void start() throws IOException {
    if (keeping) {
      return;
    }
    setLimit(); // the first one here, so that a refusal is the caller's error
    keeping = true;
    keeper = new Thread(this::keep, "largekv-page-cache-limit");
    keeper.setDaemon(true);
    keeper.start();
  }

  private void keep() {
    while (keeping) {
      try {
        setLimit();
        Thread.sleep(KEEP_INTERVAL_MS);
      } catch (InterruptedException e) {
        return;
      } catch (IOException | RuntimeException e) {
        // kept: a bound that lapsed once is no longer an uncached phase's
        keeperFailure = keeperFailure != null ? keeperFailure : String.valueOf(e.getMessage());
        try {
          Thread.sleep(KEEP_INTERVAL_MS);
        } catch (InterruptedException stop) {
          return;
        }
      }
    }
  }

  private void setLimit() throws IOException {
    Usage u = usage();
    try {
      write(group, "memory.limit_in_bytes", Long.toString(limitFor(u, bytes)));
    } catch (IOException busy) {
      // EBUSY: the group could not yet give back what a lower limit asks; the next re-set tries again
      if (!String.valueOf(busy.getMessage()).contains("busy")) {
        throw busy;
      }
    }
  }

  /**
   * The limit that leaves {@code cacheBytes} to the page cache beside the group's other memory and
   * the file pages its processes map (their code: the JVM's libraries, native libraries; an uncached
   * node reads its data with {@code pread}, not through a mapping). Counted in the allowance, the
   * mapped code would be evicted by each data read and read back at the next instruction.
   */
  static long limitFor(Usage u, long cacheBytes) {
    return Math.max(0, u.total() - u.file()) + u.mapped() + cacheBytes;
  }

  /**
   * The group's memory: all of it ({@code memory.usage_in_bytes}), its file pages and those of them
   * mapped into its processes.
   */
  record Usage(long total, long file, long mapped) {

    /** The page cache that is not mapped: what reads with {@code pread} keep. */
    long cache() {
      return Math.max(0, file - mapped);
    }
  }

  /** The group's memory now. */
  Usage usage() throws IOException {
    long total = Long.parseLong(read(group, "memory.usage_in_bytes"));
    Map<String, Long> stat = stat(read(group, "memory.stat"));
    Long active = stat.get("active_file");
    Long inactive = stat.get("inactive_file");
    Long mapped = stat.get("mapped_file");
    if (active == null || inactive == null || mapped == null) {
      throw new IOException(group.resolve("memory.stat") + " has no active_file, inactive_file and mapped_file");
    }
    return new Usage(total, active + inactive, mapped);
  }

  /** Whether the limit is being kept now (from the first uncached read phase on). */
  public boolean bounded() {
    return keeping;
  }

  /** The page cache the group holds now, not mapped into its processes, bytes: what the bound allows. */
  public long pageCacheBytes() throws IOException {
    return usage().cache();
  }

  /** Why the keeper could not re-set the limit (the first time it could not, kept), or null. */
  public String keeperFailure() {
    return keeperFailure;
  }

  /** memory.stat's {@code name value} lines. */
  static Map<String, Long> stat(String text) {
    Map<String, Long> out = new TreeMap<>();
    for (String line : text.split("\n")) {
      String[] f = line.strip().split(" ");
      if (f.length == 2) {
        try {
          out.put(f[0], Long.parseLong(f[1]));
        } catch (NumberFormatException notACount) {
          // not one of the counters
        }
      }
    }
    return out;
  }

  /** Stops keeping the limit, lifts it (a node that drains on its way down must not wait on it). */
  synchronized void release() {
    keeping = false;
    try {
      if (keeper != null) {
        keeper.interrupt();
        keeper.join(2000);
        keeper = null;
      }
      write(group, "memory.limit_in_bytes", "-1");
    } catch (IOException | InterruptedException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /** Lifts the limit and removes the group; its process must have ended. */
  @Override
  public void close() {
    release();
    try {
      write(group, "memory.force_empty", "0");
    } catch (IOException e) {
      // removed below all the same: rmdir moves what is left to the parent
    }
    removeQuietly(group);
  }

  private static void removeQuietly(Path group) {
    try {
      Files.deleteIfExists(group); // a cgroup directory is removed by rmdir, its files with it
    } catch (IOException e) {
      // a group with a process left in it: the kernel keeps it until that process ends
    }
  }

  private static String read(Path group, String file) throws IOException {
    return Files.readString(group.resolve(file), StandardCharsets.UTF_8).strip();
  }

  private static void write(Path group, String file, String value) throws IOException {
    Files.writeString(group.resolve(file), value, StandardCharsets.UTF_8);
  }
}
