package io.largekv.servers;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.cassandra.LocalNode;
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
 * each node process's CPU from {@code /proc/PID/stat} (user + system time) and the bytes it read from
 * and wrote to storage from {@code /proc/PID/io} ({@code read_bytes}, {@code write_bytes}: what
 * reached the block layer, not what the page cache served). The nodes share this machine's CPUs
 * ({@link ServerFigure#CPUS} is all of them) and its disk; Linux counts no disk operations per
 * process, so disk reads and writes per second are unavailable here ({@code --node-exporter} gives
 * them per machine). A restarted node is a new process: its counters start again.
 */
public final class LocalProcesses implements ServerSource {

  static final String NO_OPERATIONS = "Linux counts a process's bytes read and written, not its disk operations "
      + "(--node-exporter gives them for the machine)";

  private final LocalCassandra cluster;
  private final Path proc;

  public LocalProcesses(LocalCassandra cluster) {
    this(cluster, Path.of("/proc"));
  }

  LocalProcesses(LocalCassandra cluster, Path proc) {
    this.cluster = cluster;
    this.proc = proc;
  }

  @Override
  public String describe() {
    return "this machine's /proc (each local node's process)";
  }

  @Override
  public Set<ServerFigure> figures() {
    return EnumSet.of(ServerFigure.CPU_BUSY_SECONDS, ServerFigure.CPUS, ServerFigure.DISK_READS,
        ServerFigure.DISK_WRITES, ServerFigure.DISK_READ_BYTES, ServerFigure.DISK_WRITE_BYTES);
  }

  @Override
  public void check() throws IOException {
    if (!Files.isReadable(proc.resolve("self/io"))) {
      throw new IOException(proc.resolve("self/io") + " cannot be read: no per-process I/O counters here");
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
      return NodeReading.failed(n.address(), figures(), "the node's process is not running");
    }
    long pid = n.pid();
    Path dir = proc.resolve(Long.toString(pid));
    try {
      long ticks = ProcStat.cpuTicks(Files.readString(dir.resolve("stat")));
      long readBytes = -1;
      long writeBytes = -1;
      for (String line : Files.readAllLines(dir.resolve("io"))) {
        if (line.startsWith("read_bytes:")) {
          readBytes = Long.parseLong(line.substring(11).strip());
        } else if (line.startsWith("write_bytes:")) {
          writeBytes = Long.parseLong(line.substring(12).strip());
        }
      }
      NodeReading.Builder b = NodeReading.of(n.address())
          .value(ServerFigure.CPU_BUSY_SECONDS, ticks / (double) ProcStat.TICKS_PER_SECOND)
          .value(ServerFigure.CPUS, Runtime.getRuntime().availableProcessors())
          .unavailable(ServerFigure.DISK_READS, NO_OPERATIONS)
          .unavailable(ServerFigure.DISK_WRITES, NO_OPERATIONS);
      if (readBytes < 0 || writeBytes < 0) {
        b.unavailable(ServerFigure.DISK_READ_BYTES, dir.resolve("io") + " has no read_bytes")
            .unavailable(ServerFigure.DISK_WRITE_BYTES, dir.resolve("io") + " has no write_bytes");
      } else {
        b.value(ServerFigure.DISK_READ_BYTES, readBytes).value(ServerFigure.DISK_WRITE_BYTES, writeBytes);
      }
      return b.build();
    } catch (IOException | RuntimeException e) {
      return NodeReading.failed(n.address(), figures(), "process " + pid + ": " + e.getMessage());
    }
  }
}
