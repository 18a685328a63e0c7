package io.largekv.cli;

import io.largekv.cluster.ClusterEvent;
import io.largekv.common.UserError;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --event}, a mixin of the commands that run events beside their phases: run, compare, check. */
final class EventOptions {

  final List<ClusterEvent> list = new ArrayList<>();

  @Option(names = "--event", paramLabel = "PHASE@S:ACTION", description = "an event S seconds after the phase's"
      + " first operation, in every run of the phase (repeatable): kill-node:N, stop-node:N, start-node:N, add-node,"
      + " decommission-node:N (local cluster), exec:COMMAND", order = UsageOrder.DURING + 1)
  void event(String v) throws UserError {
    list.add(ClusterEvent.parse(v));
  }
}
