package io.largekv.cli;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.ExitStatus;
import io.largekv.common.Secrets;
import io.largekv.common.UserError;
import io.largekv.common.YcsbCommandLine;
import io.largekv.report.Report;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * {@code bin/largekv compare}: the same phases, workload files, thread counts, durations and
 * client settings against every target, raw YCSB output and HdrHistogram interval logs kept per
 * target / phase / repeat / client, then {@link Report} renders report.html and report.md.
 */
public final class Compare {

  static final String USAGE = String.join("\n",
      "Usage: bin/largekv compare [--target LABEL=HOSTS]... [options]",
      "       bin/largekv report DIR",
      "  Runs the same phases against every target and writes DIR/report.html, DIR/report.md,",
      "  DIR/charts/*.svg from the raw data kept in DIR. With no --target it compares two local",
      "  Cassandra servers (SizeTiered+LZ4 vs Leveled, uncompressed) that it starts and stops itself.",
      "Options:",
      "  --target LABEL=H1,H2[:PORT]  a database; LABEL starts with yugabyte, cassandra or scylla (its",
      "                               dialect), e.g. --target cassandra-lcs=10.0.0.5 ; repeatable",
      "  --target-prop LABEL:NAME=VALUE  a property for one target only (e.g. cassandra-lcs:ycql.compaction=LeveledCompactionStrategy)",
      "  --localdc DC                 local datacenter for Cassandra/Scylla targets",
      "  --phases LIST                subset of: " + Phase.ACCEPTED + " (default: all)",
      "  --records N                  rows (default: the workload file's; 100000 for the local demo)",
      "  --duration SECONDS           length of each read phase (default: the file's; 30 for the demo)",
      "  --threads N                  threads per client process (default: the file's; 16 for the demo)",
      "  --clients N                  client processes per phase, sharded with client.index/client.count (default 1)",
      "  --rate OPS                   target ops/s per phase (all clients); latency is then also",
      "                               reported as intended time (coordinated-omission corrected)",
      "  --warmup SECONDS             left out of the summary at the start of each read phase (default 10, demo 5)",
      "  --repeat N                   runs of each phase per target (default 1); the report shows the spread",
      "  --out DIR                    output directory (default results/compare-<time>)",
      "  -p NAME=VALUE                a property for every target and phase");

