package io.largekv.servers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The default device filter counts whole disks once: not partitions, not devices stacked on disks. */
@Timeout(10)
class DiskDevicesTest {

  @Test
  void wholeDisksOnly() {
    for (String disk : new String[] {"sda", "sdaa", "vda", "xvda", "hda", "nvme0n1", "nvme12n3", "mmcblk0", "nbd0"}) {
      assertThat(DiskDevices.DEFAULT.counted(disk)).as(disk).isTrue();
    }
    for (String not : new String[] {"sda1", "sdaa12", "vda2", "xvda1", "nvme0n1p1", "mmcblk0p2", "dm-0", "dm-12",
        "md0", "md127", "loop3", "ram0", "zram0", "fd0", "sr0"}) {
      assertThat(DiskDevices.DEFAULT.counted(not)).as(not).isFalse();
    }
  }

  @Test
  void asPromqlTheExpressionIsEscaped() {
    assertThat(DiskDevices.excluding("a\\d\"").promqlMatcher()).isEqualTo("device!~\"a\\\\d\\\"\"");
    assertThat(DiskDevices.DEFAULT.promqlMatcher())
        .isEqualTo("device!~\"^(z?ram|loop|fd|sr|dm-|md|(h|s|v|xv)d[a-z]+|nvme\\\\d+n\\\\d+p|mmcblk\\\\d+p)\\\\d+$\"");
  }

  @Test
  void notAnExpression() {
    assertThatThrownBy(() -> DiskDevices.excluding("(")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("device exclude expression (: ");
  }
}
