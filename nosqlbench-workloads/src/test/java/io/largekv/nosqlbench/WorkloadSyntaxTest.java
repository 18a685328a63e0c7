package io.largekv.nosqlbench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** yb_kv_large.yaml is portable nb5 5.17–5.25 syntax, complete, and shaped like the seeds. */
class WorkloadSyntaxTest {

  private static final WorkloadFile FILE = WorkloadFile.load();
  private static final Workload DEFAULTS = FILE.workload(Map.of());

  @Test
  void usesOnlyThePortableTemplateForm() {
    assertThat(FILE.templates()).isNotEmpty();
    assertThat(FILE.portabilityProblems()).isEmpty();
  }

  @Test
  void theCheckerRejectsWhatBreaksOnSomeRelease() {
    Map<String, String> bad = new java.util.LinkedHashMap<>();
    bad.put("rf: <<rf:1>>", "'<<'");
    bad.put("rf: TEMPLATE(rf:1)", "splits on a comma only");
    bad.put("rf: ${rf:1}", "'${'");
    bad.put("rf: \"{{= 1 }}\"", "expression");
    bad.put("rf: TEMPLATE(rf)", "has no default");
    bad.put("a: TEMPLATE(rf,1)\nb: TEMPLATE(rf,3)", "default differs");
    bad.put("dc: TEMPLATE(localdc,dc1)", "activity parameter");
    bad.put("dist: TEMPLATE(dist,Uniform(0,1))", "plain token");
    bad.put("n: TEMPLATE(n,-1)", "plain token");
    bad.put("n: TEMPLATE(n,1\n)", "not closed");
    bad.put("# {{= 1 }} and more", "expression");
    bad.put("a: 1 # {{= 1 }}", "expression");
    bad.forEach((text, problem) -> assertThat(new WorkloadFile(text).portabilityProblems())
        .as(text).anySatisfy(p -> assertThat(p).contains(problem)));
    assertThat(new WorkloadFile("a: TEMPLATE(rf,3)\nb: TEMPLATE(rf,3)").portabilityProblems()).isEmpty();
    // one whole nb5 5.25 expression on a comment line: a comment to nb5 5.17 and 5.21
    assertThat(new WorkloadFile("  # {{= if (hasParam('a')) { 1 }; '' }}\na: TEMPLATE(rf,3)").portabilityProblems())
        .isEmpty();
  }

  @Test
  void expandsWithDefaults() {
    String text = FILE.expand(Map.of());
    assertThat(text).doesNotContain("TEMPLATE(", "UNSET");
    assertThat(text).contains("HashInterval(0L,30000000000L)", "INSERT INTO largekv.kv (k, v)",
        "'replication_factor': 3", "Geometric(0.000001d)");
    assertThat(FILE.templateDefaults()).containsEntry("keycount", "30000000000")
        .containsEntry("keyspace", "largekv").containsEntry("table", "kv").containsEntry("rf", "3")
        .containsEntry("read_cl", "QUORUM").containsEntry("write_cl", "QUORUM")
        .containsEntry("target", "yugabyte");
    for (Workload.Op op : DEFAULTS.ops()) {
      if (op.type().equals("prepared")) {
        assertThat(op.consistency()).as(op.block()).isEqualTo("QUORUM");
      }
    }
  }

  @Test
  void expandsWithOverrides() {
    Map<String, String> p = Map.of("keycount", "1000", "keyspace", "ks1", "table", "t1", "rf", "1",
        "read_cl", "ONE", "write_cl", "LOCAL_QUORUM", "latest_p", "0.01d", "target", "cassandra",
        "datacenter", "dc7");
    String text = FILE.expand(p);
    assertThat(text).contains("HashInterval(0L,1000L)", "ks1.t1", "Geometric(0.01d)",
        "tags==block:schema_cassandra", "'dc7': 1").doesNotContain("largekv.kv", "30000000000L");
    Workload w = FILE.workload(p);
    for (Workload.Op op : w.ops()) {
      if (op.isRead()) {
        assertThat(op.consistency()).isEqualTo("ONE");
      } else if (op.isWrite()) {
        assertThat(op.consistency()).isEqualTo("LOCAL_QUORUM");
      }
    }
  }

