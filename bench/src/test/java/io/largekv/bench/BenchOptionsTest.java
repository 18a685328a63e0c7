package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.common.UserError;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** {@code bench/run}'s options as a picocli command: a generated usage, bin/largekv's range checks. */
class BenchOptionsTest {

  @Test
  void theUsageIsGeneratedFromADescriptionOfEveryOption() {
    String usage = BenchOptions.usage();
    assertThat(usage).startsWith("Usage: bench/run");
    for (OptionSpec o : new CommandLine(new BenchOptions()).getCommandSpec().options()) {
      assertThat(String.join(" ", o.description())).as(o.longestName()).isNotBlank();
      assertThat(usage).contains(o.longestName());
    }
    assertThat(BenchOptions.parse(new String[] {"--help"}).helpAsked).isTrue();
  }

  @Test
  void badInputIsOneLineNamingTheOptionAndTheAcceptedValues() {
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--ops", "10"})).isInstanceOf(UserError.class)
        .hasMessage("--ops 10 is not accepted; accepted values: 1000..2147483647");
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--concurrency", "lots"})).isInstanceOf(UserError.class)
        .hasMessage("--concurrency lots is not accepted; accepted values: 1..4096");
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--clients", "largekv,mongo"}))
        .isInstanceOf(UserError.class).hasMessageStartingWith("--clients mongo is not accepted; accepted: largekv,");
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--frobnicate"})).isInstanceOf(UserError.class)
        .message().doesNotContain("\n").contains("--frobnicate").endsWith("see bench/run --help");
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--paired", "--clients", "largekv"}))
        .isInstanceOf(UserError.class).hasMessageStartingWith("--paired runs each client beside latte; accepted:");
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--paired", "--clients", "largekv,latte", "--counts"}))
        .isInstanceOf(UserError.class).hasMessageStartingWith("--paired is not accepted with --counts");
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"--paired", "--clients", "largekv,latte", "--rate"}))
        .isInstanceOf(UserError.class).hasMessageContaining("or --rate: they measure one client alone");
    assertThat(BenchOptions.parse(new String[] {"--paired", "--clients", "largekv,latte"}).paired).isTrue();
    // a pair shares the server: its runs are twice as long unless --ops says otherwise
    assertThat(BenchOptions.parse(new String[] {"--paired", "--clients", "largekv,latte"}).ops)
        .isEqualTo(BenchOptions.DEFAULT_PAIRED_OPS).isEqualTo(6_000_000);
    assertThat(BenchOptions.parse(new String[] {"--paired", "--clients", "largekv,latte", "--ops", "450000"}).ops)
        .isEqualTo(450_000);
    assertThat(BenchOptions.parse(new String[] {"--clients", "largekv,latte"}).ops).isEqualTo(3_000_000);
    BenchOptions o = BenchOptions.parse(new String[] {"--ops", "2_000", "--concurrency", "8", "--ops", "3000"});
    assertThat(o.ops).isEqualTo(3000);
    assertThat(o.concurrency).isEqualTo(8);
    assertThat(o.warmUpOps).isEqualTo(3000);
  }
}
