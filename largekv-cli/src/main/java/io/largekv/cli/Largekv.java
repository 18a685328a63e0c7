package io.largekv.cli;

import io.largekv.common.ExitStatus;
import io.largekv.common.UserError;
import io.largekv.harness.Installation;
import io.largekv.harness.nb5.Nb5PodClient;
import io.largekv.phase.Phase;
import java.io.PrintStream;

/**
 * {@code bin/largekv}: the benchmark's main job.
 *
 * <pre>
 *   bin/largekv run                       # embedded default: starts a local Cassandra, runs
 *                                         # load → uniform-read → latest-read, stops it
 *   bin/largekv run --hosts h1,h2 --target yugabyte --full-scale ...
 * </pre>
 */
public final class Largekv {

  static final String USAGE = String.join("\n",
      "Usage: bin/largekv run [options]",
      "       bin/largekv --version",
      "       bin/largekv check [options]   (before a long run: what each server has and whether a run would start;"
          + " see bin/largekv check --help)",
      "       bin/largekv compare [--target LABEL=HOSTS]... [options]   (see bin/largekv compare --help)",
      "       bin/largekv report DIR [--phases LIST]   (a compare run's directory, or a clients' results directory:",
      "                                   PHASE/client-<i>/; --phases: those that must be in it, FAILED when not run)",
      "       bin/largekv report DIR1 DIR2... [--out DIR]   (runs made apart, side by side, each column against the",
      "                                   first run's: docs/results.md#reports-across-runs; default results/report-<time>)",
      "       bin/largekv k8s render --phase PHASE --hosts H1,H2 --image IMAGE:TAG [options]   (see bin/largekv k8s --help)",
      "       bin/largekv k8s local --clients N [options]   (the pods' command as local processes, merged)",
      "       bin/largekv nb5-client --phase PHASE --dir DIR -P FILE -p ...   (an nb5 pod's client; --help)",
      "  Runs the phases load -> uniform-read -> latest-read through YCSB and the yugabyte-ycql binding.",
      "  With no --hosts it starts a local single-node Cassandra (127.0.0.1, free port), uses the",
      "  workloads/local-* files (1,000,000 rows), and stops the server afterwards.",
      "Options:",
      "  --hosts H1,H2[:PORT]   run against these servers instead of the local Cassandra",
      "  --target T             yugabyte | cassandra | scylla (default: cassandra locally, else yugabyte)",
      "  --localdc DC           local datacenter (Cassandra/Scylla; inferred when omitted)",
      "  --full-scale           the published benchmark's files (large30b, large30b-uniform-read, large30b-latest-read)",
      "  --phases LIST          comma-separated subset of: " + Phase.ACCEPTED + " (default: all)",
      "  --records N            rows to load and read (overrides recordcount)",
      "  --duration SECONDS     length of each read phase (overrides maxexecutiontime)",
      "  --threads N            YCSB client threads per phase (overrides threadcount)",
      "  --warmup SECONDS       left out of each read phase's figures at its start (default 5 locally, 10 with --hosts)",
      "  --out DIR              where raw YCSB output goes (default results/run-<time>): DIR/<phase>/client-0/...",
      "  --nodes N              a local cluster of N nodes on 127.0.0.1..N (default 1; RF 3 from 3 nodes on)",
      "  --uncached             read phases from disk: the local Cassandra may hold only --page-cache MIB (16) of",
      "                         page cache; disk reads per client read beside the published uncached run (Linux",
      "                         cgroup v1, root; phases load,uniform-read unless --phases; docs/uncached-reads.md)",
      "  --event PHASE@S:ACTION an event S seconds after the phase's first operation (repeatable): kill-node:N,",
      "                         stop-node:N, start-node:N, add-node, decommission-node:N (local cluster), exec:COMMAND",
      "  --harness ycsb|nb5     the client: YCSB with largekv's binding (default), or your own nb5 on",
      "                         yb_kv_large (found as bin/nb5 finds it; every read verified; docs/nosqlbench.md)",
      "  --server-samples S     seconds between the servers' samples: table size, CPU, disk (default 10; 0: none)",
      "  --metrics-port PORT    the YCSB client serves Prometheus metrics at 127.0.0.1:PORT, listed in",
      "                         OUT/prometheus-targets.json (docs/metrics.md)",
      "  --node-exporter PORT   also CPU and disk from node_exporter at PORT on each host (with --hosts)",
      "  --prometheus URL       also CPU and disk from your Prometheus' node_exporter series (with --hosts)",
      "  --yb-masters H[:P],..  YugabyteDB's masters (default: every host, port 7000); --yb-web-port P: the",
      "                         tablet servers' (9000); --scylla-metrics-port P: ScyllaDB's (9180); docs/servers.md",
      "  --yb-admin PATH        YugabyteDB's bin/yb-admin: whether its load balancer is idle, for the rebalance time",
      "  --plan                 print what each phase would do (key ranges, threads, mix, rows, bytes, duration at",
      "                         the published rate) and exit; nothing is started or connected",
      "  -p NAME=VALUE          any YCSB, workload or binding property, for every phase; with --harness nb5",
      "                         those nb5 can apply (recordcount, ycql.compaction, ...; others are refused)",
      "  -p nb5.NAME=VALUE      with --harness nb5: an nb5 or yb_kv_large parameter (e.g. nb5.driverconfig=FILE)",
      "Docs: README.md, docs/ycsb-binding.md, docs/ycsb-workload.md");

  private Largekv() {}

  public static void main(String[] args) throws Exception {
    // every line the command prints within the console's width, a library's too (LineWrappingStream);
    // bad input stays one line, whole
    PrintStream oneLine = System.err;
    PrintStream out = io.largekv.console.LineWrappingStream.around(new java.io.FileOutputStream(
        java.io.FileDescriptor.out));
    PrintStream err = io.largekv.console.LineWrappingStream.around(new java.io.FileOutputStream(
        java.io.FileDescriptor.err));
    System.setOut(out);
    System.setErr(err);
    int code;
    try {
      code = run(args, out, err);
    } catch (UserError e) {
      err.flush();
      oneLine.println("largekv: " + e.getMessage());
      code = ExitStatus.BAD_INPUT;
    } catch (java.io.IOException e) {
      // the local server did not start, a results directory cannot be written, ...
      err.println("largekv: " + e.getMessage());
      code = ExitStatus.ABORTED;
    }
    out.flush();
    err.flush();
    System.exit(code);
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h") || args[0].equals("help")) {
      out.println(USAGE);
      return args.length == 0 ? 2 : 0;
    }
    if (args[0].equals("--version") || args[0].equals("version")) {
      out.println(Installation.current().describe());
      return ExitStatus.OK;
    }
    if (args[0].equals("compare")) {
      return Compare.run(args, out, err);
    }
    if (args[0].equals("check")) {
      return Check.run(args, out, err);
    }
    if (args[0].equals("k8s")) {
      return K8sRender.run(args, out, err);
    }
    if (args[0].equals("nb5-client")) {
      Nb5PodClient.Options o = Nb5ClientOptions.parse(args);
      if (o == null) {
        out.println(Nb5PodClient.USAGE);
        return ExitStatus.OK;
      }
      return Nb5PodClient.run(o, BenchmarkRun.repo(), args, err);
    }
    if (args[0].equals("report")) {
      return ReportCommand.run(args, out, err);
    }
    if (!args[0].equals("run")) {
      throw new UserError("unknown command '" + args[0] + "'; accepted: run, check, compare, report, k8s, nb5-client (see bin/largekv --help)");
    }
    return RunCommand.run(args, out, err);
  }
}
