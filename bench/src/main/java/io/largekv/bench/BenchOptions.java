package io.largekv.bench;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** {@code bench/run}'s command-line options ({@code bench/run --help}); every one has a default. */
final class BenchOptions {

  /** Every client bench/run knows; {@link #DEFAULT_CLIENTS} run unless --clients says otherwise. */
  static final List<String> CLIENTS = List.of("largekv", "platform", "jdk", "core", "async", "nb5", "nb5-unverified",
      "latte");
  static final List<String> DEFAULT_CLIENTS = List.of("largekv", "platform", "core", "async", "latte");

  long ops = 1_000_000;
  int concurrency = 32;
  int rounds = 1;
  List<String> clients = DEFAULT_CLIENTS;
  String hosts;
  String localDatacenter = "datacenter1";
  String latte;
  /** The Java 21+ home of the {@code virtual} client (default: JavaRuntimes.java21OrLater()). */
  String java21Home;
  String serverHeap = "1g";
  long warmUpOps = -1;
  String profiler;
  /** perf stat's counts of each client's steady window (implied by {@link #profiler}). */
  boolean counts;
  /** Each client's phase run again with 3 × {@link #ops}: CPU per operation by subtraction ({@link Subtracted}). */
  boolean subtract;
  /** "CLIENT_CPUS:SERVER_CPUS" (taskset lists), e.g. "0:1": clients and server on separate cores. */
  String pin;
  /** After the rounds: each client's reads at fixed fractions of latte's unthrottled read rate. */
  boolean rate;
  /** Seconds of each fixed-rate run. */
  long rateSeconds = 60;
  /** Fixed-rate runs of every client at each rate, the clients alternating. */
  int rateRuns = 1;
  /**
   * Seconds at the start of a YCSB client's fixed-rate run left out of its figures
   * ({@code largekv.warmup_s}), its run that much longer, so that its figures cover
   * {@link #rateSeconds} as latte's do. 120: on two cores shared with the local server the JIT
   * still used 1.6-5.8 s of CPU in the minute after a 30-s warm-up, 1.1-1.3 s after a 120-s one
   * (docs/performance.md).
   */
  long rateWarmUpSeconds = 120;
  List<String> ycsbProperties = new ArrayList<>();
  /** Seconds between the servers' samples during every measured run (docs/servers.md); 0: none. */
  int serverSamples;
  /** Seconds between scrapes of a YCSB client's metrics endpoint during its runs (docs/metrics.md); 0: none. */
  int scrapeMetrics;
  /** The port the YCSB clients' endpoint listens on with {@link #scrapeMetrics}. */
  int metricsPort;
  Path repo = Paths.get(System.getProperty("largekv.repo.dir", ".")).toAbsolutePath().normalize();
  Path results;

