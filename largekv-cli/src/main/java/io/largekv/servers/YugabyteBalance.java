package io.largekv.servers;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.largekv.servers.PrometheusText.Sample;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Whether a YugabyteDB cluster's data is settled, as its leader master tells over HTTP (the load
 * balancer's own "is idle" answer, {@code IsLoadBalancerIdle} behind {@code yb-admin
 * get_is_load_balancer_idle}, is an RPC with no HTTP page). Three things are read:
 *
 * <ol>
 *   <li>{@code /api/v1/is-leader} on each master, to find the leader (200 there, 503 elsewhere): the
 *       balancer runs, and its gauges move, on the leader only;
 *   <li>the leader's {@code /api/v1/health-check}: {@code under_replicated_tablets} lists the tablets
 *       with fewer live replicas than the replication factor, a dead tablet server's counting as
 *       missing. Any: data still has to be copied;
 *   <li>the leader's {@code /prometheus-metrics}, the cluster gauges the balancer sets after each run
 *       ({@code src/yb/master/cluster_balance.cc}): {@code is_load_balancing_enabled},
 *       {@code total_table_load_difference} (replicas still to add or move for every table to be
 *       balanced), {@code tablets_in_wrong_placement}, {@code estimated_data_to_balance_bytes}.
 * </ol>
 *
 * Settled: no tablet under-replicated, the balancer enabled, nothing left to move or misplaced. A
 * master without those gauges (older releases) or with balancing disabled cannot tell, and says so.
 */
final class YugabyteBalance {

  static final String LOAD_DIFFERENCE = "total_table_load_difference";
  static final String WRONG_PLACEMENT = "tablets_in_wrong_placement";
  static final String ENABLED = "is_load_balancing_enabled";
  static final String TO_BALANCE_BYTES = "estimated_data_to_balance_bytes";
  private static final Set<String> GAUGES = Set.of(LOAD_DIFFERENCE, WRONG_PLACEMENT, ENABLED, TO_BALANCE_BYTES);
  private static final ObjectMapper JSON = new ObjectMapper();

  private YugabyteBalance() {}

  /**
   * @param masterPage a master's page by its path, e.g. {@code /api/v1/is-leader}
   * @throws IOException when no master answers as the leader, or the leader's pages cannot be read
   */
  static Balance read(List<Function<String, URI>> masterPage) throws IOException {
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
    if (difference == null) {
      return Balance.unknown("no tablet under-replicated, but " + metricsUri + " has no " + LOAD_DIFFERENCE
          + " (a YugabyteDB older than the balancer's gauges): whether the load balancer still moves tablets is"
          + " told only by the IsLoadBalancerIdle RPC (yb-admin get_is_load_balancer_idle)");
    }
    if (enabled != null && enabled == 0) {
      return Balance.unknown("the load balancer is disabled (" + ENABLED + " 0 at " + metricsUri + ")");
    }
    if (difference > 0 || (misplaced != null && misplaced > 0)) {
      Double bytes = value(gauges, TO_BALANCE_BYTES);
      List<String> what = new ArrayList<>();
      if (difference > 0) {
        what.add(String.format("%.0f tablet replicas to add or move", difference)
            + (bytes != null && bytes > 0 ? String.format(" (about %.0f bytes)", bytes) : ""));
      }
      if (misplaced != null && misplaced > 0) {
        what.add(String.format("%.0f tablet peers in a wrong or blacklisted placement", misplaced));
      }
      return Balance.moving("load balancer: " + String.join(", ", what));
    }
    return Balance.done();
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
