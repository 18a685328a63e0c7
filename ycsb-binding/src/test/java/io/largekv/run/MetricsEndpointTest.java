package io.largekv.run;

import io.largekv.common.MetricsProperties;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.common.UserError;
import io.largekv.jvm.EventLoopStalls;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The endpoint over real HTTP: what it serves equals what was counted; bad settings are bad input. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class MetricsEndpointTest {

  private final RunCounters counters = new RunCounters(ms -> { });
  private final Map<String, Histogram> latencies = new HashMap<>();
  private final AtomicBoolean finished = new AtomicBoolean();
  private final Progress progress = new Progress(() -> counters.successful(RunCounters.Operation.INSERT)
      + counters.failed(RunCounters.Operation.INSERT), System::nanoTime);

  private MetricsEndpoint start(Properties p) {
    return MetricsEndpoint.start(p, labels -> new RunMetrics(labels, counters, progress, new EventLoopStalls(),
        () -> latencies, finished::get, () -> 1), finished::get);
  }

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  private static String scrape(MetricsEndpoint e, String accept) throws Exception {
    HttpRequest.Builder r = HttpRequest.newBuilder(URI.create(e.url()));
    if (accept != null) {
      r.header("Accept", accept);
    }
    HttpResponse<String> resp = HttpClient.newHttpClient().send(r.build(), HttpResponse.BodyHandlers.ofString());
    assertThat(resp.statusCode()).isEqualTo(200);
    return resp.body();
  }

  /** The value of the one sample line {@code name{labels...}} whose labels include every one of {@code has}. */
  private static double value(String page, String name, String... has) {
    Double found = null;
    Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "\\{([^}]*)\\} (\\S+)").matcher(page);
    while (m.find()) {
      boolean all = true;
      for (String h : has) {
        all &= m.group(1).contains(h);
      }
      if (all) {
        assertThat(found).as("one line of %s with %s", name, String.join(",", has)).isNull();
        found = Double.parseDouble(m.group(2));
      }
    }
    assertThat(found).as("a line of %s with %s in:%n%s", name, String.join(",", has), page).isNotNull();
    return found;
  }

  @Test
  void servesWhatWasCountedWithTheClientsLabels() throws Exception {
    for (int i = 0; i < 7; i++) {
      counters.record(RunCounters.Operation.READ, System.nanoTime(), true);
    }
    counters.record(RunCounters.Operation.READ, System.nanoTime(), false);
    counters.failedWith(RunCounters.Operation.READ, "ReadTimeoutException");
    counters.verified(true);
    counters.verified(false);
    counters.missing(5);
    Histogram read = new Histogram(3);
    for (long us = 1; us <= 10_000; us++) {
      read.recordValue(us); // 1 µs .. 10 ms, one each
    }
    latencies.put("READ", read);
    latencies.put("VERIFY", read); // the workload's own measurement: not an operation
    progress.plannedSeconds(600);
    try (MetricsEndpoint e = start(props(MetricsProperties.PORT, Integer.toString(freePort()),
        MetricsProperties.LABELS, "run=r1,target=cassandra,phase=uniform-read,client=2"))) {
      String page = scrape(e, null);
      String labels = "run=\"r1\"";
      assertThat(value(page, "largekv_operations_total", labels, "operation=\"READ\"", "target=\"cassandra\"",
          "phase=\"uniform-read\"", "client=\"2\"")).isEqualTo(7);
      assertThat(value(page, "largekv_operations_failed_total", "operation=\"READ\"")).isEqualTo(1);
      assertThat(value(page, "largekv_operation_errors_total", "error_class=\"ReadTimeoutException\"")).isEqualTo(1);
      assertThat(value(page, "largekv_verified_reads_total", "result=\"correct\"")).isEqualTo(1);
      assertThat(value(page, "largekv_verified_reads_total", "result=\"corrupt\"")).isEqualTo(1);
      assertThat(value(page, "largekv_verified_reads_total", "result=\"missing\"")).isEqualTo(1);
      assertThat(value(page, "largekv_run_planned_seconds")).isEqualTo(600);
      assertThat(value(page, "largekv_client_finished")).isZero();
      assertThat(page).doesNotContain("largekv_client_exit_status"); // no verdict before the run's end
      // cumulative buckets from the histogram: never fewer below a bound than HdrHistogram's own count
      assertThat(value(page, "largekv_latency_seconds_count", "operation=\"READ\"", "status=\"ok\""))
          .isEqualTo(10_000);
      assertThat(value(page, "largekv_latency_seconds_bucket", "operation=\"READ\"", "le=\"+Inf\"")).isEqualTo(10_000);
      double le1ms = value(page, "largekv_latency_seconds_bucket", "operation=\"READ\"", "le=\"0.001\"");
      assertThat(le1ms).isLessThanOrEqualTo(read.getCountBetweenValues(0, 1000)).isGreaterThan(990);
      assertThat(value(page, "largekv_latency_seconds_sum", "operation=\"READ\""))
          .isCloseTo(read.getMean() * 10_000 / 1e6, org.assertj.core.data.Percentage.withPercentage(0.2));
      assertThat(page).doesNotContain("VERIFY").doesNotContain("largekv_load_keys");

      // OpenMetrics too, when Prometheus asks for it
      String om = scrape(e, "application/openmetrics-text; version=1.0.0; charset=utf-8");
      assertThat(om).contains("# TYPE largekv_operations counter").endsWith("# EOF\n");
    }
  }

  @Test
  void aLoadSaysItsKeysAndGivesNoRateOrEtaBeforeItCanMeasureThem() throws Exception {
    progress.load(1000, 100);
    for (int i = 0; i < 50; i++) {
      counters.record(RunCounters.Operation.INSERT, System.nanoTime(), true);
    }
    try (MetricsEndpoint e = start(props(MetricsProperties.PORT, Integer.toString(freePort()),
        "dotransactions", "false"))) {
      String page = scrape(e, null);
      assertThat(value(page, "largekv_load_keys_done", "phase=\"load\"")).isEqualTo(150);
      assertThat(value(page, "largekv_load_keys")).isEqualTo(1000);
      // no operation started the clock yet: no rate and no ETA, rather than a 0
      assertThat(page).doesNotContain("largekv_load_keys_per_second").doesNotContain("largekv_load_eta_seconds");
      progress.started();
      Thread.sleep(Progress.MIN_RATE_MS + 50);
      for (int i = 0; i < 50; i++) {
        counters.record(RunCounters.Operation.INSERT, System.nanoTime(), false);
      }
      String later = scrape(e, null);
      assertThat(value(later, "largekv_load_keys_done")).isEqualTo(200); // failed inserts are done keys too
      assertThat(value(later, "largekv_load_keys_per_second")).isPositive();
      assertThat(value(later, "largekv_load_eta_seconds")).isPositive();
    }
  }

  @Test
  void aPortInUseIsBadInputNamingIt() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      assertThatThrownBy(() -> start(props(MetricsProperties.PORT, Integer.toString(port))))
          .isInstanceOf(UserError.class)
          .hasMessageContaining(MetricsProperties.PORT + "=" + port)
          .hasMessageContaining("in use")
          .hasMessageContaining("accepted: a free port, or 0");
    }
  }

  @Test
  void badSettingsNameTheAcceptedValues() {
    assertThatThrownBy(() -> MetricsEndpoint.check(props(MetricsProperties.PORT, "-1")))
        .isInstanceOf(UserError.class).hasMessageContaining(MetricsProperties.PORT);
    assertThatThrownBy(() -> MetricsEndpoint.check(props(MetricsProperties.PORT, "70000")))
        .isInstanceOf(UserError.class).hasMessageContaining(MetricsProperties.PORT);
    assertThatThrownBy(() -> MetricsEndpoint.check(props(MetricsProperties.LABELS, "colour=blue")))
        .isInstanceOf(UserError.class).hasMessageContaining("run, target, phase, client");
    assertThatThrownBy(() -> MetricsEndpoint.check(props(MetricsProperties.ADDRESS, "no-such-host.invalid")))
        .isInstanceOf(UserError.class).hasMessageContaining(MetricsProperties.ADDRESS);
    // an address of another machine (TEST-NET-1, never assigned): refused before anything is opened
    assertThatThrownBy(() -> MetricsEndpoint.check(props(MetricsProperties.ADDRESS, "192.0.2.1")))
        .isInstanceOf(UserError.class).hasMessageContaining("192.0.2.1 is not an address of this machine");
    MetricsEndpoint.check(props(MetricsProperties.ADDRESS, "0.0.0.0"));
    assertThat(MetricsEndpoint.asked(props())).isFalse();
    assertThat(MetricsEndpoint.asked(props(MetricsProperties.PORT, "0"))).isFalse();
  }

  @Test
  void afterTheRunItWaitsForAScrapeOfTheFinalValuesOnlyWhenSomebodyScrapes() throws Exception {
    // never scraped: returns at once, far within its 30 s linger
    try (MetricsEndpoint e = start(props(MetricsProperties.PORT, Integer.toString(freePort()),
        MetricsProperties.LINGER_S, "30"))) {
      finished.set(true);
      org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(10),
          e::lingerForLastScrape);
      assertThat(e.scrapes()).isZero();
    }
    // scraped during the run: waits until a scrape of the final values, which comes a second later
    try (MetricsEndpoint e = start(props(MetricsProperties.PORT, Integer.toString(freePort()),
        MetricsProperties.LINGER_S, "30"))) {
      finished.set(false);
      assertThat(value(scrape(e, null), "largekv_client_finished")).isZero();
      finished.set(true);
      java.util.concurrent.CompletableFuture<Long> lastScrapeBegan = new java.util.concurrent.CompletableFuture<>();
      java.util.concurrent.CompletableFuture<String> last = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
        try {
          Thread.sleep(1000);
          lastScrapeBegan.complete(System.nanoTime());
          return scrape(e, null);
        } catch (Exception ex) {
          throw new java.util.concurrent.CompletionException(ex);
        }
      });
      org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20),
          e::lingerForLastScrape);
      long returned = System.nanoTime();
      // it waited for that scrape: it returned after the scrape began, not at once
      assertThat(returned).isGreaterThan(lastScrapeBegan.get(20, java.util.concurrent.TimeUnit.SECONDS));
      String scraped = last.get(20, java.util.concurrent.TimeUnit.SECONDS); // rethrows the scraper's failure
      assertThat(value(scraped, "largekv_client_finished")).isEqualTo(1);
      assertThat(value(scraped, "largekv_client_exit_status")).isEqualTo(1); // the verdict, once final
    }
    // scraped, and no final scrape comes: it gives up after its linger, not before
    try (MetricsEndpoint e = start(props(MetricsProperties.PORT, Integer.toString(freePort()),
        MetricsProperties.LINGER_S, "1"))) {
      finished.set(false);
      scrape(e, null);
      finished.set(true);
      long from = System.nanoTime();
      org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20),
          e::lingerForLastScrape);
      assertThat(System.nanoTime() - from).isGreaterThanOrEqualTo(1_000_000_000L);
    }
  }

  @Test
  void aScrapeOnItsWayWhenTheRunEndsIsAScrapeTheLingerWaitsAfter() throws Exception {
    // the scrape's answer is being made when the run ends: the scraper is there, and the linger waits
    // for a scrape of the final values (none comes here: its whole 1 s) instead of returning at once
    java.util.concurrent.CountDownLatch inScrape = new java.util.concurrent.CountDownLatch(1);
    java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
    AtomicBoolean armed = new AtomicBoolean();
    java.util.function.Supplier<Map<String, Histogram>> held = () -> {
      if (armed.get()) {
        inScrape.countDown();
        try {
          release.await(20, TimeUnit.SECONDS);
        } catch (InterruptedException ex) {
          Thread.currentThread().interrupt();
        }
      }
      return latencies;
    };
    try (MetricsEndpoint e = MetricsEndpoint.start(props(MetricsProperties.PORT, Integer.toString(freePort()),
        MetricsProperties.LINGER_S, "1"), labels -> new RunMetrics(labels, counters, progress, new EventLoopStalls(),
            held, finished::get, () -> 1), finished::get)) {
      armed.set(true);
      java.util.concurrent.CompletableFuture<String> scraping = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
        try {
          return scrape(e, null);
        } catch (Exception ex) {
          throw new java.util.concurrent.CompletionException(ex);
        }
      });
      assertThat(inScrape.await(20, TimeUnit.SECONDS)).as("the scrape reached the values").isTrue();
      finished.set(true);
      long from = System.nanoTime();
      e.lingerForLastScrape();
      long waited = System.nanoTime() - from;
      armed.set(false);
      release.countDown();
      assertThat(value(scraping.get(20, TimeUnit.SECONDS), "largekv_client_finished")).isZero();
      assertThat(waited).isGreaterThanOrEqualTo(1_000_000_000L);
    }
  }

  @Test
  void everyYcsbMeasurementHasItsOwnOperationAndStatus() throws Exception {
    for (String name : new String[] {"READ", "READ-FAILED", "READ-NOT_FOUND", "READ-ERROR", "READ-MODIFY-WRITE",
        "UPDATE", "UPDATE-FAILED", "Intended-READ", "Intended-READ-FAILED"}) {
      Histogram h = new Histogram(3);
      h.recordValue(500);
      latencies.put(name, h);
    }
    assertThat(RunMetrics.operationAndStatus("READ-MODIFY-WRITE")).containsExactly("READ-MODIFY-WRITE", "ok");
    assertThat(RunMetrics.operationAndStatus("READ-NOT_FOUND")).containsExactly("READ", "not_found");
    try (MetricsEndpoint e = start(props(MetricsProperties.PORT, Integer.toString(freePort())))) {
      String page = scrape(e, null); // a clash of two names on one label set would fail the whole scrape
      assertThat(value(page, "largekv_latency_seconds_count", "operation=\"READ\"", "status=\"ok\"")).isEqualTo(1);
      assertThat(value(page, "largekv_latency_seconds_count", "operation=\"READ\"", "status=\"failed\"")).isEqualTo(1);
      assertThat(value(page, "largekv_latency_seconds_count", "operation=\"READ\"", "status=\"not_found\""))
          .isEqualTo(1);
      assertThat(value(page, "largekv_latency_seconds_count", "operation=\"READ-MODIFY-WRITE\"")).isEqualTo(1);
      assertThat(value(page, "largekv_intended_latency_seconds_count", "operation=\"READ\"", "status=\"failed\""))
          .isEqualTo(1);
    }
  }

  @Test
  void latencyBucketsAreOrderedAndPlaceABoundOnItsOwnBucket() {
    long[] b = RunMetrics.BOUNDS_US;
    for (int i = 1; i < b.length; i++) {
      assertThat(b[i]).isGreaterThan(b[i - 1]);
    }
    assertThat(b[0]).isEqualTo(100);
    assertThat(RunMetrics.bucket(100)).isZero();
    assertThat(RunMetrics.bucket(101)).isEqualTo(1);
    assertThat(RunMetrics.bucket(1)).isZero();
    assertThat(RunMetrics.bucket(Long.MAX_VALUE)).isEqualTo(b.length);
  }

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
