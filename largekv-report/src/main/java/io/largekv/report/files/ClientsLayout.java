package io.largekv.report.files;

import io.largekv.results.ClientSummary;
import io.largekv.results.Results;
import io.largekv.results.ResultsLayout;
import io.largekv.results.RunSetup;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A clients' results directory as a report's setup: {@code DIR/PHASE/client-<i>/} with each client's
 * {@code command.txt}, {@code ycsb.txt} (an nb5 pod's: {@code client-summary.json}), {@code hdr/} and
 * {@code exit.txt}, the layout of
 * {@code bin/largekv run --out DIR} and of a Kubernetes run's {@code /results/RUN} (docs/kubernetes.md).
 * It has no setup.json: its {@link RunSetup} is read from the clients' own files, as one column named
 * after the directory.
 */
public final class ClientsLayout {

  private static final Pattern WORKLOAD_FILE = Pattern.compile("(?:^|\\s)-P\\s+(\\S+)");
  private static final Pattern PROPERTY = Pattern.compile("(?:^|\\s)-p\\s+([A-Za-z0-9_.]+)=(\\S*)");

  private ClientsLayout() {}

  /** The report's setup of {@code dir}, or null when it has no {@code PHASE/client-<i>/} directory. */
  public static RunSetup setup(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return null;
    }
    // phases in the order they ran: by their first client's command file's time
    Map<String, FileTime> phases = new LinkedHashMap<>();
    Map<String, String> command = new LinkedHashMap<>();
    List<String> workloads = new ArrayList<>();
    FileTime finished = null;
    int clients = 0;
    long warmup = 0;
    boolean nb5 = false;
    String nb5Version = null;
    Map<String, Long> warmups = new LinkedHashMap<>();
    // each read phase's maxexecutiontime, as its first client's command gives it
    Map<String, String> durations = new LinkedHashMap<>();
    List<Results.Command> commands = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir)) {
      for (Path phase : s.filter(Files::isDirectory).sorted().toList()) {
        List<Path> clientDirs;
        try (Stream<Path> c = Files.list(phase)) {
          clientDirs = c.filter(p -> p.getFileName().toString().startsWith(ResultsLayout.CLIENT_PREFIX) && Files.isDirectory(p))
              .sorted().toList();
        }
        if (clientDirs.isEmpty()) {
          continue;
        }
        FileTime first = null;
        long phaseWarmup = 0;
        for (Path c : clientDirs) {
          Path cmd = c.resolve(ResultsLayout.COMMAND);
          if (Files.exists(cmd)) {
            if (ResultsLayout.isClient(c.getFileName().toString())) { // (another name fails the phase: PhaseResult)
              commands.add(new Results.Command(dir.getFileName().toString(), phase.getFileName().toString(), 1,
                  ResultsLayout.clientIndex(c.getFileName().toString()), Files.readString(cmd, StandardCharsets.UTF_8)
                      .strip()));
            }
            FileTime t = Files.getLastModifiedTime(cmd);
            first = first == null || t.compareTo(first) < 0 ? t : first;
            if (c == clientDirs.get(0)) {
              // each phase's first client: its properties (a read phase's duration among them) and workload file
              String line = Files.readString(cmd, StandardCharsets.UTF_8);
              Map<String, String> properties = properties(line);
              command.putAll(properties);
              if (properties.containsKey("maxexecutiontime")) {
                durations.put(phase.getFileName().toString(), properties.get("maxexecutiontime"));
              }
              Matcher file = WORKLOAD_FILE.matcher(line);
              if (file.find()) {
                workloads.add(file.group(1));
              }
            }
          }
          Path exit = c.resolve(ResultsLayout.EXIT);
          if (Files.exists(exit)) {
            FileTime t = Files.getLastModifiedTime(exit);
            finished = finished == null || t.compareTo(finished) > 0 ? t : finished;
          }
          ClientSummary summary = ClientSummaryFile.read(c);
          if (ClientSummaryFile.isNb5(c)) {
            nb5 = true;
          }
          if (nb5Version == null && summary.nb5() != null) {
            nb5Version = summary.nb5().version();
          }
          if (summary.warmUpExcludedSeconds() != null) {
            phaseWarmup = Math.max(phaseWarmup, summary.warmUpExcludedSeconds());
          }
        }
        // each phase's own: what its clients' YCSB summaries left out
        warmups.put(phase.getFileName().toString(), phaseWarmup);
        warmup = Math.max(warmup, phaseWarmup);
        clients = Math.max(clients, clientDirs.size());
        phases.put(phase.getFileName().toString(), first == null ? FileTime.fromMillis(0) : first);
      }
    }
    if (phases.isEmpty()) {
      return null;
    }
    List<String> ordered = new ArrayList<>(phases.keySet());
    ordered.sort(Comparator.comparing(phases::get));
    String label = dir.getFileName().toString();
    // nb5's pods (bin/largekv nb5-client) leave client-summary.json where YCSB's leave ycsb.txt
    Map<String, String> harness = nb5 ? Map.of(RunSetup.NB5, "nb5 " + (nb5Version == null ? "(version not recorded)"
        : nb5Version) + " (bin/largekv nb5-client; cqld4) on nosqlbench-workloads/yb_kv_large.yaml, every read"
        + " verified") : Map.of();
    RunSetup.Target target = new RunSetup.Target(label, command.getOrDefault("ycql.target", "yugabyte"),
        command.getOrDefault("hosts", ""), "client.count=" + command.getOrDefault("client.count", "1"), null);
    // the warm-up: what the clients' summaries left out (their largekv.warmup_s), each phase's own
    return RunSetup.builder(RunSetup.CLIENTS).started(phases.get(ordered.get(0)).toString())
        .finished(finished == null ? null : finished.toString()).phases(ordered).targets(List.of(target))
        .harnesses(List.of(nb5 ? RunSetup.NB5 : RunSetup.YCSB)).columns(List.of(label)).harnessDescriptions(harness)
        .clients(clients).warmUpSeconds(warmup).phaseWarmUpSeconds(warmups)
        .sizes(new RunSetup.Sizes(command.getOrDefault("recordcount", "-"), durations(durations, ordered),
            command.getOrDefault("threadcount", "-")))
        .rate(command.containsKey("target") ? command.get("target") + " ops/s per client" : "unthrottled")
        .command("bin/largekv report " + dir + " (the clients' own files: PHASE/client-<i>/)")
        .workloadFiles(String.join(", ", workloads)).machine("each client's own").commands(commands)
        .build();
  }

  /** The read phases' length: one, or each phase's own in the order they ran; "-" when no command gives one. */
  private static String durations(Map<String, String> durations, List<String> ordered) {
    if (durations.isEmpty()) {
      return "-";
    }
    if (durations.values().stream().distinct().count() == 1) {
      return durations.values().iterator().next() + " s";
    }
    return String.join(", ", ordered.stream().filter(durations::containsKey).map(p -> p + " " + durations.get(p) + " s")
        .toList());
  }

  /**
   * The setup of a clients' results directory in which no client ran (every expected phase: not
   * run).
   */
  public static RunSetup empty(Path dir) {
    String label = dir.getFileName().toString();
    return RunSetup.builder(RunSetup.CLIENTS).targets(List.of(new RunSetup.Target(label, null, null, null, null)))
        .harnesses(List.of(RunSetup.YCSB)).columns(List.of(label)).clients(0)
        .sizes(new RunSetup.Sizes("", "", ""))
        .command("bin/largekv report " + dir + " (no client's files: PHASE/client-<i>/)").machine("-")
        .build();
  }

  /** The {@code -p NAME=VALUE} pairs of a command line (a later one wins). */
  private static Map<String, String> properties(String commandLine) {
    Map<String, String> m = new LinkedHashMap<>();
    Matcher x = PROPERTY.matcher(commandLine);
    while (x.find()) {
      m.put(x.group(1), x.group(2));
    }
    return m;
  }
}
