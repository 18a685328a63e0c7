package io.largekv.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code bench/run --scrape-metrics S}: scrapes a YCSB client's metrics endpoint (docs/metrics.md)
 * every {@code S} seconds while a measured run goes on, as Prometheus would, so that the table shows
 * what serving it costs the client. A scrape that fails (the client not listening yet, or already
 * gone) is counted apart, never retried.
 */
final class MetricsScraper implements AutoCloseable {

  private final Thread thread;
  private final AtomicLong scraped = new AtomicLong();
  private final AtomicLong failed = new AtomicLong();
  private volatile boolean stop;

  /** Starts scraping {@code http://127.0.0.1:PORT/metrics} every {@code seconds}. */
  MetricsScraper(int port, int seconds) {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
        .timeout(Duration.ofSeconds(5)).header("Accept", "application/openmetrics-text; version=1.0.0").build();
    thread = new Thread(() -> {
      while (!stop) {
        try {
          HttpResponse<Void> r = http.send(request, HttpResponse.BodyHandlers.discarding());
          (r.statusCode() == 200 ? scraped : failed).incrementAndGet();
        } catch (java.io.IOException e) {
          failed.incrementAndGet();
        } catch (InterruptedException e) {
          return;
        }
        try {
          Thread.sleep(seconds * 1000L);
        } catch (InterruptedException e) {
          return;
        }
      }
    }, "bench-metrics-scraper");
    thread.setDaemon(true);
    thread.start();
  }

  /** {@code scraped N times (M refused or not answered)}. */
  String summary() {
    return "scraped " + scraped.get() + " times (" + failed.get() + " not answered: before the client listened or"
        + " after it ended)";
  }

  long scraped() {
    return scraped.get();
  }

  @Override
  public void close() throws InterruptedException {
    stop = true;
    thread.interrupt();
    thread.join(10_000);
  }
}