  /**
   * The real-nb5 tests run only 5.17.9 and 5.25.7 (RealNb5StdoutFarCyclesIT every binding, the
   * append block's too): for 5.21.8, which no test can run (the shared nb5 has no 5.21 release),
   * this is the only check that nb5 knows every function.
   */
  @Test
  void everyFunctionExistsInEverySupportedRelease() {
    Set<String> used = new TreeSet<>();
    Pattern call = Pattern.compile("([A-Za-z]\\w*)\\(");
    for (String recipe : DEFAULTS.bindings().values()) {
      call.matcher(recipe.replaceAll("'[^']*'", "''")).results().forEach(m -> used.add(m.group(1)));
    }
    assertThat(used).contains("Format", "Hash", "ByteBufferSizedHashed", "HashInterval", "Geometric");
    for (String release : Nb5Functions.RELEASES) {
      Set<String> known = Nb5Functions.of(release);
      assertThat(known).as("nb5 %s function list", release).hasSizeGreaterThan(300);
      assertThat(known).as("functions of nb5 %s", release).containsAll(used);
    }
  }

  /**
   * Every read checks its row: its verifier calls verifyRow with its own phase name, the key it
   * reads and a value binding (RealNb5StdoutFarCyclesIT shows, with nb5's own values, that it is the
   * value of the key read); latest_read's inserts report their acknowledgement; every scenario that
   * reads, also those no test runs, ends with the step that prints the counts and fails the run on
   * a bad row.
   */
  @Test
  void everyReadVerifiesItsRowAndEveryReadingScenarioEndsWithTheCounts() {
    Pattern call = Pattern.compile("verification\\.verifyRow\\('(\\w+)', result, \\{(\\w+)}, \\{(\\w+)}, (true|false)\\)");
    List<String> verified = new ArrayList<>();
    for (Workload.Op op : DEFAULTS.ops()) {
      String where = op.block() + "." + op.name();
      if (!op.isRead()) {
        if (op.block().equals("latest_insert")) {
          assertThat(op.verifier().strip()).isEqualTo("verification.acknowledged({" + op.bindPoints().get(0) + "})");
        }
        continue;
      }
      assertThat(op.verifierInit()).as(where).contains("@CompileStatic", "class YbKvLargeVerification",
          "verification = new YbKvLargeVerification(", "on_bad_row");
      Matcher m = call.matcher(op.verifier().strip());
      assertThat(m.matches()).as("%s verifier: %s", where, op.verifier()).isTrue();
      assertThat(m.group(1)).as(where).isEqualTo(op.block());
      assertThat(m.group(2)).as("%s checks the key it reads", where).isEqualTo(op.bindPoints().get(0));
      assertThat(m.group(4)).as("%s: only latest_read reads keys its own phase inserts", where)
          .isEqualTo(String.valueOf(op.block().equals("latest_read")));
      verified.add(op.block());
    }
    assertThat(verified).containsExactlyInAnyOrder("uniform_read", "latest_read", "fixed_latest_read");
    for (String scenario : DEFAULTS.scenarioNames()) {
      List<Workload.Step> steps = DEFAULTS.steps(scenario);
      boolean reads = steps.stream().anyMatch(s -> !s.blockPattern().startsWith("schema_")
          && DEFAULTS.opsOfBlocks(s.blockPattern()).stream().anyMatch(Workload.Op::isRead));
      assertThat(steps.get(steps.size() - 1).blockPattern().equals("verified_reads")).as(scenario).isEqualTo(reads);
    }
  }

