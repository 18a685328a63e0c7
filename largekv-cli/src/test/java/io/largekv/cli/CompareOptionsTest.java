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
    assertThat(o.warmup).isEqualTo(5);
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
    assertThat(o.warmup).isEqualTo(10);
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
  }

  @Test
  void repeatsShowTheirSpread() {
    assertThat(io.largekv.report.ReportFormat.throughput(new double[] {1000, 1200, 1100}))
        .isEqualTo("1,100 (1,000–1,200, 3 runs)");
    assertThat(io.largekv.report.ReportFormat.throughput(new double[] {1234.4})).isEqualTo("1,234");
  }
}
