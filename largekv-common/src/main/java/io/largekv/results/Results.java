package io.largekv.results;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a report says, as data: the document {@code results.json} holds beside every report.md (the
 * report's tables are rendered from it, so a cell and its value here never differ). Its schema is
 * {@code io/largekv/results/results.schema.json} in this module's resources ({@link #SCHEMA});
 * docs/results.md explains every field.
 *
 * <p>A figure that could not be measured is {@code null}, never 0: the cell's {@code status} and
 * {@code failure} say why. Latencies are milliseconds, throughputs successful operations per
 * second; both leave out the phase's warm-up ({@link RunSetup#warmUpSeconds}), latencies are the
 * HdrHistogram logs of every client and repeat merged (never averaged).
 *
 * @param formatVersion {@link #FORMAT_VERSION}: raised on any change a reader of an older version
 *     could misread
 * @param generatedBy the largekv release that wrote it
 * @param runs the results directories the report was made from: one, or several for a report across
 *     runs ({@code bin/largekv report DIR1 DIR2 ...})
 * @param columns the report's columns: a target, {@code TARGET/HARNESS}, and {@code COLUMN @ RUN}
 *     across runs
 * @param phases each phase's figures, in the order they ran
 * @param verdict whether these figures may be published
 */
public record Results(int formatVersion, String generatedBy, List<Run> runs, List<String> columns,
    List<Phase> phases, Verdict verdict) {

  /** The version of this document's format. */
  public static final int FORMAT_VERSION = 1;
  /** The schema's resource (class path). */
  public static final String SCHEMA = "/io/largekv/results/results.schema.json";

  /** The phase of this name; an IllegalArgumentException when there is none. */
  public Phase phase(String name) {
    return phases.stream().filter(p -> p.name().equals(name)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no phase " + name));
  }

  /**
   * One results directory.
   *
   * @param label its name in a report across runs (the directory's name)
   * @param directory where it is
   * @param setup how the run was made
   * @param servers each target's server, its version, the driver and the DDL, as its first client
   *     printed them, or why that is unavailable
   * @param setupRows the report's setup section, row by row, as it prints it
   */
  public record Run(String label, String directory, RunSetup setup, Map<String, String> servers,
      Map<String, String> setupRows) {}

  /** A client's exact command line. {@code repeat} and {@code client} count from 1 and 0. */
  public record Command(String column, String phase, int repeat, int client, String command) {}

  /**
   * One phase.
   *
   * @param publishedFigure the seeds' published figure for the workload, when it ran a full-scale one
   */
  public record Phase(String name, String publishedFigure, List<Cell> cells, List<Event> events,
      List<Node> nodes, List<Servers> servers) {}

  /**
   * The servers' side of one repeat of a phase on a column (docs/servers.md): what its servers held
   * and did, sampled through the phase.
   *
   * @param sources where the figures come from, each with its check at the start
   * @param intervalSeconds the seconds between samples asked for
   * @param samples the samples taken (each reads every source)
   * @param replicationFactor the keyspace's, null when not known; {@code replicationFactorFrom} says where from
   * @param samplerCpuSeconds the sampling thread's own CPU time, null when not measured
   * @param nodes each node's figures, in the order they were first seen
   * @param cluster the nodes' figures added up (a sum is unavailable when any node's is)
   * @param uncached the bound on the server's caches when the phase ran uncached (docs/uncached-reads.md),
   *     else null
   */
  public record Servers(String column, int repeat, List<String> sources, int intervalSeconds, int samples,
      Integer replicationFactor, String replicationFactorFrom, Double samplerCpuSeconds, List<ServerNode> nodes,
      ServerNode cluster, Uncached uncached) {

    /** The servers' side of a repeat on a column to fill by name; what is not set: null, 0, none (lists). */
    public static Builder builder(String column, int repeat) {
      return new Builder(column, repeat);
    }

    /** Builds {@link Servers} by name: each setter sets the component of the same name. */
    public static final class Builder {
      private final String column;
      private final int repeat;
      private List<String> sources = List.of();
      private int intervalSeconds;
      private int samples;
      private Integer replicationFactor;
      private String replicationFactorFrom;
      private Double samplerCpuSeconds;
      private List<ServerNode> nodes = List.of();
      private ServerNode cluster;
      private Uncached uncached;

      private Builder(String column, int repeat) {
        this.column = column;
        this.repeat = repeat;
      }

      public Builder sources(List<String> sources) {
        this.sources = sources;
        return this;
      }

      public Builder intervalSeconds(int intervalSeconds) {
        this.intervalSeconds = intervalSeconds;
        return this;
      }

      public Builder samples(int samples) {
        this.samples = samples;
        return this;
      }

      public Builder replicationFactor(Integer replicationFactor) {
        this.replicationFactor = replicationFactor;
        return this;
      }

      public Builder replicationFactorFrom(String replicationFactorFrom) {
        this.replicationFactorFrom = replicationFactorFrom;
        return this;
      }

      public Builder samplerCpuSeconds(Double samplerCpuSeconds) {
        this.samplerCpuSeconds = samplerCpuSeconds;
        return this;
      }

      public Builder nodes(List<ServerNode> nodes) {
        this.nodes = nodes;
        return this;
      }

      public Builder cluster(ServerNode cluster) {
        this.cluster = cluster;
        return this;
      }

      public Builder uncached(Uncached uncached) {
        this.uncached = uncached;
        return this;
      }

      public Servers build() {
        return new Servers(column, repeat, sources, intervalSeconds, samples, replicationFactor, replicationFactorFrom,
            samplerCpuSeconds, nodes, cluster, uncached);
      }
    }
  }

  /**
   * The caches of a server whose reads ran uncached: what it was allowed and what it held, against the
   * data it holds (the published run: a 7.5 GB block cache for about 360 GB a node, about 2 %).
   *
   * @param pageCacheLimitBytes the page cache the server was allowed
   * @param keyCacheBytes the server's own cache of index positions (Cassandra's key cache)
   * @param serverCaches the settings that decide its reads, as the server was given them
   * @param pageCacheBytes the most page cache it held at a sample
   * @param cacheToData (the most page cache held + the key cache) over the table's bytes on disk at the end
   */
  public record Uncached(long pageCacheLimitBytes, long keyCacheBytes, String serverCaches, Figure pageCacheBytes,
      Figure cacheToData) {}

  /**
   * One node's figures over a phase (or the cluster's): each a value with the samples it rests on, or
   * why it is unavailable.
   *
   * @param lastState the node's state at the last sample that said one (e.g. NORMAL), null when none did
   */
  public record ServerNode(String node, String lastState, Figure tableBytesStart, Figure tableBytesEnd,
      Figure growthBytesPerHour, Figure bytesPerStoredRow, Figure uncompressedBytesEnd, Figure memtableBytesEnd,
      Figure cpuPercent, Figure diskReadsPerSecond, Figure diskWritesPerSecond, Figure diskReadBytesPerSecond,
      Figure averageReadBytes, Figure diskReadsPerClientRead) {

    /** A node's figures ({@code node} "cluster": the cluster's) to set by name. */
    public static Builder builder(String node, String lastState) {
      return new Builder(node, lastState);
    }

    /**
     * Builds a {@link ServerNode} by name: each setter sets the figure of the same name, {@link #allFigures}
     * every one; {@link #build} refuses a figure not set (a figure is never null).
     */
    public static final class Builder {
      private final String node;
      private final String lastState;
      private Figure tableBytesStart;
      private Figure tableBytesEnd;
      private Figure growthBytesPerHour;
      private Figure bytesPerStoredRow;
      private Figure uncompressedBytesEnd;
      private Figure memtableBytesEnd;
      private Figure cpuPercent;
      private Figure diskReadsPerSecond;
      private Figure diskWritesPerSecond;
      private Figure diskReadBytesPerSecond;
      private Figure averageReadBytes;
      private Figure diskReadsPerClientRead;

      private Builder(String node, String lastState) {
        this.node = node;
        this.lastState = lastState;
      }

      /** Every figure {@code f}; a setter after it replaces one. */
      public Builder allFigures(Figure f) {
        return tableBytesStart(f).tableBytesEnd(f).growthBytesPerHour(f).bytesPerStoredRow(f).uncompressedBytesEnd(f)
            .memtableBytesEnd(f).cpuPercent(f).diskReadsPerSecond(f).diskWritesPerSecond(f).diskReadBytesPerSecond(f)
            .averageReadBytes(f).diskReadsPerClientRead(f);
      }

      public Builder tableBytesStart(Figure tableBytesStart) {
        this.tableBytesStart = tableBytesStart;
        return this;
      }

      public Builder tableBytesEnd(Figure tableBytesEnd) {
        this.tableBytesEnd = tableBytesEnd;
        return this;
      }

      public Builder growthBytesPerHour(Figure growthBytesPerHour) {
        this.growthBytesPerHour = growthBytesPerHour;
        return this;
      }

      public Builder bytesPerStoredRow(Figure bytesPerStoredRow) {
        this.bytesPerStoredRow = bytesPerStoredRow;
        return this;
      }

      public Builder uncompressedBytesEnd(Figure uncompressedBytesEnd) {
        this.uncompressedBytesEnd = uncompressedBytesEnd;
        return this;
      }

      public Builder memtableBytesEnd(Figure memtableBytesEnd) {
        this.memtableBytesEnd = memtableBytesEnd;
        return this;
      }

      public Builder cpuPercent(Figure cpuPercent) {
        this.cpuPercent = cpuPercent;
        return this;
      }

      public Builder diskReadsPerSecond(Figure diskReadsPerSecond) {
        this.diskReadsPerSecond = diskReadsPerSecond;
        return this;
      }

      public Builder diskWritesPerSecond(Figure diskWritesPerSecond) {
        this.diskWritesPerSecond = diskWritesPerSecond;
        return this;
      }

      public Builder diskReadBytesPerSecond(Figure diskReadBytesPerSecond) {
        this.diskReadBytesPerSecond = diskReadBytesPerSecond;
        return this;
      }

      public Builder averageReadBytes(Figure averageReadBytes) {
        this.averageReadBytes = averageReadBytes;
        return this;
      }

      public Builder diskReadsPerClientRead(Figure diskReadsPerClientRead) {
        this.diskReadsPerClientRead = diskReadsPerClientRead;
        return this;
      }

      public ServerNode build() {
        return new ServerNode(node, lastState,
            Objects.requireNonNull(tableBytesStart, "tableBytesStart"),
            Objects.requireNonNull(tableBytesEnd, "tableBytesEnd"),
            Objects.requireNonNull(growthBytesPerHour, "growthBytesPerHour"),
            Objects.requireNonNull(bytesPerStoredRow, "bytesPerStoredRow"),
            Objects.requireNonNull(uncompressedBytesEnd, "uncompressedBytesEnd"),
            Objects.requireNonNull(memtableBytesEnd, "memtableBytesEnd"),
            Objects.requireNonNull(cpuPercent, "cpuPercent"),
            Objects.requireNonNull(diskReadsPerSecond, "diskReadsPerSecond"),
            Objects.requireNonNull(diskWritesPerSecond, "diskWritesPerSecond"),
            Objects.requireNonNull(diskReadBytesPerSecond, "diskReadBytesPerSecond"),
            Objects.requireNonNull(averageReadBytes, "averageReadBytes"),
            Objects.requireNonNull(diskReadsPerClientRead, "diskReadsPerClientRead"));
      }
    }
  }

  /**
   * A figure of the servers' side: {@code value}, or null and {@code missing} says why (never 0 in
   * its place).
   *
   * @param missing why there is no value (null with a value): the renderers decide by its code and
   *     node; results.json holds its words only ({@link #unavailable}; read back, a figure without a
   *     value is {@link Reason.Code#UNMEASURED} and names no node)
   * @param samples the samples (a level) or intervals between samples (a rate) it rests on
   * @param of the samples or intervals there were
   */
  public record Figure(Double value, Reason missing, int samples, int of) {

    public Figure {
      if (value != null) {
        missing = null;
      } else {
        Objects.requireNonNull(missing, "missing");
      }
    }

    /** Why there is no value, in words; null with a value. */
    public String unavailable() {
      return missing == null ? null : missing.words();
    }

    public static Figure of(double value, int samples, int of) {
      return new Figure(value, null, samples, of);
    }

    public static Figure unavailable(String why, int of) {
      return unavailable(Reason.unmeasured(why), of);
    }

    /** A figure of no value for {@code why} (another figure's reason, kept as it is). */
    public static Figure unavailable(Reason why, int of) {
      return new Figure(null, why, 0, of);
    }

    /** A figure that is not one of this phase: {@code why} says whose it is. */
    public static Figure notOfThisPhase(String why, int of) {
      return new Figure(null, new Reason(Reason.Code.NOT_OF_THIS_PHASE, null, why), 0, of);
    }

    /** A node's figure that only the cluster has: {@code why} says so. */
    public static Figure clusterOnly(String why) {
      return new Figure(null, new Reason(Reason.Code.CLUSTER_ONLY, null, why), 0, 0);
    }

    /** A figure as results.json holds it: {@code unavailable} its reason's words. */
    public static Figure inWords(Double value, String unavailable, int samples, int of) {
      return new Figure(value, value == null ? Reason.unmeasured(unavailable) : null, samples, of);
    }
  }

  /**
   * One column of a phase: a target's repeats of the phase.
   *
   * @param run the label of the results directory it comes from
   * @param status {@code ok}, {@code FAILED} (the figures must not be published) or
   *     {@code not in this run} (a report across runs: this run did not have the phase)
   * @param failure why it failed, null when it did not
   * @param throughputVsFirst its mean throughput over the first column's, null when either has none
   * @param operation the main operation (READ, or the most frequent), null without operations
   * @param latency the main operation's latency, null without operations
   * @param operations successful operations after the warm-up, every type, every client and repeat,
   *     each counted once; this and the other counts are null in a column whose run did not have the phase
   * @param others the other operation types
   * @param errors operations that failed over the whole phase
   * @param errorClasses the failed operations by error class
   * @param verifiedOk rows read and found correct, whole phase
   * @param verificationFailures rows read corrupt or missing, whole phase
   * @param stalls the event-loop stalls the clients counted (added up, the longest of any), null when no
   *     client counts them
   * @param repeats each repeat of the phase
   * @param change across runs: this column against the same column in the first run that has it
   */
  public record Cell(String column, String run, String status, String failure, Throughput throughput,
      Double throughputVsFirst, String operation, Latency latency, Long operations, List<Other> others, Long errors,
      Map<String, Long> errorClasses, Long verifiedOk, Long verificationFailures, ClientSummary.Stalls stalls,
      List<Repeat> repeats, Change change) {

    public static final String OK = "ok";
    public static final String FAILED = "FAILED";
    public static final String NOT_IN_RUN = "not in this run";

    /** Whether its figures must not be published ({@link #FAILED}). */
    public boolean failed() {
      return FAILED.equals(status);
    }

    /** Whether its run had the phase (a report across runs: not {@link #NOT_IN_RUN}). */
    public boolean inRun() {
      return !NOT_IN_RUN.equals(status);
    }

    /** A column's cell of {@code status} to fill by name; what is not set: null, none (lists, maps). */
    public static Builder builder(String column, String run, String status) {
      return new Builder(column, run, status);
    }

    /** Builds a {@link Cell} by name: each setter sets the component of the same name. */
    public static final class Builder {
      private final String column;
      private final String run;
      private final String status;
      private String failure;
      private Throughput throughput;
      private Double throughputVsFirst;
      private String operation;
      private Latency latency;
      private Long operations;
      private List<Other> others = List.of();
      private Long errors;
      private Map<String, Long> errorClasses = Map.of();
      private Long verifiedOk;
      private Long verificationFailures;
      private ClientSummary.Stalls stalls;
      private List<Repeat> repeats = List.of();
      private Change change;

      private Builder(String column, String run, String status) {
        this.column = column;
        this.run = run;
        this.status = status;
      }

      public Builder failure(String failure) {
        this.failure = failure;
        return this;
      }

      public Builder throughput(Throughput throughput) {
        this.throughput = throughput;
        return this;
      }

      public Builder throughputVsFirst(Double throughputVsFirst) {
        this.throughputVsFirst = throughputVsFirst;
        return this;
      }

      public Builder operation(String operation) {
        this.operation = operation;
        return this;
      }

      public Builder latency(Latency latency) {
        this.latency = latency;
        return this;
      }

      public Builder operations(Long operations) {
        this.operations = operations;
        return this;
      }

      public Builder others(List<Other> others) {
        this.others = others;
        return this;
      }

      public Builder errors(Long errors) {
        this.errors = errors;
        return this;
      }

      public Builder errorClasses(Map<String, Long> errorClasses) {
        this.errorClasses = errorClasses;
        return this;
      }

      public Builder verifiedOk(Long verifiedOk) {
        this.verifiedOk = verifiedOk;
        return this;
      }

      public Builder verificationFailures(Long verificationFailures) {
        this.verificationFailures = verificationFailures;
        return this;
      }

      public Builder stalls(ClientSummary.Stalls stalls) {
        this.stalls = stalls;
        return this;
      }

      public Builder repeats(List<Repeat> repeats) {
        this.repeats = repeats;
        return this;
      }

      public Builder change(Change change) {
        this.change = change;
        return this;
      }

      public Cell build() {
        return new Cell(column, run, status, failure, throughput, throughputVsFirst, operation, latency, operations,
            others, errors, errorClasses, verifiedOk, verificationFailures, stalls, repeats, change);
      }
    }
  }

  /** A figure's window: {@link #AFTER_WARM_UP} or {@link #WHOLE_PHASE} (a load, or no warm-up asked). */
  public static final String AFTER_WARM_UP = "after the warm-up";
  public static final String WHOLE_PHASE = "whole phase";

  /**
   * Successful operations per second in {@code window}: the repeats' mean, lowest and highest.
   * Null figures: no repeat measured any.
   */
  public record Throughput(String unit, String window, Double mean, Double min, Double max, int repeats) {}

  /**
   * A latency distribution in ms.
   *
   * @param time {@code intended} (from the time the operation was due: a rate was set) or
   *     {@code service} (from the time it was sent)
   * @param window {@link #AFTER_WARM_UP} or {@link #WHOLE_PHASE}
   * @param count operations in it
   */
  public record Latency(String unit, String time, String window, long count, Double p50, Double p95, Double p99,
      Double p999, Double max) {

    /** {@code time}: from the time the operation was due (a rate was set). */
    public static final String INTENDED = "intended";
    /** {@code time}: from the time the operation was sent. */
    public static final String SERVICE = "service";

    /** Whether it counts from the time each operation was due ({@link #INTENDED}). */
    public boolean intendedTime() {
      return INTENDED.equals(time);
    }

    /** A distribution to fill by name; what is not set: null (percentiles), 0 (count). */
    public static Builder builder(String unit, String time, String window) {
      return new Builder(unit, time, window);
    }

    /** Builds a {@link Latency} by name: each setter sets the component of the same name. */
    public static final class Builder {
      private final String unit;
      private final String time;
      private final String window;
      private long count;
      private Double p50;
      private Double p95;
      private Double p99;
      private Double p999;
      private Double max;

      private Builder(String unit, String time, String window) {
        this.unit = unit;
        this.time = time;
        this.window = window;
      }

      public Builder count(long count) {
        this.count = count;
        return this;
      }

      public Builder p50(Double p50) {
        this.p50 = p50;
        return this;
      }

      public Builder p95(Double p95) {
        this.p95 = p95;
        return this;
      }

      public Builder p99(Double p99) {
        this.p99 = p99;
        return this;
      }

      public Builder p999(Double p999) {
        this.p999 = p999;
        return this;
      }

      public Builder max(Double max) {
        this.max = max;
        return this;
      }

      public Latency build() {
        return new Latency(unit, time, window, count, p50, p95, p99, p999, max);
      }
    }
  }

  /** Another operation type of the phase (e.g. the UPDATE of a read phase) and its latency. */
  public record Other(String operation, Latency latency) {}

  /**
   * One repeat of a phase on a column.
   *
   * @param repeat from 1
   * @param throughput its successful operations per second after the warm-up, null without any
   * @param measuredSeconds from the warm-up's end to its last operation, null without operations
   * @param clientThroughputs each client's own, client-0 first
   * @param clientMeasuredSeconds the seconds each client measured
   * @param exitCodes each client's exit status (-1: none written)
   * @param failureReasons each failed client's reason
   * @param missingClients clients its commands count but whose files are not there
   * @param clientProblems files that contradict the commands
   * @param reruns clients run again (a load pod replaced): how and with how many rows before
   */
  public record Repeat(int repeat, Double throughput, Double measuredSeconds, List<Double> clientThroughputs,
      List<Double> clientMeasuredSeconds, List<Integer> exitCodes, List<String> failureReasons,
      List<Integer> missingClients, List<String> clientProblems, List<String> reruns) {

    /** A repeat ({@code repeat} from 1) to fill by name; what is not set: null, none (lists). */
    public static Builder builder(int repeat) {
      return new Builder(repeat);
    }

    /** Builds a {@link Repeat} by name: each setter sets the component of the same name. */
    public static final class Builder {
      private final int repeat;
      private Double throughput;
      private Double measuredSeconds;
      private List<Double> clientThroughputs = List.of();
      private List<Double> clientMeasuredSeconds = List.of();
      private List<Integer> exitCodes = List.of();
      private List<String> failureReasons = List.of();
      private List<Integer> missingClients = List.of();
      private List<String> clientProblems = List.of();
      private List<String> reruns = List.of();

      private Builder(int repeat) {
        this.repeat = repeat;
      }

      public Builder throughput(Double throughput) {
        this.throughput = throughput;
        return this;
      }

      public Builder measuredSeconds(Double measuredSeconds) {
        this.measuredSeconds = measuredSeconds;
        return this;
      }

      public Builder clientThroughputs(List<Double> clientThroughputs) {
        this.clientThroughputs = clientThroughputs;
        return this;
      }

      public Builder clientMeasuredSeconds(List<Double> clientMeasuredSeconds) {
        this.clientMeasuredSeconds = clientMeasuredSeconds;
        return this;
      }

      public Builder exitCodes(List<Integer> exitCodes) {
        this.exitCodes = exitCodes;
        return this;
      }

      public Builder failureReasons(List<String> failureReasons) {
        this.failureReasons = failureReasons;
        return this;
      }

      public Builder missingClients(List<Integer> missingClients) {
        this.missingClients = missingClients;
        return this;
      }

      public Builder clientProblems(List<String> clientProblems) {
        this.clientProblems = clientProblems;
        return this;
      }

      public Builder reruns(List<String> reruns) {
        this.reruns = reruns;
        return this;
      }

      public Repeat build() {
        return new Repeat(repeat, throughput, measuredSeconds, clientThroughputs, clientMeasuredSeconds, exitCodes,
            failureReasons, missingClients, clientProblems, reruns);
      }
    }
  }

  /**
   * A column against the same column of an earlier run (a report across runs).
   *
   * @param against the column it is compared with
   * @param verdict {@code within the spread}, {@code changed}, or {@code unavailable}
   * @param ratio its mean throughput over the other's, null when unavailable
   * @param method how "within the spread" was decided
   * @param pValue the test's two-sided p-value, null for the repeats' ranges
   * @param reason why unavailable, null otherwise
   */
  public record Change(String against, String verdict, Double ratio, String method, Double pValue, String reason) {

    public static final String WITHIN = "within the spread";
    public static final String CHANGED = "changed";
    public static final String UNAVAILABLE = "unavailable";
  }

  /**
   * A timed event of a phase's repeat and what it did to the run (docs/comparison.md#events).
   *
   * @param startedAtSeconds seconds after the run's time zero, null when it did not run
   * @param impact null when it did not run
   */
  public record Event(String column, int repeat, String event, Double startedAtSeconds, Double tookSeconds,
      String result, String detail, Impact impact, Rebalance rebalance) {

    /** An event of a column's repeat to fill by name; what is not set: null. */
    public static Builder builder(String column, int repeat, String event) {
      return new Builder(column, repeat, event);
    }

    /** Builds an {@link Event} by name: each setter sets the component of the same name. */
    public static final class Builder {
      private final String column;
      private final int repeat;
      private final String event;
      private Double startedAtSeconds;
      private Double tookSeconds;
      private String result;
      private String detail;
      private Impact impact;
      private Rebalance rebalance;

      private Builder(String column, int repeat, String event) {
        this.column = column;
        this.repeat = repeat;
        this.event = event;
      }

      public Builder startedAtSeconds(Double startedAtSeconds) {
        this.startedAtSeconds = startedAtSeconds;
        return this;
      }

      public Builder tookSeconds(Double tookSeconds) {
        this.tookSeconds = tookSeconds;
        return this;
      }

      public Builder result(String result) {
        this.result = result;
        return this;
      }

      public Builder detail(String detail) {
        this.detail = detail;
        return this;
      }

      public Builder impact(Impact impact) {
        this.impact = impact;
        return this;
      }

      public Builder rebalance(Rebalance rebalance) {
        this.rebalance = rebalance;
        return this;
      }

      public Event build() {
        return new Event(column, repeat, event, startedAtSeconds, tookSeconds, result, detail, impact, rebalance);
      }
    }
  }

  /**
   * When the database said its data had settled after a node action (docs/servers.md#the-report).
   *
   * @param seconds from the action's start to the first sample from which the sources that can tell
   *     said nothing was moving; null when it is unavailable
   * @param precisionSeconds the sampling interval: the moment lies within it before the figure
   * @param missing why there is no figure (no source can tell, it had not settled when the phase
   *     ended, the database does not move data after such an action), null with a figure; results.json
   *     holds its words ({@link #unavailable})
   */
  public record Rebalance(Double seconds, Integer precisionSeconds, Reason missing) {

    /** Settled after {@code seconds}, sampled every {@code precisionSeconds}. */
    public static Rebalance after(double seconds, Integer precisionSeconds) {
      return new Rebalance(seconds, precisionSeconds, null);
    }

    /** No figure, for {@code why}. */
    public static Rebalance unavailable(Integer precisionSeconds, String why) {
      return new Rebalance(null, precisionSeconds, Reason.unmeasured(why));
    }

    /** Why there is no figure, in words; null with one. */
    public String unavailable() {
      return missing == null ? null : missing.words();
    }

    /** A figure as results.json holds it: {@code unavailable} its reason's words. */
    public static Rebalance inWords(Double seconds, Integer precisionSeconds, String unavailable) {
      return new Rebalance(seconds, precisionSeconds, unavailable == null ? null : Reason.unmeasured(unavailable));
    }
  }

  /**
   * What an event did, in the window from its start to 3 s after the recovery.
   *
   * @param beforeOpsPerSecond the median 1-second throughput of the 30 s before it, null without any
   * @param recoveredAfterSeconds null when it did not recover (or there was no "before")
   * @param p99Ms the main operation's p99 in the window, null without operations there
   */
  public record Impact(Double beforeOpsPerSecond, Double lowestOpsPerSecond, Integer recoveredAfterSeconds,
      int windowStartSecond, int windowEndSecond, long failed, Map<String, Long> failedByClass, Double p99Ms,
      long verificationFailures) {

    /** An event's impact to fill by name; what is not set: null, 0, none (the failures by class). */
    public static Builder builder() {
      return new Builder();
    }

    /** Builds an {@link Impact} by name: each setter sets the component of the same name. */
    public static final class Builder {
      private Double beforeOpsPerSecond;
      private Double lowestOpsPerSecond;
      private Integer recoveredAfterSeconds;
      private int windowStartSecond;
      private int windowEndSecond;
      private long failed;
      private Map<String, Long> failedByClass = Map.of();
      private Double p99Ms;
      private long verificationFailures;

      private Builder() {
      }

      public Builder beforeOpsPerSecond(Double beforeOpsPerSecond) {
        this.beforeOpsPerSecond = beforeOpsPerSecond;
        return this;
      }

      public Builder lowestOpsPerSecond(Double lowestOpsPerSecond) {
        this.lowestOpsPerSecond = lowestOpsPerSecond;
        return this;
      }

      public Builder recoveredAfterSeconds(Integer recoveredAfterSeconds) {
        this.recoveredAfterSeconds = recoveredAfterSeconds;
        return this;
      }

      public Builder windowStartSecond(int windowStartSecond) {
        this.windowStartSecond = windowStartSecond;
        return this;
      }

      public Builder windowEndSecond(int windowEndSecond) {
        this.windowEndSecond = windowEndSecond;
        return this;
      }

      public Builder failed(long failed) {
        this.failed = failed;
        return this;
      }

      public Builder failedByClass(Map<String, Long> failedByClass) {
        this.failedByClass = failedByClass;
        return this;
      }

      public Builder p99Ms(Double p99Ms) {
        this.p99Ms = p99Ms;
        return this;
      }

      public Builder verificationFailures(long verificationFailures) {
        this.verificationFailures = verificationFailures;
        return this;
      }

      public Impact build() {
        return new Impact(beforeOpsPerSecond, lowestOpsPerSecond, recoveredAfterSeconds, windowStartSecond,
            windowEndSecond, failed, failedByClass, p99Ms, verificationFailures);
      }
    }
  }

  /**
   * A node of a local cluster at the end of a repeat.
   *
   * @param lastStartedAtSeconds seconds after the run's time zero, null when the run has none
   * @param readsCoordinated since it last started, null when it was down
   */
  public record Node(String column, int repeat, int node, String address, String state, Double lastStartedAtSeconds,
      Long readsCoordinated, Long writesCoordinated) {}

  /**
   * Whether the figures may be published.
   *
   * @param ok no cell failed
   * @param failedCells "PHASE on COLUMN" of each failed cell
   */
  public record Verdict(boolean ok, List<String> failedCells) {}
}
