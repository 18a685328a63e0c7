package io.largekv.bench;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import io.largekv.binding.SchemaStatements;
import io.largekv.binding.YcqlConfig;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.ExitStatus;
import io.largekv.common.JavaRuntimes;
import io.largekv.common.UserError;
import io.largekv.report.files.ServerSamplesFile;
import io.largekv.servers.ServerSampler;
import io.largekv.servers.ServerSide;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * {@code bench/run}: client efficiency of largekv's YCSB path against YCSB's CoreWorkload with the
 * same binding and against latte, on one Cassandra, the same rows (50-byte key, 256-byte value),
 * the same concurrency and the same operation count per client and phase. Prints, per phase and
 * client: throughput, p99, client CPU seconds per 1 000 operations (whole process, and steady
 * state), peak RSS, and each as a ratio to latte's figure in the same round.
 */
public final class ClientEfficiency {

  /** Every client bench/run knows; {@link #DEFAULT_CLIENTS} run unless --clients says otherwise. */
  static final List<String> CLIENTS = List.of("largekv", "platform", "jdk", "core", "async", "nb5", "nb5-unverified",
      "latte");
  static final List<String> DEFAULT_CLIENTS = List.of("largekv", "platform", "core", "async", "latte");

  private final Options options;
  private final PrintStream console = System.out;
  /** The Java 21+ the virtual-thread client runs on, when it runs. */
  private Path virtualJava;
  /** The nb5 release bin/nb5 runs, when an nb5 client runs. */
  private String nb5Version;

  private ClientEfficiency(Options options) {
    this.options = options;
  }

  /** Command-line options; every one has a default. */
  static final class Options {
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

