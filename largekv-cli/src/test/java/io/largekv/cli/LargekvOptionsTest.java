package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.common.UserError;
import io.largekv.harness.nb5.Nb5PhaseRunner;
import io.largekv.phase.Phase;
import org.junit.jupiter.api.Test;

class LargekvOptionsTest {

  @Test
  void parsesRunOptions() throws Exception {
    RunCommand.RunOptions o = RunCommand.RunOptions.parse(new String[] {"run", "--hosts", "a,b:9043", "--target",
        "scylla", "--phases", "load,latest-read", "--records", "1_000", "--duration", "30", "--threads", "8",
        "-p", "ycql.localdc=dc1"});
    assertThat(o.settings.target.hosts).isEqualTo("a,b:9043");
    assertThat(o.settings.target.database).isEqualTo("scylla");
    assertThat(o.settings.phases.list).containsExactly(Phase.LOAD, Phase.LATEST_READ);
    assertThat(o.settings.size.records).isEqualTo(1000);
    assertThat(o.settings.size.duration).isEqualTo(30);
    assertThat(o.settings.size.threads).isEqualTo(8);
    assertThat(o.settings.props.list).containsExactly("ycql.localdc=dc1");
  }

  @Test
  void badOptionsNameTheOptionAndTheAcceptedValues() {
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--target", "mongo"}))
        .hasMessage("--target mongo is not accepted; accepted values: yugabyte, cassandra, scylla");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--records", "-5"}))
        .hasMessage("--records -5 is not accepted; accepted values: a whole number >= 1");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--phases", "warmup"}))
        .hasMessageContaining("unknown phase 'warmup'; accepted: load, uniform-read, latest-read");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--full-scale"}))
        .hasMessageContaining("--full-scale needs --hosts");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--localdc", "dc9"}))
        .hasMessage("--localdc dc9 names the datacenter of --hosts; the local Cassandra has its own; accepted: "
            + "--localdc with --hosts");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--hosts"}))
        .hasMessageContaining("--hosts needs a value");
  }

  @Test
  void uncachedIsALocalNodesReadPhasesAndDefaultsToTheLoadAndTheUniformRead() throws Exception {
    RunCommand.RunOptions o = RunCommand.RunOptions.parse(new String[] {"run", "--uncached"});
    assertThat(o.cache.uncached).isTrue();
    assertThat(o.settings.phases.list).containsExactly(Phase.LOAD, Phase.UNIFORM_READ);
    assertThat(o.cache.pageCacheMib).isEqualTo(16);
    o = RunCommand.RunOptions.parse(new String[] {"run", "--uncached", "--phases", "load,latest-read", "--page-cache",
        "8"});
    assertThat(o.settings.phases.list).containsExactly(Phase.LOAD, Phase.LATEST_READ);
    assertThat(o.cache.pageCacheMib).isEqualTo(8);
    assertThat(RunCommand.RunOptions.parse(new String[] {"run"}).settings.phases.list).isEqualTo(Phase.ALL);
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--uncached", "--hosts", "h1"}))
        .isInstanceOf(UserError.class).hasMessageStartingWith("--uncached bounds the local Cassandra's page cache, "
            + "and --hosts h1 is not local").hasMessageEndingWith("accepted: --uncached without --hosts");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--uncached", "--nodes", "3"}))
        .hasMessage("--uncached runs one local node; accepted: --uncached without --nodes");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--uncached", "--phases", "load"}))
        .hasMessage("--uncached bounds the page cache of read phases, and --phases has none; accepted: --phases "
            + "with uniform-read or latest-read");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--page-cache", "8"}))
        .hasMessage("--page-cache 8 sizes the page cache of --uncached; accepted: --page-cache with --uncached");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--uncached", "--page-cache", "0"}))
        .hasMessageStartingWith("--page-cache 0 is not accepted; accepted values: ");
  }

