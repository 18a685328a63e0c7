package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.common.UserError;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code k8s local}'s options: what it refuses instead of ignoring, each in one line naming the option. */
@Timeout(30)
class K8sLocalOptionsTest {

  private static K8sLocal.Options parse(String... args) throws UserError {
    List<String> all = new ArrayList<>(List.of("local"));
    all.addAll(List.of(args));
    return K8sLocal.Options.parse(all.toArray(String[]::new));
  }

  @Test
  void theServersSideIsRefusedNotIgnored() throws Exception {
    assertThat(parse("--clients", "2").clients).isEqualTo(2);
    for (List<String> side : List.of(List.of("--node-exporter", "9100"), List.of("--prometheus", "http://p:9090"),
        List.of("--server-samples", "0"), List.of("--yb-admin", "/bin/true"), List.of("--scylla-metrics-port", "9180"))) {
      List<String> args = new ArrayList<>(List.of("--clients", "2"));
      args.addAll(side);
      assertThatThrownBy(() -> parse(args.toArray(String[]::new))).as("%s", side).isInstanceOf(UserError.class)
          .hasMessage("unknown option " + side.get(0) + " (see bin/largekv k8s local --help)");
    }
  }

  @Test
  void whatThePodsDoNotDoIsRefused() {
    assertThatThrownBy(() -> parse("--event", "load@5:kill-node:1")).isInstanceOf(UserError.class)
        .hasMessage("--event: the pods run no events; accepted: bin/largekv run or compare for events");
    assertThatThrownBy(() -> parse("--plan")).isInstanceOf(UserError.class)
        .hasMessage("--plan: accepted with bin/largekv run, which plans the same phases");
    assertThatThrownBy(() -> parse("--clients", "65")).isInstanceOf(UserError.class)
        .hasMessage("--clients 65 is not accepted; accepted values: 1..64");
    assertThatThrownBy(() -> parse("--hosts", "h1", "--nodes", "3")).isInstanceOf(UserError.class)
        .hasMessage("--nodes 3 sizes the local cluster, and --hosts names other servers; accepted: one or the other");
  }
}
