package io.largekv.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How a run was made: what {@code bin/largekv compare} writes beside its raw data
 * ({@value ResultsLayout#SETUP}) and what a clients' results directory ({@code bin/largekv run},
 * a Kubernetes run) says of itself. The report reads its setup from here only.
 *
 * @param layout {@link #COMPARE} (TARGET/PHASE/rep-N/client-M) or {@link #CLIENTS} (PHASE/client-M)
 * @param started when the run started (ISO-8601); null when not recorded
 * @param finished when it finished; null when it did not
 * @param phases the phases, in the order they ran
 * @param targets the targets (a clients' directory: one, named after the directory)
 * @param harnesses ycsb and/or nb5
 * @param columns the report's columns: a target's label, or LABEL/HARNESS with several harnesses
 * @param harnessDescriptions each harness with its version, as the report's setup shows it
 * @param repeat runs of each phase per target
 * @param clients client processes per phase
 * @param warmUpSeconds the seconds each read phase's figures leave out
 * @param phaseWarmUpSeconds a phase's own, where its clients said (a clients' directory)
 * @param sizes records / read-phase duration / threads per client, as the setup shows them
 * @param rate the rate asked for, or "unthrottled"
 * @param workloads {@code local} or {@code full-scale}
 * @param command the command that made the run (secrets redacted)
 * @param commonProperties the {@code -p} of every target (secrets redacted)
 * @param workloadFiles the workload files of the phases
 * @param machine the client machine
 * @param publishedFigures phase → the seeds' published figure for its full-scale workload
 * @param nodes the nodes of each local target
 * @param events the {@code --event}s, as given
 * @param commands every client's exact command, as it ran
 */
public record RunSetup(String layout, String started, String finished, List<String> phases, List<Target> targets,
    List<String> harnesses, List<String> columns, Map<String, String> harnessDescriptions, int repeat, int clients,
    long warmUpSeconds, Map<String, Long> phaseWarmUpSeconds, Sizes sizes, String rate, String workloads,
    String command, String commonProperties, String workloadFiles, String machine,
    Map<String, String> publishedFigures, int nodes, List<String> events, List<Results.Command> commands) {

  /** The harness of YCSB with largekv's binding: bin/ycsb. */
  public static final String YCSB = "ycsb";
  /** The harness of the user's nb5 on yb_kv_large. */
  public static final String NB5 = "nb5";
  /** The load phase's name, as setup.json and results.json write it (the command line's {@code Phase.LOAD}). */
  public static final String LOAD = "load";


  public static final String COMPARE = "compare";
  public static final String CLIENTS = "clients";
  /** {@code workloads} of a run of the seeds' full-scale workloads. */
  public static final String FULL_SCALE = "full-scale";

  /** A target: a dialect at hosts ({@code local}: a local Cassandra started for it). */
  public record Target(String label, String dialect, String hosts, String description, String properties) {}

  /** Rows, read-phase duration and threads per client, as the setup states them (a size, or where it comes from). */
  public record Sizes(String records, String duration, String threads) {}

  /** The same setup, finished at {@code at}. */
  public RunSetup finishedAt(String at) {
    return toBuilder().finished(at).build();
  }

  /** The same setup, with {@code more} commands after its own. */
  public RunSetup withCommands(List<Results.Command> more) {
    List<Results.Command> all = new ArrayList<>(commands);
    all.addAll(more);
    return toBuilder().commands(List.copyOf(all)).build();
  }

  /** The same setup, with these phases. */
  public RunSetup withPhases(List<String> ordered) {
    return toBuilder().phases(List.copyOf(ordered)).build();
  }

  /**
   * A setup of {@code layout} to fill by name; what is not set: null (times, strings, sizes), none
   * (lists, maps), 1 (repeat, clients, nodes), 0 (the warm-up).
   */
  public static Builder builder(String layout) {
    return new Builder(layout);
  }

  /** A builder holding this setup, to build it again with some of its values replaced. */
  public Builder toBuilder() {
    return builder(layout).started(started).finished(finished).phases(phases).targets(targets).harnesses(harnesses)
        .columns(columns).harnessDescriptions(harnessDescriptions).repeat(repeat).clients(clients)
        .warmUpSeconds(warmUpSeconds).phaseWarmUpSeconds(phaseWarmUpSeconds).sizes(sizes).rate(rate)
        .workloads(workloads).command(command).commonProperties(commonProperties).workloadFiles(workloadFiles)
        .machine(machine).publishedFigures(publishedFigures).nodes(nodes).events(events).commands(commands);
  }

  /** Builds a {@link RunSetup} by name: each setter sets the component of the same name. */
  public static final class Builder {
    private final String layout;
    private String started;
    private String finished;
    private List<String> phases = List.of();
    private List<Target> targets = List.of();
    private List<String> harnesses = List.of();
    private List<String> columns = List.of();
    private Map<String, String> harnessDescriptions = Map.of();
    private int repeat = 1;
    private int clients = 1;
    private long warmUpSeconds;
    private Map<String, Long> phaseWarmUpSeconds = Map.of();
    private Sizes sizes;
    private String rate;
    private String workloads;
    private String command;
    private String commonProperties;
    private String workloadFiles;
    private String machine;
    private Map<String, String> publishedFigures = Map.of();
    private int nodes = 1;
    private List<String> events = List.of();
    private List<Results.Command> commands = List.of();

    private Builder(String layout) {
      this.layout = layout;
    }

    public Builder started(String started) {
      this.started = started;
      return this;
    }

    public Builder finished(String finished) {
      this.finished = finished;
      return this;
    }

    public Builder phases(List<String> phases) {
      this.phases = phases;
      return this;
    }

    public Builder targets(List<Target> targets) {
      this.targets = targets;
      return this;
    }

    public Builder harnesses(List<String> harnesses) {
      this.harnesses = harnesses;
      return this;
    }

    public Builder columns(List<String> columns) {
      this.columns = columns;
      return this;
    }

    public Builder harnessDescriptions(Map<String, String> harnessDescriptions) {
      this.harnessDescriptions = harnessDescriptions;
      return this;
    }

    public Builder repeat(int repeat) {
      this.repeat = repeat;
      return this;
    }

    public Builder clients(int clients) {
      this.clients = clients;
      return this;
    }

    public Builder warmUpSeconds(long warmUpSeconds) {
      this.warmUpSeconds = warmUpSeconds;
      return this;
    }

    public Builder phaseWarmUpSeconds(Map<String, Long> phaseWarmUpSeconds) {
      this.phaseWarmUpSeconds = phaseWarmUpSeconds;
      return this;
    }

    public Builder sizes(Sizes sizes) {
      this.sizes = sizes;
      return this;
    }

    public Builder rate(String rate) {
      this.rate = rate;
      return this;
    }

    public Builder workloads(String workloads) {
      this.workloads = workloads;
      return this;
    }

    public Builder command(String command) {
      this.command = command;
      return this;
    }

    public Builder commonProperties(String commonProperties) {
      this.commonProperties = commonProperties;
      return this;
    }

    public Builder workloadFiles(String workloadFiles) {
      this.workloadFiles = workloadFiles;
      return this;
    }

    public Builder machine(String machine) {
      this.machine = machine;
      return this;
    }

    public Builder publishedFigures(Map<String, String> publishedFigures) {
      this.publishedFigures = publishedFigures;
      return this;
    }

    public Builder nodes(int nodes) {
      this.nodes = nodes;
      return this;
    }

    public Builder events(List<String> events) {
      this.events = events;
      return this;
    }

    public Builder commands(List<Results.Command> commands) {
      this.commands = commands;
      return this;
    }

    public RunSetup build() {
      return new RunSetup(layout, started, finished, phases, targets, harnesses, columns, harnessDescriptions, repeat,
          clients, warmUpSeconds, phaseWarmUpSeconds, sizes, rate, workloads, command, commonProperties, workloadFiles,
          machine, publishedFigures, nodes, events, commands);
    }
  }

  /** The seconds a phase's figures leave out: its own where known; a load's none. */
  public long warmUpSeconds(String phase) {
    if (phase.equals(LOAD)) {
      return 0;
    }
    return phaseWarmUpSeconds.getOrDefault(phase, warmUpSeconds);
  }

  /** A target by its label; null when there is none. */
  public Target target(String label) {
    return targets.stream().filter(t -> t.label().equals(label)).findFirst().orElse(null);
  }

  /** Whether the run ran the seeds' full-scale workloads ({@link #FULL_SCALE}). */
  public boolean fullScale() {
    return FULL_SCALE.equals(workloads);
  }

  /** Whether the run is a clients' results directory (PHASE/client-M). */
  public boolean clientsLayout() {
    return layout.equals(CLIENTS);
  }

}
