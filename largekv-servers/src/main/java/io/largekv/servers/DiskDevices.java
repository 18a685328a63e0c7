package io.largekv.servers;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Which block devices' counters make a node's disk I/O: the whole disks, each I/O counted once. A
 * device whose whole name the exclude expression matches is left out; node_exporter's disk counters
 * are summed over the others, on its page ({@link NodeExporterSource}) and in PromQL
 * ({@link PrometheusSource}) alike.
 *
 * <p>node_exporter's own default ({@code --collector.diskstats.device-exclude}, collector/
 * diskstats_linux.go: {@code ^(z?ram|loop|fd|(h|s|v|xv)d[a-z]|nvme\d+n\d+p)\d+$}; 1.5.0, Debian 12's,
 * has {@code ram} without {@code z?}) leaves out partitions, RAM disks, loop devices and floppies,
 * but serves device-mapper ({@code dm-N}: LVM, dm-crypt, multipath) and software RAID ({@code mdN})
 * devices, whose I/O the kernel also counts on the disks under them: summed with those, every I/O
 * would count twice. {@link #DEFAULT} leaves those out too, and zram (compressed RAM), CD-ROMs
 * ({@code srN}), eMMC partitions ({@code mmcblkNpM}) and partitions of disks past {@code sdz}
 * ({@code sdaa1}). A node whose data sits on dm or md devices is still counted, on the disks under
 * them.
 */
public final class DiskDevices {

  /** The default exclude expression: partitions, stacked and RAM-backed devices (see above). */
  public static final String DEFAULT_EXCLUDE =
      "^(z?ram|loop|fd|sr|dm-|md|(h|s|v|xv)d[a-z]+|nvme\\d+n\\d+p|mmcblk\\d+p)\\d+$";

  /** Whole disks only: {@link #DEFAULT_EXCLUDE}. */
  public static final DiskDevices DEFAULT = excluding(DEFAULT_EXCLUDE);

  private final String exclude;
  private final Pattern pattern;

  private DiskDevices(String exclude, Pattern pattern) {
    this.exclude = exclude;
    this.pattern = pattern;
  }

  /**
   * The devices whose name {@code exclude} does not match whole.
   *
   * @param exclude a regular expression that Java and Prometheus' RE2 read alike (no look-around, no
   *     back-references, no possessive quantifiers)
   * @throws IllegalArgumentException when it is not a regular expression
   */
  public static DiskDevices excluding(String exclude) {
    try {
      return new DiskDevices(exclude, Pattern.compile(exclude));
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException("device exclude expression " + exclude + ": " + e.getDescription());
    }
  }

  /** The exclude expression. */
  public String exclude() {
    return exclude;
  }

  /** Whether {@code device}'s counters are part of the node's disk I/O. */
  public boolean counted(String device) {
    return !pattern.matcher(device).matches();
  }

  /** The same filter as a PromQL label matcher, {@code device!~"..."} (PromQL matches the whole value too). */
  public String promqlMatcher() {
    return "device!~\"" + exclude.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }

  @Override
  public String toString() {
    return "devices not matching " + exclude;
  }
}
