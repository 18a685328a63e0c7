package io.largekv.servers;

import io.largekv.report.files.ServerFigure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * This machine's counters read straight from the kernel, the independent reading the machines'
 * sources are checked against: busy CPU seconds and CPUs from /proc/stat's {@code cpuN} lines (user,
 * nice, system, irq, softirq and steal: every field but idle and iowait, guest being inside user and
 * nice; in USER_HZ = 100 ticks a second, as node_exporter reads them), the disk counters from
 * /proc/diskstats summed over the devices {@code devices} counts.
 */
record ProcCounters(double busySeconds, int cpus, Map<ServerFigure, Double> disk) {

  /** USER_HZ, /proc/stat's ticks per second (100 on every Linux architecture node_exporter runs on). */
  static final double USER_HZ = 100;

  static ProcCounters read(DiskDevices devices) throws IOException {
    long busyTicks = 0;
    int cpus = 0;
    for (String line : Files.readAllLines(Path.of("/proc/stat"))) {
      String[] f = line.strip().split("\\s+");
      if (f[0].matches("cpu\\d+")) {
        cpus++;
        // user nice system idle iowait irq softirq steal [guest guest_nice]
        busyTicks += Long.parseLong(f[1]) + Long.parseLong(f[2]) + Long.parseLong(f[3]) + Long.parseLong(f[6])
            + Long.parseLong(f[7]) + Long.parseLong(f[8]);
      }
    }
    Map<ServerFigure, Double> disk = new EnumMap<>(ServerFigure.class);
    for (ServerFigure f : NodeExporterMetrics.DISK.keySet()) {
      disk.put(f, 0.0);
    }
    for (String line : Files.readAllLines(Path.of("/proc/diskstats"))) {
      // major minor name reads merged sectors-read ms writes merged sectors-written ...
      String[] f = line.strip().split("\\s+");
      if (!devices.counted(f[2])) {
        continue;
      }
      disk.merge(ServerFigure.DISK_READS, Double.parseDouble(f[3]), Double::sum);
      disk.merge(ServerFigure.DISK_READ_BYTES, Double.parseDouble(f[5]) * 512, Double::sum);
      disk.merge(ServerFigure.DISK_WRITES, Double.parseDouble(f[7]), Double::sum);
      disk.merge(ServerFigure.DISK_WRITE_BYTES, Double.parseDouble(f[9]) * 512, Double::sum);
    }
    return new ProcCounters(busyTicks / USER_HZ, cpus, disk);
  }
}
