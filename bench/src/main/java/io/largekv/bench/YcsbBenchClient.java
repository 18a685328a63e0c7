package io.largekv.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import io.largekv.common.YcsbCommandLine;
import io.largekv.common.YcsbOutput;

/**
 * YCSB 0.17 through the repository's {@code bin/ycsb} with the {@code yugabyte-ycql} binding:
 * either largekv's workload or YCSB's stock CoreWorkload shaped to the same row (one 256-byte
 * field, key "user" + 46 digits = 50 bytes). Thread-per-operation: {@code threadcount} synchronous
 * threads are the concurrency. (The benchmark's client process, not largekv's YCSB client
 * {@code io.largekv.client.YcsbClient}, which {@code bin/ycsb} runs.)
 */
final class YcsbBenchClient implements BenchClient {

  private static final String LARGEKV_WORKLOAD = "workload=io.largekv.workload.LargeKeyValueWorkload";
  private static final String WARM_UP_TABLE = "kv_warmup";

  private final boolean async;
  private final String name;
  private final String table;
  private final List<String> workloadProperties;
  private final List<String> extraProperties;
  /** The {@code java} bin/ycsb runs (its JAVA variable); null: bin/ycsb's default. */
  private final Path java;

  private YcsbBenchClient(boolean async, String name, String table, List<String> workloadProperties,
      List<String> extraProperties, Path java) {
    this.async = async;
    this.name = name;
    this.table = table;
    this.workloadProperties = workloadProperties;
    this.extraProperties = extraProperties;
    this.java = java;
  }

  /**
   * largekv's YCSB path as a user gets it: {@code bin/ycsb} on the Java it picks (a 21+ when there is
   * one), LargeKeyValueWorkload (reads verified byte for byte), {@code largekv.client_threads} at its
   * default ({@code auto}: virtual threads on 21+).
   */
  static YcsbBenchClient largekv(List<String> extraProperties) {
    return new YcsbBenchClient(false, "largekv YCSB (default)", "kv_largekv", List.of(
        LARGEKV_WORKLOAD, "keylength=50", "valuelength=256",
        "verify=true", "largekv.checkpoint=none"), extraProperties, null);
  }

  /** largekv's YCSB path on YCSB's platform threads ({@code largekv.client_threads=platform}). */
  static YcsbBenchClient largekvPlatform(List<String> extraProperties) {
    return new YcsbBenchClient(false, "largekv YCSB platform", "kv_platform", List.of(
        LARGEKV_WORKLOAD, "keylength=50", "valuelength=256",
        "verify=true", "largekv.client_threads=platform", "largekv.checkpoint=none"), extraProperties, null);
  }

  /**
   * largekv's YCSB path with YCSB's client threads as virtual threads on the JDK's own scheduler
   * ({@code largekv.client_threads=virtual largekv.virtual_scheduler=jdk}) on {@code java21}, a Java
   * 21 or later: what the default path was before its virtual threads ran on the driver's I/O threads.
   */
  static YcsbBenchClient largekvJdkScheduler(List<String> extraProperties, Path java21) {
    return new YcsbBenchClient(false, "largekv YCSB JDK scheduler", "kv_jdk", List.of(
        LARGEKV_WORKLOAD, "keylength=50", "valuelength=256",
        "verify=true", "largekv.client_threads=virtual", "largekv.virtual_scheduler=jdk", "largekv.checkpoint=none"),
        extraProperties, java21);
  }

  /**
   * Not YCSB: the binding's driver session driven asynchronously from the driver's I/O thread
   * ({@code io.largekv.bench.AsyncDriverClient}), what the driver costs without thread-per-operation.
   */
  static YcsbBenchClient asyncDriver(List<String> extraProperties) {
    return new YcsbBenchClient(true, "Java driver async", "kv_async", List.of(), extraProperties, null);
  }

  /** Not measured: warms the server's write and read paths (JIT) before the first client. */
  static YcsbBenchClient warmUp() {
    return new YcsbBenchClient(false, "warm-up", WARM_UP_TABLE, List.of(
        LARGEKV_WORKLOAD, "verify=false", "largekv.checkpoint=none"), List.of(), null);
  }