  static BenchOptions parse(String[] args) {
    BenchOptions o = new BenchOptions();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      String v = i + 1 < args.length ? args[i + 1] : null;
      if (a.equals("--rate")) {
        o.rate = true;
        continue;
      }
      switch (a) {
        case "--ops" -> o.ops = Long.parseLong(need(a, v));
        case "--concurrency" -> o.concurrency = Integer.parseInt(need(a, v));
        case "--rounds" -> o.rounds = Integer.parseInt(need(a, v));
        case "--clients" -> o.clients = List.of(need(a, v).split(","));
        case "--hosts" -> o.hosts = need(a, v);
        case "--localdc" -> o.localDatacenter = need(a, v);
        case "--latte" -> o.latte = need(a, v);
        case "--java21" -> o.java21Home = need(a, v);
        case "--server-heap" -> o.serverHeap = need(a, v);
        case "--warm-up" -> o.warmUpOps = Long.parseLong(need(a, v));
        case "--profiler" -> o.profiler = need(a, v);
        case "--subtract" -> {
          o.subtract = true;
          continue;
        }
        case "--counts" -> {
          o.counts = true;
          continue;
        }
        case "--pin" -> o.pin = need(a, v);
        case "--rate-seconds" -> o.rateSeconds = Long.parseLong(need(a, v));
        case "--server-samples" -> o.serverSamples = Integer.parseInt(need(a, v));
        case "--scrape-metrics" -> o.scrapeMetrics = Integer.parseInt(need(a, v));
        case "--rate-runs" -> o.rateRuns = Integer.parseInt(need(a, v));
        case "--rate-warm-up" -> o.rateWarmUpSeconds = Long.parseLong(need(a, v));
        case "-p" -> o.ycsbProperties.add(need(a, v));
        case "--results" -> o.results = Paths.get(need(a, v));
        default -> throw new IllegalArgumentException("unknown option " + a + "; see bench/run --help");
      }
      i++;
    }
    if (o.ops < 1000 || o.ops > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("--ops " + o.ops + " is not accepted; accepted: 1000 .. 2147483647");
    }
    if (o.concurrency < 1 || o.concurrency > 4096) {
      throw new IllegalArgumentException("--concurrency " + o.concurrency + " is not accepted; accepted: 1 .. 4096");
    }
    if (o.subtract && (o.counts || o.profiler != null)) {
      throw new IllegalArgumentException("--subtract is not accepted with --counts or --profile: the probe's own cost"
          + " would be in the run of N and not in the run of 3N; accepted: --subtract alone, or --counts/--profile alone");
    }
    for (String c : o.clients) {
      if (!CLIENTS.contains(c)) {
        throw new IllegalArgumentException("--clients " + c + " is not accepted; accepted: " + String.join(", ", CLIENTS));
      }
    }
    if (o.pin != null && !o.pin.matches("[0-9,-]+:[0-9,-]+")) {
      throw new IllegalArgumentException("--pin " + o.pin + " is not accepted; accepted: CLIENT_CPUS:SERVER_CPUS, e.g. 0:1");
    }
    if (o.hosts != null && o.hosts.contains(",") && o.clients.stream().anyMatch(c -> c.startsWith("nb5"))) {
      throw new IllegalArgumentException("--hosts " + o.hosts + " is not accepted with the nb5 clients; accepted: "
          + "one HOST:PORT");
    }
    if (o.pin != null && o.hosts != null) {
      throw new IllegalArgumentException("--pin places the local server: it cannot be used with --hosts");
    }
    if (o.rate && !o.clients.contains("latte")) {
      throw new IllegalArgumentException("--rate runs each client at fractions of latte's read rate; accepted: --rate"
          + " with latte in --clients");
    }
    if (o.rateSeconds < 10 || o.rateSeconds > 86_400) {
      throw new IllegalArgumentException("--rate-seconds " + o.rateSeconds + " is not accepted; accepted: 10 .. 86400");
    }
    if (o.serverSamples < 0 || o.serverSamples > 3600) {
      throw new IllegalArgumentException("--server-samples " + o.serverSamples + " is not accepted; accepted: 0 "
          + ".. 3600 (seconds between the servers' samples; 0: none)");
    }
    if (o.scrapeMetrics < 0 || o.scrapeMetrics > 3600) {
      throw new IllegalArgumentException("--scrape-metrics " + o.scrapeMetrics + " is not accepted; accepted: 0 .. 3600"
          + " (seconds between scrapes of the YCSB clients' metrics endpoint; 0: no endpoint)");
    }
    if (o.scrapeMetrics > 0) {
      List<String> ycsb = List.of("largekv", "platform", "jdk", "core");
      if (!ycsb.containsAll(o.clients)) {
        throw new IllegalArgumentException("--scrape-metrics: only largekv's YCSB clients serve metrics; accepted: it"
            + " with --clients among " + String.join(", ", ycsb));
      }
      try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
        o.metricsPort = free.getLocalPort();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
      o.ycsbProperties.add(io.largekv.common.MetricsProperties.PORT + "=" + o.metricsPort);
      o.ycsbProperties.add(io.largekv.common.MetricsProperties.LINGER_S + "=0");
    }
    if (o.rateRuns < 1 || o.rateRuns > 100) {
      throw new IllegalArgumentException("--rate-runs " + o.rateRuns + " is not accepted; accepted: 1 .. 100");
    }
    if (o.rateWarmUpSeconds < 0 || o.rateWarmUpSeconds > 3600) {
      throw new IllegalArgumentException("--rate-warm-up " + o.rateWarmUpSeconds + " is not accepted; accepted: 0 .. 3600");
    }
    if (o.warmUpOps < 0) {
      o.warmUpOps = Math.min(o.ops, 500_000);
    }
    if (o.results == null) {
      o.results = o.repo.resolve("results").resolve("bench-"
          + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    }
    return o;
  }

  private static String need(String option, String value) {
    if (value == null) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return value;
  }
}
