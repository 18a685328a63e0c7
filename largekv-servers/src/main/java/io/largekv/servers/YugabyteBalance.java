package io.largekv.servers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.largekv.servers.PrometheusText.Sample;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * Whether a YugabyteDB cluster's data is settled, as its leader master tells. "Settled" is the load
 * balancer's own idle state ({@code IsLoadBalancerIdle}, the RPC behind {@code yb-admin
 * get_is_load_balancer_idle}), which no master web page or metric serves: it is asked through the
 * user's yb-admin ({@link YugabyteAdmin}, {@code --yb-admin}); without it the master's pages can say
 * "moving" and never "settled". Read, in this order:
 *
 * <ol>
 *   <li>{@code /api/v1/is-leader} on each master, to find the leader (200 there, 503 elsewhere): the
 *       balancer runs, and its gauges move, on the leader only;
 *   <li>the leader's {@code /api/v1/health-check}: {@code under_replicated_tablets} lists the tablets
 *       with fewer live replicas than the replication factor, a dead tablet server's counting as
 *       missing. Any: data still has to be copied;
 *   <li>the leader's {@code /prometheus-metrics}: the gauges the balancer sets after each run
 *       ({@code src/yb/master/cluster_balance.cc}: {@code is_load_balancing_enabled},
 *       {@code total_table_load_difference}, {@code tablets_in_wrong_placement},
 *       {@code estimated_data_to_balance_bytes}) and {@code load_balancer_duration_count}, its runs
 *       since this master became leader (src/yb/master/catalog_manager_bg_tasks.cc resets it when
 *       the master loses the leadership and counts a run only after
 *       {@code load_balancer_initial_delay_secs}). A gauge above 0 is moving. Gauges at 0 say nothing
 *       is left to move only as an estimate: they count a replica still bootstrapping as placed, and
 *       they start at 0, so a new leader reads 0 before its first run: with no run counted the
 *       balance cannot tell, whatever else says;
 *   <li>yb-admin's {@code Idle = 1}: settled; {@code Idle = 0}: moving.
 * </ol>
 *
 * A master without the gauges (releases before 2024.2.6.0, 2025.1.1.0 and 2025.2, by YugabyteDB's
 * documentation) or with balancing disabled cannot tell, and says so.
 */
final class YugabyteBalance {

  static final String LOAD_DIFFERENCE = "total_table_load_difference";
  static final String WRONG_PLACEMENT = "tablets_in_wrong_placement";
  static final String ENABLED = "is_load_balancing_enabled";
  static final String TO_BALANCE_BYTES = "estimated_data_to_balance_bytes";
  static final String RUNS = "load_balancer_duration_count";
  private static final Set<String> GAUGES = Set.of(LOAD_DIFFERENCE, WRONG_PLACEMENT, ENABLED, TO_BALANCE_BYTES, RUNS);
  private static final ObjectMapper JSON = new ObjectMapper();

  private YugabyteBalance() {}

