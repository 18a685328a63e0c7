package io.largekv.report;

import io.largekv.common.UserError;
import io.largekv.report.files.ClientsLayout;
import io.largekv.report.files.RunSetupFile;
import io.largekv.results.ClientSummary;
import io.largekv.results.Results;
import io.largekv.results.ResultsLayout;
import io.largekv.results.RunSetup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * The comparison report's model, loaded from the raw data of a {@code bin/largekv compare} directory
 * alone (so {@code bin/largekv report DIR} re-renders it): per phase a table with a column per
 * target, or per target and harness when the comparison ran several ({@code TARGET/HARNESS}), the
 * events' and the local cluster's tables, the caveat, the notes and the setup (each harness and its
 * version among it). Latency
 * figures come from the HdrHistogram logs of every client and repeat, merged after the warm-up;
 * percentiles are never averaged. Rendered and written by the package
 * {@code io.largekv.report.render}, which reads this one.
 */
public final class Report {

  static final double[] PERCENTILES = {50, 95, 99, 99.9};

  /** One target in one phase: its repeats. */
  public static final class Cell {
    /** The column. */
    public final String target;
    public final String phase;
    public final List<PhaseResult> runs;
    /**
     * False in a report across runs for a column whose run did not have the phase: neither figures
     * nor a failure.
     */
    public final boolean inRun;

    Cell(String target, String phase, List<PhaseResult> runs) {
      this(target, phase, runs, true);
    }

    private Cell(String target, String phase, List<PhaseResult> runs, boolean inRun) {
      this.target = target;
      this.phase = phase;
      this.runs = runs;
      this.inRun = inRun;
    }

    /** The same repeats as column {@code column} of a report across runs. */
    Cell as(String column) {
      return new Cell(column, phase, runs, inRun);
    }

    /** A column of a report across runs whose run did not have {@code phase}. */
    static Cell notInRun(String column, String phase) {
      return new Cell(column, phase, List.of(), false);
    }

    public boolean failed() {
      return inRun && (runs.isEmpty() || runs.stream().anyMatch(PhaseResult::failed));
    }

    public String mainOperation() {
      return runs.stream().map(PhaseResult::mainOperation).filter(java.util.Objects::nonNull).findFirst().orElse(null);
    }

    /** Latency histogram of the main operation (intended time when recorded), all repeats merged. */
    public Histogram latency() {
      String op = mainOperation();
      return op == null ? new Histogram(3) : latency(op);
    }

    /** Latency histogram of any operation (intended time when recorded), all repeats merged. */
    public Histogram latency(String op) {
      Histogram h = new Histogram(3);
      runs.forEach(r -> h.add(r.histogram(r.latencyName(op))));
      return h;
    }

    /** Whether {@code op}'s latency is intended time (a rate was set: YCSB recorded Intended-OP). */
    public boolean intendedTime(String op) {
      return runs.stream().anyMatch(r -> r.logs.containsKey("Intended-" + op));
    }

    /** Each repeat's throughput after the warm-up, of the repeats that measured any. */
    public double[] throughputs() {
      return runs.stream().filter(PhaseResult::measured).mapToDouble(PhaseResult::throughput).toArray();
    }

    public long operations() {
      long n = 0;
      for (PhaseResult r : runs) {
        for (String op : r.operations()) {
          n += r.count(op);
        }
      }
      return n;
    }

    /** The rows every repeat's reads verified: correct, and corrupt or missing. */
    public long verifiedOk() {
      return runs.stream().mapToLong(r -> r.verified().ok()).sum();
    }

    public long verificationFailures() {
      return runs.stream().mapToLong(r -> r.verified().corrupt() + r.verified().missing()).sum();
    }

    public long errors() {
      return runs.stream().mapToLong(PhaseResult::errors).sum();
    }

    /** The event-loop stalls of every run, or null when no client counted them. */
    public ClientSummary.Stalls stalls() {
      return ClientSummary.Stalls.merge(runs.stream().map(PhaseResult::stalls).toList());
    }
  }

