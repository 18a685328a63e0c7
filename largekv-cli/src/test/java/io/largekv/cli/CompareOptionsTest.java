package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.phase.Phase;
import org.junit.jupiter.api.Test;

class CompareOptionsTest {

  @Test
  void noTargetsIsTheLocalDemoOfTwoCassandras() throws Exception {
    CompareSettings o = CompareOptions.parse(new String[] {"compare"}).settings;
    assertThat(o.localTargets).isTrue();
    assertThat(o.targets).extracting(t -> t.label).containsExactly("cassandra-stcs", "cassandra-lcs");
    assertThat(o.targets).allMatch(CompareTarget::local).allMatch(t -> t.dialect.equals("cassandra"));
    assertThat(o.targets.get(1).properties).contains("ycql.compaction=LeveledCompactionStrategy");
    assertThat(o.phaseProperties(Phase.LOAD, o.targets.get(0)))
        .containsExactly("recordcount=100000", "threadcount=16");
    assertThat(o.phaseProperties(Phase.UNIFORM_READ, o.targets.get(0)))
        .containsExactly("recordcount=100000", "threadcount=16", "maxexecutiontime=30");
    assertThat(o.warmup.seconds).isEqualTo(15L);
  }

  @Test
  void theLocalDemosSizesNeverOutrankTheUsersProperties() throws Exception {
    CompareSettings o = CompareOptions.parse(new String[] {"compare", "-p", "recordcount=5000",
        "--target", "cassandra-a=local", "--target", "cassandra-b=local", "--target-prop", "cassandra-b:threadcount=64"}).settings;
    CompareTarget a = o.targets.get(0);
    CompareTarget b = o.targets.get(1);
    assertThat(o.phaseProperties(Phase.UNIFORM_READ, a)).containsExactly("threadcount=16", "maxexecutiontime=30");
    assertThat(o.phaseProperties(Phase.UNIFORM_READ, b)).containsExactly("maxexecutiontime=30");
    CompareSettings explicit = CompareOptions.parse(new String[] {"compare", "--threads", "8", "--rate", "900",
        "--clients", "3"}).settings;
    assertThat(explicit.phaseProperties(Phase.LOAD, explicit.targets.get(0)))
        .containsExactly("threadcount=8", "target=300", "measurement.interval=both", "recordcount=100000");
  }

  @Test
  void theReportsSetupSaysWhereEachSizeCameFrom() throws Exception {
    CompareSettings o = CompareOptions.parse(new String[] {"compare", "-p", "recordcount=5000",
        "--target", "cassandra-a=local", "--target", "cassandra-b=local", "--target-prop", "cassandra-b:threadcount=64",
        "--duration", "20"}).settings;
    assertThat(o.sizeSetting(o.size.records, "recordcount", CompareSettings.LOCAL_RECORDS, ""))
        .isEqualTo("(-p / --target-prop recordcount)");
    assertThat(o.sizeSetting(null, "threadcount", CompareSettings.LOCAL_THREADS, ""))
        .isEqualTo("16 (local default; a -p or --target-prop threadcount for some targets)");
    assertThat(o.sizeSetting(o.size.duration, "maxexecutiontime", CompareSettings.LOCAL_DURATION, " s")).isEqualTo("20 s");
    CompareSettings demo = CompareOptions.parse(new String[] {"compare"}).settings;
    assertThat(demo.sizeSetting(null, "recordcount", CompareSettings.LOCAL_RECORDS, "")).isEqualTo("100000 (local default)");
    CompareSettings hosts = CompareOptions.parse(new String[] {"compare", "--target", "yugabyte=10.0.0.1"}).settings;
    assertThat(hosts.sizeSetting(null, "recordcount", CompareSettings.LOCAL_RECORDS, "")).isEqualTo("(workload file)");
  }

