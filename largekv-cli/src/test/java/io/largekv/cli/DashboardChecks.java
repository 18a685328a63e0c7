package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.largekv.common.YcsbOutput;
import io.largekv.results.ClientSummary;
import io.largekv.servers.PrometheusProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;

/**
 * Every query of the Grafana dashboard checked by value against one run's own output, through a real
 * Prometheus. Each check is keyed on the query's shape ({@link GrafanaDashboard.Query#shape}), not on
 * its panel's title: a query the dashboard gains without a check here fails, and so does a check whose
 * query the dashboard no longer has. A query without series is one whose figure the run had none of,
 * said by the run's output (no failure, no rate target, no load in a read phase).
 */
final class DashboardChecks {

  /** One client's phase as its own files tell it. */
  private record Phase(String name, Path client, YcsbOutput ycsb, ClientSummary summary) {

    boolean load() {
      return name.equals("load");
    }

    /**
     * The client's count of one operation type: it prints a line for each type it did, so a type
     * without one is 0 (the series checked against it must then be 0 throughout, not merely absent).
     */
    long operations(String op) {
      double n = ycsb.number("LARGEKV", "Operations(" + op + ")");
      return Double.isNaN(n) ? 0 : (long) n;
    }

    double runSeconds() {
      return ycsb.required("OVERALL", "RunTime(ms)") / 1000;
    }

    Histogram logged(String op) throws Exception {
      return io.largekv.report.files.HdrLog.merge(List.of(io.largekv.report.files.HdrLog.read(
          client.resolve("hdr").resolve(op + ".hdr").toFile())), 0);
    }
  }

  @FunctionalInterface
  private interface Check {
    void check(JsonNode series, Phase phase, String why) throws Exception;
  }

  private final PrometheusProcess prometheus;
  private final Instant from;
  private final Instant to;
  private final Map<String, Check> checks = new LinkedHashMap<>();

  private DashboardChecks(PrometheusProcess prometheus, Instant from, Instant to) {
    this.prometheus = prometheus;
    this.from = from;
    this.to = to;
    String labels = "sum by (target, phase, operation) ";
    checks.put(labels + "(rate(largekv_operations_total))", this::ratePerOperation);
    checks.put("sum by (target, phase, client) (rate(largekv_operations_total))", this::ratePerClient);
    checks.put(labels + "(largekv_operations_total)", this::operationsSoFar);
    checks.put("sum by (target, phase) (largekv_client_finished)", (s, p, why) -> {
      assertThat(only(s, why)).as(why).isEqualTo(1);
    });
    checks.put("count by (target, phase) (largekv_client_exit_status == 0) or on (target, phase) "
        + "(0 * count by (target, phase) (largekv_client_exit_status))", (s, p, why) -> {
          // its one client exited 0: published
          assertThat(Files.readString(p.client().resolve("exit.txt")).trim()).isEqualTo("0");
          assertThat(only(s, why)).as(why).isEqualTo(1);
        });
    checks.put("histogram_quantile(0.99, sum by (le, target, phase, operation) "
        + "(rate(largekv_latency_seconds_bucket)))", this::p99OverTheInterval);
    checks.put("histogram_quantile(0.99, sum by (le, target, phase, operation) (largekv_latency_seconds_bucket))",
        this::p99SoFar);
    checks.put("histogram_quantile(0.99, sum by (le, target, phase, operation) "
        + "(rate(largekv_intended_latency_seconds_bucket)))", (s, p, why) -> {
          // no rate target: nothing measured from an intended start
          assertThat(Files.readString(p.client().resolve("ycsb.txt"))).as(why).doesNotContain("[Intended-");
          assertThat(s).as(why).isEmpty();
        });
    checks.put(labels + "(rate(largekv_operations_failed_total))", (s, p, why) -> {
      assertThat(p.ycsb().required("LARGEKV", "FailedOperations")).as(why).isZero();
      assertThat(values(s)).as(why).containsOnly(0.0);
    });
    checks.put("sum by (target, phase, operation, error_class) (rate(largekv_operation_errors_total))",
        (s, p, why) -> {
          assertThat(p.ycsb().required("LARGEKV", "FailedOperations")).as(why).isZero();
          assertThat(s).as(why).isEmpty();
        });
    checks.put("sum by (target, phase, result) (largekv_verified_reads_total)", this::verifiedReads);
    checks.put("sum by (target, phase) (largekv_rows_lost_total)", (s, p, why) -> {
      assertThat(p.ycsb().required("LARGEKV", "LostRows")).as(why).isZero();
      assertThat(values(s)).as(why).containsOnly(0.0);
    });
    checks.put("sum by (target) (largekv_load_keys_done) / sum by (target) (largekv_load_keys)", (s, p, why) -> {
      if (loadOnly(s, p, why)) {
        assertThat(last(s, null, null, why)).as(why).isEqualTo(1.0);
      }
    });
    checks.put("sum by (target, client) (largekv_load_keys_per_second)", (s, p, why) -> {
      if (loadOnly(s, p, why)) {
        // keys over at least the rate's shortest window (100 ms): more than none, fewer than all of them in it
        assertThat(last(s, "client", "0", why)).as(why).isPositive()
            .isLessThanOrEqualTo(p.operations("INSERT") / 0.1);
      }
    });
    checks.put("max by (target) (largekv_load_eta_seconds) and on (target) (count by (target) "
        + "(largekv_load_eta_seconds) == count by (target) (largekv_load_keys))", (s, p, why) -> {
          if (loadOnly(s, p, why)) {
            assertThat(last(s, null, null, why)).as(why).isZero();
          }
        });
    checks.put("sum by (target, phase, client) (increase(largekv_event_loop_stalls_total))",
        (s, p, why) -> stalls(s, p, why, "largekv_event_loop_stalls_total", "EventLoopStalls", 1));
    checks.put("sum by (target, phase, client) (rate(largekv_event_loop_stall_seconds_total))",
        (s, p, why) -> stalls(s, p, why, "largekv_event_loop_stall_seconds_total", "EventLoopStallTotalMs", 1000));
  }

