package io.largekv.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.common.UserError;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bound on a node's page cache: where its cgroup goes, what a machine without one is told, the
 * limit's arithmetic, and the real thing on this machine (a process in a real memory cgroup, its
 * limit kept as its own memory grows, the group removed at the end).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PageCacheLimitTest {

  private static final String V1_MOUNTS = String.join("\n",
      "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755",
      "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory",
      "38 31 0:35 / /sys/fs/cgroup/blkio rw,relatime - cgroup cgroup rw,blkio",
      "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw");

  private static Path proc(Path dir, String cgroup, String mountinfo) throws Exception {
    Files.createDirectories(dir.resolve("self"));
    Files.writeString(dir.resolve("self/cgroup"), cgroup, StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("self/mountinfo"), mountinfo, StandardCharsets.UTF_8);
    return dir;
  }

  @Test
  void theGroupGoesUnderTheMemoryCgroupThisProcessRunsIn(@TempDir Path dir) throws Exception {
    Path proc = proc(dir, "7:blkio:/\n4:memory:/process_api/abc\n1:cpu:/\n0::/\n", V1_MOUNTS);
    assertThat(PageCacheLimit.memoryGroupOf(proc)).isEqualTo(Path.of("/sys/fs/cgroup/memory/process_api/abc"));
    Path root = proc(dir.resolve("root"), "4:memory:/\n", V1_MOUNTS);
    assertThat(PageCacheLimit.memoryGroupOf(root)).isEqualTo(Path.of("/sys/fs/cgroup/memory"));
    // a controller mounted with others (cpu,memory) is found all the same
    Path joint = proc(dir.resolve("joint"), "3:cpu,memory:/x\n", "35 31 0:32 / /cg/cm rw - cgroup cgroup rw,cpu,memory");
    assertThat(PageCacheLimit.memoryGroupOf(joint)).isEqualTo(Path.of("/cg/cm/x"));
  }

  @Test
  void aMachineWithoutCgroupV1sMemoryControllerIsOneLineNamingWhatItLacks(@TempDir Path dir) throws Exception {
    Path v2 = proc(dir.resolve("v2"), "0::/user.slice\n",
        "41 31 0:38 / /sys/fs/cgroup rw,relatime - cgroup2 cgroup2 rw");
    assertThatThrownBy(() -> PageCacheLimit.memoryGroupOf(v2)).isInstanceOf(UserError.class)
        .hasMessage("--uncached cannot bound the local Cassandra's page cache: this machine's memory controller is "
            + "not a cgroup v1 hierarchy (cgroup v2 only): the limit is built on v1's memory.oom_control; accepted: "
            + "Linux with cgroup v1's memory controller, as root (docs/uncached-reads.md); nothing was started");
    Path none = proc(dir.resolve("none"), "", "31 23 0:28 / /sys rw - sysfs sysfs rw");
    assertThatThrownBy(() -> PageCacheLimit.memoryGroupOf(none)).isInstanceOf(UserError.class)
        .hasMessageContaining("no cgroup memory controller is mounted");
    assertThatThrownBy(() -> PageCacheLimit.memoryGroupOf(dir.resolve("absent"))).isInstanceOf(UserError.class)
        .hasMessageContaining("not Linux").hasMessageContaining("nothing was started");
  }

  @Test
  void theLimitLeavesTheFilePagesTheirRoomBesideTheGroupsOtherMemory() {
    // 900 MiB in all, of which 40 MiB file pages, 25 MiB of them mapped (code): 860 + 25 MiB, + 16 MiB
    PageCacheLimit.Usage u = new PageCacheLimit.Usage(900L << 20, 40L << 20, 25L << 20);
    assertThat(PageCacheLimit.limitFor(u, 16L << 20)).isEqualTo(901L << 20);
    assertThat(u.cache()).isEqualTo(15L << 20);
    assertThat(PageCacheLimit.limitFor(new PageCacheLimit.Usage(0, 0, 0), 16L << 20)).isEqualTo(16L << 20);
    // more mapped than counted as file pages (the counters are read apart): no negative cache
    assertThat(new PageCacheLimit.Usage(100, 10, 12).cache()).isZero();
    assertThat(PageCacheLimit.stat("cache 42\nrss 7\nactive_file 5\ninactive_file 6\nhierarchical_memory_limit x\n"))
        .containsEntry("active_file", 5L).containsEntry("inactive_file", 6L).doesNotContainKey("hierarchical_memory_limit");
    assertThatThrownBy(() -> PageCacheLimit.create(1000)).isInstanceOf(UserError.class)
        .hasMessage("a page cache of 1000 bytes is not accepted; accepted: 1 MiB or more");
  }

  @Test
  void aRealProcessRunsInItsGroupUnderTheLimitAndTheGroupGoesAtTheEnd() throws Exception {
    PageCacheLimit limit = PageCacheLimit.create(8L << 20);
    Path group;
    Process p = new ProcessBuilder(limit.wrap(List.of("sleep", "30"))).start();
    try {
      String cgroups = "";
      for (int i = 0; i < 50 && !cgroups.contains("largekv-"); i++) {
        Thread.sleep(100);
        cgroups = Files.readString(Path.of("/proc", Long.toString(p.pid()), "cgroup"));
      }
      String memory = cgroups.lines().filter(l -> l.split(":")[1].contains("memory")).findFirst().orElseThrow();
      group = PageCacheLimit.memoryGroupOf(Path.of("/proc")).resolve(
          memory.substring(memory.lastIndexOf('/') + 1));
      assertThat(memory).as("the process itself (the shell became the command)").contains("/largekv-"
          + ProcessHandle.current().pid() + "-");
      assertThat(limit.bounded()).isFalse();
      limit.start();
      assertThat(limit.bounded()).isTrue();
      long set = Long.parseLong(Files.readString(group.resolve("memory.limit_in_bytes")).strip());
      PageCacheLimit.Usage u = limit.usage();
      // the limit is the group's own memory + 8 MiB, read by this test from the kernel's files
      long usage = Long.parseLong(Files.readString(group.resolve("memory.usage_in_bytes")).strip());
      long mapped = PageCacheLimit.stat(Files.readString(group.resolve("memory.stat"))).get("mapped_file");
      assertThat(set).isBetween(8L << 20, usage - u.file() + mapped + (8L << 20) + (4L << 20));
      assertThat(limit.pageCacheBytes()).isLessThanOrEqualTo(set);
    } finally {
      p.destroyForcibly();
      p.waitFor(10, TimeUnit.SECONDS);
      limit.close();
    }
    assertThat(group).doesNotExist();
  }
}