  @Test
  void theWarmUpIsCheckedAgainstTheReadPhaseTheTargetsGet() throws Exception {
    // every target's read phase set by -p: the demo's 30 s is not what it runs, so it is not checked against
    CompareOptions.parse(new String[] {"compare", "--warmup", "40", "-p", "maxexecutiontime=120"});
    // one target still on the demo's 30 s: a 40 s warm-up leaves it nothing to measure
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--warmup", "40",
        "--target", "cassandra-a=local", "--target", "cassandra-b=local", "--target-prop", "cassandra-a:maxexecutiontime=120"}))
        .hasMessageStartingWith("--duration 30 leaves nothing to measure after a warm-up of 40 s");
  }

  @Test
  void aReadPhaseMayHaveALengthOfItsOwn() throws Exception {
    // the demo's 30 s for the phase no option names, the option's for the one it does, in both phases' command
    CompareSettings o = CompareOptions.parse(new String[] {"compare", "--duration", "latest-read=60"}).settings;
    CompareTarget t = o.targets.get(0);
    assertThat(o.phaseProperties(Phase.UNIFORM_READ, t)).containsExactly("recordcount=100000", "threadcount=16",
        "maxexecutiontime=30");
    assertThat(o.phaseProperties(Phase.LATEST_READ, t)).containsExactly("maxexecutiontime=60", "recordcount=100000",
        "threadcount=16");
    assertThat(o.phaseProperties(Phase.LOAD, t)).containsExactly("recordcount=100000", "threadcount=16");
    assertThat(o.durationSetting()).isEqualTo("uniform-read 30 s (local default), latest-read 60 s");
    // a length for every read phase and one of its own; the last --duration counts, as with every option
    CompareSettings both = CompareOptions.parse(new String[] {"compare", "--duration", "7", "--duration",
        "95,uniform-read=65", "--target", "cassandra=h1", "--phases", "uniform-read,latest-read"}).settings;
    assertThat(both.size.duration(Phase.UNIFORM_READ)).isEqualTo(65);
    assertThat(both.size.duration(Phase.LATEST_READ)).isEqualTo(95);
    assertThat(both.size.duration(Phase.LOAD)).isNull();
    assertThat(both.durationSetting()).isEqualTo("uniform-read 65 s, latest-read 95 s");
    assertThat(CompareOptions.parse(new String[] {"compare", "--duration", "95"}).settings.durationSetting())
        .isEqualTo("95 s");
    // each phase's warm-up check names the phase whose length is too short
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--duration", "60,latest-read=5"}))
        .hasMessage("--duration latest-read=5 leaves nothing to measure after a warm-up of 15 s (the default); "
            + "accepted: --duration longer than --warmup");
    // a phase's own length for a phase that does not run would be ignored without a word: refused, every command
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--duration", "60,latest-read=90",
        "--phases", "load,uniform-read"}))
        .hasMessage("--duration latest-read=90 names a phase that does not run (the phases: load,uniform-read); "
            + "accepted: uniform-read=SECONDS");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--duration", "uniform-read=90",
        "--phases", "latest-read"})).hasMessageStartingWith("--duration uniform-read=90 names a phase that does not run");
    assertThatThrownBy(() -> K8sRenderOptions.parse(new String[] {"render", "--phase", "uniform-read", "--duration",
        "latest-read=90", "--hosts", "h1", "--image", "largekv:1"}))
        .hasMessageStartingWith("--duration latest-read=90 names a phase that does not run (the phases: uniform-read)");
    assertThatThrownBy(() -> K8sLocal.Options.parse(new String[] {"local", "--phases", "load", "--duration",
        "latest-read=90"})).hasMessage("--duration latest-read=90 names a phase that does not run (the phases: load); "
        + "accepted: no PHASE=SECONDS, as no read phase runs");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--duration", "load=60"}))
        .hasMessage("--duration load=60: 'load' is not a read phase; accepted: SECONDS, uniform-read=SECONDS, "
            + "latest-read=SECONDS (a load runs until its rows are in)");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--duration", "uniform=60"}))
        .hasMessageStartingWith("--duration uniform=60: 'uniform' is not a read phase; accepted: SECONDS,");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--duration", "60,90"}))
        .hasMessage("--duration 60,90 gives every read phase's length twice; accepted: SECONDS once, and "
            + "PHASE=SECONDS for a read phase of its own");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--duration",
        "latest-read=60,latest-read=90"}))
        .hasMessage("--duration latest-read=60,latest-read=90 gives latest-read twice; accepted: each read phase once");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--duration", "uniform-read=0"}))
        .hasMessage("--duration uniform-read 0 is not accepted; accepted values: a whole number >= 1");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--duration", "60,"}))
        .hasMessage("--duration 60, is not accepted; accepted values: SECONDS, or a comma-separated list of SECONDS "
            + "and uniform-read=SECONDS, latest-read=SECONDS");
  }

  @Test
  void optionsThatWouldMeasureSomethingElseThanSaidAreRefused() {
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--rate", "1000", "--clients", "3"}))
        .hasMessage("--rate 1000 does not split evenly over --clients 3 (each client gets a whole number of ops/s); "
            + "accepted: a multiple of 3");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--rate", "5", "--clients", "10"}))
        .hasMessageStartingWith("--rate 5 does not split evenly over --clients 10");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--localdc", "dc1"}))
        .hasMessageStartingWith("--localdc dc1 names the datacenter of targets with hosts");
    // the default warm-up: 15 s against the local servers largekv starts, 10 s against hosts
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--duration", "15"}))
        .hasMessage("--duration 15 leaves nothing to measure after a warm-up of 15 s (the default); accepted: "
            + "--duration longer than --warmup");
    assertThat(RunCommand.RunOptions.parse(new String[] {"run", "--duration", "16"}).settings.warmup.or(true))
        .isEqualTo(15);
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--hosts", "h1", "--duration", "10"}))
        .hasMessage("--duration 10 leaves nothing to measure after a warm-up of 10 s (the default); accepted: "
            + "--duration longer than --warmup");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--duration", "8", "--warmup", "8"}))
        .hasMessage("--duration 8 leaves nothing to measure after a warm-up of 8 s; accepted: --duration longer "
            + "than --warmup");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--phases", ","}))
        .hasMessageStartingWith("--phases , names no phase; accepted:");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--phases", "load", "--ful-scale"}))
        .hasMessage("unknown option --ful-scale (see bin/largekv --help)");
    assertThatThrownBy(() -> RunCommand.RunOptions.parse(new String[] {"run", "--records"}))
        .hasMessage("--records needs a value, or is not an option (see bin/largekv --help)");
  }

  @Test
  void targetsTakeTheirDialectFromTheirLabel() throws Exception {
    CompareSettings o = CompareOptions.parse(new String[] {"compare", "--target", "yugabyte=yb1,yb2:9042",
        "--target", "scylla-ics=s1", "--target-prop", "scylla-ics:ycql.compaction=IncrementalCompactionStrategy",
        "--repeat", "3", "--rate", "5000", "--clients", "2"}).settings;
    assertThat(o.localTargets).isFalse();
    assertThat(o.targets).extracting(t -> t.dialect).containsExactly("yugabyte", "scylla");
    assertThat(o.targets.get(0).hosts).isEqualTo("yb1,yb2:9042");
    assertThat(o.targets.get(1).properties).containsExactly("ycql.compaction=IncrementalCompactionStrategy");
    assertThat(o.repeat).isEqualTo(3);
    assertThat(o.warmup.seconds).isEqualTo(10L);
  }

  /** Against hosts, compare plans the rows run plans: the laptop-sized files unless --full-scale, the published ones with it. */
  @Test
  void againstHostsCompareAndRunTakeTheSameScaleRule() throws Exception {
    for (boolean full : new boolean[] {false, true}) {
      String[] scale = full ? new String[] {"--full-scale"} : new String[0];
      CompareSettings c = CompareOptions.parse(concat(new String[] {"compare", "--target", "cassandra=c1,c2",
          "--localdc", "dc1"}, scale)).settings;
      RunCommand.RunOptions r = RunCommand.RunOptions.parse(concat(new String[] {"run", "--hosts", "c1,c2",
          "--target", "cassandra", "--localdc", "dc1"}, scale));
      for (io.largekv.phase.Phase phase : io.largekv.phase.Phase.ALL) {
        assertThat(c.scale.workloadFile(phase)).as(phase.name + (full ? " full-scale" : ""))
            .isEqualTo(r.settings.scale.workloadFile(phase))
            .isEqualTo(full ? phase.fullScaleWorkload : phase.localWorkload);
        assertThat(c.phaseProperties(phase, c.targets.get(0))).isEqualTo(r.settings.size.phaseProperties(phase));
      }
    }
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--full-scale"}))
        .hasMessageStartingWith("--full-scale needs targets with hosts");
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  @Test
  void badTargetsAreOneLine() {
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--target", "mongo=h1"}))
        .hasMessageContaining("must start with one of yugabyte, cassandra, scylla");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--target", "yugabyte"}))
        .hasMessageContaining("accepted: LABEL=HOST1,HOST2[:PORT]");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--target", "cassandra=a",
        "--target", "cassandra=b"})).hasMessageContaining("distinct");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--target", "cassandra=a",
        "--target-prop", "scylla:x=y"})).hasMessageContaining("no --target scylla");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--repeat", "0"}))
        .hasMessageContaining("--repeat 0 is not accepted");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--clients", "5000"}))
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
    RunSettings r = RunCommand.RunOptions.parse(run).settings;
    CompareSettings c = CompareOptions.parse(compare).settings;
    // the same option groups, parsed alike
    for (PhaseSizeOptions size : java.util.List.of(r.size, c.size)) {
      assertThat(size.phaseProperties(Phase.UNIFORM_READ))
          .containsExactly("recordcount=2000", "threadcount=4", "maxexecutiontime=20");
      assertThat(size.phaseProperties(Phase.LOAD)).containsExactly("recordcount=2000", "threadcount=4");
    }
    assertThat(java.util.List.of(r.warmup.seconds, c.warmup.seconds)).containsOnly(3L);
    assertThat(java.util.List.of(r.cluster.nodes, c.cluster.nodes)).containsOnly(3);
    assertThat(java.util.List.of(r.props.list, c.props.list)).containsOnly(java.util.List.of("ycql.request_timeout=5s"));
    for (String command : new String[] {"run", "compare"}) {
      assertThatThrownBy(() -> parse(command, "--threads", "0"))
          .hasMessage("--threads 0 is not accepted; accepted values: 1..100000");
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

  private static OptionParser.Options parse(String... args) throws Exception {
    return args[0].equals("run") ? RunCommand.RunOptions.parse(args) : CompareOptions.parse(args);
  }

  @Test
  void repeatsShowTheirSpread() {
    assertThat(io.largekv.report.render.ReportFormat.throughput(java.util.List.of(1000.0, 1200.0, 1100.0)))
        .isEqualTo("1,100 (1,000–1,200, 3 runs)");
    assertThat(io.largekv.report.render.ReportFormat.throughput(java.util.List.of(1234.4))).isEqualTo("1,234");
  }

  @Test
  void harnessesAreOneOrBothAndNb5RefusesWhatItCannotDo() throws Exception {
    CompareSettings both = CompareOptions.parse(new String[] {"compare", "--harness", "ycsb,nb5"}).settings;
    assertThat(both.harnesses).containsExactly("ycsb", "nb5");
    assertThat(both.column(both.targets.get(0), "nb5")).isEqualTo("cassandra-stcs/nb5");
    CompareSettings one = CompareOptions.parse(new String[] {"compare", "--harness", "nb5"}).settings;
    assertThat(one.column(one.targets.get(0), "nb5")).isEqualTo("cassandra-stcs");
    assertThat(CompareOptions.parse(new String[] {"compare"}).settings.harnesses).containsExactly("ycsb");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "-p", "nb5.read_cl=ONE"}))
        .hasMessageStartingWith("-p nb5.read_cl=ONE is an nb5 parameter, and no nb5 runs; accepted: -p nb5.NAME=VALUE "
            + "with --harness nb5");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--harness", "nb5,nb5"}))
        .hasMessage("--harness nb5,nb5 is not accepted; accepted: ycsb, nb5, or both as ycsb,nb5");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--harness", "latte"}))
        .hasMessage("--harness latte is not accepted; accepted: ycsb, nb5, or both as ycsb,nb5");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--harness", "ycsb,nb5", "--rate", "100"}))
        .hasMessageStartingWith("--rate with --harness ycsb,nb5: largekv reads nb5's service-time timers only");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--harness", "nb5", "--clients", "2"}))
        .hasMessageStartingWith("--clients 2 with --harness nb5: one nb5 process per phase is what is tested");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--harness", "nb5", "--plan"}))
        .hasMessage("--plan prints YCSB's plan of each phase; accepted: --plan with --harness ycsb");
    assertThatThrownBy(() -> CompareOptions.parse(new String[] {"compare", "--harness", "nb5", "--target",
        "yugabyte=10.0.0.1"}))
        .hasMessageStartingWith("--harness nb5 with targets with hosts needs --localdc");
    // a property nb5 cannot apply ends the comparison before nb5 is looked for, a directory or a server
    assertThatThrownBy(() -> Largekv.run(new String[] {"compare", "--harness", "ycsb,nb5", "--target-prop",
        "cassandra-lcs:ycql.request_timeout_ms=9000"}, System.out, System.err))
        .hasMessageStartingWith("-p ycql.request_timeout_ms=9000: the nb5 harness cannot apply");
  }
}
