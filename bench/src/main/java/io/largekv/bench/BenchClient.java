package io.largekv.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** One of the compared clients: how to run a phase and how to read what it reported. */
interface BenchClient extends MeasuredProcess.ProgressParser {

  /** The keyspace of every client's table. */
  String KEYSPACE = "bench";

  /** What the client reported: operations that succeeded, throughput, p99, any problem. */
  record Report(long okOps, long failedOps, double opsPerSecond, double p99Ms, String problem) {}

  /** Short name shown in the table. */
  String name();

  /** The table this client writes and reads (keyspace {@code bench}). */
  String table();

  /**
   * The command line of one phase, run from the repository root.
   *
   * @param javaAgent a JVM option to add to a Java client (a profiler), or null
   */
  List<String> command(BenchPhase phase, Settings settings, String javaAgent);

  /** Parses the client's output of a phase (a new parser per run: progress is stateful). */
  Report report(BenchPhase phase, Path output, Settings settings) throws IOException;

  /** A fresh instance for the next run (progress parsing keeps state). */
  BenchClient fresh();

  /** Operation count, concurrency and the server, the same for every client; where output goes. */
  record Settings(long ops, int concurrency, String contactPoint, String localDatacenter, Path repo, Path results) {
  }
}
