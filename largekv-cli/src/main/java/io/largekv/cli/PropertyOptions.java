package io.largekv.cli;

import io.largekv.common.UserError;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code -p NAME=VALUE}, a mixin of every command that runs or renders phases: for every phase (and every target). */
final class PropertyOptions {

  final List<String> list = new ArrayList<>();

  @Option(names = "-p", paramLabel = "NAME=VALUE", description = "any YCSB, workload or binding property, for"
      + " every phase (repeatable); with --harness nb5 those nb5 can apply (recordcount, ycql.compaction, ...; others"
      + " are refused), and -p nb5.NAME=VALUE: an nb5 or yb_kv_large parameter (e.g. nb5.driverconfig=FILE)",
      order = UsageOrder.PROPERTIES + 1)
  void property(String v) throws UserError {
    if (!v.contains("=")) {
      throw new UserError("-p " + v + " is not NAME=VALUE");
    }
    list.add(v);
  }
}