  /**
   * Checks every query of the dashboard for each phase of the run in {@code results} (one client),
   * scraped by {@code prometheus} between {@code from} and {@code to}.
   */
  static void check(GrafanaDashboard dashboard, PrometheusProcess prometheus, Path results, Instant from, Instant to)
      throws Exception {
    DashboardChecks c = new DashboardChecks(prometheus, from, to);
    String run = results.getFileName().toString();
    Set<String> used = new HashSet<>();
    for (String name : new String[] {"load", "uniform-read", "latest-read"}) {
      Path client = results.resolve(name).resolve("client-0");
      YcsbOutput y = YcsbOutput.parse(Files.readString(client.resolve("ycsb.txt")));
      Phase phase = new Phase(name, client, y, ClientSummary.of(y));
      for (GrafanaDashboard.Query q : dashboard.queries(Map.of("run", run, "phase", name), "4s")) {
        Check check = c.checks.get(q.shape());
        if (check == null) {
          fail("the dashboard's query has no value check here: " + q.shape() + " (panel '" + q.panel() + "')");
        }
        used.add(q.shape());
        JsonNode series = prometheus.queryRange(q.expr(), from, to, Duration.ofSeconds(1));
        check.check(series, phase, name + ", " + q.panel() + ": " + q.expr() + " -> " + series);
      }
    }
    assertThat(c.checks.keySet()).as("checks of queries the dashboard no longer has").isSubsetOf(used);
  }

  /**
   * Each operation's rate: its peak at least half the phase's mean rate (some 4-s window holds the
   * mean), never more than all its operations in one second; for a time-bounded read phase only (a
   * short load may start and end between two scrapes).
   */
  private void ratePerOperation(JsonNode series, Phase p, String why) throws Exception {
    assertThat(series).as(why).isNotEmpty();
    for (JsonNode s : series) {
      String op = s.path("metric").path("operation").asText();
      long ops = p.operations(op);
      double peak = peak(s);
      assertThat(peak).as(why).isLessThanOrEqualTo(ops);
      if (!p.load() && ops >= 1000) {
        assertThat(peak).as(why).isGreaterThanOrEqualTo(0.5 * ops / p.runSeconds());
      }
    }
  }

  /** The one client's rate: as {@link #ratePerOperation}, over all its operations. */
  private void ratePerClient(JsonNode series, Phase p, String why) throws Exception {
    assertThat(series).as(why).hasSize(1);
    assertThat(series.get(0).path("metric").path("client").asText()).as(why).isEqualTo("0");
    long ops = (long) p.ycsb().required("LARGEKV", "Operations");
    double peak = peak(series.get(0));
    assertThat(peak).as(why).isLessThanOrEqualTo(ops);
    if (!p.load()) {
      assertThat(peak).as(why).isGreaterThanOrEqualTo(0.5 * ops / p.runSeconds());
    }
  }

  /** Each operation's counter ends at the client's own count of it; every counted operation is there. */
  private void operationsSoFar(JsonNode series, Phase p, String why) throws Exception {
    assertThat(series).as(why).isNotEmpty();
    long sum = 0;
    for (JsonNode s : series) {
      String op = s.path("metric").path("operation").asText();
      assertThat(lastValue(s)).as(why).isEqualTo(p.operations(op));
      if (p.operations(op) == 0) {
        assertThat(valuesOf(s)).as(why).containsOnly(0.0);
      }
      sum += p.operations(op);
    }
    assertThat(sum).as(why).isEqualTo((long) p.ycsb().required("LARGEKV", "Operations"));
  }

  /**
   * Each operation's p99 over the rate interval lies within the logged latencies: above the bucket
   * holding the logs' fastest operation, below the one holding their slowest.
   */
  private void p99OverTheInterval(JsonNode series, Phase p, String why) throws Exception {
    assertThat(series).as(why).isNotEmpty();
    for (JsonNode s : series) {
      Histogram logged = p.logged(s.path("metric").path("operation").asText());
      double lower = bucket(logged.getMinValue())[0];
      double upper = bucket(logged.getMaxValue())[1];
      for (JsonNode v : s.path("values")) {
        if (!v.get(1).asText().equals("NaN")) { // a window without an operation
          assertThat(v.get(1).asDouble()).as(why).isBetween(lower, upper);
        }
      }
    }
  }

