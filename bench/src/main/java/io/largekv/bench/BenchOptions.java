package io.largekv.bench;

import io.largekv.binding.YcqlConfig;
import io.largekv.client.YcsbClient;
import io.largekv.common.Counts;
import io.largekv.common.UserError;
import io.largekv.properties.PropertyValues;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code bench/run}'s command-line options, a picocli command ({@code bench/run --help} is generated
 * from their descriptions); every one has a default. Its whole numbers are checked as
 * {@code bin/largekv}'s are ({@link Counts}); bad input is one {@link UserError} line.
 */
@Command(name = "bench/run", abbreviateSynopsis = true, description = {
    "Client efficiency benchmark: largekv's YCSB path and the other clients against one local Cassandra (or"
        + " --hosts), same rows, same concurrency, same op count; one line per round, phase and client."},
    footer = {"The local server's GC log is kept as server-gc.log in the results; the fixed-rate table gives its"
        + " pauses during each run.", "Docs: docs/performance.md"})
final class BenchOptions {

  /** Every client bench/run knows; {@link #DEFAULT_CLIENTS} run unless --clients says otherwise. */
  static final List<String> CLIENTS = List.of("largekv", "platform", "jdk", "core", "async", "nb5", "nb5-unverified",
      "latte");
  static final List<String> DEFAULT_CLIENTS = List.of("largekv", "platform", "core", "async", "latte");

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help, nothing else")
  boolean helpAsked;

  /** Operations per client and phase; {@link #DEFAULT_OPS}, or {@link #DEFAULT_PAIRED_OPS} with {@link #paired}. */
  long ops = -1;
  /**
   * 3,000,000: a JVM client's steady window opens once its compiler threads are quiet, 20-30 s in on
   * 2 cores, and lasts to 90 % of its operations.
   */
  static final long DEFAULT_OPS = 3_000_000;
  /**
   * 6,000,000 with {@code --paired}: each client of a pair gets about half the server, so a run of
   * 3,000,000 gave a window half as long, and its rounds did not settle; 6,000,000 did, at 64 in
   * flight on the 2-core AMD EPYC (docs/performance.md#beside-latte).
   */
  static final long DEFAULT_PAIRED_OPS = 6_000_000;
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
  /** Each client at the same time as a latte run of its own, both figures over the same seconds ({@link PairedWindow}). */
  boolean paired;
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
  /**
   * latte's bound on a request, in ms: the Java clients' {@code ycql.request_timeout_ms} (the last
   * {@code -p} of it, as YCSB takes it), else the binding's default.
   */
  int requestTimeoutMs = YcqlConfig.DEFAULT_REQUEST_TIMEOUT_MS;
  /** Seconds between the servers' samples during every measured run (docs/servers.md); 0: none. */
  int serverSamples;
  /** Seconds between scrapes of a YCSB client's metrics endpoint during its runs (docs/metrics.md); 0: none. */
  int scrapeMetrics;
  /** The port the YCSB clients' endpoint listens on with {@link #scrapeMetrics}. */
  int metricsPort;
  Path repo = Paths.get(System.getProperty("largekv.repo.dir", ".")).toAbsolutePath().normalize();
  Path results;

  @Option(names = "--ops", paramLabel = "N", description = "operations per client and phase (default 3000000: a JVM client's"
      + " steady window opens once its compiler threads are quiet, 20-30 s in on 2 cores; 6000000 with --paired, where"
      + " each client gets half the server)")
  void ops(String v) throws UserError {
    ops = Counts.between("--ops", v, 1000, Integer.MAX_VALUE);
  }

  @Option(names = "--concurrency", paramLabel = "N", description = "operations in flight per client (default 32)")
  void concurrency(String v) throws UserError {
    concurrency = (int) Counts.between("--concurrency", v, 1, 4096);
  }

  @Option(names = "--rounds", paramLabel = "N", description = "rounds of every client (default 1)")
  void rounds(String v) throws UserError {
    rounds = (int) Counts.between("--rounds", v, 1, 1000);
  }

  @Option(names = "--clients", paramLabel = "LIST", description = "largekv,platform,core,async,latte (the default);"
      + " also: jdk, on --java21; nb5 and nb5-unverified: the nb5 bin/nb5 finds, NB5_JAR or nb5 on PATH")
  void clients(String v) throws UserError {
    List<String> list = List.of(v.split(","));
    for (String c : list) {
      if (!CLIENTS.contains(c)) {
        throw new UserError("--clients " + c + " is not accepted; accepted: " + String.join(", ", CLIENTS));
      }
    }
    clients = list;
  }