    static Options parse(String[] args) {
      Options o = new Options();
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

  /** One client's measured phase. */
  record Run(int round, BenchPhase phase, String client, BenchClient.Report report, MeasuredProcess.Result process,
      long ops) {
    double cpuPerKiloOps() {
      return process.usage().cpuSeconds() * 1000.0 / ops;
    }

    Optional<Double> steadyCpuPerKiloOps() {
      return process.steadyCpuPerOp(ops).map(s -> s * 1000.0);
    }

    /** Throughput over the same window as {@link #steadyCpuPerKiloOps}, read at the client's progress lines. */
    Optional<Double> steadyOpsPerSecond() {
      return process.steadyOpsPerSecond(ops);
    }

    double serverCpuPerKiloOps() {
      return process.serverCpuSeconds() * 1000.0 / ops;
    }

    double contextSwitchesPerOp() {
      MeasuredProcess.Usage u = process.usage();
      return (u.voluntarySwitches() + u.involuntarySwitches()) / (double) ops;
    }
  }

  /**
   * A client's CPU per operation by subtraction, {@code --subtract}: (CPU(3N) − CPU(N)) / 2N of two whole
   * processes ({@code /usr/bin/time}), N = {@code --ops}: what the JVM's start, its JIT warm-up and the
   * connection cost is taken out of, as far as they end within the run of N. NaN when either run failed.
   * {@code jitN} and {@code jit3N}: the CPU of each run's JVM compiler threads up to its last progress
   * line ({@link CompilerThreads}), for the same figure without them: how much of it is the JIT still
   * compiling after the run of N's end.
   */
  record Subtracted(int round, BenchPhase phase, String client, double cpuN, double cpu3N, CompilerThreads.Cpu jitN,
      CompilerThreads.Cpu jit3N, long ops) {
    /** NaN when a run failed, or when the run of 3N did not cost more than the run of N (no usable figure). */
    double cpuPerOp() {
      return perOp(cpu3N - cpuN);
    }

    /** The same without the compiler threads' CPU; NaN also when theirs was not read. */
    double withoutJitPerOp() {
      return perOp((cpu3N - jit3N.seconds()) - (cpuN - jitN.seconds()));
    }

    private double perOp(double difference) {
      double v = difference / (2.0 * ops);
      return v > 0 ? v : Double.NaN;
    }

    static String render(List<Subtracted> all) {
      StringBuilder sb = new StringBuilder("\nBY SUBTRACTION (client CPU per operation = (CPU of a run of 3N − CPU of"
          + " the run of N) / 2N, whole processes, /usr/bin/time; a run of 3N inserts 3N rows, reads among the N;"
          + " 'without the JIT' leaves out each run's JVM compiler threads, /proc at its last progress line)\n");
      for (Subtracted x : all) {
        Subtracted latte = all.stream().filter(l -> l.round == x.round && l.phase == x.phase && l.client.equals("latte"))
            .findFirst().orElse(null);
        String ratio = latte == null || Double.isNaN(latte.cpuPerOp()) || Double.isNaN(x.cpuPerOp()) ? ""
            : String.format(Locale.ROOT, ", %.2f× latte", x.cpuPerOp() / latte.cpuPerOp());
        String jit = "";
        if (!Double.isNaN(x.cpuPerOp()) && !(x.jitN.seconds() == 0 && x.jit3N.seconds() == 0)) {
          String withoutRatio = latte == null || Double.isNaN(latte.withoutJitPerOp())
              || Double.isNaN(x.withoutJitPerOp()) ? ""
              : String.format(Locale.ROOT, ", %.2f× latte's", x.withoutJitPerOp() / latte.withoutJitPerOp());
          String why = x.jitN.unavailable() != null ? x.jitN.unavailable() + ", run of N"
              : x.jit3N.unavailable() != null ? x.jit3N.unavailable() + ", run of 3N" : null;
          jit = why != null ? "; without the JIT: unavailable (" + why + ")"
              : String.format(Locale.ROOT, "; compiler threads %.2f s and %.2f s; without the JIT %s%s", x.jitN.seconds(),
                  x.jit3N.seconds(), Double.isNaN(x.withoutJitPerOp())
                      ? "unavailable: the run of 3N cost no more than the run of N outside the compiler threads"
                      : String.format(Locale.ROOT, "%.2f µs", x.withoutJitPerOp() * 1e6), withoutRatio);
        }
        sb.append(String.format(Locale.ROOT, "round %d %s %s: %s (CPU %.2f s for N, %s for 3N)%s%s%n", x.round,
            x.phase.label, x.client, Double.isNaN(x.cpuPerOp()) ? (Double.isNaN(x.cpu3N - x.cpuN)
                ? "unavailable: a run failed" : "unavailable: the run of 3N cost no more than the run of N")
            : SteadyWindowProbe.figure("%.2f", x.cpuPerOp() * 1e6) + " µs", x.cpuN,
            SteadyWindowProbe.figure("%.2f", x.cpu3N) + (Double.isNaN(x.cpu3N) ? "" : " s"), ratio, jit));
      }
      return sb.toString();
    }
  }

  public static void main(String[] args) throws Exception {
    Options o;
    try {
      o = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("bench: " + e.getMessage());
      System.exit(2);
      return;
    }
    int status;
    try {
      status = new ClientEfficiency(o).run();
    } catch (WarmUpFailed e) {
      // the local server is stopped by then; nothing was measured
      System.err.println("bench: " + e.getMessage());
      status = 1;
    }
    System.exit(status);
  }

  /**
   * With {@code --server-samples}: the servers' side of the bench's server (its virtual tables, and
   * /proc for a local one), as bin/largekv samples it, to see what sampling costs the clients.
   */
  private ServerSide servers(LocalCassandra server, String contactPoint, List<BenchClient> clients) {
    if (options.serverSamples == 0) {
      return null;
    }
    java.util.Properties p = new java.util.Properties();
    p.setProperty("hosts", contactPoint);
    p.setProperty("ycql.target", "cassandra");
    p.setProperty("ycql.localdc", options.localDatacenter);
    p.setProperty("ycql.keyspace", BenchClient.KEYSPACE);
    p.setProperty("ycql.table", clients.get(0).table());
    return ServerSide.open(new ServerSide.Settings(options.serverSamples, null, null), server == null
        ? contactPoint : null, server, p, "bench", console);
  }

  /** The server's warm-up failed: no client is measured on a server that fails unmeasured reads. */
  static final class WarmUpFailed extends Exception {
    WarmUpFailed(String message) {
      super(message);
    }
  }

  private int run() throws Exception {
    Files.createDirectories(options.results);
    List<BenchClient> clients = new ArrayList<>();
    for (String c : options.clients) {
      switch (c) {
        case "largekv" -> clients.add(YcsbBenchClient.largekv(options.ycsbProperties));
        case "platform" -> clients.add(YcsbBenchClient.largekvPlatform(options.ycsbProperties));
        case "jdk" -> {
          Optional<Path> java21;
          try {
            java21 = options.java21Home != null
                ? JavaRuntimes.find(options.java21Home, "--java21", v -> v >= 21) : JavaRuntimes.java21OrLater();
          } catch (UserError e) {
            System.err.println("bench: " + e.getMessage());
            return ExitStatus.BAD_INPUT;
          }
          if (java21.isEmpty()) {
            console.println("bench: no Java 21+ found (--java21 HOME or " + JavaRuntimes.JAVA21_HOME_ENV
                + "): running without 'largekv YCSB JDK scheduler'");
          } else {
            virtualJava = java21.get();
            clients.add(YcsbBenchClient.largekvJdkScheduler(options.ycsbProperties, java21.get()));
          }
        }
        case "core" -> clients.add(YcsbBenchClient.core(options.ycsbProperties));
        case "async" -> clients.add(YcsbBenchClient.asyncDriver(options.ycsbProperties));
        case "nb5", "nb5-unverified" -> {
          if (nb5Version == null) {
            try {
              nb5Version = Nb5BenchClient.version(options.repo);
            } catch (IOException e) {
              System.err.println("bench: --clients " + c + ": no nb5 (bin/nb5 --version: " + e.getMessage() + ")");
              return ExitStatus.BAD_INPUT;
            }
          }
          clients.add(c.equals("nb5") ? Nb5BenchClient.verified(options.repo, nb5Version)
              : Nb5BenchClient.unverified(options.repo, nb5Version, options.results));
        }
        default -> {
          if (options.latte == null) {
            console.println("bench: latte not found (install: cargo install latte-cli, or --latte PATH): "
                + "running without the anchor, no ratios");
          } else {
            clients.add(new LatteClient(options.latte, options.repo.resolve("bench/latte/kv.rn")));
          }
        }
      }
    }
    console.println(BenchSetup.describe(options.latte, virtualJava, nb5Version));
    LocalCassandra server = null;
    String contactPoint = options.hosts;
    long serverPid = -1;
    if (contactPoint == null) {
      // the server's own pauses hold every client's requests alike: its GC log says when they were
      server = LocalCassandra.builder().heap(options.serverHeap)
          .jvmOption("-Xlog:gc:file=" + options.results.resolve(SERVER_GC_LOG) + ":time,uptime").start();
      contactPoint = server.contactPoint();
      serverPid = server.pid();
      options.localDatacenter = server.localDatacenter();
    }
    if (options.pin != null) {
      // every thread of the server now; threads it starts later inherit the affinity
      run(List.of("taskset", "-a", "-p", "-c", serverCpus(), Long.toString(serverPid)));
    }
    List<Run> runs = new ArrayList<>();
    ServerSide servers = null;
    List<Double> samplerCpu = new ArrayList<>();
    List<String> profiles = new ArrayList<>();
    List<Subtracted> subtracted = new ArrayList<>();
    List<RateRun> rateRuns = new ArrayList<>();
    int status = 0;
    try {
      createTables(contactPoint, clients);
      BenchClient.Settings settings = new BenchClient.Settings(options.ops, options.concurrency, contactPoint,
          options.localDatacenter, options.repo, options.results);
      console.printf("bench: %,d operations per client and phase, concurrency %d, server %s%s; raw output in %s%n",
          options.ops, options.concurrency, contactPoint, server == null ? ""
          : " (local Cassandra, heap " + options.serverHeap + (options.pin == null
              ? ", on the same cores as the clients)" : ", on CPU " + serverCpus() + ", clients on CPU " + clientCpus() + ")"),
          options.results);
      warmUp(settings, serverPid);
      servers = servers(server, contactPoint, clients);
      for (int round = 1; round <= options.rounds; round++) {
        // rotate the order each round so no client always runs first on a fresh server
        List<BenchClient> order = new ArrayList<>(clients);
        java.util.Collections.rotate(order, -(round - 1));
        for (BenchPhase phase : BenchPhase.values()) {
          for (BenchClient template : order) {
            BenchClient client = template.fresh();
            settle(serverPid);
            String label = "round " + round + " " + phase.label + " " + client.name();
            console.printf("bench: %s ...%n", label);
            Path out = options.results.resolve("r" + round + "-" + phase.label + "-"
                + client.table().replace("kv_", "") + ".txt");
            SteadyWindowProbe probe = options.profiler != null || options.counts
                ? new SteadyWindowProbe(out, options.profiler) : null;
            Path sampled = servers == null ? null : Files.createDirectories(out.resolveSibling(
                out.getFileName().toString().replace(".txt", "-servers")));
            ServerSampler sampler = servers == null ? null : new ServerSampler(servers, sampled, console, "bench: ");
            MeasuredProcess.Result r;
            MetricsScraper scraper = options.scrapeMetrics == 0 ? null
                : new MetricsScraper(options.metricsPort, options.scrapeMetrics);
            try {
              r = MeasuredProcess.run(pinned(client.command(phase, settings)), options.repo, out, client,
                  serverPid, console, label, probe, options.ops);
            } finally {
              if (probe != null) {
                probe.close();
              }
              if (sampler != null) {
                sampler.close();
              }
              if (scraper != null) {
                scraper.close();
                console.printf("bench: %s: metrics endpoint %s%n", label, scraper.summary());
                if (scraper.scraped() == 0) {
                  console.printf("bench: %s: the metrics endpoint was never scraped: its cost is not measured%n", label);
                  status = 1;
                }
              }
            }
            if (sampled != null) {
              String cpu = ServerSamplesFile.read(sampled).facts().getOrDefault(ServerSamplesFile.SAMPLER_CPU_SECONDS, "");
              samplerCpu.add(cpu.matches("[0-9.]+") ? Double.parseDouble(cpu) : Double.NaN);
            }
            BenchClient.Report report = client.report(phase, out, settings);
            boolean succeeded = !failed(label, r, report, out);
            if (probe != null) {
              String title = "round " + round + " " + phase.label + " " + client.name();
              List<MeasuredProcess.Sample> seen = r.samples();
              SteadyWindowProbe.Window w = probe.finish(seen.isEmpty() ? 0 : seen.get(seen.size() - 1).ops(),
                  seen.isEmpty() ? 0 : seen.get(seen.size() - 1).nanos(), succeeded);
              profiles.add(SteadyWindowProbe.render(title, w));
              if (Files.exists(probe.cpuProfile())) {
                profiles.add(ProfileBreakdown.read(probe.cpuProfile()).render("  CPU profile, " + SteadyWindowProbe.FROM
                    + "–" + SteadyWindowProbe.MIDDLE + " %", Double.NaN));
              }
              if (Files.exists(probe.wallProfile())) {
                profiles.add(ProfileBreakdown.read(probe.wallProfile()).render("  wall profile, "
                    + SteadyWindowProbe.MIDDLE + "–" + SteadyWindowProbe.TO + " %", Double.NaN));
              }
            }
            if (!succeeded) {
              status = 1;
            }
            runs.add(new Run(round, phase, client.name(), report, r, options.ops));
          }
        }
      }
      if (options.subtract) {
        status = Math.max(status, subtract(runs, clients, settings, serverPid, subtracted));
      }
      if (options.rate) {
        status = Math.max(status, fixedRates(runs, clients, settings, serverPid, rateRuns));
      }
    } finally {
      if (servers != null) {
        servers.close();
      }
      if (server != null) {
        server.close();
      }
    }
    String table = Table.render(runs, options);
    if (options.serverSamples > 0) {
      table += String.format(java.util.Locale.ROOT, "%nservers sampled every %d s during every measured run (its "
          + "virtual tables and /proc, from this process: the clients' CPU and the server's above include the "
          + "server's answers); the sampler's own CPU per run: %s s%n", options.serverSamples,
          samplerCpu.stream().map(c -> c.isNaN() ? "unavailable" : String.format(java.util.Locale.ROOT, "%.3f", c))
              .toList());
    }
    if (!subtracted.isEmpty()) {
      table += Subtracted.render(subtracted);
    }
    if (!rateRuns.isEmpty()) {
      table += "\n" + Table.renderRates(rateRuns, options);
    }
    if (!profiles.isEmpty()) {
      table += "\nSTEADY WINDOWS (perf stat of every thread" + (options.profiler == null ? "" : "; async-profiler's"
          + " CPU samples in the window's first half, wall-clock samples in its second: these runs carry the"
          + " profiler's own cost") + ")\n"
          + String.join("\n", profiles);
    }
    console.println();
    console.print(table);
    Files.writeString(options.results.resolve("summary.txt"), BenchSetup.describe(options.latte, virtualJava, nb5Version) + "\n" + table,
        StandardCharsets.UTF_8);
    return status;
  }

  /**
   * {@code --subtract}: after every round, each client's phases again with 3 × the operations (an
   * insert writes 3N rows, a read reads among the N), no probe on them; each set against the client's
   * N run of the last round, which had none either ({@code --subtract} refuses {@code --counts}).
   * Run after the rounds, so that no round's run shares the server with a 3N run's aftermath.
   */
  private int subtract(List<Run> runs, List<BenchClient> clients, BenchClient.Settings settings, long serverPid,
      List<Subtracted> subtracted) throws Exception {
    int status = 0;
    for (BenchPhase phase : BenchPhase.values()) {
      for (BenchClient template : clients) {
        Run n = null;
        for (Run run : runs) {
          if (run.round() == options.rounds && run.phase() == phase && run.client().equals(template.name())) {
            n = run;
          }
        }
        BenchClient thrice = template.fresh();
        BenchClient.Settings longer = settings.times(3, phase == BenchPhase.INSERT);
        settle(serverPid);
        String label = phase.label + " " + thrice.name() + " 3N";
        console.printf("bench: %s ...%n", label);
        Path out3 = options.results.resolve(phase.label + "-" + thrice.table().replace("kv_", "") + "-3n.txt");
        MeasuredProcess.Result r3 = MeasuredProcess.run(pinned(thrice.command(phase, longer)), options.repo,
            out3, thrice, serverPid, console, label);
        BenchClient.Report report3 = thrice.report(phase, out3, longer);
        boolean ok = n != null && n.process().exitCode() == 0 && n.report().problem() == null;
        if (failed(label, r3, report3, out3)) {
          status = 1;
          ok = false;
        }
        subtracted.add(new Subtracted(options.rounds, phase, thrice.name(),
            n == null ? Double.NaN : n.process().usage().cpuSeconds(), ok ? r3.usage().cpuSeconds() : Double.NaN,
            n == null ? CompilerThreads.Cpu.unavailable("no run of N") : n.process().jit(), r3.jit(), options.ops));
      }
    }
    return status;
  }

  /**
   * The rate the other clients of a fixed-rate run read at after latte's run at {@code rate}: latte's
   * own read rate, rounded, when it read less than {@link Table#LATTE_HELD_RATE} of {@code rate}
   * (its schedule slips when its requests in flight are all taken, and it does not make the ticks
   * up, while YCSB's threads catch up: at the rate asked they would read more than latte did, and
   * their p99 would be of a heavier load); else {@code rate}, also when latte's run failed.
   */
  static double sameLoad(double rate, BenchClient.Report latte, int latteExit) {
    if (latteExit != 0 || latte.problem() != null || latte.opsPerSecond() <= 0
        || latte.opsPerSecond() >= Table.LATTE_HELD_RATE * rate) {
      return rate;
    }
    return Math.rint(latte.opsPerSecond());
  }

  /** The local server's GC log in the results directory ({@code -Xlog:gc}, wall-clock times). */
  static final String SERVER_GC_LOG = "server-gc.log";

  /** The fractions of latte's unthrottled read rate that {@code --rate} runs every client at. */
  static final double[] RATE_FRACTIONS = {0.5, 0.8};

  /**
   * One client's reads at a fixed rate: the {@code run}-th (from 1) of {@code --rate-runs} at that
   * rate, with the local server's pauses while it ran.
   */
  record RateRun(double fraction, double rate, int run, String client, BenchClient.Report report, int exitCode,
      ServerPauses.Within serverPauses) {}

  /**
   * {@code --rate}: latte's read rate of the last round (as fast as it goes), then every client's
   * reads at {@link #RATE_FRACTIONS} of it, {@code --rate-seconds} each, latte first, {@code
   * --rate-runs} times at each rate with the clients alternating (what the server does in one minute
   * moves one run's p99 more than the clients differ: its pauses land in one client's run and not
   * the next's). Returns 1 when a run failed or latte's rate is unknown.
   */
  private int fixedRates(List<Run> runs, List<BenchClient> clients, BenchClient.Settings settings, long serverPid,
      List<RateRun> out) throws Exception {
    Optional<Run> latteRead = runs.stream().filter(r -> r.round() == options.rounds && r.phase() == BenchPhase.READ
        && r.client().equals(LatteClient.NAME) && r.report().problem() == null).findFirst();
    if (latteRead.isEmpty()) {
      console.println("bench: --rate: latte's read of the last round failed or did not run: no fixed-rate runs");
      return 1;
    }
    double latteRate = latteRead.get().report().opsPerSecond();
    int status = 0;
    List<BenchClient> order = new ArrayList<>();
    for (BenchClient c : clients) {
      if (c.hasFixedRate()) {
        order.add(c);
      } else {
        // its run would be unthrottled: a row of the fixed-rate table that is no fixed-rate figure
        console.printf("bench: --rate: %s has no fixed rate here; it is left out of the fixed-rate runs%n", c.name());
      }
    }
    order.sort(java.util.Comparator.comparing(c -> !c.name().equals(LatteClient.NAME)));
    // one table for every client that can read largekv's rows: the server's caches hold the rows
    // read last, so reading tables of their own favoured whichever client read its own last
    String shared = clients.stream().filter(BenchClient::writesLargekvRows).map(BenchClient::table).findFirst()
        .orElse(null);
    if (shared != null) {
      console.printf("bench: --rate: latte and largekv's YCSB clients read the same rows, %s.%s%n",
          BenchClient.KEYSPACE, shared);
    }
    Path serverGcLog = options.results.resolve(SERVER_GC_LOG);
    for (double fraction : RATE_FRACTIONS) {
      double rate = Math.rint(latteRate * fraction);
      BenchClient.Settings at = settings.atRate((long) (rate * options.rateSeconds), rate, shared,
          options.rateWarmUpSeconds);
      for (int run = 1; run <= options.rateRuns; run++) {
        BenchClient.Settings turn = at;
        for (BenchClient template : order) {
          BenchClient client = template.fresh();
          settle(serverPid);
          String label = String.format(Locale.ROOT, "%.0f %% rate (%,.0f reads/s) %s%s", fraction * 100, turn.rate(),
              client.name(), options.rateRuns == 1 ? "" : ", run " + run + " of " + options.rateRuns);
          console.printf("bench: %s ...%n", label);
          Path file = options.results.resolve(String.format(Locale.ROOT, "rate%.0f-%sread-%s.txt", fraction * 100,
              options.rateRuns == 1 ? "" : run + "-", client.table().replace("kv_", "")));
          MeasuredProcess.Result r = MeasuredProcess.run(pinned(client.command(BenchPhase.READ, turn)),
              options.repo, file, client, serverPid, console, label);
          BenchClient.Report report = client.report(BenchPhase.READ, file, turn);
          if (failed(label, r, report, file)) {
            status = 1;
          }
          // the pauses within the window the client's figures cover: after its warm-up when it leaves one out
          long leftOut = client.warmUpLeftOut(turn);
          Instant from = leftOut == 0 ? r.started()
              : r.firstOperationSeen().map(t -> t.plusSeconds(leftOut)).orElse(r.started());
          ServerPauses.Within pauses = serverPid > 0
              ? ServerPauses.read(serverGcLog).between(from, r.ended()) : ServerPauses.Within.UNKNOWN;
          if (pauses.known()) {
            console.printf("bench:   the server's pauses in the run's reported window: %s (%s)%n", pauses.render(),
                SERVER_GC_LOG);
          }
          out.add(new RateRun(fraction, turn.rate(), run, client.name(), report, r.exitCode(), pauses));
          if (client.name().equals(LatteClient.NAME)) {
            double held = sameLoad(rate, report, r.exitCode());
            if (held != rate) {
              console.printf("bench: --rate: latte read %,.0f of %,.0f reads/s (its schedule slipped); the other clients"
                  + " of this run read at %,.0f/s, the load latte read%n", report.opsPerSecond(), rate, held);
              turn = settings.atRate((long) (held * options.rateSeconds), held, shared, options.rateWarmUpSeconds);
            }
          }
        }
      }
    }
    return status;
  }

  /** Passes of the warm-up at the most: a server still warming up after them is said to be. */
  static final int MAX_WARM_UP_PASSES = 8;

  /**
   * Warms the server up (its JIT, memtables, caches) with unmeasured YCSB loads and reads of the same
   * row shape into its own table, pass after pass, until the server's CPU per read stops falling
   * (within 10 % of the pass before; with {@code --hosts}, where the server's CPU is not visible, until
   * the read rate stops rising): under the measured concurrency on a small machine the server's
   * JIT alone takes tens of seconds, and one short warm-up left the first measured client paying for
   * it (a 1.5× swing between clients that only changed places). The server's CPU per operation, not
   * the warm-up client's throughput, says when: each pass is a new client JVM with its own warm-up.
   */
  private void warmUp(BenchClient.Settings settings, long serverPid) throws Exception {
    if (options.warmUpOps == 0) {
      return;
    }
    BenchClient.Settings w = new BenchClient.Settings(options.warmUpOps, settings.concurrency(),
        settings.contactPoint(), settings.localDatacenter(), settings.repo(), settings.results());
    double previous = 0;
    for (int pass = 1; pass <= MAX_WARM_UP_PASSES; pass++) {
      double serverCpuPerRead = Double.NaN;
      double readRate = 0;
      for (BenchPhase phase : BenchPhase.values()) {
        BenchClient c = YcsbBenchClient.warmUp();
        console.printf("bench: warm-up pass %d %s (%,d operations, not measured) ...%n", pass, phase.label, w.ops());
        Path output = options.results.resolve("warm-up-" + pass + "-" + phase.label + ".txt");
        MeasuredProcess.Result run = MeasuredProcess.run(pinned(c.command(phase, w)), options.repo, output, c,
            serverPid, console, "warm-up " + phase.label);
        BenchClient.Report r = c.report(phase, output, w);
        if (r.problem() != null) {
          throw new WarmUpFailed("the warm-up " + phase.label + " failed: " + r.problem() + " (see " + output
              + "); nothing was measured");
        }
        serverCpuPerRead = run.serverCpuSeconds() / w.ops();
        readRate = r.opsPerSecond();
      }
      // the server's CPU per read when it is ours to watch; with --hosts, the inverse of the read rate
      boolean serverKnown = !Double.isNaN(serverCpuPerRead);
      double cost = serverKnown ? serverCpuPerRead : 1 / readRate;
      console.printf("bench: warm-up pass %d: %s%s%n", pass, serverKnown
          ? String.format("the server's CPU %.3f s per 1 000 reads", serverCpuPerRead * 1000)
          : String.format("%,.0f reads/s (the server's CPU is not visible with --hosts)", readRate),
          pass == 1 ? "" : String.format(" (cost per read %+.0f %% on the pass before)", 100 * (cost / previous - 1)));
      if (pass > 1 && cost > previous * 0.90) {
        return;
      }
      previous = cost;
    }
    console.printf("bench: the server's cost per read was still falling after %d warm-up passes: the first client of"
        + " the first round may pay for it (compare its rounds)%n", MAX_WARM_UP_PASSES);
  }

  private String clientCpus() {
    return options.pin.substring(0, options.pin.indexOf(':'));
  }

  private String serverCpus() {
    return options.pin.substring(options.pin.indexOf(':') + 1);
  }

  /** The client's command, on the client cores when {@code --pin} is given. */
  private List<String> pinned(List<String> command) {
    if (options.pin == null) {
      return command;
    }
    List<String> c = new ArrayList<>(List.of("taskset", "-c", clientCpus()));
    c.addAll(command);
    return c;
  }

  private static void run(List<String> command) throws IOException, InterruptedException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.waitFor() != 0) {
      throw new IOException(String.join(" ", command) + " failed: " + out);
    }
  }

