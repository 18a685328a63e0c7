package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@code bin/largekv}'s commands as picocli builds them: every command's usage generated from a
 * description of each of its options and positionals, an option a command does not have refused
 * in one line with exit status 2, and the exit statuses of the usage itself.
 */
class LargekvCommandsTest {

  /** Every command of the tree, the top one first, in both forms of {@code check}. */
  private static List<CommandLine> everyCommand() {
    List<CommandLine> all = new ArrayList<>();
    for (String[] args : new String[][] {{"check"}, {"check", "--target", "cassandra=h1"}}) {
      collect(LargekvCommands.of(args), all);
    }
    return all;
  }

  private static void collect(CommandLine c, List<CommandLine> into) {
    into.add(c);
    c.getSubcommands().values().forEach(s -> collect(s, into));
  }

  /** What {@code args} print on stdout, and their exit status, as {@code bin/largekv} would end. */
  private record Outcome(int status, String out, String err) {}

  private static Outcome run(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    int status = Largekv.exitStatus(args, o, e, e);
    return new Outcome(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /**
   * Every command a line can name runs through its parsed options: each leaf of the tree, in both
   * forms of {@code check}, is a {@link LargekvCommand}, and {@link Largekv} calls nothing else.
   */
  @Test
  void everyLeafCommandIsRunByItsOptions() {
    List<CommandLine> leaves = everyCommand().stream().filter(c -> c.getSubcommands().isEmpty()).toList();
    assertThat(leaves).extracting(CommandLine::getCommandName).containsOnly("run", "check", "compare", "report",
        "render", "local", "nb5-client").contains("run", "check", "compare", "report", "render", "local", "nb5-client");
    for (CommandLine leaf : leaves) {
      assertThat(leaf.<Object>getCommand()).as(leaf.getCommandName()).isInstanceOf(LargekvCommand.class);
    }
    // the commands that only group others (bin/largekv, k8s) print their usage and run nothing
    for (CommandLine group : everyCommand().stream().filter(c -> !c.getSubcommands().isEmpty()).toList()) {
      assertThat(group.<Object>getCommand()).as(group.getCommandName()).isNotInstanceOf(LargekvCommand.class);
    }
  }

  @Test
  void everyOptionAndPositionalHasADescription() {
    for (CommandLine c : everyCommand()) {
      List<ArgSpec> args = new ArrayList<>(c.getCommandSpec().options());
      args.addAll(c.getCommandSpec().positionalParameters());
      for (ArgSpec a : args) {
        assertThat(String.join(" ", a.description())).as("%s %s", c.getCommandName(), a).isNotBlank();
      }
    }
  }

  @Test
  void everyCommandsHelpIsGeneratedAndNamesEachOfItsOptions() throws Exception {
    Map<String, List<String>> commands = new java.util.LinkedHashMap<>();
    commands.put("", List.of("--help"));
    commands.put("run", List.of("run", "--help"));
    commands.put("check", List.of("check", "--help"));
    commands.put("compare", List.of("compare", "--help"));
    commands.put("report", List.of("report", "--help"));
    commands.put("k8s", List.of("k8s", "--help"));
    commands.put("render", List.of("k8s", "render", "--help"));
    commands.put("local", List.of("k8s", "local", "--help"));
    commands.put("nb5-client", List.of("nb5-client", "--help"));
    for (Map.Entry<String, List<String>> e : commands.entrySet()) {
      String[] args = e.getValue().toArray(String[]::new);
      Outcome help = run(args);
      assertThat(help.status()).as("%s", e.getValue()).isZero();
      assertThat(help.err()).as("%s", e.getValue()).isEmpty();
      CommandLine command = LargekvCommands.of(args);
      for (String name : e.getValue().subList(0, e.getValue().size() - 1)) {
        command = command.getSubcommands().get(name);
      }
      assertThat(help.out()).as("%s", e.getValue()).startsWith("Usage: bin/largekv");
      for (OptionSpec o : command.getCommandSpec().options()) {
        assertThat(help.out()).as("%s", e.getValue()).contains(o.longestName())
            .contains(o.description()[0].substring(0, Math.min(30, o.description()[0].length())));
      }
    }
    assertThat(run("--help").out()).contains("run", "check", "compare", "report", "k8s", "nb5-client");
    assertThat(run("k8s", "--help").out()).contains("render", "local");
  }

  /**
   * A command's usage lists its options in the order a user needs them ({@link UsageOrder}: what to
   * run, where, how long, ..., the output, the help last), not by name: every option of every
   * command has a place of its own there, and the usage follows it.
   */
  @Test
  void everyCommandsUsageListsItsOptionsInTheirUsageOrder() {
    java.util.regex.Pattern optionLine = java.util.regex.Pattern.compile("^ {2}(?:-\\w, | {4})?(--?[\\w-]+)");
    for (CommandLine c : everyCommand()) {
      if (c.getParent() == null || c.getCommandSpec().options().isEmpty()) {
        continue; // bin/largekv itself (-h, -V), k8s (none)
      }
      String name = c.getCommandSpec().qualifiedName();
      assertThat(c.getCommandSpec().usageMessage().sortOptions()).as(name).isFalse();
      List<OptionSpec> options = c.getCommandSpec().options();
      assertThat(options).as(name).allSatisfy(o -> assertThat(o.order()).as(o.longestName()).isGreaterThan(0));
      assertThat(options.stream().map(OptionSpec::order).distinct()).as(name).hasSameSizeAs(options);
      List<String> listed = c.getUsageMessage().lines().map(optionLine::matcher).filter(java.util.regex.Matcher::find)
          .map(m -> m.group(1)).toList();
      assertThat(listed).as(name).containsExactlyElementsOf(options.stream()
          .sorted(java.util.Comparator.comparingInt(OptionSpec::order)).map(OptionSpec::longestName).toList());
    }
  }

  @Test
  void theUsageWithoutACommandIsBadInputAndWithHelpIsNot() throws Exception {
    Outcome none = run();
    assertThat(none.status()).isEqualTo(2);
    assertThat(none.out()).startsWith("Usage: bin/largekv").contains("run", "compare");
    assertThat(run("--help").status()).isZero();
    assertThat(run("-h").status()).isZero();
    assertThat(run("help").status()).isZero();
    assertThat(run("k8s").status()).isEqualTo(2);
    assertThat(run("--version").out()).isEqualTo(run("version").out()).isNotBlank();
  }

  @Test
  void k8sRefusesTheServersSideInOneLine() throws Exception {
    List<List<String>> sides = List.of(List.of("--server-samples", "5"), List.of("--node-exporter", "9100"),
        List.of("--prometheus", "http://p:9090"));
    for (String k8s : List.of("render", "local")) {
      for (List<String> side : sides) {
        List<String> args = new ArrayList<>(List.of("k8s", k8s, "--phase", "load", "--hosts", "h1", "--image",
            "largekv:1"));
        if (k8s.equals("local")) {
          args = new ArrayList<>(List.of("k8s", k8s, "--clients", "2"));
        }
        args.addAll(side);
        Outcome refused = run(args.toArray(String[]::new));
        assertThat(refused.status()).as("%s", args).isEqualTo(2);
        assertThat(refused.out()).as("%s", args).isEmpty();
        assertThat(refused.err()).as("%s", args).isEqualTo("largekv: unknown option " + side.get(0)
            + " (see bin/largekv k8s " + k8s + " --help)" + System.lineSeparator());
      }
    }
  }

  @Test
  void aCommandHasOnlyTheOptionGroupsItUses() throws Exception {
    // check samples no server, shows no client's lines, bounds no page cache
    for (String[] args : new String[][] {{"check", "--hosts", "h1"}, {"check", "--target", "cassandra=h1"}}) {
      for (String option : List.of("--server-samples", "--verbose", "--node-exporter", "--out", "--metrics-port")) {
        String[] line = java.util.stream.Stream.concat(java.util.Arrays.stream(args), java.util.stream.Stream.of(
            option, "9")).toArray(String[]::new);
        Outcome refused = run(line);
        assertThat(refused.status()).as("%s", List.of(line)).isEqualTo(2);
        assertThat(refused.err()).as("%s", List.of(line)).startsWith("largekv: unknown option " + option + " ")
            .hasLineCount(1);
      }
    }
    assertThat(run("check", "--uncached").err()).startsWith("largekv: unknown option --uncached ");
    // k8s render and local run no client on this console (k8s local's pods log to files)
    assertThat(run("k8s", "render", "--verbose").err()).isEqualTo("largekv: unknown option --verbose (see bin/largekv"
        + " k8s render --help)" + System.lineSeparator());
    assertThat(run("k8s", "local", "-s").err()).isEqualTo("largekv: unknown option -s (see bin/largekv k8s local"
        + " --help)" + System.lineSeparator());
    // run and compare have them all
    CommandLine commands = LargekvCommands.of(new String[] {"run"});
    for (String command : List.of("run", "compare")) {
      for (String option : List.of("--verbose", "--server-samples", "--node-exporter", "--prometheus")) {
        assertThat(commands.getSubcommands().get(command).getCommandSpec().findOption(option)).as(command + option)
            .isNotNull();
      }
    }
  }

  /**
   * k8s render and k8s local declare only what they accept: an option of run's they leave to
   * another command or option is not theirs (not in their usage), and is refused as unknown, in its
   * {@code notHere} line, one line, exit 2.
   */
  @Test
  void k8sDeclaresOnlyWhatItAcceptsAndSaysWhatToUseInstead() throws Exception {
    Map<String, Map<String, String>> notHere = Map.of("render", K8sRenderOptions.NOT_HERE,
        "local", K8sLocal.Options.NOT_HERE);
    assertThat(notHere.get("render")).containsOnlyKeys("--phases", "--plan", "--nodes", "--event", "--warmup");
    assertThat(notHere.get("local")).containsOnlyKeys("--plan", "--event", "--warmup");
    CommandLine k8s = LargekvCommands.of(new String[] {"k8s"}).getSubcommands().get("k8s");
    for (Map.Entry<String, Map<String, String>> command : notHere.entrySet()) {
      CommandLine c = k8s.getSubcommands().get(command.getKey());
      String usage = run("k8s", command.getKey(), "--help").out();
      for (Map.Entry<String, String> option : command.getValue().entrySet()) {
        assertThat(c.getCommandSpec().findOption(option.getKey())).as(option.getKey()).isNull();
        assertThat(usage).as(option.getKey()).doesNotContain("  " + option.getKey() + " ", "  " + option.getKey() + "=");
        for (String[] given : new String[][] {{option.getKey(), "1"}, {option.getKey() + "=1"}}) {
          List<String> line = new ArrayList<>(List.of("k8s", command.getKey()));
          line.addAll(List.of(given));
          Outcome refused = run(line.toArray(String[]::new));
          assertThat(refused.status()).as("%s", line).isEqualTo(2);
          assertThat(refused.out()).as("%s", line).isEmpty();
          assertThat(refused.err()).as("%s", line).isEqualTo("largekv: " + option.getValue() + System.lineSeparator());
          // the line names the option and what is accepted instead
          assertThat(option.getValue()).startsWith(option.getKey()).contains("accepted");
        }
      }
    }
    // an option no command has: the usual line
    assertThat(run("k8s", "render", "--phasez", "load").err()).isEqualTo("largekv: unknown option --phasez (see"
        + " bin/largekv k8s render --help)" + System.lineSeparator());
  }

  /** check has the settings of run's (or compare's) phases, and no option besides: its option names are theirs less their own groups. */
  @Test
  void checkHasTheSettingsOfRunOrCompareAndNothingElse() {
    for (String[] args : new String[][] {{"check"}, {"check", "--target", "cassandra=h1"}}) {
      CommandLine commands = LargekvCommands.of(args);
      String form = args.length == 1 ? "run" : "compare";
      java.util.Set<String> check = names(commands.getSubcommands().get("check"));
      java.util.Set<String> runOrCompare = names(commands.getSubcommands().get(form));
      java.util.Set<String> ownGroups = new java.util.TreeSet<>();
      for (Object group : List.of(new PlanOption(), new ServerSideOptions(), new ConsoleOptions(),
          new ResultsOptions(), new UncachedOptions())) {
        ownGroups.addAll(names(new CommandLine(group)));
      }
      java.util.Set<String> expected = new java.util.TreeSet<>(runOrCompare);
      expected.removeAll(ownGroups);
      assertThat(check).as(form).isEqualTo(expected);
    }
  }

  /**
   * check connects, so it has no {@code --plan} (run's and compare's own): not in its usage, and
   * refused as any unknown option, one line, exit 2, in either form.
   */
  @Test
  void checkHasNoPlan() throws Exception {
    Map<String, String[]> forms = Map.of("bin/largekv --help", new String[] {"check"},
        "bin/largekv compare --help", new String[] {"check", "--target", "cassandra=h1"});
    for (Map.Entry<String, String[]> form : forms.entrySet()) {
      List<String> line = new ArrayList<>(List.of(form.getValue()));
      line.add("--plan");
      Outcome refused = run(line.toArray(String[]::new));
      assertThat(refused.status()).as("%s", line).isEqualTo(2);
      assertThat(refused.out()).as("%s", line).isEmpty();
      assertThat(refused.err()).as("%s", line).isEqualTo("largekv: unknown option --plan (see " + form.getKey() + ")"
          + System.lineSeparator());
      line.set(line.size() - 1, "--help");
      Outcome help = run(line.toArray(String[]::new));
      assertThat(help.status()).as("%s", line).isZero();
      assertThat(help.out()).as("%s", line).startsWith("Usage: bin/largekv check").doesNotContain("--plan");
    }
    CommandLine commands = LargekvCommands.of(new String[] {"run"});
    for (String command : List.of("run", "compare")) {
      assertThat(commands.getSubcommands().get(command).getCommandSpec().findOption("--plan")).as(command).isNotNull();
    }
  }

  private static java.util.Set<String> names(CommandLine c) {
    java.util.Set<String> names = new java.util.TreeSet<>();
    c.getCommandSpec().options().forEach(o -> names.add(o.longestName()));
    return names;
  }

  @Test
  void badInputIsOneLineNamingTheOption() throws Exception {
    Outcome unknown = run("frobnicate");
    assertThat(unknown.status()).isEqualTo(2);
    assertThat(unknown.err()).isEqualTo("largekv: unknown command 'frobnicate'; accepted: run, check, compare, report,"
        + " k8s, nb5-client (see bin/largekv --help)" + System.lineSeparator());
    Outcome value = run("run", "--threads", "0");
    assertThat(value.status()).isEqualTo(2);
    assertThat(value.err()).isEqualTo("largekv: --threads 0 is not accepted; accepted values: 1..100000"
        + System.lineSeparator());
    Outcome missing = run("compare", "--repeat");
    assertThat(missing.status()).isEqualTo(2);
    assertThat(missing.err().lines()).containsExactly("largekv: --repeat needs a value, or is not an option (see"
        + " bin/largekv compare --help)");
  }
}