  /** The phase so far: the logs' every interval (the warm-up's too), merged, has its p99 in the same bucket. */
  private void p99SoFar(JsonNode series, Phase p, String why) throws Exception {
    assertThat(series).as(why).isNotEmpty();
    for (JsonNode s : series) {
      String op = s.path("metric").path("operation").asText();
      Histogram logged = p.logged(op);
      double[] b = bucket(logged.highestEquivalentValue(logged.getValueAtPercentile(99)));
      assertThat(lastValue(s)).as(why + " against the logs' p99 " + logged.getValueAtPercentile(99) / 1e6)
          .isBetween(b[0], b[1]);
    }
  }

  /** Read phases: correct ones as the client verified, none corrupt or missing; a load verifies none. */
  private void verifiedReads(JsonNode series, Phase p, String why) throws Exception {
    if (p.load()) {
      assertThat(values(series)).as(why).containsOnly(0.0);
      return;
    }
    assertThat(p.summary().verified().ok()).as(why).isPositive();
    assertThat(last(series, "result", "correct", why)).as(why).isEqualTo(p.summary().verified().ok());
    assertThat(last(series, "result", "corrupt", why)).as(why).isZero();
    assertThat(last(series, "result", "missing", why)).as(why).isZero();
  }

  /** A load's series are there in the load only; true when this is the load. */
  private static boolean loadOnly(JsonNode series, Phase p, String why) {
    if (!p.load()) {
      assertThat(series).as(why).isEmpty();
      return false;
    }
    assertThat(series).as(why).isNotEmpty();
    return true;
  }

  /**
   * The stalls' panels: the counter under them ends at most at the client's own figure (a stall after
   * the last scrape is counted by the client only); the panel's increase or rate over 4 s never goes
   * past the whole phase's (a third more at most: Prometheus extrapolates a window's 3 s of samples to
   * its 4 s), and is 0 throughout when the client saw no stall.
   */
  private void stalls(JsonNode series, Phase p, String why, String counter, String figure, double perUnit)
      throws Exception {
    double total = p.ycsb().required("LARGEKV", figure) / perUnit;
    JsonNode raw = prometheus.queryRange("sum(" + counter + "{run=\"" + p.client().getParent().getParent()
        .getFileName() + "\", phase=\"" + p.name() + "\"})", from, to, Duration.ofSeconds(1));
    assertThat(series).as(why).hasSize(1);
    assertThat(raw).as(why).hasSize(1);
    assertThat(lastValue(raw.get(0))).as(why).isLessThanOrEqualTo(total + 1e-4);
    for (double v : values(series)) {
      assertThat(v).as(why).isNotNegative().isLessThanOrEqualTo(total * 4 / 3 + 1e-4);
    }
  }

  /** The lower and upper bound, s, of the dashboard's latency bucket holding {@code us}. */
  private static double[] bucket(long us) {
    long[] bounds = io.largekv.run.RunMetrics.BOUNDS_US;
    int i = java.util.Arrays.binarySearch(bounds, us);
    i = i >= 0 ? i : -i - 1;
    return new double[] {i == 0 ? 0 : bounds[i - 1] / 1e6, i < bounds.length ? bounds[i] / 1e6 : Double.MAX_VALUE};
  }

  private static double only(JsonNode series, String why) {
    return last(series, null, null, why);
  }

  /** The last value of the series whose {@code label} is {@code value} (null: the only series). */
  private static double last(JsonNode series, String label, String value, String why) {
    JsonNode found = null;
    for (JsonNode s : series) {
      if (label == null || value.equals(s.path("metric").path(label).asText())) {
        assertThat(found).as("one series with %s=%s: %s", label, value, why).isNull();
        found = s;
      }
    }
    assertThat(found).as("a series with %s=%s: %s", label, value, why).isNotNull();
    return lastValue(found);
  }

  private static double lastValue(JsonNode s) {
    JsonNode values = s.path("values");
    return values.get(values.size() - 1).get(1).asDouble();
  }

  private static double peak(JsonNode s) {
    double peak = 0;
    for (JsonNode v : s.path("values")) {
      peak = Math.max(peak, v.get(1).asDouble());
    }
    return peak;
  }

  /** Every value of every series. */
  private static List<Double> values(JsonNode series) {
    List<Double> out = new ArrayList<>();
    for (JsonNode s : series) {
      out.addAll(valuesOf(s));
    }
    return out;
  }

  /** Every value of one series. */
  private static List<Double> valuesOf(JsonNode s) {
    List<Double> out = new ArrayList<>();
    for (JsonNode v : s.path("values")) {
      out.add(v.get(1).asDouble());
    }
    return out;
  }
}
