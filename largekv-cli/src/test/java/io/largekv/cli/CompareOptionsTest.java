package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class CompareOptionsTest {

  @Test
  void noTargetsIsTheLocalDemoOfTwoCassandras() throws Exception {
    Compare.Options o = Compare.Options.parse(new String[] {"compare"});
    assertThat(o.localTargets).isTrue();
    assertThat(o.targets).extracting(t -> t.label).containsExactly("cassandra-stcs", "cassandra-lcs");
    assertThat(o.targets).allMatch(CompareTarget::local).allMatch(t -> t.dialect.equals("cassandra"));
    assertThat(o.targets.get(1).properties).contains("ycql.compaction=LeveledCompactionStrategy");
    assertThat(o.records).isEqualTo(100_000);
    assertThat(o.duration).isEqualTo(30);
    assertThat(o.warmup).isEqualTo(5L);
  }

  @Test
  void targetsTakeTheirDialectFromTheirLabel() throws Exception {
    Compare.Options o = Compare.Options.parse(new String[] {"compare", "--target", "yugabyte=yb1,yb2:9042",
        "--target", "scylla-ics=s1", "--target-prop", "scylla-ics:ycql.compaction=IncrementalCompactionStrategy",
        "--repeat", "3", "--rate", "5000", "--clients", "2"});
    assertThat(o.localTargets).isFalse();
    assertThat(o.targets).extracting(t -> t.dialect).containsExactly("yugabyte", "scylla");
    assertThat(o.targets.get(0).hosts).isEqualTo("yb1,yb2:9042");
    assertThat(o.targets.get(1).properties).containsExactly("ycql.compaction=IncrementalCompactionStrategy");
    assertThat(o.repeat).isEqualTo(3);
    assertThat(o.warmup).isEqualTo(10L);
  }

  @Test
  void badTargetsAreOneLine() {
    assertThatThrownBy(() -> Compare.Options.parse(new String[] {"compare", "--target", "mongo=h1"}))
        .hasMessageContaining("must start with one of yugabyte, cassandra, scylla");
    assertThatThrownBy(() -> Compare.Options.parse(new String[] {"compare", "--target", "yugabyte"}))
        .hasMessageContaining("accepted: LABEL=HOST1,HOST2[:PORT]");
    assertThatThrownBy(() -> Compare.Options.parse(new String[] {"compare", "--target", "cassandra=a",
        "--target", "cassandra=b"})).hasMessageContaining("distinct");
    assertThatThrownBy(() -> Compare.Options.parse(new String[] {"compare", "--target", "cassandra=a",
        "--target-prop", "scylla:x=y"})).hasMessageContaining("no --target scylla");
    assertThatThrownBy(() -> Compare.Options.parse(new String[] {"compare", "--repeat", "0"}))
        .hasMessageContaining("--repeat 0 is not accepted");
    assertThatThrownBy(() -> Compare.Options.parse(new String[] {"compare", "--clients", "5000"}))
        .hasMessage("--clients 5000 is not accepted; accepted values: 1..1000");
  }

  @Test
  void runAndCompareShareTheirCommonOptionsAndTheirErrors() throws Exception {
    String[] common = {"--phases", "uniform-read", "--records", "2000", "--duration", "20", "--threads", "4",
        "--warmup", "3", "--nodes", "3", "-p", "ycql.request_timeout=5s"};
    String[] run = new String[common.length + 1];
    String[] compare = new String[common.length + 1];
    run[0] = "run";
    compare[0] = "compare";
    System.arraycopy(common, 0, run, 1, common.length);
    System.arraycopy(common, 0, compare, 1, common.length);
    for (PhaseOptions o : new PhaseOptions[] {Largekv.RunOptions.parse(run), Compare.Options.parse(compare)}) {
      assertThat(o.phaseProperties(Phase.UNIFORM_READ))
          .containsExactly("recordcount=2000", "threadcount=4", "maxexecutiontime=20");
      assertThat(o.phaseProperties(Phase.LOAD)).containsExactly("recordcount=2000", "threadcount=4");
      assertThat(o.warmup).isEqualTo(3L);
      assertThat(o.nodes).isEqualTo(3);
      assertThat(o.properties).containsExactly("ycql.request_timeout=5s");
    }
    for (String command : new String[] {"run", "compare"}) {
      assertThatThrownBy(() -> parse(command, "--threads", "0"))
          .hasMessage("--threads 0 is not accepted; accepted values: a whole number >= 1");
      assertThatThrownBy(() -> parse(command, "--threads", "200000"))
          .hasMessage("--threads 200000 is not accepted; accepted values: 1..100000");
      assertThatThrownBy(() -> parse(command, "--records", "many"))
          .hasMessage("--records many is not accepted; accepted values: a whole number >= 1");
      assertThatThrownBy(() -> parse(command, "--speed", "9"))
          .hasMessageStartingWith("unknown option --speed (see bin/largekv ");
      assertThatThrownBy(() -> parse(command, "-p", "recordcount"))
          .hasMessage("-p recordcount is not NAME=VALUE");
    }
  }

  private static PhaseOptions parse(String... args) throws Exception {
    return args[0].equals("run") ? Largekv.RunOptions.parse(args) : Compare.Options.parse(args);
  }

  @Test
  void repeatsShowTheirSpread() {
    assertThat(io.largekv.report.ReportFormat.throughput(new double[] {1000, 1200, 1100}))
        .isEqualTo("1,100 (1,000–1,200, 3 runs)");
    assertThat(io.largekv.report.ReportFormat.throughput(new double[] {1234.4})).isEqualTo("1,234");
  }
}