  public final Path dir;
  /** How the run was made (across runs: the first run's). */
  public final RunSetup setup;
  /**
   * The columns: a target's label, or {@code LABEL/HARNESS} when the comparison ran several
   * harnesses; each column's raw data is in {@code DIR/<column>/<phase>/rep-N}.
   */
  public final List<String> columns;
  /** The targets' labels (a target has a column per harness). */
  public final List<String> targets;
  /** The harnesses that ran, e.g. {@code ycsb}, {@code nb5} (older directories: ycsb). */
  public final List<String> harnesses;
  public final List<String> phases;
  /** phase → column → cell. */
  public final Map<String, Map<String, Cell>> cells = new LinkedHashMap<>();
  /** Its name in a report across runs: the directory's. */
  public final String label;
  /** A report across runs: the runs it puts side by side, in their order; empty for one directory. */
  public final List<Report> parts;
  /** Column → the run it comes from (this report, or one of {@link #parts}). */
  private final Map<String, Report> runOf = new LinkedHashMap<>();
  /** The figures, computed once. */
  private Results results;

  private Report(Path dir, RunSetup setup) throws IOException {
    this.dir = dir;
    this.setup = setup;
    this.label = dir.getFileName().toString();
    this.parts = List.of();
    this.targets = setup.targets().stream().map(RunSetup.Target::label).toList();
    this.columns = setup.columns();
    this.harnesses = setup.harnesses();
    this.phases = setup.phases();
    boolean clientsLayout = setup.clientsLayout();
    for (String phase : phases) {
      Map<String, Cell> row = new LinkedHashMap<>();
      for (String target : columns) {
        List<PhaseResult> runs = new ArrayList<>();
        Path phaseDir = clientsLayout ? dir.resolve(phase) : dir.resolve(target).resolve(phase);
        if (clientsLayout) {
          // one run: the phase's client-<i> directories themselves
          if (Files.isDirectory(phaseDir)) { // else an expected phase that no client ran: not run
            runs.add(PhaseResult.load(phaseDir, setup.warmUpSeconds(phase)));
          }
        } else if (Files.isDirectory(phaseDir)) {
          try (Stream<Path> reps = Files.list(phaseDir)) {
            for (Path rep : reps.filter(p -> p.getFileName().toString().startsWith(ResultsLayout.REPEAT_PREFIX))
                .sorted().toList()) {
              runs.add(PhaseResult.load(rep, setup.warmUpSeconds(phase)));
            }
          }
        }
        row.put(target, new Cell(target, phase, runs));
      }
      cells.put(phase, row);
    }
    columns.forEach(c -> runOf.put(c, this));
  }

  /** A report across runs: {@code runs}' columns side by side, written to {@code dir}. */
  private Report(Path dir, List<Report> runs) {
    this.dir = dir;
    this.parts = List.copyOf(runs);
    this.label = dir.getFileName().toString();
    // the charts' warm-up line: the first run's
    this.setup = runs.get(0).setup;
    List<String> cols = new ArrayList<>();
    List<String> tgts = new ArrayList<>();
    Set<String> hs = new java.util.LinkedHashSet<>();
    List<String> ph = new ArrayList<>();
    for (Report r : runs) {
      r.columns.forEach(c -> {
        cols.add(c + ACROSS + r.label);
        runOf.put(c + ACROSS + r.label, r);
      });
      r.targets.forEach(t -> tgts.add(t + ACROSS + r.label));
      hs.addAll(r.harnesses);
      r.phases.stream().filter(p -> !ph.contains(p)).forEach(ph::add);
    }
    this.columns = List.copyOf(cols);
    this.targets = List.copyOf(tgts);
    this.harnesses = List.copyOf(hs);
    this.phases = List.copyOf(ph);
    for (String phase : phases) {
      Map<String, Cell> row = new LinkedHashMap<>();
      for (Report r : runs) {
        for (String c : r.columns) {
          Map<String, Cell> own = r.cells.get(phase);
          row.put(c + ACROSS + r.label, own == null ? Cell.notInRun(c + ACROSS + r.label, phase)
              : own.get(c).as(c + ACROSS + r.label));
        }
      }
      cells.put(phase, row);
    }
  }