  @Test
  void everyBindPointHasABindingAndEveryBindingIsUsed() {
    Set<String> bound = new LinkedHashSet<>();
    for (Workload.Op op : DEFAULTS.ops()) {
      if (op.type().equals("raw")) {
        assertThat(op.bindPoints()).as("DDL %s.%s", op.block(), op.name()).isEmpty();
        continue;
      }
      assertThat(op.bindPoints()).as("%s.%s", op.block(), op.name()).isNotEmpty();
      bound.addAll(op.bindPoints());
      bound.addAll(op.verifierBindPoints());
    }
    assertThat(DEFAULTS.bindings().keySet()).containsAll(bound);
    assertThat(bound).containsAll(DEFAULTS.bindings().keySet());
  }

  @Test
  void scenariosAreTheSeedPhases() {
    assertThat(DEFAULTS.scenarioNames()).contains("default", "load", "uniform_read", "latest_read",
        "latest_read_fixed", "dense20b_read_heavy", "dense20b_write_only", "uncached_random_read", "smoke");
    assertThat(DEFAULTS.steps("default")).extracting(Workload.Step::name)
        .containsExactly("schema", "load", "uniform_read", "latest_read", "verified");
    for (String scenario : DEFAULTS.scenarioNames()) {
      for (Workload.Step step : DEFAULTS.steps(scenario)) {
        String where = scenario + "." + step.name();
        assertThat(step.params()).as(where).containsEntry("driver", "cqld4");
        List<Workload.Op> ops = DEFAULTS.opsOfBlocks(step.blockPattern());
        assertThat(ops).as(where + " selects ops").isNotEmpty();
        if (step.blockPattern().startsWith("schema_")) {
          assertThat(step.command()).as(where).contains("threads==1", "cycles==UNDEF");
          assertThat(ops).allSatisfy(op -> assertThat(op.type()).isEqualTo("raw"));
        } else if (step.blockPattern().equals("verified_reads")) {
          // the counts of the scenario's verified reads; fails the run after any bad row, whatever errors= says
          assertThat(step.name()).as(where).isEqualTo("verified");
          assertThat(step.command()).as(where).contains("threads==1", "cycles==1", "errors==stop");
        } else {
          assertThat(step.params()).as(where).containsKeys("threads", "cycles");
          assertThat(ops).allSatisfy(op -> assertThat(op.type()).isEqualTo("prepared"));
        }
      }
    }
    // every schema step can be pointed at each dialect; DDL gets 60 s, not the driver's 2 s
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Map<String, Object>>> blocks =
        (Map<String, Map<String, Map<String, Object>>>) DEFAULTS.document().get("blocks");
    for (String target : List.of("yugabyte", "cassandra", "scylla")) {
      Workload w = FILE.workload(Map.of("target", target));
      assertThat(w.steps("load").get(0).blockPattern()).isEqualTo("schema_" + target);
      assertThat(w.opsOfBlocks("schema_" + target)).hasSize(2);
      assertThat(blocks.get("schema_" + target).get("params")).containsEntry("timeout", 60.0);
    }
  }

  @Test
  void mixesThreadsAndSizesFollowTheSeeds() {
    // random-data read heavy: 185K reads/s + 1K writes/s
    assertThat(mix("uniform_read")).containsExactly(185, 1);
    // recent-data read heavy: 385K reads/s + 6.5K writes/s = 59.2 : 1
    assertThat(mix("latest_read")).containsExactly(59, 1);
    assertThat(mix("latest_read_fixed")).containsExactly(59, 1);
    // dense node: 32 readers / 2 writers, then 64 writers
    assertThat(mix("dense20b_read_heavy")).containsExactly(16, 1);
    assertThat(mix("dense20b_write_only")).containsExactly(0, 1);
    assertThat(mix("uncached_random_read")[1]).isZero(); // read-only

    assertThat(step("load", "load").params()).containsEntry("threads", "256")
        .containsEntry("cycles", "0..30000000000");
    assertThat(step("uniform_read", "main").params()).containsEntry("threads", "256");
    assertThat(step("dense20b_read_heavy", "main").params()).containsEntry("threads", "34")
        .containsEntry("keycount", "20000000000");
    assertThat(step("dense20b_write_only", "main").params()).containsEntry("threads", "64")
        .containsEntry("keycount", "20000000000");
    assertThat(step("uncached_random_read", "main").params()).containsEntry("threads", "150")
        .containsEntry("keycount", "1629145600");
  }

