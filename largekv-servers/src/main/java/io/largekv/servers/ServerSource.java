package io.largekv.servers;

import io.largekv.report.files.ServerFigure;
import java.io.IOException;
import java.util.List;
import java.util.Set;

/**
 * Where the servers' figures of one target come from (docs/servers.md): a database's own view
 * (Cassandra's virtual tables, YugabyteDB's master and tablet servers, ScyllaDB's Prometheus
 * endpoint), the machines' (node_exporter, a Prometheus server, this machine's /proc for the local
 * Cassandra). A {@link ServerSampler} reads every source of a target at each sample, on its own
 * thread, never on a client's.
 */
public interface ServerSource extends AutoCloseable {

  /** What it is and where, for lines and the report: e.g. {@code node_exporter at 10.0.0.5:9100}. */
  String describe();

  /** The figures it gives, for every node it reads. */
  Set<ServerFigure> figures();

  /**
   * Reads it once to see that it answers, before any DDL of the run.
   *
   * @throws IOException naming what was tried and what happened
   */
  void check() throws IOException;

  /**
   * One reading per node it knows of. A node it could not read has a reading whose figures say why;
   * an {@link IOException} means the whole source failed this time (every node's figures of this
   * source are then unavailable for the sample, with its message).
   */
  List<NodeReading> read() throws IOException;

  /**
   * Whether the data is settled (no node joining or leaving, nothing streaming or moving), for the
   * rebalance time after a node action; {@link Balance#unknown} from a source that cannot tell (the
   * machines' sources).
   */
  default Balance balance() throws IOException {
    return Balance.unknown(describe() + " does not say whether data is moving");
  }

  /**
   * {@link #read} and {@link #balance} of one moment, as the {@link ServerSampler} takes them at each
   * sample: a failing {@link #read} is {@link SourceSample#failed} with its message, a failing
   * {@link #balance} is {@link Balance#unknown} naming the source and the message. A source that
   * reads the same pages for both reads them once here.
   */
  default SourceSample sample() {
    List<NodeReading> readings = null;
    String failed = null;
    try {
      readings = read();
    } catch (IOException | RuntimeException e) {
      failed = String.valueOf(e.getMessage());
    }
    Balance balance;
    try {
      balance = balance();
    } catch (IOException | RuntimeException e) {
      balance = Balance.unknown(describe() + ": " + e.getMessage());
    }
    return new SourceSample(readings, failed, balance);
  }

  /**
   * What the source found wrong but not failing in its {@link #check}, one line each, said once at
   * the start (e.g. hosts of {@code --hosts} the database's own list does not name).
   */
  default List<String> warnings() {
    return List.of();
  }

  /** Whether {@link #balance} can say anything: a database's view can, a machine's cannot. */
  default boolean tellsBalance() {
    return false;
  }

  @Override
  default void close() {}
}
