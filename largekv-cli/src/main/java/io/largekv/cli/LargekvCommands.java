package io.largekv.cli;

import io.largekv.common.UserError;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The tree of {@code bin/largekv}'s commands ({@link Largekv} and its picocli subcommands): each
 * command's options object, parsed by {@link OptionParser}, and the forms of the command line that
 * come before parsing ({@code --help} anywhere in a command that prints its usage whatever else its
 * line says, an unknown command).
 */
final class LargekvCommands {

  /** The commands whose usage {@code -h} or {@code --help} anywhere on their line prints. */
  private static final Set<String> HELP_ANYWHERE = Set.of("check", "report", "render", "local");

  private LargekvCommands() {}

  /**
   * The commands, configured for {@code args}: {@code check} takes the settings of {@code compare}
   * ({@link CompareSettings}) when {@code args} name a {@code --target LABEL=HOSTS}, else those of
   * {@code run} ({@link RunSettings}).
   */
  static CommandLine of(String[] args) {
    CommandLine top = new CommandLine(new Largekv());
    top.addSubcommand(new RunCommand.RunOptions());
    top.addSubcommand(Check.comparing(args) ? new Check.CompareForm() : new Check.RunForm());
    top.addSubcommand(new CompareOptions());
    top.addSubcommand(new ReportCommand.Options());
    CommandLine k8s = new CommandLine(new K8sCommand());
    k8s.addSubcommand(new K8sRenderOptions());
    k8s.addSubcommand(new K8sLocal.Options());
    top.addSubcommand(k8s);
    top.addSubcommand(new Nb5ClientOptions());
    OptionParser.configure(top);
    return top;
  }

  /**
   * The command whose usage {@code args} ask for before any option is parsed ({@code k8s} alone, a
   * help option anywhere on a {@link #HELP_ANYWHERE} command's line), or null; an unknown command is
   * a {@link UserError}.
   */
  static CommandLine helpAskedOf(CommandLine top, String[] args) throws UserError {
    String first = args[0];
    if (first.startsWith("-")) {
      if (!Set.of("-h", "--help", "-V", "--version").contains(first)) {
        throw unknownCommand(first);
      }
      return null;
    }
    CommandLine command = top.getSubcommands().get(first);
    if (command == null) {
      throw unknownCommand(first);
    }
    if (first.equals("k8s")) {
      if (args.length == 1 || args[1].equals("-h") || args[1].equals("--help")) {
        return command;
      }
      CommandLine k8s = command.getSubcommands().get(args[1]);
      if (k8s == null) {
        throw new UserError("unknown command 'k8s " + args[1] + "'; accepted: k8s render, k8s local (see bin/largekv"
            + " k8s --help)");
      }
      return OptionParser.asksForHelp(args, 2) ? k8s : null;
    }
    return HELP_ANYWHERE.contains(first) && OptionParser.asksForHelp(args, 1) ? command : null;
  }

  private static UserError unknownCommand(String name) {
    return new UserError("unknown command '" + name + "'; accepted: run, check, compare, report, k8s, nb5-client (see"
        + " bin/largekv --help)");
  }

  /** The options object of {@code command}: its own, or that of its mixin ({@code check}'s settings); null: none. */
  static OptionParser.Options options(CommandLine command) {
    Object own = command.getCommand();
    if (own instanceof OptionParser.Options o) {
      return o;
    }
    for (CommandSpec mixin : command.getCommandSpec().mixins().values()) {
      if (mixin.userObject() instanceof OptionParser.Options o) {
        return o;
      }
    }
    return null;
  }
}