  /** Between a column and its run's label in a report across runs. */
  public static final String ACROSS = " @ ";

  /**
   * A report across runs (docs/results.md#reports-across-runs): each of {@code dirs} loaded as
   * {@link #load(Path)} does, side by side, with {@code out} as its directory. Runs of the same
   * name are told apart by their position ({@code NAME#2}).
   */
  public static Report across(List<Path> dirs, Path out) throws IOException {
    List<Report> runs = new ArrayList<>();
    Set<String> labels = new java.util.HashSet<>();
    for (int i = 0; i < dirs.size(); i++) {
      Report r = load(dirs.get(i));
      String name = r.label;
      Report named = labels.add(name) ? r : r.relabelled(name + "#" + (i + 1));
      labels.add(named.label);
      runs.add(named);
    }
    return new Report(out, runs);
  }

  /** This report under another label (two runs whose directories share a name). */
  private Report relabelled(String newLabel) {
    return new Report(this, newLabel);
  }

  private Report(Report other, String label) {
    this.dir = other.dir;
    this.setup = other.setup;
    this.columns = other.columns;
    this.targets = other.targets;
    this.harnesses = other.harnesses;
    this.phases = other.phases;
    this.cells.putAll(other.cells);
    this.label = label;
    this.parts = List.of();
    columns.forEach(c -> runOf.put(c, this));
  }

  /** The run that column {@code column} comes from. */
  Report runOf(String column) {
    return runOf.get(column);
  }

  /** The column's name in its own run: without {@code " @ RUN"} in a report across runs. */
  String ownColumn(String column) {
    return parts.isEmpty() ? column : column.substring(0, column.lastIndexOf(ACROSS));
  }

  /** The report's figures: what results.json holds and what its tables are rendered from. */
  public Results results() {
    if (results == null) {
      results = ReportFigures.of(this);
    }
    return results;
  }

  public static Report load(Path dir) throws IOException {
    return load(dir, List.of());
  }

  /**
   * The report of {@code dir}, with a row for each of the {@code expected} phases whether it ran or
   * not: a phase no client wrote a directory for (a Job never applied, its pods never scheduled) is
   * FAILED (not run), never left out.
   */
  public static Report load(Path dir, List<String> expected) throws IOException {
    RunSetup setup = RunSetupFile.read(dir);
    if (setup == null) {
      setup = ClientsLayout.setup(dir);
      if (setup == null) {
        if (expected.isEmpty()) {
          throw new UserError(dir + " is neither a bin/largekv compare directory (" + ResultsLayout.SETUP + ") nor a"
              + " clients' results directory (PHASE/client-<i>/ycsb.txt); accepted: the --out directory of bin/largekv"
              + " compare or run, or a Kubernetes run's /results/RUN copied out (docs/kubernetes.md)");
        }
        setup = ClientsLayout.empty(dir); // every expected phase: not run
      }
    }
    List<String> phases = new ArrayList<>(setup.phases());
    for (String phase : expected) {
      if (!phases.contains(phase)) {
        phases.add(phase);
      }
    }
    return new Report(dir, setup.withPhases(phases));
  }

  /** "phase on target" of every cell that FAILED (a client exited non-zero or the phase did not run). */
  public List<String> failedCells() {
    List<String> failed = new ArrayList<>();
    cells.forEach((phase, row) -> row.forEach((target, cell) -> {
      if (cell.failed()) {
        failed.add(phase + " on " + target);
      }
    }));
    return failed;
  }

  static String trim(double p) {
    return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
  }
}
