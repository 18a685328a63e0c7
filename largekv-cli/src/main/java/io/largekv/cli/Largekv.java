package io.largekv.cli;

import io.largekv.common.ExitStatus;
import io.largekv.common.UserError;
import io.largekv.harness.Installation;
import java.io.PrintStream;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.ParseResult;

/**
 * {@code bin/largekv}: the benchmark's main job, its commands as picocli subcommands
 * ({@link LargekvCommands}), each run by its parsed options ({@link LargekvCommand}); each command's usage is
 * generated from its options' descriptions.
 *
 * <pre>
 *   bin/largekv run                       # embedded default: starts a local Cassandra, runs
 *                                         # load → uniform-read → latest-read, stops it
 *   bin/largekv run --hosts h1,h2 --target yugabyte --full-scale ...
 * </pre>
 */
@Command(name = "bin/largekv", mixinStandardHelpOptions = true, versionProvider = Largekv.Version.class,
    synopsisSubcommandLabel = "COMMAND", description = {
        "The large-dataset key-value benchmark: runs the phases load -> uniform-read -> latest-read through YCSB"
            + " (or nb5) against a local Cassandra it starts, or against your servers.",
        "Each command's options: bin/largekv COMMAND --help."},
    footer = "Docs: README.md, docs/ycsb-binding.md, docs/ycsb-workload.md")
public final class Largekv {

  /** {@code --version}: the installation, as it describes itself. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {Installation.current().describe()};
    }
  }

  Largekv() {}

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
    int code = exitStatus(args, out, err, oneLine);
    out.flush();
    err.flush();
    System.exit(code);
  }

  /**
   * Runs the command line {@code args} to its exit status: bad input is one line on {@code oneLine}
   * and {@link ExitStatus#BAD_INPUT}, a file or server that failed {@link ExitStatus#ABORTED}.
   */
  static int exitStatus(String[] args, PrintStream out, PrintStream err, PrintStream oneLine) throws Exception {
    try {
      return run(args, out, err);
    } catch (UserError e) {
      err.flush();
      oneLine.println("largekv: " + e.getMessage());
      return ExitStatus.BAD_INPUT;
    } catch (java.io.IOException e) {
      // the local server did not start, a results directory cannot be written, ...
      err.println("largekv: " + e.getMessage());
      return ExitStatus.ABORTED;
    }
  }

  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    CommandLine commands = LargekvCommands.of(args);
    if (args.length == 0) {
      commands.usage(out);
      return ExitStatus.BAD_INPUT;
    }
    if (args[0].equals("help")) {
      commands.usage(out);
      return ExitStatus.OK;
    }
    if (args[0].equals("version")) {
      commands.printVersionHelp(out);
      return ExitStatus.OK;
    }
    CommandLine asked = LargekvCommands.helpAskedOf(commands, args);
    if (asked != null) {
      asked.usage(out);
      return asked == commands.getSubcommands().get("k8s") && args.length == 1 ? ExitStatus.BAD_INPUT : ExitStatus.OK;
    }
    ParseResult parsed = OptionParser.parse(commands, args);
    if (parsed.isVersionHelpRequested()) {
      commands.printVersionHelp(out);
      return ExitStatus.OK;
    }
    ParseResult leaf = parsed;
    while (leaf.hasSubcommand()) {
      leaf = leaf.subcommand();
    }
    if (leaf.isUsageHelpRequested()) {
      leaf.commandSpec().commandLine().usage(out);
      return ExitStatus.OK;
    }
    if (leaf.commandSpec().userObject() instanceof LargekvCommand command) {
      return command.call(args, out, err);
    }
    throw new IllegalStateException("no command for " + List.of(args));
  }
}