  @Test
  void theServersSideOptionsAreCheckedBeforeAnythingStarts() throws Exception {
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--server-samples", "-1"}))
        .hasMessage("--server-samples -1 is not accepted; accepted values: 0..3600");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--hosts", "a", "--prometheus",
        "ftp://p:9090"})).hasMessageStartingWith("--prometheus ftp://p:9090 is not accepted; accepted values: a "
        + "Prometheus server's URL");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--node-exporter", "9100"}))
        .hasMessageStartingWith("--node-exporter reads the machines of --hosts");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--hosts", "a", "--server-samples",
        "0", "--node-exporter", "9100"})).hasMessageStartingWith("--server-samples 0 takes no sample");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--yb-web-port", "70000"}))
        .hasMessageStartingWith("--yb-web-port 70000 is not accepted");
    RunCommand.RunOptions o = RunCommand.RunOptions.parse(new String[] {"run", "--hosts", "h1,h2:9043",
        "--yb-masters", "m1,m2:7100", "--yb-web-port", "9001", "--scylla-metrics-port", "9181", "--node-exporter",
        "9200", "--prometheus", "http://prom:9090/", "--server-samples", "2"});
    io.largekv.servers.ServerSide.Settings s = o.servers.settings();
    assertThat(s).isEqualTo(new io.largekv.servers.ServerSide.Settings(2, 9200, "http://prom:9090",
        new io.largekv.servers.YugabyteEndpoints(java.util.List.of("m1", "m2:7100"), 9001, null), 9181));
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--yb-admin", "/no/such/yb-admin"}))
        .hasMessageStartingWith("--yb-admin /no/such/yb-admin is not accepted; accepted values: the path of"
            + " YugabyteDB's yb-admin program");
    assertThat(RunCommand.RunOptions.parse(new String[] {"run"}).servers.settings().intervalSeconds()).isEqualTo(10);
  }

  @Test
  void nb5TakesOnlyWhatItCanDo() {
    assertThat(RunCommand.RunOptions.parse(new String[] {"run", "--harness", "nb5", "-p", "nb5.driverconfig=x.conf"})
        .settings.harness.name).isEqualTo("nb5");
    assertThat(RunCommand.RunOptions.parse(new String[] {"run"}).settings.harness.name).isEqualTo("ycsb");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--harness", "latte"}))
        .hasMessage("--harness latte is not accepted; accepted: ycsb, nb5");
    // -p is translated for nb5 before nb5 is looked for or a server starts
    assertThatThrownBy(() -> Largekv.run(new String[] {"run", "--harness", "nb5", "-p", "ycql.request_timeout_ms=5"},
        System.out, System.err))
        .hasMessageStartingWith("-p ycql.request_timeout_ms=5: the nb5 harness cannot apply ycql.request_timeout_ms "
            + "(YCSB-only); accepted with nb5: -p nb5.NAME=VALUE");
    assertThatThrownBy(() -> Largekv.run(new String[] {"run", "--harness", "nb5", "-p", "nb5.errors=counter"},
        System.out, System.err))
        .hasMessageStartingWith("-p nb5.errors=counter: bin/largekv sets nb5's errors itself");
    assertThatThrownBy(() -> Largekv.run(new String[] {"run", "--harness", "nb5", "-p", "nb5.rf=0"},
        System.out, System.err))
        .hasMessage("-p nb5.rf 0 is not accepted; accepted values: 1..100");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--harness", "nb5", "--plan"}))
        .hasMessage("--plan prints YCSB's plan of each phase; accepted: --plan without --harness nb5");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--harness", "nb5", "--hosts", "10.0.0.1"}))
        .hasMessageStartingWith("--harness nb5 with --hosts needs --localdc");
  }

  @Test
  void metricsPortsAreCheckedFreeAndListedForPrometheusBeforeAnythingStarts(@org.junit.jupiter.api.io.TempDir
      java.nio.file.Path tmp) throws Exception {
    assertThat(RunCommand.RunOptions.parse(new String[] {"run", "--metrics-port", "9464"}).results.metricsPort).isEqualTo(9464);
    assertThat(RunCommand.RunOptions.parse(new String[] {"run"}).results.metricsPort).isNull();
    for (String bad : new String[] {"0", "-1", "65536", "x"}) {
      assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--metrics-port", bad}))
          .hasMessageStartingWith("--metrics-port " + bad);
    }
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--harness", "nb5", "--metrics-port",
        "9464"})).hasMessageContaining("nb5's clients serve no largekv endpoint");
    assertThatThrownBy(() -> io.largekv.harness.MetricsPorts.of(65_535, 3, "r")).hasMessageContaining(
        "accepted: a first port from 1 to 65533");
    // a port in use: one line naming it, before any server starts (no local Cassandra, no DDL)
    try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      int port = taken.getLocalPort();
      java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
      assertThatThrownBy(() -> Largekv.run(new String[] {"run", "--metrics-port", Integer.toString(port), "--out",
          tmp.resolve("r").toString()}, System.out, new java.io.PrintStream(err, true)))
          .isInstanceOf(UserError.class).hasMessageContaining("port " + port + " on 127.0.0.1 (client 0's) is in use");
      assertThat(err.toString()).doesNotContain("starting local Cassandra");
    }
    // the ports as Prometheus' file-based service discovery reads them
    io.largekv.harness.MetricsPorts ports = io.largekv.harness.MetricsPorts.of(9464, 3, "compare-1");
    java.nio.file.Path file = ports.writeTargets(tmp);
    com.fasterxml.jackson.databind.JsonNode sd = new com.fasterxml.jackson.databind.ObjectMapper().readTree(file.toFile());
    assertThat(sd.size()).isEqualTo(1);
    assertThat(sd.get(0).path("targets").toString()).isEqualTo(
        "[\"127.0.0.1:9464\",\"127.0.0.1:9465\",\"127.0.0.1:9466\"]");
    assertThat(sd.get(0).has("labels")).isFalse(); // the series carry the run; two runs' files are one target
    assertThatThrownBy(() -> io.largekv.harness.MetricsPorts.of(9464, 1, "a,b")).isInstanceOf(UserError.class)
        .hasMessageContaining("accepted: a directory whose name has no ',' or '='");
    assertThat(ports.properties("cassandra", "load", 2)).containsExactly("largekv.metrics_port=9466",
        "largekv.metrics_address=127.0.0.1", "largekv.metrics_labels=run=compare-1,target=cassandra,phase=load,client=2");
  }

  @Test
  void nb5TakesOneHostListAndOnePort() {
    Nb5PhaseRunner.Connection c = Nb5PhaseRunner.Connection.of("cassandra", "127.0.0.1:9043,127.0.0.2:9043", 0, "dc1",
        3, java.util.List.of("driverconfig=a.conf"));
    assertThat(c.arguments()).containsExactly("driver=cqld4", "hosts=127.0.0.1,127.0.0.2", "port=9043",
        "localdc=dc1", "datacenter=dc1", "driverconfig=a.conf");
    assertThat(Nb5PhaseRunner.Connection.of("yugabyte", "h1,h2", 0, null, 3, java.util.List.of()).arguments())
        .containsExactly("driver=cqld4", "hosts=h1,h2");
    assertThatThrownBy(() -> Nb5PhaseRunner.Connection.of("cassandra", "a:1,b:2", 0, "dc1", 3, java.util.List.of()))
        .hasMessageContaining("nb5's cqld4 takes one port for every host");
  }

  @Test
  void unknownCommandIsAUsageError() {
    assertThatThrownBy(() -> Largekv.run(new String[] {"launch"}, System.out, System.err))
        .hasMessageContaining("unknown command 'launch'; accepted: run");
  }

  @Test
  void reportTakesTheExpectedPhasesAndRefusesAnUnknownOneInOneLine() {
    assertThatThrownBy(() -> Largekv.run(new String[] {"report", "/nonexistent", "--phases", "load,nope"}, System.out,
        System.err)).isInstanceOf(io.largekv.common.UserError.class)
        .hasMessage("--phases: unknown phase 'nope'; accepted: " + Phase.ACCEPTED);
    assertThatThrownBy(() -> Largekv.run(new String[] {"report", "/nonexistent", "--phase", "load"}, System.out,
        System.err)).isInstanceOf(io.largekv.common.UserError.class)
        .hasMessage("unknown report option '--phase'; accepted: --phases LIST (one directory), --out DIR (several)");
    assertThatThrownBy(() -> Largekv.run(new String[] {"report"}, System.out, System.err))
        .isInstanceOf(io.largekv.common.UserError.class).hasMessageStartingWith("report needs a directory:");
    // a report across runs: --phases is one directory's, --out several's; every directory must be one
    assertThatThrownBy(() -> Largekv.run(new String[] {"report", "/a", "/b", "--phases", "load"}, System.out,
        System.err)).isInstanceOf(io.largekv.common.UserError.class).hasMessageStartingWith("--phases is for one");
    assertThatThrownBy(() -> Largekv.run(new String[] {"report", "/a", "--out", "/b"}, System.out, System.err))
        .isInstanceOf(io.largekv.common.UserError.class).hasMessageStartingWith("--out is for a report across runs");
    assertThatThrownBy(() -> Largekv.run(new String[] {"report", "/nonexistent-a", "/nonexistent-b", "--out", "/tmp/x"},
        System.out, System.err)).isInstanceOf(io.largekv.common.UserError.class)
        .hasMessageStartingWith("/nonexistent-a is not a directory");
    assertThatThrownBy(() -> Largekv.run(new String[] {"report", "/a", "--out"}, System.out, System.err))
        .isInstanceOf(io.largekv.common.UserError.class).hasMessageStartingWith("--out needs a value");
  }

  @Test
  void aReportAcrossRunsOfADirectoryThatIsNoRunWritesNothing(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
      throws Exception {
    java.nio.file.Path a = java.nio.file.Files.createDirectories(tmp.resolve("a"));
    java.nio.file.Path b = java.nio.file.Files.createDirectories(tmp.resolve("b"));
    java.nio.file.Path out = tmp.resolve("out");
    assertThatThrownBy(() -> Largekv.run(new String[] {"report", a.toString(), b.toString(), "--out", out.toString()},
        System.out, System.err)).isInstanceOf(io.largekv.common.UserError.class)
        .hasMessageContaining(a + " is neither a bin/largekv compare directory");
    assertThat(out).doesNotExist();
    // the runs are read, never written: an --out inside one is refused
    assertThatThrownBy(() -> Largekv.run(new String[] {"report", a.toString(), b.toString(), "--out",
        a.resolve("x/..").resolve("across").toString()}, System.out, System.err))
        .isInstanceOf(io.largekv.common.UserError.class).hasMessageContaining("is inside the run " + a);
  }

  @Test
  void everyCommandSaysWhatItRefusesInItsOwnLine() throws Exception {
    java.io.ByteArrayOutputStream shown = new java.io.ByteArrayOutputStream();
    java.io.PrintStream out = new java.io.PrintStream(shown, true, java.nio.charset.StandardCharsets.UTF_8);
    // --help anywhere in check's options: its usage, nothing connected or started
    assertThat(Largekv.run(new String[] {"check", "--hosts", "h1", "--nodes", "3", "--help"}, out, System.err))
        .isZero();
    assertThat(shown.toString(java.nio.charset.StandardCharsets.UTF_8)).contains("bin/largekv check");
    // and report's: its usage, nothing read or written
    shown.reset();
    assertThat(Largekv.run(new String[] {"report", "/nonexistent", "--help"}, out, System.err)).isZero();
    assertThat(shown.toString(java.nio.charset.StandardCharsets.UTF_8)).startsWith("Usage: bin/largekv report DIR")
        .contains("Docs: docs/results.md");
    // compare's form of check, either way of writing the option
    assertThat(Check.comparing(new String[] {"check", "--target", "cassandra-a=h1"})).isTrue();
    assertThat(Check.comparing(new String[] {"check", "--target=cassandra-a=h1"})).isTrue();
    assertThat(Check.comparing(new String[] {"check", "--target", "cassandra", "--hosts", "h1"})).isFalse();
    // nb5-client's and report's lines as they always were
    assertThatThrownBy(() -> Largekv.run(new String[] {"nb5-client", "--phase", "load", "--bogus", "x"}, out,
        System.err)).hasMessage("unknown option --bogus; accepted: --phase, --dir, -P, -p (see bin/largekv nb5-client"
        + " --help)");
    assertThatThrownBy(() -> Largekv.run(new String[] {"nb5-client", "--phase"}, out, System.err))
        .hasMessage("--phase needs a value; see bin/largekv nb5-client --help");
    assertThatThrownBy(() -> Largekv.run(new String[] {"report", "/a", "--out"}, out, System.err))
        .hasMessage("--out needs a value: bin/largekv report DIR [--phases LIST] | DIR1 DIR2... [--out DIR]"
            + " (see bin/largekv report --help)");
    // "--" is no end of options: a value, or an unknown option
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--", "x"}))
        .hasMessage("unknown option -- (see bin/largekv --help)");
    assertThat(RunCommand.RunOptions.parse(new String[] {"run", "--out", "--"}).results.out.getFileName().toString())
        .isEqualTo("--");
  }
}
