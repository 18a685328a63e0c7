package io.largekv.results;

import java.nio.file.Path;

/**
 * The files of a results directory, named once. Two layouts hold the same client directories:
 *
 * <pre>
 * bin/largekv compare --out DIR:           DIR/setup.json  DIR/TARGET/PHASE/rep-N/client-M/
 * bin/largekv run --out DIR, k8s, k8s local: DIR/PHASE/client-M/
 * </pre>
 *
 * and a client directory holds:
 *
 * <pre>
 * command.txt     the exact command (secrets redacted)
 * ycsb.txt        YCSB's output, with largekv's [LARGEKV] section ({@link ClientSummary})
 * stderr.txt      its status lines and largekv's
 * exit.txt        its exit status (absent: it was killed)
 * hdr/OP.hdr      HdrHistogram interval logs, one per operation type
 * timeline.csv    its seconds ({@link Timeline})
 * attempt-K/      an earlier attempt of a client run again (a load pod the Job replaced)
 * nb5.txt, nb5.hdr, client-summary.json   an nb5 client's output, log, and summary
 * </pre>
 *
 * A phase's run directory (PHASE/ or rep-N/) holds events.jsonl and nodes.jsonl; the results directory
 * the report (report.md, report.html, results.json, charts/).
 */
public final class ResultsLayout {

  public static final String CLIENT_PREFIX = "client-";
  public static final String REPEAT_PREFIX = "rep-";
  public static final String ATTEMPT_PREFIX = "attempt-";
  public static final String COMMAND = "command.txt";
  public static final String YCSB_OUTPUT = "ycsb.txt";
  public static final String STDERR = "stderr.txt";
  public static final String EXIT = "exit.txt";
  public static final String HDR = "hdr";
  public static final String TIMELINE = "timeline.csv";
  public static final String NB5_OUTPUT = "nb5.txt";
  public static final String NB5_LOG = "nb5.hdr";
  /** A Kubernetes nb5 pod's own lines (bin/largekv nb5-client's stdout). */
  public static final String NB5_CLIENT_LINES = "client.txt";
  /** A load client's checkpoint (bin/largekv run and compare keep it beside the client's files). */
  public static final String LOAD_CHECKPOINT = "load.checkpoint";
  /** An nb5 client's {@link ClientSummary}, as JSON. */
  public static final String CLIENT_SUMMARY = "client-summary.json";
  /** An nb5 client's summary in YCSB's form, as directories made before client-summary.json hold it. */
  public static final String NB5_SUMMARY_BEFORE = "nb5-summary.txt";
  /** A phase run's timed events, how each went: JSON Lines. */
  public static final String EVENTS = "events.jsonl";
  /** The same, as directories made before events.jsonl hold it (tab-separated). */
  public static final String EVENTS_BEFORE = "events.tsv";
  /** A local cluster's nodes at a phase run's end: JSON Lines. */
  public static final String NODES = "nodes.jsonl";
  /**
   * The log of a local node whose process ended on its own during a phase run, copied beside the
   * phase's raw output before the node's directory is removed: {@code cassandra-node<N>.log}.
   */
  public static String nodeLog(int node) {
    return "cassandra-node" + node + ".log";
  }
  /** The same, as directories made before nodes.jsonl hold it (tab-separated). */
  public static final String NODES_BEFORE = "nodes.tsv";
  /** The servers' samples of a phase run: one line per node and sample (docs/servers.md), JSON Lines. */
  public static final String SERVERS = "servers.jsonl";
  /** The same, as directories made before servers.jsonl hold it (tab-separated). */
  public static final String SERVERS_BEFORE = "servers.tsv";
  /** Whether the servers' data was moving, at each sample: JSON Lines. */
  public static final String SERVERS_BALANCE = "servers-balance.jsonl";
  /** The same, as directories made before servers-balance.jsonl hold it (tab-separated). */
  public static final String SERVERS_BALANCE_BEFORE = "servers-balance.tsv";
  /** Where the servers' samples came from, and the sampler's own cost: JSON Lines. */
  public static final String SERVERS_SOURCES = "servers-sources.jsonl";
  /** The same, as directories made before servers-sources.jsonl hold it ({@code key value} lines). */
  public static final String SERVERS_SOURCES_BEFORE = "servers-sources.tsv";
  /** A compare run's {@link RunSetup}, as JSON. */
  /** The run's YCSB clients' metrics endpoints as a Prometheus file-based service discovery file (--metrics-port). */
  public static final String METRICS_TARGETS = "prometheus-targets.json";
  public static final String SETUP = "setup.json";
  /** A compare run's setup as string keys, as directories made before setup.json hold it. */
  public static final String SETUP_BEFORE = "compare.properties";
  /** bin/largekv run's table. */
  public static final String RUN_SUMMARY = "summary.txt";
  public static final String REPORT_MD = "report.md";
  public static final String REPORT_HTML = "report.html";
  public static final String RESULTS_JSON = "results.json";
  public static final String CHARTS = "charts";

  private ResultsLayout() {}

  /** Client {@code index}'s directory in a phase's run directory. */
  public static Path client(Path run, int index) {
    return run.resolve(CLIENT_PREFIX + index);
  }

  /** Repeat {@code repeat} (from 1) of a compare run's phase directory. */
  public static Path repeat(Path phase, int repeat) {
    return phase.resolve(REPEAT_PREFIX + repeat);
  }

  /** Whether {@code name} names a client directory ({@code client-<index>}). */
  public static boolean isClient(String name) {
    return name.matches(CLIENT_PREFIX + "\\d{1,9}");
  }

  /** The index of a client directory's name, -1 when it is not one. */
  public static int clientIndex(String name) {
    return isClient(name) ? Integer.parseInt(name.substring(CLIENT_PREFIX.length())) : -1;
  }
}