  /** The binding's own DDL for Cassandra ({@link SchemaStatements}), one table per client. */
  private void createTables(String contactPoint, List<BenchClient> clients) {
    int colon = contactPoint.lastIndexOf(':');
    try (CqlSession s = CqlSession.builder()
        .addContactPoint(new InetSocketAddress(contactPoint.substring(0, colon),
            Integer.parseInt(contactPoint.substring(colon + 1))))
        .withLocalDatacenter(options.localDatacenter)
        .withConfigLoader(DriverConfigLoader.programmaticBuilder()
            .withString(DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS, "DefaultLoadBalancingPolicy")
            .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(60))
            .build())
        .build()) {
      for (BenchClient c : clients) {
        // the binding's own DDL for Cassandra, the same for every client's table
        Properties p = new Properties();
        p.setProperty(YcqlConfig.TARGET, "cassandra");
        p.setProperty(YcqlConfig.KEYSPACE, BenchClient.KEYSPACE);
        p.setProperty(YcqlConfig.TABLE, c.table());
        p.setProperty(YcqlConfig.REPLICATION_FACTOR, "1");
        p.setProperty(YcqlConfig.LOCAL_DC, options.localDatacenter);
        YcqlConfig config = YcqlConfig.from(p);
        s.execute(SchemaStatements.createKeyspace(config, options.localDatacenter));
        s.execute(SchemaStatements.createTable(config));
      }
    }
  }

  /**
   * A client's run failed (its exit status, or a problem its report found): says so in one line
   * naming the run's output.
   */
  private boolean failed(String label, MeasuredProcess.Result r, BenchClient.Report report, Path output) {
    if (r.exitCode() == 0 && report.problem() == null) {
      return false;
    }
    console.printf("bench: %s: exit %d%s (see %s)%n", label, r.exitCode(),
        report.problem() == null ? "" : ", " + report.problem(), output);
    return true;
  }

  /**
   * Waits until the server is quiet (under 0.2 cores over a second, at most 30 s), so a client
   * does not pay for the previous one's flushes and compactions; says so when it was not.
   */
  private void settle(long serverPid) throws InterruptedException {
    if (serverPid <= 0) {
      Thread.sleep(2000);
      return;
    }
    long deadline = System.nanoTime() + 30_000_000_000L;
    double cores = Double.NaN;
    while (System.nanoTime() < deadline) {
      double before = ProcessCpu.seconds(serverPid);
      Thread.sleep(1000);
      cores = ProcessCpu.seconds(serverPid) - before;
      if (Double.isNaN(cores)) {
        console.printf("bench: the server's CPU could not be read (process %d gone?)%n", serverPid);
        return;
      }
      if (cores < 0.2) {
        return;
      }
    }
    console.printf(Locale.ROOT, "bench: the server still used %.2f cores after 30 s of waiting; the next client"
        + " shares the machine with its flushes and compactions%n", cores);
  }

  static String fmt(String pattern, Object... args) {
    return String.format(Locale.ROOT, pattern, args);
  }
}