  /** YCSB's own CoreWorkload with our binding: isolates the workload's cost. */
  static YcsbBenchClient core(List<String> extraProperties) {
    return new YcsbBenchClient(false, "YCSB CoreWorkload", "kv_core", List.of(
        "workload=site.ycsb.workloads.CoreWorkload", "fieldcount=1", "fieldlength=256", "zeropadding=46"),
        extraProperties, null);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String table() {
    return table;
  }

  /** YCSB's {@code -target}; the async client has no rate. */
  @Override
  public boolean hasFixedRate() {
    return !async;
  }

  /** At a fixed rate, the settings' warm-up ({@code largekv.warmup_s}); unthrottled, none. */
  @Override
  public long warmUpLeftOut(Settings settings) {
    return hasFixedRate() && settings.rate() > 0 ? settings.warmUpSeconds() : 0;
  }

  /** The reads of the warm-up this client adds to its run before the {@code ops} it reports. */
  private long warmUpOps(Settings settings) {
    return warmUpLeftOut(settings) > 0 ? settings.warmUpOps() : 0;
  }

  @Override
  public long operationsRun(BenchPhase phase, Settings settings) {
    return settings.ops() + (phase == BenchPhase.READ ? warmUpOps(settings) : 0);
  }

  @Override
  public boolean readsLargekvRows() {
    return writesLargekvRows();
  }

  /** largekv's workload, measured (not the warm-up's client, nor the async client's or CoreWorkload's rows). */
  @Override
  public boolean writesLargekvRows() {
    return !async && !table.equals(WARM_UP_TABLE) && workloadProperties.contains(LARGEKV_WORKLOAD);
  }

  @Override
  public BenchClient fresh() {
    return new YcsbBenchClient(async, name, table, workloadProperties, extraProperties, java);
  }

  @Override
  public List<String> command(BenchPhase phase, Settings s) {
    if (async) {
      return asyncCommand(phase, s);
    }
    List<String> cmd = new ArrayList<>();
    if (java != null) {
      cmd.add("/usr/bin/env");
      cmd.add("JAVA=" + java);
    }
    YcsbCommandLine ycsb = YcsbCommandLine.launcher(s.repo(), phase == BenchPhase.INSERT).status()
        .properties(workloadProperties)
        .property("hosts", s.contactPoint())
        .property("ycql.target", "cassandra")
        .property("ycql.localdc", s.localDatacenter())
        .property("ycql.replication_factor", 1)
        .property("ycql.keyspace", KEYSPACE)
        .property("ycql.table", s.table(this))
        .property("recordcount", s.rows())
        .property("threadcount", s.concurrency())
        .property("measurementtype", "hdrhistogram")
        .property("hdrhistogram.percentiles", "50,99,99.9")
        .property("status.interval", 1);
    if (s.rate() > 0) {
      // YCSB's -target, with the intended-time latency beside the service time; the client's warm-up
      // left out of its figures, the run that much longer, so that they cover as many seconds as latte's
      ycsb.property("target", String.format(Locale.ROOT, "%.0f", s.rate()))
          .property("measurement.interval", "both")
          .property("largekv.warmup_s", warmUpLeftOut(s));
    } else {
      // the efficiency table's p99 is the whole run's, as latte's
      ycsb.property("largekv.warmup_s", 0);
    }
    if (phase == BenchPhase.READ) {
      ycsb.property("operationcount", s.ops() + warmUpOps(s))
          .property("readproportion", 1).property("updateproportion", 0)
          .property("insertproportion", 0).property("scanproportion", 0).property("requestdistribution", "uniform");
    }
    cmd.addAll(ycsb.properties(extraProperties).arguments());
    return cmd;
  }

  private List<String> asyncCommand(BenchPhase phase, Settings s) {
    String cp = System.getProperty("java.class.path");
    List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx4g"));
    cmd.addAll(List.of("-cp", cp, "io.largekv.bench.AsyncDriverClient", phase.label, Long.toString(s.ops()),
        Integer.toString(s.concurrency())));
    cmd.addAll(List.of("hosts=" + s.contactPoint(), "ycql.target=cassandra", "ycql.localdc=" + s.localDatacenter(),
        "ycql.replication_factor=1", "ycql.keyspace=bench", "ycql.table=" + table));
    cmd.addAll(extraProperties);
    return cmd;
  }

  @Override
  public long opsSoFar(String line) {
    return YcsbOutput.operationsSoFar(line);
  }

  @Override
  public Report report(BenchPhase phase, Path output, Settings settings) throws IOException {
    String op = phase == BenchPhase.INSERT ? "INSERT" : "READ";
    YcsbOutput out = YcsbOutput.parse(Files.readString(output, StandardCharsets.UTF_8));
    long ok = out.returns(op, "OK");
    long failed = out.returnCodes(op).entrySet().stream().filter(e -> !e.getKey().equals("OK"))
        .mapToLong(Map.Entry::getValue).sum();
    long corrupt = out.returns("VERIFY", "CORRUPT");
    long missing = out.returns("VERIFY", "MISSING");
    // at a fixed rate every operation of the run, its warm-up's too, must have succeeded
    long ops = operationsRun(phase, settings);
    String problem = null;
    if (ok != ops || failed > 0) {
      problem = op + ": " + ok + " OK, " + failed + " not OK of " + ops;
    } else if (corrupt + missing > 0) {
      problem = "verification: " + corrupt + " corrupt, " + missing + " missing";
    }
    return new Report(ok, failed, out.ycsbThroughput(), out.percentileUs(op, "99") / 1000.0, problem,
        latency(out, op), latency(out, "Intended-" + op));
  }

  /** An operation's YCSB percentiles in ms; null when YCSB printed none. */
  private static Latency latency(YcsbOutput out, String op) {
    double p50 = out.percentileUs(op, "50") / 1000.0;
    double p99 = out.percentileUs(op, "99") / 1000.0;
    double p999 = out.percentileUs(op, "99.9") / 1000.0;
    return Double.isNaN(p99) ? null : new Latency(p50, p99, p999);
  }
}
