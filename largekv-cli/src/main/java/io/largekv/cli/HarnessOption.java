package io.largekv.cli;

import io.largekv.common.UserError;
import picocli.CommandLine.Option;

/**
 * {@code --harness ycsb|nb5}, a mixin of the commands with one client ({@code run}, {@code check},
 * {@code k8s render}, {@code k8s local}); {@code compare} takes a list.
 */
final class HarnessOption {

  /** The client, one of {@link Harness#ALL}. */
  String name = Harness.YCSB;

  @Option(names = "--harness", paramLabel = "ycsb|nb5", description = "the client: YCSB with largekv's binding"
      + " (default), or your own nb5 on yb_kv_large (found as bin/nb5 finds it: NB5_JAR, or nb5 on PATH; every read"
      + " verified; docs/nosqlbench.md)", order = UsageOrder.WHAT + 5)
  void harness(String v) throws UserError {
    name = Harness.parse(v, false).get(0);
  }
}
