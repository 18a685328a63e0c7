package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LargekvOptionsTest {

  @Test
  void parsesRunOptions() throws Exception {
    Largekv.RunOptions o = Largekv.RunOptions.parse(new String[] {"run", "--hosts", "a,b:9043", "--target",
        "scylla", "--phases", "load,latest-read", "--records", "1_000", "--duration", "30", "--threads", "8",
        "-p", "ycql.localdc=dc1"});
    assertThat(o.hosts).isEqualTo("a,b:9043");
    assertThat(o.target).isEqualTo("scylla");
    assertThat(o.phases).containsExactly(Phase.LOAD, Phase.LATEST_READ);
    assertThat(o.records).isEqualTo(1000);
    assertThat(o.duration).isEqualTo(30);
    assertThat(o.threads).isEqualTo(8);
    assertThat(o.properties).containsExactly("ycql.localdc=dc1");
  }

  @Test
  void badOptionsNameTheOptionAndTheAcceptedValues() {
    assertThatThrownBy(() -> Largekv.RunOptions.parse(new String[] {"run", "--target", "mongo"}))
        .hasMessage("--target mongo is not accepted; accepted values: yugabyte, cassandra, scylla");
    assertThatThrownBy(() -> Largekv.RunOptions.parse(new String[] {"run", "--records", "-5"}))
        .hasMessage("--records -5 is not accepted; accepted values: a whole number >= 1");
    assertThatThrownBy(() -> Largekv.RunOptions.parse(new String[] {"run", "--phases", "warmup"}))
        .hasMessageContaining("unknown phase 'warmup'; accepted: load, uniform-read, latest-read");
    assertThatThrownBy(() -> Largekv.RunOptions.parse(new String[] {"run", "--full-scale"}))
        .hasMessageContaining("--full-scale needs --hosts");
    assertThatThrownBy(() -> Largekv.RunOptions.parse(new String[] {"run", "--hosts"}))
        .hasMessageContaining("--hosts needs a value");
  }

  @Test
  void unknownCommandIsAUsageError() {
    assertThatThrownBy(() -> Largekv.run(new String[] {"launch"}, System.out, System.err))
        .hasMessageContaining("unknown command 'launch'; accepted: run");
  }

  @Test
  void everyPhaseIsFoundByTheNameItIsListedUnder() {
    assertThat(Phase.ACCEPTED).isEqualTo("load, uniform-read, latest-read");
    for (Phase p : Phase.ALL) {
      assertThat(Phase.byName(" " + p.name + " ")).isSameAs(p);
    }
    assertThat(Phase.LOAD.isLoad()).isTrue();
    assertThat(Phase.UNIFORM_READ.isLoad()).isFalse();
  }
}
