package io.largekv.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * YCSB 0.17 through the repository's {@code bin/ycsb} with the {@code yugabyte-ycql} binding:
 * either largekv's workload or YCSB's stock CoreWorkload shaped to the same row (one 256-byte
 * field, key "user" + 46 digits = 50 bytes). Thread-per-operation: {@code threadcount} synchronous
 * threads are the concurrency.
 */
final class YcsbClient implements BenchClient {

  private static final Pattern STATUS = Pattern.compile(" \\d+ sec: (\\d+) operations;");

  private final boolean async;
  private final String name;
  private final String table;
  private final List<String> workloadProperties;
  private final List<String> extraProperties;
  /** The {@code java} bin/ycsb runs (its JAVA variable); null: bin/ycsb's default. */
  private final Path java;

  private YcsbClient(boolean async, String name, String table, List<String> workloadProperties,
      List<String> extraProperties, Path java) {
    this.async = async;
    this.name = name;
    this.table = table;
    this.workloadProperties = workloadProperties;
    this.extraProperties = extraProperties;
    this.java = java;
  }

  /** largekv's YCSB path: LargeKeyValueWorkload (reads verified byte for byte), YCSB's platform threads. */
  static YcsbClient largekv(List<String> extraProperties) {
    return new YcsbClient(false, "largekv YCSB", "kv_largekv", List.of(
        "workload=io.largekv.workload.LargeKeyValueWorkload", "keylength=50", "valuelength=256",
        "verify=true", "largekv.client_threads=platform", "largekv.checkpoint=none"), extraProperties, null);
  }

  /**
   * largekv's YCSB path with YCSB's client threads as virtual threads
   * ({@code largekv.client_threads=virtual}) on {@code java21}, a Java 21 or later.
   */
  static YcsbClient largekvVirtual(List<String> extraProperties, Path java21) {
    return new YcsbClient(false, "largekv YCSB virtual", "kv_virtual", List.of(
        "workload=io.largekv.workload.LargeKeyValueWorkload", "keylength=50", "valuelength=256",
        "verify=true", "largekv.client_threads=virtual", "largekv.checkpoint=none"), extraProperties, java21);
  }

  /**
   * Not YCSB: the binding's driver session driven asynchronously from the driver's I/O thread
   * ({@code io.largekv.ycsb.AsyncDriverClient}), what the driver costs without thread-per-operation.
   */
  static YcsbClient asyncDriver(List<String> extraProperties) {
    return new YcsbClient(true, "Java driver async", "kv_async", List.of(), extraProperties, null);
  }

  /** Not measured: warms the server's write and read paths (JIT) before the first client. */
  static YcsbClient warmUp() {
    return new YcsbClient(false, "warm-up", "kv_warmup", List.of(
        "workload=io.largekv.workload.LargeKeyValueWorkload", "verify=false", "largekv.checkpoint=none"), List.of(), null);
  }

  /** YCSB's own CoreWorkload with our binding: isolates the workload's cost. */
  static YcsbClient core(List<String> extraProperties) {
    return new YcsbClient(false, "YCSB CoreWorkload", "kv_core", List.of(
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

  @Override
  public BenchClient fresh() {
    return new YcsbClient(async, name, table, workloadProperties, extraProperties, java);
  }

  @Override
  public List<String> command(Phase phase, Settings s, String javaAgent) {
    if (async) {
      return asyncCommand(phase, s, javaAgent);
    }
    List<String> cmd = new ArrayList<>();
    if (javaAgent != null || java != null) {
      cmd.add("/usr/bin/env");
    }
    if (java != null) {
      cmd.add("JAVA=" + java);
    }
    if (javaAgent != null) {
      // bin/ycsb's JVM options (its default -Xmx4g, and the agent)
      cmd.add("JAVA_OPTS=-Xmx4g " + javaAgent);
    }
    cmd.addAll(List.of(s.repo().resolve("bin/ycsb").toString(),
        phase == Phase.INSERT ? "load" : "run", "yugabyte-ycql", "-s"));
    List<String> p = new ArrayList<>(workloadProperties);
    p.addAll(List.of(
        "hosts=" + s.contactPoint(),
        "ycql.target=cassandra",
        "ycql.localdc=" + s.localDatacenter(),
        "ycql.replication_factor=1",
        "ycql.keyspace=bench",
        "ycql.table=" + table,
        "recordcount=" + s.ops(),
        "threadcount=" + s.concurrency(),
        "measurementtype=hdrhistogram",
        "hdrhistogram.percentiles=50,99",
        "status.interval=1"));
    if (phase == Phase.READ) {
      p.addAll(List.of("operationcount=" + s.ops(), "readproportion=1", "updateproportion=0",
          "insertproportion=0", "scanproportion=0", "requestdistribution=uniform"));
    }
    p.addAll(extraProperties);
    for (String prop : p) {
      cmd.add("-p");
      cmd.add(prop);
    }
    return cmd;
  }

  private List<String> asyncCommand(Phase phase, Settings s, String javaAgent) {
    String cp = System.getProperty("java.class.path");
    List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xmx4g"));
    if (javaAgent != null) {
      cmd.add(javaAgent);
    }
    cmd.addAll(List.of("-cp", cp, "io.largekv.ycsb.AsyncDriverClient", phase.label, Long.toString(s.ops()),
        Integer.toString(s.concurrency())));
    cmd.addAll(List.of("hosts=" + s.contactPoint(), "ycql.target=cassandra", "ycql.localdc=" + s.localDatacenter(),
        "ycql.replication_factor=1", "ycql.keyspace=bench", "ycql.table=" + table));
    cmd.addAll(extraProperties);
    return cmd;
  }

  @Override
  public long opsSoFar(String line) {
    Matcher m = STATUS.matcher(line);
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  @Override
  public Report report(Phase phase, Path output, Settings settings) throws IOException {
    String op = phase == Phase.INSERT ? "INSERT" : "READ";
    long ok = 0;
    long failed = 0;
    double throughput = Double.NaN;
    double p99us = Double.NaN;
    long corrupt = 0;
    long missing = 0;
    for (String line : Files.readAllLines(output, StandardCharsets.UTF_8)) {
      String[] f = line.split(",\\s*");
      if (f.length != 3) {
        continue;
      }
      if (f[0].equals("[OVERALL]") && f[1].equals("Throughput(ops/sec)")) {
        throughput = Double.parseDouble(f[2]);
      } else if (f[0].equals("[" + op + "]")) {
        if (f[1].equals("99thPercentileLatency(us)")) {
          p99us = Double.parseDouble(f[2]);
        } else if (f[1].equals("Return=OK")) {
          ok = Long.parseLong(f[2]);
        } else if (f[1].startsWith("Return=")) {
          failed += Long.parseLong(f[2]);
        }
      } else if (f[0].equals("[VERIFY]") && f[1].equals("Return=CORRUPT")) {
        corrupt = Long.parseLong(f[2]);
      } else if (f[0].equals("[VERIFY]") && f[1].equals("Return=MISSING")) {
        missing = Long.parseLong(f[2]);
      }
    }
    String problem = null;
    if (ok != settings.ops() || failed > 0) {
      problem = op + ": " + ok + " OK, " + failed + " not OK of " + settings.ops();
    } else if (corrupt + missing > 0) {
      problem = "verification: " + corrupt + " corrupt, " + missing + " missing";
    }
    return new Report(ok, failed, throughput, p99us / 1000.0, problem);
  }
}
