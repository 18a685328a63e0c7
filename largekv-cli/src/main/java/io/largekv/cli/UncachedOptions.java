package io.largekv.cli;

import io.largekv.cassandra.PageCacheLimit;
import io.largekv.common.Counts;
import io.largekv.common.UserError;
import picocli.CommandLine.Option;

/**
 * {@code --uncached} and {@code --page-cache}, a mixin of {@code run}: the local node's page cache
 * bounded for the read phases (docs/uncached-reads.md).
 */
final class UncachedOptions {

  /** {@code --uncached}: the local node's page cache bounded for the read phases. */
  boolean uncached;
  /** {@code --page-cache}: the page cache an uncached node may hold, MiB. */
  long pageCacheMib = PageCacheLimit.DEFAULT_BYTES >> 20;
  private boolean pageCacheGiven;

  @Option(names = "--uncached", description = "read phases from disk: the local Cassandra may hold only"
      + " --page-cache MIB of page cache; disk reads per client read beside the published uncached run (Linux cgroup"
      + " v1, root; phases load,uniform-read unless --phases; docs/uncached-reads.md)", order = UsageOrder.DURING + 2)
  void uncached(boolean on) {
    uncached = on;
  }

  @Option(names = "--page-cache", paramLabel = "MIB", description = "the page cache of an --uncached node, MiB"
      + " (default 16)", order = UsageOrder.DURING + 3)
  void pageCache(String v) throws UserError {
    pageCacheMib = Counts.between("--page-cache", v, 1, 1024 * 1024);
    pageCacheGiven = true;
  }

  /** {@code --page-cache} sizes what {@code --uncached} bounds: refused without it. */
  void checkPageCache() throws UserError {
    if (pageCacheGiven && !uncached) {
      throw new UserError("--page-cache " + pageCacheMib + " sizes the page cache of --uncached; accepted: "
          + "--page-cache with --uncached");
    }
  }
}
