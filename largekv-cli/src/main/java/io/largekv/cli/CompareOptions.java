package io.largekv.cli;

import io.largekv.common.UserError;
import java.io.PrintStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * Parsed options of {@code compare}: what it runs against every target ({@link CompareSettings}),
 * and the groups of compare alone: {@code --plan}, the servers' side, the console, the results.
 */
@Command(name = "compare", sortOptions = false, abbreviateSynopsis = true, description = {
    "Runs the same phases against every target and writes DIR/report.html, DIR/report.md, DIR/charts/*.svg from the"
        + " raw data kept in DIR (bin/largekv report DIR writes them again).",
    "With no --target it compares two local Cassandra servers (SizeTiered+LZ4 vs Leveled, uncompressed) that it"
        + " starts and stops itself: 100000 rows, read phases of " + CompareSettings.LOCAL_DURATION + " s, 16 threads,"
        + " a warm-up of " + WarmupOptions.LOCAL_SECONDS + " s."},
    footer = "Docs: docs/compare.md")
final class CompareOptions implements OptionParser.Options, LargekvCommand {

  @Mixin
  final HelpOption help = new HelpOption();

  @Mixin
  final CompareSettings settings = new CompareSettings();

  @Mixin
  final PlanOption plan = new PlanOption();

  @Mixin
  final ServerSideOptions servers = new ServerSideOptions();

  @Mixin
  final ConsoleOptions console = new ConsoleOptions();

  @Mixin
  final ResultsOptions results = new ResultsOptions();

  @Override
  public String help() {
    return settings.help();
  }

  @Override
  public int call(String[] args, PrintStream out, PrintStream err) throws Exception {
    return Compare.run(checked(), args, out, err);
  }

  /** {@code args[0]} is {@code compare}: its options, parsed and checked. */
  static CompareOptions parse(String[] args) throws UserError {
    return OptionParser.parse(new CompareOptions(), args, 1).checked();
  }

  /** These options, checked together (once: the local demo's targets are added here). */
  CompareOptions checked() throws UserError {
    if (help.asked) {
      return this;
    }
    settings.checked(plan.asked);
    servers.settings();
    if (settings.targets.stream().allMatch(CompareTarget::local) && servers.machineSource() != null) {
      throw new UserError(servers.machineSource() + " reads the machines "
          + "of targets with hosts, and every target here is a local Cassandra, read from this machine's /proc; "
          + "accepted: it with a --target LABEL=HOSTS");
    }
    return this;
  }
}
