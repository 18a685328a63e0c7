package io.largekv.cluster;

import io.largekv.common.UserError;
import io.largekv.phase.Phase;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A timed event in a phase: {@code --event PHASE@SECONDS:ACTION}, SECONDS counted from the phase's
 * first operation. On a local cluster: {@code kill-node:N} (SIGKILL), {@code stop-node:N} (SIGTERM,
 * the node drains), {@code start-node:N}, {@code add-node} (a new node bootstraps),
 * {@code decommission-node:N}. Anywhere: {@code exec:COMMAND} (run by {@code bash -c}, e.g.
 * {@code exec:ssh yb3 sudo systemctl stop yb-tserver}; its exit status and output are kept).
 */
public final class ClusterEvent {

  /** What an event does. */
  public enum Action {
    KILL_NODE("kill-node:N"), STOP_NODE("stop-node:N"), START_NODE("start-node:N"), ADD_NODE("add-node"),
    DECOMMISSION_NODE("decommission-node:N"), EXEC("exec:COMMAND");

    final String syntax;

    Action(String syntax) {
      this.syntax = syntax;
    }
  }

  static final String ACCEPTED = "PHASE@SECONDS:ACTION, ACTION one of " + String.join(", ",
      List.of(Action.values()).stream().map(a -> a.syntax).toList()) + " (e.g. uniform-read@30:kill-node:2)";
  private static final Pattern SPEC = Pattern.compile("([a-z-]+)@([0-9]+(?:\\.[0-9]+)?):(.+)", Pattern.DOTALL);
  private static final Pattern NODE = Pattern.compile("(kill|stop|start|decommission)-node:([0-9]+)");

  public final String spec;
  public final Phase phase;
  public final double seconds;
  public final Action action;
  /** The node of a node action, 0 otherwise. */
  public final int node;
  /** The command of {@code exec:}, "" otherwise. */
  public final String command;

  private ClusterEvent(String spec, Phase phase, double seconds, Action action, int node, String command) {
    this.spec = spec;
    this.phase = phase;
    this.seconds = seconds;
    this.action = action;
    this.node = node;
    this.command = command;
  }

  /** Parses {@code PHASE@SECONDS:ACTION}. */
  public static ClusterEvent parse(String spec) {
    Matcher m = SPEC.matcher(spec.trim());
    if (!m.matches()) {
      throw new UserError("--event " + spec + " is not accepted; accepted: " + ACCEPTED);
    }
    Phase phase = Phase.byName(m.group(1));
    double seconds = Double.parseDouble(m.group(2));
    String action = m.group(3).trim();
    if (action.startsWith("exec:")) {
      String command = action.substring(5).trim();
      if (command.isEmpty()) {
        throw new UserError("--event " + spec + ": exec: needs a command, e.g. exec:ssh yb3 sudo systemctl stop yb-tserver");
      }
      return new ClusterEvent(spec, phase, seconds, Action.EXEC, 0, command);
    }
    if (action.equals("add-node")) {
      return new ClusterEvent(spec, phase, seconds, Action.ADD_NODE, 0, "");
    }
    Matcher n = NODE.matcher(action);
    if (!n.matches() || Integer.parseInt(n.group(2)) < 1) {
      throw new UserError("--event " + spec + " is not accepted; accepted: " + ACCEPTED);
    }
    Action a = Action.valueOf(n.group(1).toUpperCase(Locale.ROOT) + "_NODE");
    return new ClusterEvent(spec, phase, seconds, a, Integer.parseInt(n.group(2)), "");
  }

  /** True for an action on a local cluster (not {@code exec:}). */
  public boolean local() {
    return action != Action.EXEC;
  }

  /**
   * Checks a run's events: each in a phase that runs, node actions only on a local cluster of
   * {@code nodes} nodes (plus the ones added), a ring for adding and decommissioning.
   *
   * @param nodes the local cluster's size, 0 when the target is not local
   */
  public static void check(List<ClusterEvent> events, List<Phase> phases, int nodes, String where) {
    int added = (int) events.stream().filter(e -> e.action == Action.ADD_NODE).count();
    for (ClusterEvent e : events) {
      if (!phases.contains(e.phase)) {
        throw new UserError("--event " + e.spec + ": phase " + e.phase.name + " does not run; accepted: one of --phases "
            + String.join(",", phases.stream().map(p -> p.name).toList()));
      }
      if (!e.local()) {
        continue;
      }
      if (nodes == 0) {
        throw new UserError("--event " + e.spec + " acts on a local cluster, and " + where + " is not local; accepted: "
            + "exec:COMMAND for a real cluster (e.g. exec:ssh HOST sudo systemctl stop cassandra)");
      }
      if ((e.action == Action.ADD_NODE || e.action == Action.DECOMMISSION_NODE) && nodes < 2) {
        throw new UserError("--event " + e.spec + " needs a local cluster of 2 or more nodes; accepted: --nodes 3");
      }
      if (e.node > nodes + added) {
        throw new UserError("--event " + e.spec + ": there is no node " + e.node + " (--nodes " + nodes
            + (added > 0 ? ", " + added + " added" : "") + "); accepted: 1.." + (nodes + added));
      }
    }
  }
}