  /**
   * Each phase's default cycles: the seed's ops/s for 30 minutes, a whole number of op sequences.
   * No test runs a phase at its default cycles (hundreds of millions); the smoke scenario's are run
   * by RealNb5SmokeIT, whose exact counts hold only for whole sequences.
   */
  @Test
  void defaultCyclesAreHalfAnHourAtTheSeedsRate() {
    Map<String, Double> seedOpsPerSecond = Map.of("uniform_read", 186_000.0, "latest_read", 391_500.0,
        "latest_read_fixed", 391_500.0, "dense20b_read_heavy", 19_000.0 * 17 / 16,
        "dense20b_write_only", 25_000.0, "uncached_random_read", 77_000.0);
    seedOpsPerSecond.forEach((scenario, rate) -> {
      Workload.Step main = step(scenario, "main");
      long cycles = Long.parseLong(main.params().get("cycles"));
      assertThat(cycles / rate).as(scenario).isCloseTo(1800.0, org.assertj.core.data.Offset.offset(5.0));
      // nb5 runs whole strides only; a stride is one op sequence, as long as the ops' ratios add up to
      int[] mix = mix(scenario);
      int length = mix[0] + mix[1];
      assertThat(cycles % length).as("%s: %d cycles in sequences of %d", scenario, cycles, length).isZero();
    });
  }

  /** {reads, writes} per op sequence of a single-step scenario, with the step's parameters. */
  private static int[] mix(String scenario) {
    Workload.Step main = DEFAULTS.steps(scenario).get(0);
    int reads = 0;
    int writes = 0;
    for (Workload.Op op : FILE.workload(main.params()).opsOfBlocks(main.blockPattern())) {
      if (op.isRead()) {
        reads += op.ratio();
      } else {
        writes += op.ratio();
      }
    }
    return new int[] {reads, writes};
  }

  private static Workload.Step step(String scenario, String name) {
    return DEFAULTS.steps(scenario).stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
  }

  /**
   * nb5 run without tags= would select every block at once; it stops with one line naming every
   * scenario and the tags=block: form, by the route each release takes first: nb5 5.17 builds the
   * ops in file order (the first block's verifier-init), nb5 5.25 evaluates the comment's expression
   * as it reads the file (it names every op first, and two blocks' ops of one name collide there).
   * RealNb5UsageErrorsIT runs it on both.
   */
  @Test
  void theRunFormWithoutTagsStopsWithOneLineNamingEveryScenario() {
    String guard = "run_without_tags";
    assertThat(DEFAULTS.blockNames().get(0)).isEqualTo(guard);
    List<Workload.Op> ops = DEFAULTS.opsOfBlocks(guard);
    assertThat(ops).hasSize(1);
    String init = ops.get(0).verifierInit();
    assertThat(init).contains("System.err.println('", "System.exit(2)");
    String line = init.substring(init.indexOf("println('") + "println('".length(), init.indexOf("')"));
    // no scenario step (with any target) and no documented run form selects it
    for (String target : List.of("yugabyte", "cassandra", "scylla")) {
      Workload w = FILE.workload(Map.of("target", target));
      for (String scenario : w.scenarioNames()) {
        for (Workload.Step step : w.steps(scenario)) {
          assertThat(w.opsOfBlocks(step.blockPattern())).as("%s.%s", scenario, step.name())
              .noneMatch(op -> op.block().equals(guard));
        }
      }
    }
    assertThat(DEFAULTS.opsOfBlocks("append")).noneMatch(op -> op.block().equals(guard));
    // nb5 5.25's copy: the same line, when the activity has a workload and no tags (a step always has tags)
    List<String> expressions = FILE.text().lines()
        .filter(l -> WorkloadFile.COMMENT_EXPRESSION.matcher(l).matches()).toList();
    assertThat(expressions).hasSize(1);
    assertThat(expressions.get(0)).contains("{{= if (hasParam('workload') && !hasParam('tags')) { System.err.println('"
        + line + "'); System.err.flush(); System.exit(2) }; '' }}");
    // the line: every scenario of the file, the scenario form and the tags=block: form
    assertThat(line).startsWith("yb_kv_large: nb5 run without tags= would start every block at once;")
        .contains("nb5 yb_kv_large SCENARIO name=value", "nb5 run driver=cqld4 workload=yb_kv_large tags=block:NAME")
        .doesNotContain("'", "{", "}", "[", "]");
    String list = line.substring(line.indexOf("SCENARIO one of: ") + "SCENARIO one of: ".length(), line.indexOf("; or blocks"));
    assertThat(List.of(list.split(", "))).containsExactlyElementsOf(DEFAULTS.scenarioNames());
  }

