package io.largekv.report.files;

/**
 * What the servers' side measures on a node (docs/servers.md). Counters ({@link #counter}) are
 * cumulative since some start (the node's boot, the process's): a rate is the difference of two
 * samples over their interval, and a counter that went down (a restart) starts a new series.
 */
public enum ServerFigure {
  /** The benchmark table's live files on disk, bytes (replicas the node holds). */
  TABLE_BYTES("table_bytes", false),
  /** The same data uncompressed, bytes, where the database gives it. */
  UNCOMPRESSED_BYTES("uncompressed_bytes", false),
  /** Data of the table written but not yet on disk (memtables), bytes. */
  MEMTABLE_BYTES("memtable_bytes", false),
  /** CPU seconds spent busy (not idle, not waiting for I/O), all the node's CPUs together. */
  CPU_BUSY_SECONDS("cpu_busy_seconds", true),
  /** The CPUs those seconds are shared by (a utilisation is busy seconds / (seconds × CPUs)). */
  CPUS("cpus", false),
  /** Disk reads completed. */
  DISK_READS("disk_reads", true),
  /** Disk writes completed. */
  DISK_WRITES("disk_writes", true),
  /** Bytes read from disk. */
  DISK_READ_BYTES("disk_read_bytes", true),
  /** Bytes written to disk. */
  DISK_WRITE_BYTES("disk_write_bytes", true),
  /**
   * The page cache (file pages) the node holds, bytes, where it is bounded (an uncached local node:
   * docs/uncached-reads.md). Last: servers.tsv files written before it have no such column.
   */
  PAGE_CACHE_BYTES("page_cache_bytes", false);

  /** Its column in servers.tsv. */
  public final String column;
  /** Cumulative: rates come from differences. */
  public final boolean counter;

  ServerFigure(String column, boolean counter) {
    this.column = column;
    this.counter = counter;
  }
}
