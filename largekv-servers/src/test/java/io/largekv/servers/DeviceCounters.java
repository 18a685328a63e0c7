package io.largekv.servers;

import io.largekv.report.files.ServerFigure;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;

/**
 * One block device's counters read by the tests without the code under test: the device that holds
 * a directory as coreutils' {@code stat(1)} names it, and its line of /proc/diskstats.
 */
public final class DeviceCounters {

  private DeviceCounters() {}

  /** The {@code MAJOR MINOR} of the device holding {@code dir}. */
  public static String deviceOf(Path dir) throws IOException, InterruptedException {
    Process p = new ProcessBuilder("stat", "--format=%Hd %Ld", dir.toString()).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (p.waitFor() != 0 || !out.matches("\\d+ \\d+")) {
      throw new AssertionError("stat(1) did not name the device of " + dir + ": " + out);
    }
    return out;
  }

  /** The device's reads, bytes read, writes and bytes written now. */
  public static Map<ServerFigure, Long> read(String device) throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/diskstats"))) {
      String[] f = line.strip().split("\\s+");
      if ((f[0] + " " + f[1]).equals(device)) {
        Map<ServerFigure, Long> m = new EnumMap<>(ServerFigure.class);
        m.put(ServerFigure.DISK_READS, Long.parseLong(f[3]));
        m.put(ServerFigure.DISK_READ_BYTES, Long.parseLong(f[5]) * 512);
        m.put(ServerFigure.DISK_WRITES, Long.parseLong(f[7]));
        m.put(ServerFigure.DISK_WRITE_BYTES, Long.parseLong(f[9]) * 512);
        return m;
      }
    }
    throw new AssertionError("no /proc/diskstats line for device " + device);
  }
}
