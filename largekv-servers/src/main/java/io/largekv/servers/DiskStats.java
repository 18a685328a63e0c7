package io.largekv.servers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The kernel's counters of the block device that holds a directory, from {@code /proc/diskstats}
 * (what node_exporter's disk figures read): reads and writes completed, and their bytes (the file's
 * sectors are 512 bytes whatever the device's). The device is the one the directory's file system
 * is on ({@code stat}'s device number), a partition when it is one; every process's I/O on it is
 * counted, not one process's.
 */
public final class DiskStats {

  /** One reading of the device's counters. */
  public record Reading(long reads, long readBytes, long writes, long writeBytes) {}

  private final Path proc;
  private final int major;
  private final int minor;
  private final String directory;

  private DiskStats(Path proc, int major, int minor, String directory) {
    this.proc = proc;
    this.major = major;
    this.minor = minor;
    this.directory = directory;
  }

  /** The counters of the device holding {@code directory}, read from {@code proc}'s diskstats. */
  public static DiskStats of(Path directory, Path proc) throws IOException {
    long dev = ((Number) Files.getAttribute(directory, "unix:dev")).longValue();
    return new DiskStats(proc, major(dev), minor(dev), directory.toString());
  }

  /** A device number's major part (glibc's {@code gnu_dev_major}). */
  static int major(long dev) {
    return (int) (((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL));
  }

  /** A device number's minor part (glibc's {@code gnu_dev_minor}). */
  static int minor(long dev) {
    return (int) ((dev & 0xff) | ((dev >>> 12) & ~0xffL));
  }

  /** What the counters are of, for the sources' lines. */
  public String describe() throws IOException {
    return "/proc/diskstats of " + name() + " (" + major + ":" + minor + ", the device of " + directory
        + "; every process's I/O on it)";
  }

  /** The device's name in diskstats. */
  public String name() throws IOException {
    return line(Files.readString(proc.resolve("diskstats"), StandardCharsets.UTF_8))[2];
  }

  /** The counters now. */
  public Reading read() throws IOException {
    return parse(line(Files.readString(proc.resolve("diskstats"), StandardCharsets.UTF_8)));
  }

  private String[] line(String diskstats) throws IOException {
    for (String line : diskstats.split("\n")) {
      String[] f = line.strip().split("\\s+");
      if (f.length >= 10 && f[0].equals(Integer.toString(major)) && f[1].equals(Integer.toString(minor))) {
        return f;
      }
    }
    throw new IOException("/proc/diskstats has no device " + major + ":" + minor + " (the device of " + directory
        + "): its file system is not on a disk the kernel counts (tmpfs, overlay)");
  }

  /** A diskstats line's counters: fields 4 (reads completed), 6 (sectors read), 8 and 10 (the same written). */
  static Reading parse(String[] f) {
    return new Reading(Long.parseLong(f[3]), Long.parseLong(f[5]) * 512, Long.parseLong(f[7]),
        Long.parseLong(f[9]) * 512);
  }
}