  @Option(names = "--hosts", paramLabel = "HOST:PORT", description = "an existing server (tables bench.kv_*);"
      + " default: start a local Cassandra")
  void hosts(String v) {
    hosts = v;
  }

  @Option(names = "--localdc", paramLabel = "DC", description = "the local datacenter (default datacenter1)")
  void localdc(String v) {
    localDatacenter = v;
  }

  @Option(names = "--server-heap", paramLabel = "SIZE", description = "the local server's heap (default 1g)")
  void serverHeap(String v) {
    serverHeap = v;
  }

  @Option(names = "--latte", paramLabel = "PATH", description = "latte (default: on PATH, in ~/.cargo/bin, or"
      + " LATTE)")
  void latte(String v) {
    latte = v;
  }

  @Option(names = "--java21", paramLabel = "HOME", description = "the 'jdk' client's Java 21+ (default:"
      + " LARGEKV_JAVA21_HOME or /usr/lib/jvm/*)")
  void java21(String v) {
    java21Home = v;
  }

  @Option(names = "--results", paramLabel = "DIR", description = "where every client's raw output goes (default"
      + " results/bench-<time>)")
  void results(String v) {
    results = Paths.get(v);
  }

  @Option(names = "--warm-up", paramLabel = "N", description = "operations per warm-up pass (default min(ops,"
      + " 500000)); passes repeat until the server's CPU per read stops falling (--hosts: the read rate stops rising);"
      + " 0: none")
  void warmUp(String v) throws UserError {
    warmUpOps = Counts.atLeast("--warm-up", v, 0);
  }

  @Option(names = "-p", paramLabel = "NAME=VALUE", description = "an extra property for the Java clients"
      + " (repeatable); ycql.request_timeout_ms is latte's --request-timeout too")
  void property(String v) {
    ycsbProperties.add(v);
  }

  @Option(names = "--counts", description = "perf stat of every client's steady window (from where its JVM's"
      + " compiler threads are quiet to 90 %% of its operations): CPU, context switches, futex calls, system calls per operation; per thread in <run>.perf")
  void counts(boolean on) {
    counts = on;
  }

  @Option(names = "--subtract", description = "each client's phase again with 3 x --ops; CPU per operation by"
      + " subtraction, (CPU(3N) - CPU(N)) / 2N of the whole processes, and the same without the JVM's compiler"
      + " threads, read from /proc at each run's last progress line")
  void subtract(boolean on) {
    subtract = on;
  }

  @Option(names = "--paired", description = "each client at the same time as a latte run of its own, against the"
      + " same server; both steady figures over the seconds where both were steady, so a slower moment of the machine"
      + " or the server slows both")
  void paired(boolean on) {
    paired = on;
  }

  @Option(names = "--profiler", paramLabel = "LIB", description = "async-profiler's library, attached to each Java"
      + " client in the --counts window: CPU samples in its first half, wall-clock samples in its second"
      + " (<run>.collapsed, <run>-wall.collapsed); bench/run --profile fetches it and passes it here")
  void profiler(String v) {
    profiler = v;
  }

  @Option(names = "--pin", paramLabel = "CLIENT_CPUS:SERVER_CPUS", description = "taskset lists, e.g. 0:1: clients"
      + " and the local server on separate cores")
  void pin(String v) throws UserError {
    if (!v.matches("[0-9,-]+:[0-9,-]+")) {
      throw new UserError("--pin " + v + " is not accepted; accepted: CLIENT_CPUS:SERVER_CPUS, e.g. 0:1");
    }
    pin = v;
  }

  @Option(names = "--rate", description = "after the rounds: every client's reads at 50 %% and 80 %% of latte's"
      + " read rate of the last round, p50/p99/p99.9 service time and YCSB's intended time, and CPU per read in the"
      + " steady window over latte's; needs latte; latte runs"
      + " first, and where it read less than 97 %% of the rate the other clients of that run read at latte's rate")
  void rate(boolean on) {
    rate = on;
  }

  @Option(names = "--rate-seconds", paramLabel = "N", description = "seconds of each fixed-rate run (default 60)")
  void rateSeconds(String v) throws UserError {
    rateSeconds = Counts.between("--rate-seconds", v, 10, 86_400);
  }

  @Option(names = "--rate-runs", paramLabel = "N", description = "runs of every client at each rate, alternating"
      + " (default 1); the table pairs each run with latte's of the same turn and gives each ratio and their median")
  void rateRuns(String v) throws UserError {
    rateRuns = (int) Counts.between("--rate-runs", v, 1, 100);
  }

