package io.largekv.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** One of the compared clients: how to run a phase and how to read what it reported. */
interface BenchClient extends MeasuredProcess.ProgressParser {

  /** The keyspace of every client's table. */
  String KEYSPACE = "bench";

  /**
   * What the client reported: operations that succeeded, throughput, p99, any problem; at a fixed
   * rate also its service-time percentiles and, for a client that measures them, its intended-time
   * ones (null when not measured).
   */
  record Report(long okOps, long failedOps, double opsPerSecond, double p99Ms, String problem, Latency service,
      Latency intended) {
    Report(long okOps, long failedOps, double opsPerSecond, double p99Ms, String problem) {
      this(okOps, failedOps, opsPerSecond, p99Ms, problem, null, null);
    }
  }

  /** p50, p99 and p99.9 in ms (NaN: not reported). */
  record Latency(double p50, double p99, double p999) {}

  /** Short name shown in the table. */
  String name();

  /** The table this client writes and reads (keyspace {@code bench}). */
  String table();

  /**
   * Whether this client can read the rows largekv's workload writes (the key format of
   * {@code KeyValueFormat}; a client that verifies, verifies them): the fixed-rate runs have every
   * such client read one table ({@link Settings#sharedTable}).
   */
  default boolean readsLargekvRows() {
    return false;
  }

  /**
   * Whether this client reads at {@link Settings#rate()} when one is set (YCSB's {@code -target},
   * latte's {@code -r}); one that does not is left out of {@code --rate}'s runs.
   */
  default boolean hasFixedRate() {
    return false;
  }

  /**
   * Seconds at the start of its run that the client leaves out of the figures it reports with
   * {@code settings} (its run that much longer: {@link Settings#warmUpOps()}); 0 when it reports
   * its whole run.
   */
  default long warmUpLeftOut(Settings settings) {
    return 0;
  }

  /**
   * The operations a run of {@code phase} with {@code settings} does in all: {@link Settings#ops()},
   * and a client that leaves a warm-up out of its figures reads that warm-up's too.
   */
  default long operationsRun(BenchPhase phase, Settings settings) {
    return settings.ops();
  }

  /** Whether this client writes largekv's rows into {@link #table()} (its workload is largekv's). */
  default boolean writesLargekvRows() {
    return false;
  }

  /**
   * The command line of one phase, run from the repository root.
   */
  List<String> command(BenchPhase phase, Settings settings);

  /** Parses the client's output of a phase (a new parser per run: progress is stateful). */
  Report report(BenchPhase phase, Path output, Settings settings) throws IOException;

  /** A fresh instance for the next run (progress parsing keeps state). */
  BenchClient fresh();

  /**
   * Operation count, concurrency and the server, the same for every client; where output goes; the
   * rows in the client's table (a read phase reads among them), the fixed rate of a run (ops/s, 0: as
   * fast as the client goes) and, at a fixed rate, the seconds a client that leaves its own warm-up
   * out of its figures runs before the {@code ops} it reports.
   */
  record Settings(long ops, int concurrency, String contactPoint, String localDatacenter, Path repo, Path results,
      long rows, double rate, String sharedTable, long warmUpSeconds) {
    /**
     * Settings to fill by name; what is not set: {@code ops} rows (one per operation), as fast as the
     * client goes, each client its own table, no warm-up.
     */
    static Builder builder() {
      return new Builder();
    }

    /** A builder holding these settings, to build them again with some replaced. */
    Builder toBuilder() {
      return builder().ops(ops).concurrency(concurrency).contactPoint(contactPoint).localDatacenter(localDatacenter)
          .repo(repo).results(results).rows(rows).rate(rate).sharedTable(sharedTable).warmUpSeconds(warmUpSeconds);
    }

    /** Builds {@link Settings} by name: each setter sets the component of the same name. */
    static final class Builder {
      private long ops;
      private int concurrency;
      private String contactPoint;
      private String localDatacenter;
      private Path repo;
      private Path results;
      private Long rows;
      private double rate;
      private String sharedTable;
      private long warmUpSeconds;

      private Builder() {}

      Builder ops(long ops) {
        this.ops = ops;
        return this;
      }

      Builder concurrency(int concurrency) {
        this.concurrency = concurrency;
        return this;
      }

      Builder contactPoint(String contactPoint) {
        this.contactPoint = contactPoint;
        return this;
      }

      Builder localDatacenter(String localDatacenter) {
        this.localDatacenter = localDatacenter;
        return this;
      }

      Builder repo(Path repo) {
        this.repo = repo;
        return this;
      }

      Builder results(Path results) {
        this.results = results;
        return this;
      }

      Builder rows(long rows) {
        this.rows = rows;
        return this;
      }

      Builder rate(double rate) {
        this.rate = rate;
        return this;
      }

      Builder sharedTable(String sharedTable) {
        this.sharedTable = sharedTable;
        return this;
      }

      Builder warmUpSeconds(long warmUpSeconds) {
        this.warmUpSeconds = warmUpSeconds;
        return this;
      }

      Settings build() {
        return new Settings(ops, concurrency, contactPoint, localDatacenter, repo, results, rows == null ? ops : rows,
            rate, sharedTable, warmUpSeconds);
      }
    }

    /**
     * {@code ops} reads at {@code rate} per second among the same rows; the clients that can read
     * largekv's rows read {@code sharedTable} (null: each its own table); a client that leaves its
     * warm-up out reads {@code warmUpSeconds} longer first ({@link #warmUpOps()}).
     */
    Settings atRate(long readOps, double perSecond, String sharedTable, long warmUpSeconds) {
      return toBuilder().ops(readOps).rate(perSecond).sharedTable(sharedTable).warmUpSeconds(warmUpSeconds).build();
    }

    /**
     * {@code k} times the operations, the same rows unless {@code rowsToo} (an insert phase writes a
     * row per operation): {@code bench/run --subtract}'s longer run.
     */
    Settings times(int k, boolean rowsToo) {
      return toBuilder().ops(ops * k).rows(rowsToo ? rows * k : rows).build();
    }

    /** The operations of the warm-up at the fixed rate, before the {@code ops} reported; 0 unthrottled. */
    long warmUpOps() {
      return rate > 0 ? Math.round(rate * warmUpSeconds) : 0;
    }

    /** The table {@code client} reads and writes with these settings. */
    String table(BenchClient client) {
      return sharedTable != null && client.readsLargekvRows() ? sharedTable : client.table();
    }
  }
}
