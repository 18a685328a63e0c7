package io.largekv.cli;

import io.largekv.common.ExitStatus;
import io.largekv.common.UserError;
import io.largekv.phase.Phase;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bin/largekv report}: a run's report written again from its raw files, or runs made apart
 * side by side ({@link io.largekv.report.Report#across}).
 */
final class ReportCommand {

  private ReportCommand() {}

  /**
   * {@code report DIR [--phases LIST]}: re-renders a run's report in its directory;
   * {@code report DIR1 DIR2... [--out DIR]}: runs made apart, side by side, in {@code --out}.
   */
  static int run(Options o, PrintStream out, PrintStream err) throws java.io.IOException {
    List<Path> dirs = new ArrayList<>();
    for (String d : o.dirNames) {
      if (d.startsWith("-")) {
        throw new UserError(o.unknownOption(d));
      }
      dirs.add(Paths.get(d).toAbsolutePath().normalize());
    }
    List<String> expected = o.expected;
    Path outDir = o.out;
    if (dirs.isEmpty()) {
      throw new UserError("report needs a directory: bin/largekv report DIR [--phases LIST] (a compare run's, or a"
          + " clients' results directory: PHASE/client-<i>/; --phases: the phases that must be in it), or"
          + " bin/largekv report DIR1 DIR2... [--out DIR] (runs side by side)");
    }
    io.largekv.report.Report report;
    if (dirs.size() == 1) {
      if (outDir != null) {
        throw new UserError("--out is for a report across runs (two or more directories); one directory's report is"
            + " written in it");
      }
      report = io.largekv.report.Report.load(dirs.get(0), expected);
    } else {
      if (!expected.isEmpty()) {
        throw new UserError("--phases is for one directory; a report across runs has the phases its runs have");
      }
      for (Path d : dirs) {
        if (!Files.isDirectory(d)) {
          throw new UserError(d + " is not a directory; accepted: results directories of bin/largekv run, compare or"
              + " k8s local");
        }
      }
      Path target = BenchmarkRun.resultsDir(outDir, "report");
      for (Path d : dirs) {
        if (target.startsWith(d)) { // the runs are read, never written
          throw new UserError("--out " + target + " is " + (target.equals(d) ? "" : "inside ") + "the run " + d
              + "; accepted: a directory of its own");
        }
      }
      // every run is read before anything is written: a directory that is not one leaves nothing behind
      report = io.largekv.report.Report.across(dirs, target);
    }
    BenchmarkRun.writeReport(report, out, true);
    if (!report.failedCells().isEmpty()) {
      // the figures are there to read, and must not be published as they are
      err.println("largekv: FAILED: " + String.join(", ", report.failedCells()) + " (exit status 1)");
      return ExitStatus.FAILED;
    }
    return ExitStatus.OK;
  }

  /** The options of {@code report}: its directories, {@code --phases}, {@code --out}. */
  @Command(name = "report", sortOptions = false, customSynopsis = {"bin/largekv report DIR [--phases LIST]",
      "       bin/largekv report DIR1 DIR2... [--out DIR]"}, description = {
      "DIR: the report of a run of bin/largekv run, compare or k8s local (or of a clients' results directory,"
          + " PHASE/client-<i>/), written again from its raw files into DIR: report.md, report.html, results.json.",
      "DIR1 DIR2...: runs made apart, side by side in one report, with a change row against the first run"
          + " (docs/results.md#reports-across-runs); the runs are read, never written.",
      "Exit status: 0 written, 1 written with a FAILED cell (not to be published as it is), 2 bad input, 3 a file"
          + " could not be read or written."},
      footer = "Docs: docs/results.md")
  static final class Options implements OptionParser.Options, LargekvCommand {
    private List<String> expected = List.of();
    private Path out;

    @Override
    public String help() {
      return "bin/largekv report DIR [--phases LIST] | DIR1 DIR2... [--out DIR]";
    }

    @Override
    public int call(String[] args, PrintStream out, PrintStream err) throws java.io.IOException {
      return run(this, out, err);
    }

    @Override
    public String unknownOption(String name) {
      return "unknown report option '" + name + "'; accepted: --phases LIST (one directory), --out DIR (several)";
    }

    @Override
    public String missingValue(String name) {
      return name + " needs a value: " + help() + " (see bin/largekv report --help)";
    }

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this help, nothing else",
        order = UsageOrder.HELP)
    boolean helpAsked;

    @Parameters(paramLabel = "DIR", description = "a run's results directory; two or more: runs side by side")
    private final List<String> dirNames = new ArrayList<>();

    @Option(names = "--phases", paramLabel = "LIST", description = "one directory: the phases that must be in it"
        + " (load,uniform-read,latest-read), FAILED when not run; default: those it has", order = UsageOrder.WHAT + 1)
    void phases(String v) throws UserError {
      expected = Phase.list(v).stream().map(p -> p.name).toList();
    }

    @Option(names = "--out", paramLabel = "DIR", description = "several directories: where their report goes"
        + " (default results/report-<time>)", order = UsageOrder.OUTPUT + 1)
    void out(String v) {
      out = Paths.get(v).toAbsolutePath().normalize();
    }
  }
}
