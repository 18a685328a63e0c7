package io.largekv.servers;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.cassandra.LocalNode;
import io.largekv.cassandra.PageCacheLimit;
import io.largekv.common.ProcStat;
import io.largekv.report.files.ServerFigure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * This machine's view of the local Cassandra's nodes (the embedded default and {@code --nodes N}):
 * each node process's CPU from {@code /proc/PID/stat} (user + system time); the nodes share this
 * machine's CPUs ({@link ServerFigure#CPUS} is all of them).
 *
 * <p>Disk: a single node owns this machine's disk as a real node owns its own, so its disk figures
 * are the kernel's counters of the device holding its data directory ({@link DiskStats}: reads and
 * writes completed and their bytes, what node_exporter reads on a real node; every process's I/O on
 * that device). The nodes of a ring share that device: each node's figures are then the bytes its
 * process read from and wrote to storage ({@code /proc/PID/io}'s {@code read_bytes},
 * {@code write_bytes}: what reached the block layer, not what the page cache served), and Linux
 * counts no disk operations per process. A restarted node is a new process: its counters start again.
 *
 * <p>An uncached node ({@code run --uncached}) also gives the page cache it holds, from its memory
 * cgroup, once its page cache is bounded.
 */
public final class LocalProcesses implements ServerSource {

  static final String NO_OPERATIONS = "the local nodes share this machine's disk, and Linux counts a process's bytes "
      + "read and written, not its disk operations (--node-exporter gives them for a real node's machine)";

  static final String NOT_BOUNDED_YET = "not bounded yet: the page cache is bounded from the first read phase of an "
      + "uncached run on";

  private final LocalCassandra cluster;
  private final Path proc;
  /** A single node's disk, or null (a ring, or {@link #diskProblem}). */
  private final DiskStats disk;
  /** Why a single node's disk cannot be read, or null. */
  private final String diskProblem;

  public LocalProcesses(LocalCassandra cluster) {
    this(cluster, Path.of("/proc"));
  }

  LocalProcesses(LocalCassandra cluster, Path proc) {
    this.cluster = cluster;
    this.proc = proc;
    DiskStats d = null;
    String problem = null;
    if (cluster.nodes().size() == 1) {
      try {
        d = DiskStats.of(cluster.directory(), proc);
      } catch (IOException | RuntimeException e) {
        problem = "the device of " + cluster.directory() + " is not known: " + e.getMessage();
      }
    }
    this.disk = d;
    this.diskProblem = problem;
  }

  @Override
  public String describe() {
    try {
      return disk == null ? "this machine's /proc (each local node's process)"
          : "this machine's /proc: the local node's process; " + disk.describe();
    } catch (IOException e) {
      return "this machine's /proc (the local node's process; its disk: " + e.getMessage() + ")";
    }
  }

  @Override
  public Set<ServerFigure> figures() {
    EnumSet<ServerFigure> f = EnumSet.of(ServerFigure.CPU_BUSY_SECONDS, ServerFigure.CPUS, ServerFigure.DISK_READS,
        ServerFigure.DISK_WRITES, ServerFigure.DISK_READ_BYTES, ServerFigure.DISK_WRITE_BYTES);
    if (cluster.pageCacheLimit() != null) {
      f.add(ServerFigure.PAGE_CACHE_BYTES);
    }
    return f;
  }

  @Override
  public void check() throws IOException {
    if (!Files.isReadable(proc.resolve("self/io"))) {
      throw new IOException(proc.resolve("self/io") + " cannot be read: no per-process I/O counters here");
    }
    if (disk != null) {
      disk.read();
    }
  }

  @Override
  public List<NodeReading> read() throws IOException {
    List<NodeReading> out = new ArrayList<>();
    for (LocalNode n : cluster.nodes()) {
      out.add(read(n));
    }
    return out;
  }

  private NodeReading read(LocalNode n) {
    if (!n.isRunning()) {
      Integer code = n.exitedOnItsOwn();
      return NodeReading.failed(n.address(), figures(), code == null ? "the node's process is not running"
          : "the node's process ended on its own (exit code " + code + ")");
    }
    long pid = n.pid();
    Path dir = proc.resolve(Long.toString(pid));
    try {
      long ticks = ProcStat.cpuTicks(Files.readString(dir.resolve("stat")));
      NodeReading.Builder b = NodeReading.of(n.address())
          .value(ServerFigure.CPU_BUSY_SECONDS, ticks / (double) ProcStat.TICKS_PER_SECOND)
          .value(ServerFigure.CPUS, Runtime.getRuntime().availableProcessors());
      if (diskProblem != null) {
        for (ServerFigure f : List.of(ServerFigure.DISK_READS, ServerFigure.DISK_WRITES, ServerFigure.DISK_READ_BYTES,
            ServerFigure.DISK_WRITE_BYTES)) {
          b.unavailable(f, diskProblem);
        }
      } else if (disk != null) {
        DiskStats.Reading d = disk.read();
        b.value(ServerFigure.DISK_READS, d.reads()).value(ServerFigure.DISK_WRITES, d.writes())
            .value(ServerFigure.DISK_READ_BYTES, d.readBytes()).value(ServerFigure.DISK_WRITE_BYTES, d.writeBytes());
      } else {
        processIo(b, dir);
      }
      PageCacheLimit limit = cluster.pageCacheLimit();
      if (limit != null) {
        if (limit.keeperFailure() != null) {
          // the bound was not kept: what the node held is no longer an uncached node's page cache
          b.unavailable(ServerFigure.PAGE_CACHE_BYTES, "the bound on the page cache was not kept: "
              + limit.keeperFailure());
        } else if (limit.bounded()) {
          b.value(ServerFigure.PAGE_CACHE_BYTES, limit.pageCacheBytes());
        } else {
          b.unavailable(ServerFigure.PAGE_CACHE_BYTES, NOT_BOUNDED_YET);
        }
      }
      return b.build();
    } catch (IOException | RuntimeException e) {
      return NodeReading.failed(n.address(), figures(), "process " + pid + ": " + e.getMessage());
    }
  }

  /** A ring node's bytes read and written, from its process's {@code io}. */
  private static void processIo(NodeReading.Builder b, Path dir) throws IOException {
    long readBytes = -1;
    long writeBytes = -1;
    for (String line : Files.readAllLines(dir.resolve("io"))) {
      if (line.startsWith("read_bytes:")) {
        readBytes = Long.parseLong(line.substring(11).strip());
      } else if (line.startsWith("write_bytes:")) {
        writeBytes = Long.parseLong(line.substring(12).strip());
      }
    }
    b.unavailable(ServerFigure.DISK_READS, NO_OPERATIONS).unavailable(ServerFigure.DISK_WRITES, NO_OPERATIONS);
    if (readBytes < 0 || writeBytes < 0) {
      b.unavailable(ServerFigure.DISK_READ_BYTES, dir.resolve("io") + " has no read_bytes")
          .unavailable(ServerFigure.DISK_WRITE_BYTES, dir.resolve("io") + " has no write_bytes");
    } else {
      b.value(ServerFigure.DISK_READ_BYTES, readBytes).value(ServerFigure.DISK_WRITE_BYTES, writeBytes);
    }
  }
}