  @Option(names = "--rate-warm-up", paramLabel = "S", description = "a YCSB client's fixed-rate run is S seconds"
      + " longer and leaves them out of its figures, largekv.warmup_s=S (default 120: the JVM's JIT, which on two"
      + " cores shared with the server still compiles for minutes)")
  void rateWarmUp(String v) throws UserError {
    rateWarmUpSeconds = Counts.between("--rate-warm-up", v, 0, 3600);
  }

  @Option(names = "--server-samples", paramLabel = "S", description = "the servers' side of docs/servers.md sampled"
      + " every S seconds during every measured run, as bin/largekv samples it (default 0: none)")
  void serverSamples(String v) throws UserError {
    serverSamples = (int) Counts.between("--server-samples", v, 0, 3600);
  }

  @Option(names = "--scrape-metrics", paramLabel = "S", description = "each YCSB client serves its metrics endpoint"
      + " (docs/metrics.md), scraped every S seconds during every measured run: what serving it costs (default 0:"
      + " no endpoint)")
  void scrapeMetrics(String v) throws UserError {
    scrapeMetrics = (int) Counts.between("--scrape-metrics", v, 0, 3600);
  }

  /** {@code bench/run}'s usage, generated from the options' descriptions. */
  static String usage() {
    return commandLine(new BenchOptions()).getUsageMessage();
  }

  private static CommandLine commandLine(BenchOptions o) {
    return new CommandLine(o).setOverwrittenOptionsAllowed(true).setAbbreviatedOptionsAllowed(false)
        .setPosixClusteredShortOptionsAllowed(false).setUnmatchedOptionsArePositionalParams(false)
        .setExpandAtFiles(false).setUsageHelpWidth(100);
  }

  /** Parses and checks {@code args}; what is refused is one {@link UserError} line naming the option. */
  static BenchOptions parse(String[] args) throws UserError {
    BenchOptions o = new BenchOptions();
    try {
      commandLine(o).parseArgs(args);
    } catch (ParameterException e) {
      for (Throwable t = e; t != null; t = t.getCause()) {
        if (t instanceof UserError u) {
          throw u;
        }
      }
      throw new UserError(e.getMessage() + "; see bench/run --help");
    }
    if (o.helpAsked) {
      return o;
    }
    if (o.subtract && (o.counts || o.profiler != null)) {
      throw new UserError("--subtract is not accepted with --counts or --profile: the probe's own cost"
          + " would be in the run of N and not in the run of 3N; accepted: --subtract alone, or --counts/--profile alone");
    }
    if (o.paired && (!o.clients.contains("latte") || o.clients.size() < 2)) {
      throw new UserError("--paired runs each client beside latte; accepted: --paired with latte and at least one"
          + " other client in --clients");
    }
    if (o.paired && (o.counts || o.profiler != null || o.subtract || o.serverSamples > 0 || o.rate)) {
      throw new UserError("--paired is not accepted with --counts, --profile, --subtract, --server-samples or --rate:"
          + " they measure one client alone; accepted: --paired with --rounds, --ops, --concurrency, --clients");
    }
    if (o.hosts != null && o.hosts.contains(",") && o.clients.stream().anyMatch(c -> c.startsWith("nb5"))) {
      throw new UserError("--hosts " + o.hosts + " is not accepted with the nb5 clients; accepted: "
          + "one HOST:PORT");
    }
    if (o.pin != null && o.hosts != null) {
      throw new UserError("--pin places the local server: it cannot be used with --hosts");
    }
    if (o.rate && !o.clients.contains("latte")) {
      throw new UserError("--rate runs each client at fractions of latte's read rate; accepted: --rate"
          + " with latte in --clients");
    }
    if (o.scrapeMetrics > 0) {
      List<String> ycsb = List.of("largekv", "platform", "jdk", "core");
      if (!ycsb.containsAll(o.clients)) {
        throw new UserError("--scrape-metrics: only largekv's YCSB clients serve metrics; accepted: it"
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
    Properties given = new Properties();
    o.ycsbProperties.forEach(p -> YcsbClient.setProperty(given, p));
    o.requestTimeoutMs = new PropertyValues(given).intRange(YcqlConfig.REQUEST_TIMEOUT_MS,
        YcqlConfig.DEFAULT_REQUEST_TIMEOUT_MS, 1, YcqlConfig.MAX_REQUEST_TIMEOUT_MS);
    if (o.ops < 0) {
      o.ops = o.paired ? DEFAULT_PAIRED_OPS : DEFAULT_OPS;
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
}
