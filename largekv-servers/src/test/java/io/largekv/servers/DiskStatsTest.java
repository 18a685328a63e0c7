package io.largekv.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The counters of the device that holds a directory, against the kernel's own line for it. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class DiskStatsTest {

  @Test
  void aDeviceNumberSplitsAsGlibcSplitsIt() {
    // makedev(254, 0) = 0xfe00; makedev(259, 1) = 0x10301; makedev(8, 300) (a high minor) = 0x12c08 ... as glibc
    assertThat(DiskStats.major(0xfe00L)).isEqualTo(254);
    assertThat(DiskStats.minor(0xfe00L)).isZero();
    assertThat(DiskStats.major(0x10301L)).isEqualTo(259);
    assertThat(DiskStats.minor(0x10301L)).isEqualTo(1);
    long high = ((300L & ~0xffL) << 12) | (8L << 8) | (300L & 0xff);
    assertThat(DiskStats.major(high)).isEqualTo(8);
    assertThat(DiskStats.minor(high)).isEqualTo(300);
    long bigMajor = ((4100L & ~0xfffL) << 32) | ((4100L & 0xfff) << 8) | 7;
    assertThat(DiskStats.major(bigMajor)).isEqualTo(4100);
    assertThat(DiskStats.minor(bigMajor)).isEqualTo(7);
  }

  @Test
  void aLinesCountersAreReadsSectorsWritesSectors() {
    DiskStats.Reading r = DiskStats.parse(
        "254 0 vda 92490 13220 11132114 49953 2023252 253887 56995520 342381 0 164924 473507".split(" "));
    assertThat(r.reads()).isEqualTo(92490);
    assertThat(r.readBytes()).isEqualTo(11132114L * 512);
    assertThat(r.writes()).isEqualTo(2023252);
    assertThat(r.writeBytes()).isEqualTo(56995520L * 512);
  }

  @Test
  void theDeviceOfADirectoryIsTheKernelsLineOfItsFileSystem(@TempDir Path dir) throws Exception {
    DiskStats d = DiskStats.of(dir, Path.of("/proc"));
    String name = d.name();
    // the same device as /proc/self/mountinfo's longest mount point above the directory names, read here
    String best = "";
    String majorMinor = null;
    for (String line : Files.readAllLines(Path.of("/proc/self/mountinfo"), StandardCharsets.UTF_8)) {
      String[] f = line.split(" ");
      String mount = f[4];
      if ((dir.toRealPath().toString() + "/").startsWith(mount.equals("/") ? "/" : mount + "/")
          && mount.length() >= best.length()) {
        best = mount;
        majorMinor = f[2];
      }
    }
    String expected = majorMinor;
    String line = Files.readAllLines(Path.of("/proc/diskstats")).stream().map(String::strip)
        .filter(l -> l.split("\\s+")[0].equals(expected.split(":")[0]) && l.split("\\s+")[1].equals(expected.split(":")[1]))
        .findFirst().orElseThrow();
    assertThat(name).isEqualTo(line.split("\\s+")[2]);
    assertThat(d.describe()).contains(name).contains(expected).contains(dir.toString());
    DiskStats.Reading before = DiskStats.parse(line.split("\\s+"));
    DiskStats.Reading now = d.read();
    assertThat(now.reads()).isGreaterThanOrEqualTo(before.reads());
    assertThat(now.writeBytes()).isGreaterThanOrEqualTo(before.writeBytes());
  }

  @Test
  void aDeviceTheKernelDoesNotCountSaysSo(@TempDir Path dir) throws Exception {
    Files.createDirectories(dir.resolve("proc"));
    Files.writeString(dir.resolve("proc/diskstats"), "   7       0 loop0 0 0 0 0 0 0 0 0 0 0 0\n");
    DiskStats d = DiskStats.of(dir, dir.resolve("proc"));
    assertThatThrownBy(d::read).hasMessageContaining("/proc/diskstats has no device")
        .hasMessageContaining("not on a disk the kernel counts");
  }
}
