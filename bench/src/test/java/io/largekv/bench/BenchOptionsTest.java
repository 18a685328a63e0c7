package io.largekv.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.binding.YcqlConfig;
import io.largekv.common.UserError;
import java.nio.file.Path;
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

  @Test
  void latteTakesTheJavaClientsBoundOnARequest() {
    BenchClient.Settings s = BenchClient.Settings.builder().ops(1000).concurrency(8).contactPoint("127.0.0.1:9042")
        .localDatacenter("datacenter1").repo(Path.of(".")).results(Path.of("."))
        .build();
    BenchOptions byDefault = BenchOptions.parse(new String[] {"--clients", "largekv,latte"});
    assertThat(byDefault.requestTimeoutMs).isEqualTo(YcqlConfig.DEFAULT_REQUEST_TIMEOUT_MS);
    assertThat(new LatteClient("latte", Path.of("kv.rn"), byDefault.requestTimeoutMs)
        .command(BenchPhase.READ, s)).containsSequence("--request-timeout", "2000ms");
    // -p ycql.request_timeout_ms reaches latte as the Java clients get it: the last one given
    BenchOptions set = BenchOptions.parse(new String[] {"--clients", "largekv,latte",
        "-p", "ycql.request_timeout_ms=500", "-p", "ycql.request_timeout_ms=12_000"});
    assertThat(set.requestTimeoutMs).isEqualTo(12_000);
    assertThat(set.ycsbProperties).contains("ycql.request_timeout_ms=12_000");
    assertThat(new LatteClient("latte", Path.of("kv.rn"), set.requestTimeoutMs)
        .command(BenchPhase.READ, s)).containsSequence("--request-timeout", "12000ms").containsSequence("--retries", "0");
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"-p", "ycql.request_timeout_ms=0"}))
        .isInstanceOf(UserError.class)
        .hasMessageStartingWith("ycql.request_timeout_ms").hasMessageContaining("1..3600000");
    // a -p the clients would refuse is refused before anything runs, with the clients' own line
    assertThatThrownBy(() -> BenchOptions.parse(new String[] {"-p", "ycql.request_timeout_ms"}))
        .isInstanceOf(UserError.class)
        .hasMessage("-p ycql.request_timeout_ms is not accepted; accepted values: -p NAME=VALUE");
  }
}