  private Compare() {}

  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    Options o = Options.parse(args);
    Path repo = Paths.get(System.getProperty("largekv.repo.dir", ".")).toAbsolutePath().normalize();
    Path dir = o.out != null ? o.out : repo.resolve("results").resolve("compare-"
        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT)));
    Files.createDirectories(dir);
    Properties setup = new Properties();
    setup.setProperty("started", Instant.now().toString());
    setup.setProperty("phases", String.join(",", o.phases.stream().map(p -> p.name).toList()));
    setup.setProperty("targets", String.join(",", o.targets.stream().map(t -> t.label).toList()));
    setup.setProperty("repeat", Integer.toString(o.repeat));
    setup.setProperty("clients", Integer.toString(o.clients));
    setup.setProperty("warmup", Long.toString(o.warmup));
    setup.setProperty("records", o.records == null ? "(workload file)" : Long.toString(o.records));
    setup.setProperty("duration", o.duration == null ? "(workload file)" : o.duration + " s");
    setup.setProperty("threads", o.threads == null ? "(workload file)" : Integer.toString(o.threads));
    setup.setProperty("rate", o.rate == null ? "unthrottled" : o.rate + " ops/s");
    setup.setProperty("workloads", o.localDemo ? "local" : "full-scale");
    setup.setProperty("command", Secrets.redact("bin/largekv " + String.join(" ", args)));
    setup.setProperty("common.properties", Secrets.redact(String.join(" ", o.common)));
    setup.setProperty("workload.files", String.join(", ", o.phases.stream()
        .map(p -> "workloads/" + (o.localDemo ? p.localWorkload : p.fullScaleWorkload)).toList()));
    setup.setProperty("machine", io.largekv.common.Machine.describe());
    for (CompareTarget t : o.targets) {
      setup.setProperty("target." + t.label + ".dialect", t.dialect);
      setup.setProperty("target." + t.label + ".hosts", t.local() ? "local" : t.hosts);
      setup.setProperty("target." + t.label + ".description", t.description);
      setup.setProperty("target." + t.label + ".properties", Secrets.redact(String.join(" ", t.properties)));
    }
    save(setup, dir);

    for (CompareTarget t : o.targets) {
      LocalCassandra local = null;
      try {
        String hosts = t.hosts;
        List<String> props = new ArrayList<>();
        if (t.local()) {
          local = LocalCassandra.builder().clusterName("largekv-" + t.label).start();
          hosts = local.contactPoint();
          props.add("ycql.localdc=" + local.localDatacenter());
          props.add("ycql.replication_factor=1");
        } else if (o.localdc != null) {
          props.add("ycql.localdc=" + o.localdc);
        }
        props.add("hosts=" + hosts);
        props.add("ycql.target=" + t.dialect);
        props.addAll(o.common);
        props.addAll(t.properties);
        for (Phase phase : o.phases) {
          for (int rep = 1; rep <= o.repeat; rep++) {
            Path runDir = dir.resolve(t.label).resolve(phase.name).resolve("rep-" + rep);
            runClients(repo, o, t, phase, rep, props, runDir, err, setup);
          }
        }
      } finally {
        if (local != null) {
          local.close();
        }
      }
      save(setup, dir);
    }
    setup.setProperty("finished", Instant.now().toString());
    save(setup, dir);
    Report report = Report.load(dir);
    report.write(dir);
    out.println(report.markdown());
    out.println("Report: " + dir.resolve("report.html") + " (offline), " + dir.resolve("report.md"));
    List<String> failed = report.failedCells();
    if (!failed.isEmpty()) {
      err.println("largekv: FAILED: " + String.join(", ", failed) + " (see the report): this comparison must not be "
          + "published as it is (exit status " + ExitStatus.FAILED + ")");
      return ExitStatus.FAILED;
    }
    return ExitStatus.OK;
  }

  private static void runClients(Path repo, Options o, CompareTarget t, Phase phase, int rep, List<String> props,
      Path runDir, PrintStream err, Properties setup) throws IOException, InterruptedException {
    List<Process> processes = new ArrayList<>();
    List<Thread> pumps = new ArrayList<>();
    for (int c = 0; c < o.clients; c++) {
      Path clientDir = runDir.resolve("client-" + c);
      Files.createDirectories(clientDir.resolve("hdr"));
      String file = o.localDemo ? phase.localWorkload : phase.fullScaleWorkload;
      YcsbCommandLine command = YcsbCommandLine.launcher(repo, phase.isLoad())
          .file(repo.resolve("workloads").resolve(file)).status().properties(props)
          .property("measurementtype", "hdrhistogram")
          .property("hdrhistogram.percentiles", "50,95,99,99.9")
          .property("hdrhistogram.fileoutput", true)
          .property("hdrhistogram.output.path", clientDir.resolve("hdr") + "/")
          .property("status.interval", 1)
          .property("client.index", c)
          .property("client.count", o.clients);
      if (phase.isLoad()) {
        command.property("largekv.checkpoint", clientDir.resolve("load.checkpoint"));
      }
      if (o.records != null) {
        command.property("recordcount", o.records);
      }
      if (o.threads != null) {
        command.property("threadcount", o.threads);
      }
      if (!phase.isLoad() && o.duration != null) {
        command.property("maxexecutiontime", o.duration);
      }
      if (o.rate != null) {
        command.property("target", Math.max(1, o.rate / o.clients));
        command.property("measurement.interval", "both");
      }
      List<String> cmd = command.arguments();
      String shown = command.shown();
      Files.writeString(clientDir.resolve("command.txt"), shown + "\n");
      setup.setProperty("command." + t.label + "." + phase.name + ".rep-" + rep + ".client-" + c, shown);
      err.printf("largekv: [%s %s rep %d client %d] %s%n", t.label, phase.name, rep, c, shown);
      Process proc = new ProcessBuilder(cmd).directory(repo.toFile())
          .redirectOutput(clientDir.resolve("ycsb.txt").toFile()).start();
      processes.add(proc);
      String prefix = String.format("largekv: [%s %s rep %d client %d] ", t.label, phase.name, rep, c);
      Thread pump = new Thread(() -> pump(proc, clientDir.resolve("stderr.txt"), prefix, err), "stderr-" + c);
      pump.start();
      pumps.add(pump);
    }
    for (int c = 0; c < processes.size(); c++) {
      int exit = processes.get(c).waitFor();
      pumps.get(c).join();
      Files.writeString(runDir.resolve("client-" + c).resolve("exit.txt"), exit + "\n");
      if (exit != 0) {
        err.printf("largekv: [%s %s rep %d client %d] FAILED with exit code %d (the other targets go on)%n",
            t.label, phase.name, rep, c, exit);
      }
    }
  }

  /** Keeps a client's stderr and forwards its progress lines, one status line every 10 s. */
  private static void pump(Process proc, Path file, String prefix, PrintStream err) {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(proc.getErrorStream(), StandardCharsets.UTF_8));
         OutputStream f = Files.newOutputStream(file)) {
      String line;
      while ((line = r.readLine()) != null) {
        f.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        // YCSB's status line and largekv's (successful and failed operations) come every second here
        boolean status = line.contains(" sec: ") || line.matches("largekv: [0-9]+ s: .*");
        boolean tenth = status && line.matches(".* [0-9]*0 (sec|s): .*");
        if (tenth || (!status && PhaseRunner.isProgress(line))) {
          err.println(prefix + line);
        }
      }
    } catch (IOException e) {
      err.println(prefix + "lost stderr: " + e.getMessage());
    }
  }

  static void save(Properties setup, Path dir) throws IOException {
    try (OutputStream os = Files.newOutputStream(dir.resolve("compare.properties"))) {
      setup.store(os, "largekv compare: parameters of this run (read by bin/largekv report)");
    }
  }

  /** Parsed options of {@code compare}. */
  static final class Options {
    final List<CompareTarget> targets = new ArrayList<>();
    boolean localDemo;
    List<Phase> phases = Phase.ALL;
    Long records;
    Long duration;
    Integer threads;
    int clients = 1;
    Long rate;
    long warmup = -1;
    int repeat = 1;
    Path out;
    String localdc;
    final List<String> common = new ArrayList<>();

    static Options parse(String[] args) throws UserError {
      Options o = new Options();
      List<String[]> targetProps = new ArrayList<>();
      for (int i = 1; i < args.length; i++) {
        String a = args[i];
        if (i + 1 >= args.length) {
          throw new UserError(a + " needs a value (see bin/largekv compare --help)");
        }
        String v = args[++i];
        switch (a) {
          case "--target": o.targets.add(CompareTarget.parse(v)); break;
          case "--target-prop": {
            int colon = v.indexOf(':');
            if (colon <= 0 || !v.substring(colon + 1).contains("=")) {
              throw new UserError("--target-prop " + v + " is not LABEL:NAME=VALUE");
            }
            targetProps.add(new String[] {v.substring(0, colon), v.substring(colon + 1)});
            break;
          }
          case "--phases":
            o.phases = new ArrayList<>();
            for (String p : v.split(",")) {
              o.phases.add(Phase.byName(p));
            }
            break;
          case "--records": o.records = Largekv.RunOptions.positive(a, v, 1); break;
          case "--duration": o.duration = Largekv.RunOptions.positive(a, v, 1); break;
          case "--threads": o.threads = (int) Math.min(100_000, Largekv.RunOptions.positive(a, v, 1)); break;
          case "--clients": o.clients = (int) Math.min(1000, Largekv.RunOptions.positive(a, v, 1)); break;
          case "--rate": o.rate = Largekv.RunOptions.positive(a, v, 1); break;
          case "--warmup": o.warmup = Largekv.RunOptions.positive(a, v, 0); break;
          case "--repeat": o.repeat = (int) Math.min(100, Largekv.RunOptions.positive(a, v, 1)); break;
          case "--out": o.out = Paths.get(v).toAbsolutePath(); break;
          case "--localdc": o.localdc = v; break;
          case "-p":
            if (!v.contains("=")) {
              throw new UserError("-p " + v + " is not NAME=VALUE");
            }
            o.common.add(v);
            break;
          default:
            throw new UserError("unknown option " + a + " (see bin/largekv compare --help)");
        }
      }
      if (o.targets.isEmpty()) {
        o.localDemo = true;
        o.targets.addAll(CompareTarget.localDemo());
        o.records = o.records == null ? 100_000L : o.records;
        o.duration = o.duration == null ? 30L : o.duration;
        o.threads = o.threads == null ? 16 : o.threads;
        o.warmup = o.warmup < 0 ? 5 : o.warmup;
      }
      o.warmup = o.warmup < 0 ? 10 : o.warmup;
      for (String[] tp : targetProps) {
        CompareTarget t = o.targets.stream().filter(x -> x.label.equals(tp[0])).findFirst()
            .orElseThrow(() -> new UserError("--target-prop " + tp[0] + ":...: no --target " + tp[0]));
        t.properties.add(tp[1]);
      }
      if (o.targets.stream().map(t -> t.label).distinct().count() != o.targets.size()) {
        throw new UserError("--target labels must be distinct");
      }
      return o;
    }
  }
}