  /**
   * NetworkTopologyStrategy names the replicas' datacenter; nb5 cannot give the schema localdc's
   * value on every release (5.17 removes a templated parameter from what its driver sees), so
   * target=cassandra and target=scylla without datacenter= stop with one line before any DDL runs
   * (RealNb5UsageErrorsIT) instead of creating the keyspace for some default datacenter.
   */
  @Test
  void theNetworkTopologySchemasStopWithOneLineWithoutADatacenter() {
    assertThat(FILE.templateDefaults()).containsEntry("datacenter", "required");
    for (String target : List.of("cassandra", "scylla")) {
      Workload.Op without = FILE.workload(Map.of("target", target)).op("schema_" + target, "create_keyspace");
      assertThat(without.verifierInit()).as(target).contains("if ('required' == 'required')", "System.exit(2)",
          "System.err.println('yb_kv_large: target=" + target + " creates the keyspace with NetworkTopologyStrategy "
              + "and needs datacenter=DC");
      Workload.Op with = FILE.workload(Map.of("target", target, "datacenter", "dc1"))
          .op("schema_" + target, "create_keyspace");
      assertThat(with.verifierInit()).as(target).contains("if ('dc1' == 'required')");
      assertThat(with.statement()).as(target).contains("'NetworkTopologyStrategy', 'dc1': 3}");
      assertThat(FILE.workload(Map.of("target", target)).op("schema_" + target, "create_table").verifierInit()).isNull();
    }
    assertThat(DEFAULTS.op("schema_yugabyte", "create_keyspace").verifierInit()).isNull();
    assertThat(DEFAULTS.op("schema_yugabyte", "create_keyspace").statement()).contains("SimpleStrategy");
  }

  @Test
  void descriptionStartsWithTheSummary() {
    assertThat(DEFAULTS.description().lines().findFirst().orElse(""))
        .startsWith("yb_kv_large: the large-dataset key-value benchmark");
  }

  @Test
  void docsListEveryParameterWithItsDefault() throws IOException {
    Path docs = WorkloadFile.repoDir().resolve("docs").resolve("nosqlbench.md");
    String text = Files.readString(docs);
    FILE.templateDefaults().forEach((name, def) ->
        assertThat(text).as("docs/nosqlbench.md documents %s (default %s)", name, def)
            .contains("`" + name + "`").contains(def));
    for (String scenario : DEFAULTS.scenarioNames()) {
      assertThat(text).as("docs/nosqlbench.md shows scenario %s", scenario).contains(scenario);
    }
  }
}