  /**
   * @param masterPage a master's page by its path, e.g. {@code /api/v1/is-leader}
   * @param admin yb-admin, or null when not given
   * @throws IOException when no master answers as the leader, or the leader's pages cannot be read
   */
  static Balance read(List<Function<String, URI>> masterPage, YugabyteAdmin admin) throws IOException {
    Function<String, URI> leader = null;
    List<String> tried = new ArrayList<>();
    for (Function<String, URI> master : masterPage) {
      try {
        SourceHttp.get(master.apply("/api/v1/is-leader"));
        leader = master;
        break;
      } catch (IOException e) {
        tried.add(e.getMessage());
      }
    }
    if (leader == null) {
      throw new IOException("no YugabyteDB master answered as the leader: " + String.join("; ", tried));
    }

    URI healthUri = leader.apply("/api/v1/health-check");
    JsonNode health = json(SourceHttp.get(healthUri), healthUri);
    if (health.has("error") && !health.has("under_replicated_tablets")) {
      return Balance.unknown(healthUri + " says " + health.get("error"));
    }
    JsonNode under = health.get("under_replicated_tablets");
    if (under == null || !under.isArray()) {
      throw new IOException(healthUri + ": expected \"under_replicated_tablets\": [...] in " + SourceHttp.excerpt(health.toString(), 120));
    }
    JsonNode dead = health.path("dead_nodes");
    if (under.size() > 0) {
      return Balance.moving(under.size() + " tablet" + (under.size() == 1 ? "" : "s") + " under-replicated"
          + (dead.isArray() && dead.size() > 0 ? " (" + dead.size() + " tablet server" + (dead.size() == 1 ? "" : "s")
              + " dead)" : ""));
    }

    URI metricsUri = leader.apply("/prometheus-metrics");
    List<Sample> gauges = PrometheusPage.read(metricsUri, GAUGES::contains);
    Double enabled = value(gauges, ENABLED);
    Double difference = value(gauges, LOAD_DIFFERENCE);
    Double misplaced = value(gauges, WRONG_PLACEMENT);
    Double runs = value(gauges, RUNS);
    if (difference == null) {
      return Balance.unknown("no tablet under-replicated, but " + metricsUri + " has no " + LOAD_DIFFERENCE
          + " (a YugabyteDB older than the balancer's gauges: 2024.2.6.0, 2025.1.1.0, 2025.2): whether the load"
          + " balancer still moves tablets is told only by the IsLoadBalancerIdle RPC (yb-admin get_is_load_balancer_idle)");
    }
    if (enabled != null && enabled == 0) {
      return Balance.unknown("the load balancer is disabled (" + ENABLED + " 0 at " + metricsUri + ")");
    }
    if (runs == null) {
      return Balance.unknown("no " + RUNS + " at " + metricsUri + ": whether the balancer has run since this master"
          + " became leader (its gauges read 0 until then) cannot be told");
    }
    if (runs == 0) {
      return Balance.unknown("the leader master's load balancer has not run since it became leader (" + RUNS
          + " 0 at " + metricsUri + "; it waits load_balancer_initial_delay_secs after an election): its gauges"
          + " read 0 until its first run");
    }
    if (difference > 0 || (misplaced != null && misplaced > 0)) {
      Double bytes = value(gauges, TO_BALANCE_BYTES);
      List<String> what = new ArrayList<>();
      if (difference > 0) {
        what.add(String.format(Locale.ROOT, "%.0f tablet replicas to add or move", difference)
            + (bytes != null && bytes > 0 ? String.format(Locale.ROOT, " (about %.0f bytes)", bytes) : ""));
      }
      if (misplaced != null && misplaced > 0) {
        what.add(String.format(Locale.ROOT, "%.0f tablet peers in a wrong or blacklisted placement", misplaced));
      }
      return Balance.moving("load balancer: " + String.join(", ", what));
    }
    if (admin == null) {
      return Balance.unknown("the leader master's gauges say nothing is left to move, but they are an estimate that"
          + " counts a replica still bootstrapping as placed; whether the load balancer is idle is answered only by"
          + " its RPC: give --yb-admin PATH (YugabyteDB's bin/yb-admin) for the rebalance time");
    }
    try {
      return admin.idle() ? Balance.done()
          : Balance.moving("the load balancer is not idle (yb-admin get_is_load_balancer_idle: Idle = 0)");
    } catch (IOException e) {
      return Balance.unknown(e.getMessage());
    }
  }

  private static Double value(List<Sample> samples, String name) {
    Double sum = null;
    for (Sample s : samples) {
      if (s.name().equals(name)) {
        sum = (sum == null ? 0 : sum) + s.value();
      }
    }
    return sum;
  }

  private static JsonNode json(String body, URI from) throws IOException {
    try {
      JsonNode n = JSON.readTree(body);
      if (n == null || !n.isObject()) {
        throw new IOException(from + ": expected a JSON object, got " + SourceHttp.excerpt(body, 120));
      }
      return n;
    } catch (JsonProcessingException e) {
      throw new IOException(from + ": not JSON (" + e.getOriginalMessage() + ")");
    }
  }

}
