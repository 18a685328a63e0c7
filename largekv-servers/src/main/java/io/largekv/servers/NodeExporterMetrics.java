package io.largekv.servers;

import io.largekv.report.files.ServerFigure;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which of node_exporter's series give which machine figure, read the same way from its /metrics
 * page ({@link NodeExporterSource}) and from a Prometheus server that scrapes it
 * ({@link PrometheusSource}):
 *
 * <ul>
 *   <li>{@link ServerFigure#CPU_BUSY_SECONDS}: {@value #CPU_SECONDS} summed over every CPU and every
 *       mode but {@link #NOT_BUSY_MODES} (node_exporter's modes: user, nice, system, irq, softirq,
 *       steal, idle, iowait; guest time is already inside user and nice, and is a separate metric).
 *       Steal counts as busy: the CPU was not the node's to use.
 *   <li>{@link ServerFigure#CPUS}: the number of distinct {@code cpu} labels of {@value #CPU_SECONDS}.
 *   <li>the disk figures: {@link #DISK} summed over the devices that {@link DiskDevices} counts.
 * </ul>
 */
public final class NodeExporterMetrics {

  /** node_exporter's CPU time counter, labels {@code cpu} and {@code mode}, seconds since boot. */
  public static final String CPU_SECONDS = "node_cpu_seconds_total";

  /** The modes of {@link #CPU_SECONDS} in which a CPU is not busy. */
  public static final Set<String> NOT_BUSY_MODES = Set.of("idle", "iowait");

  /** The same modes as a PromQL regular expression (a label matcher's). */
  public static final String NOT_BUSY_MODES_REGEX = String.join("|", new TreeSet<>(NOT_BUSY_MODES));

  /** node_exporter's diskstats counter of each disk figure (label {@code device}), since boot. */
  public static final Map<ServerFigure, String> DISK;

  static {
    EnumMap<ServerFigure, String> m = new EnumMap<>(ServerFigure.class);
    m.put(ServerFigure.DISK_READS, "node_disk_reads_completed_total");
    m.put(ServerFigure.DISK_WRITES, "node_disk_writes_completed_total");
    m.put(ServerFigure.DISK_READ_BYTES, "node_disk_read_bytes_total");
    m.put(ServerFigure.DISK_WRITE_BYTES, "node_disk_written_bytes_total");
    DISK = Collections.unmodifiableMap(m);
  }

  /** The figures node_exporter gives. */
  public static final Set<ServerFigure> FIGURES = Collections.unmodifiableSet(EnumSet.of(
      ServerFigure.CPU_BUSY_SECONDS, ServerFigure.CPUS, ServerFigure.DISK_READS, ServerFigure.DISK_WRITES,
      ServerFigure.DISK_READ_BYTES, ServerFigure.DISK_WRITE_BYTES));

  private NodeExporterMetrics() {}
}
