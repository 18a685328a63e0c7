package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.cli.Compare;
import io.largekv.cli.CompareTarget;
import io.largekv.cli.Largekv;
import io.largekv.cluster.ClusterEvent;
import io.largekv.phase.Phase;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterEventTest {

  @Test
  void parsesEveryAction() {
    ClusterEvent kill = ClusterEvent.parse("uniform-read@30:kill-node:2");
    assertThat(kill.phase).isSameAs(Phase.UNIFORM_READ);
    assertThat(kill.seconds).isEqualTo(30.0);
    assertThat(kill.action).isEqualTo(ClusterEvent.Action.KILL_NODE);
    assertThat(kill.node).isEqualTo(2);
    assertThat(ClusterEvent.parse("load@1.5:stop-node:3").action).isEqualTo(ClusterEvent.Action.STOP_NODE);
    assertThat(ClusterEvent.parse("load@60:start-node:3").action).isEqualTo(ClusterEvent.Action.START_NODE);
    assertThat(ClusterEvent.parse("latest-read@10:add-node").action).isEqualTo(ClusterEvent.Action.ADD_NODE);
    assertThat(ClusterEvent.parse("latest-read@10:decommission-node:4").node).isEqualTo(4);
    ClusterEvent exec = ClusterEvent.parse("uniform-read@30:exec:ssh yb3 sudo systemctl stop yb-tserver");
    assertThat(exec.action).isEqualTo(ClusterEvent.Action.EXEC);
    assertThat(exec.command).isEqualTo("ssh yb3 sudo systemctl stop yb-tserver");
    assertThat(exec.local()).isFalse();
  }

  @Test
  void badEventsAreOneLineNamingTheAcceptedForm() {
    for (String bad : List.of("uniform-read:kill-node:2", "uniform-read@x:kill-node:2", "uniform-read@30:kill-node",
        "uniform-read@30:kill-node:0", "uniform-read@30:reboot", "uniform-read@-5:kill-node:1")) {
      assertThatThrownBy(() -> ClusterEvent.parse(bad)).as(bad).hasMessageContaining("--event " + bad)
          .hasMessageContaining("accepted: PHASE@SECONDS:ACTION");
    }
    assertThatThrownBy(() -> ClusterEvent.parse("warmup@30:kill-node:1")).hasMessageContaining("unknown phase 'warmup'");
    assertThatThrownBy(() -> ClusterEvent.parse("load@3:exec:  ")).hasMessageContaining("exec: needs a command");
  }

  @Test
  void checksEventsAgainstTheRun() {
    List<Phase> phases = List.of(Phase.LOAD, Phase.UNIFORM_READ);
    ClusterEvent.check(List.of(ClusterEvent.parse("load@5:kill-node:3")), phases, 3, "local");
    assertThatThrownBy(() -> ClusterEvent.check(List.of(ClusterEvent.parse("latest-read@5:kill-node:1")), phases, 3, "local"))
        .hasMessageContaining("phase latest-read does not run");
    assertThatThrownBy(() -> ClusterEvent.check(List.of(ClusterEvent.parse("load@5:kill-node:4")), phases, 3, "local"))
        .hasMessageContaining("there is no node 4").hasMessageContaining("accepted: 1..3");
    // an added node can be acted on
    ClusterEvent.check(List.of(ClusterEvent.parse("load@5:add-node"), ClusterEvent.parse("load@50:decommission-node:4")), phases, 3, "x");
    assertThatThrownBy(() -> ClusterEvent.check(List.of(ClusterEvent.parse("load@5:add-node")), phases, 1, "local"))
        .hasMessageContaining("needs a local cluster of 2 or more nodes");
    assertThatThrownBy(() -> ClusterEvent.check(List.of(ClusterEvent.parse("load@5:stop-node:1")), phases, 0, "--hosts h1"))
        .hasMessageContaining("--hosts h1 is not local").hasMessageContaining("exec:COMMAND");
    ClusterEvent.check(List.of(ClusterEvent.parse("load@5:exec:true")), phases, 0, "--hosts h1");
  }

  @Test
  void compareAcceptsLocalClustersAndEvents() {
    CompareSettings o = CompareOptions.parse(new String[] {"compare", "--target", "cassandra=local", "--nodes", "3",
        "--event", "uniform-read@20:kill-node:2", "--event", "uniform-read@40:start-node:2"}).settings;
    assertThat(o.localTargets).isTrue();
    assertThat(o.targets).singleElement().matches(CompareTarget::local);
    assertThat(o.cluster.nodes).isEqualTo(3);
    assertThat(o.events.list).extracting(e -> e.spec).containsExactly("uniform-read@20:kill-node:2",
        "uniform-read@40:start-node:2");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--target", "cassandra=local",
        "--target", "yugabyte=yb1"})).hasMessageContaining("all targets local, or all with hosts");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--target", "scylla=local"}))
        .hasMessageContaining("a local target is Apache Cassandra");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--target", "yugabyte=yb1", "--nodes",
        "3"})).hasMessageContaining("--nodes 3 sizes the local clusters");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--target", "yugabyte=yb1", "--event",
        "load@3:kill-node:1"})).hasMessageContaining("--target yugabyte is not local");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--nodes", "10"}))
        .hasMessageContaining("--nodes 10 is not accepted; accepted values: 1..9");
  }

  @Test
  void runAcceptsNodesOnlyWithoutHosts() {
    RunSettings o = RunCommand.RunOptions.parse(new String[] {"run", "--nodes", "3", "--event",
        "load@2:exec:echo hi"}).settings;
    assertThat(o.cluster.nodes).isEqualTo(3);
    assertThat(LocalClusterOptions.replicationFactor(3)).isEqualTo(3);
    assertThat(LocalClusterOptions.replicationFactor(2)).isEqualTo(1);
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--hosts", "h1", "--nodes", "3"}))
        .hasMessageContaining("--nodes 3 sizes the local cluster");
  }
}
