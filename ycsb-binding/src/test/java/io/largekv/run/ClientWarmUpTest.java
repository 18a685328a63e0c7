package io.largekv.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.common.Directories;
import io.largekv.common.UserError;
import io.largekv.jvm.ClientJit;
import io.largekv.jvm.EventLoopStalls;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/** The warm-up cut on YCSB 0.17's own measurements and exporter: what YCSB would print. */
class ClientWarmUpTest {

  private Path dir;

  @BeforeEach
  void tempDir() throws IOException {
    dir = Files.createTempDirectory("largekv-warmup");
  }

  @AfterEach
  void cleanUp() throws IOException {
    Directories.deleteRecursively(dir);
  }

  private Properties props(String... kv) {
    Properties p = new Properties();
    p.setProperty("hdrhistogram.fileoutput", "true");
    p.setProperty("hdrhistogram.output.path", dir + "/");
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  /** {@code n} operations of {@code latencyUs} each, measured by YCSB and counted by largekv. */
  private static void operations(Measurements m, RunCounters c, int n, int latencyUs) {
    for (int i = 0; i < n; i++) {
      m.measure("READ", latencyUs);
      m.measure("VERIFY", 1); // the workload's own measurement of a read's verification: not an operation
      c.record(RunCounters.Operation.READ, System.nanoTime(), true);
    }
  }

  private static String export(Measurements m) throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    TextMeasurementsExporter e = new TextMeasurementsExporter(b);
    m.exportMeasurements(e);
    e.close();
    return b.toString(StandardCharsets.UTF_8);
  }

  /** Every operation in READ's HdrHistogram log, all intervals. */
  private long logged() throws IOException {
    long n = 0;
    HistogramLogReader r = new HistogramLogReader(dir.resolve("READ.hdr").toFile());
    for (EncodableHistogram h = r.nextIntervalHistogram(); h != null; h = r.nextIntervalHistogram()) {
      n += ((org.HdrHistogram.Histogram) h).getTotalCount();
    }
    return n;
  }

  @Test
  void theWarmUpsOperationsAreLeftOutOfYcsbsSummaryAndKeptInItsLog() throws IOException {
    Properties p = props();
    Measurements m = new Measurements(p);
    RunCounters c = new RunCounters(ms -> { });
    ClientJit jit = ClientJit.ofThisJvm();
    ClientWarmUp w = new ClientWarmUp(c, new EventLoopStalls(), jit);
    w.configure(p, true);
    assertThat(w.seconds()).isEqualTo(ClientWarmUp.DEFAULT_RUN_SECONDS);
    operations(m, c, 300, 50_000); // the warm-up: slow
    m.getSummary(); // a status line in between
    operations(m, c, 200, 40_000);
    long before = System.currentTimeMillis();
    w.end(m);
    long after = System.currentTimeMillis();
    operations(m, c, 1000, 1_000);
    w.finish();
    String summary = export(m);
    assertThat(summary).contains("[READ], Operations, 1000").contains("[VERIFY], Operations, 1000").contains("[READ], MaxLatency(us), 1000")
        .contains("[READ], 99thPercentileLatency(us), 1000");
    assertThat(w.excluded()).isTrue();
    assertThat(w.excludedOperations()).isEqualTo(500);
    assertThat(logged()).isEqualTo(1500); // the log keeps every interval
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    w.print(new PrintStream(b, true, StandardCharsets.UTF_8));
    String printed = b.toString(StandardCharsets.UTF_8);
    assertThat(printed).startsWith("[LARGEKV], WarmUpExcludedSeconds, 10\n[LARGEKV], WarmUpExcludedOperations, 500\n"
        + "[LARGEKV], WarmUpEndEpochMs, ");
    // where it cut, for the report to cut the interval logs at: here, when end() ran (no planned instant)
    assertThat(io.largekv.results.ClientSummary.of(io.largekv.common.YcsbOutput.parse(printed)).warmUpEndEpochMs())
        .isBetween(before, after);
    assertThat(w.line(20_000)).startsWith("the client's warm-up, the first 10 s after the first operation (500"
        + " operations), is left out of YCSB's latency figures");
    // the JIT's compiling is measured in the same window as the figures
    assertThat(jit.cpuMillisAfterWarmUp()).isPresent();
  }

  /**
   * What the stall rule bounds: each operation type's figures as YCSB will report them, the last
   * interval (no status line took it) included, the warm-up left out; not the failed operations' nor
   * the workload's own measurements.
   */
  @Test
  void theReportedFiguresAreEachOperationsTotalAfterTheWarmUpWithItsLastInterval() throws IOException {
    Properties p = props();
    Measurements m = new Measurements(p);
    RunCounters c = new RunCounters(ms -> { });
    ClientWarmUp w = new ClientWarmUp(c, new EventLoopStalls(), ClientJit.ofThisJvm());
    w.configure(p, true);
    operations(m, c, 300, 50_000);
    w.end(m);
    operations(m, c, 700, 1_000);
    m.getSummary(); // a status line
    operations(m, c, 300, 2_000); // the last interval
    m.measure("READ-FAILED", 3_000);
    m.measure("UPDATE", 4_000);
    w.finish();
    Map<String, Histogram> figures = w.reportedFigures(m);
    assertThat(figures).containsOnlyKeys("READ", "UPDATE");
    assertThat(figures.get("READ").getTotalCount()).isEqualTo(1000);
    assertThat(figures.get("READ").getMaxValue()).isBetween(2_000L, 2_002L);
    // the same figures YCSB exports
    assertThat(export(m)).contains("[READ], Operations, 1000").contains("[READ], MaxLatency(us), 2000")
        .contains("[READ-FAILED], Operations, 1");
  }

  @Test
  void aWarmUpWithNoOperationAfterItIsPutBackAndTheFiguresAreTheWholeRuns() throws IOException {
    Properties p = props("largekv.warmup_s", "30");
    Measurements m = new Measurements(p);
    RunCounters c = new RunCounters(ms -> { });
    EventLoopStalls stalls = new EventLoopStalls();
    ClientJit jit = ClientJit.ofThisJvm();
    ClientWarmUp w = new ClientWarmUp(c, stalls, jit);
    w.configure(p, true);
    operations(m, c, 400, 2_000);
    w.end(m); // e.g. the timer fired after the last operation, before the workload's cleanup
    w.finish();
    assertThat(export(m)).contains("[READ], Operations, 400");
    assertThat(w.excluded()).isFalse();
    assertThat(w.excludedOperations()).isZero();
    assertThat(w.line(29_000)).isEqualTo("YCSB's latency figures include the client's warm-up: no operation ran after it");
    assertThat(jit.cpuMillisAfterWarmUp()).isEmpty();
  }

  @Test
  void aRunShorterThanItsWarmUpSaysItsFiguresIncludeIt() throws IOException {
    Properties p = props();
    Measurements m = new Measurements(p);
    RunCounters c = new RunCounters(ms -> { });
    ClientWarmUp w = new ClientWarmUp(c, new EventLoopStalls(), ClientJit.ofThisJvm());
    w.configure(p, true);
    operations(m, c, 10, 2_000);
    w.finish();
    w.end(m); // too late: the run finished
    assertThat(export(m)).contains("[READ], Operations, 10");
    assertThat(w.line(6_500)).isEqualTo("YCSB's latency figures include the client's warm-up: the run's 6.5 s ended"
        + " before its 10 s (largekv.warmup_s)");
  }

  @Test
  void onlyTheDbsOperationsCountAsOperations() {
    assertThat(ClientWarmUp.isOperation("READ")).isTrue();
    assertThat(ClientWarmUp.isOperation("READ-FAILED")).isTrue();
    assertThat(ClientWarmUp.isOperation("UPDATE-NOT_FOUND")).isTrue();
    assertThat(ClientWarmUp.isOperation("VERIFY")).isFalse();
    assertThat(ClientWarmUp.isOperation("Intended-READ")).isFalse();
  }

  @Test
  void loadsKeepEveryOperationUnlessAskedAndOtherMeasurementTypesCannotCut() {
    RunCounters c = new RunCounters(ms -> { });
    ClientWarmUp load = new ClientWarmUp(c, new EventLoopStalls(), ClientJit.ofThisJvm());
    load.configure(new Properties(), false);
    assertThat(load.seconds()).isZero();
    assertThat(load.line(1000)).isNull();
    Properties asked = new Properties();
    asked.setProperty("largekv.warmup_s", "5");
    load.configure(asked, false);
    assertThat(load.seconds()).isEqualTo(5);

    Properties histogram = new Properties();
    histogram.setProperty("measurementtype", "histogram");
    ClientWarmUp w = new ClientWarmUp(c, new EventLoopStalls(), ClientJit.ofThisJvm());
    w.configure(histogram, true);
    assertThat(w.seconds()).isZero();
    assertThat(w.line(60_000)).isEqualTo("YCSB's latency figures include the client's warm-up: measurementtype=histogram"
        + " cannot leave it out (largekv.warmup_s needs hdrhistogram)");
    histogram.setProperty("largekv.warmup_s", "10");
    assertThatThrownBy(() -> w.configure(histogram, true)).isInstanceOf(UserError.class).hasMessage("largekv.warmup_s=10"
        + " needs measurementtype=hdrhistogram (YCSB's default), not histogram; accepted: largekv.warmup_s=0 with"
        + " histogram");
    Properties negative = new Properties();
    negative.setProperty("largekv.warmup_s", "-1");
    assertThatThrownBy(() -> w.configure(negative, true)).isInstanceOf(UserError.class)
        .hasMessageStartingWith("largekv.warmup_s=-1 is not accepted; accepted values: an integer in 0..86400");
  }

  @Test
  void afterACommonStartTheWarmUpIsCountedFromItAndAFirstOperationAfterItsEndFailsTheClient() {
    Properties p = props("largekv.warmup_s", "10");
    RunCounters c = new RunCounters(ms -> { });
    ClientWarmUp w = new ClientWarmUp(c, new EventLoopStalls(), ClientJit.ofThisJvm());
    w.configure(p, true);
    long start = System.currentTimeMillis() + 3_600_000; // its timer waits: nothing ends in this test
    w.startsAt(start);
    w.firstOperation(start + 9_999);
    assertThat(w.problem()).isEmpty();
    ClientWarmUp late = new ClientWarmUp(c, new EventLoopStalls(), ClientJit.ofThisJvm());
    late.configure(p, true);
    late.startsAt(start);
    late.firstOperation(start + 12_500);
    assertThat(late.problem()).contains("this client's first operation came 2.5 s after the phase's measured window"
        + " began (the clients' common start + largekv.warmup_s=10): it measured a shorter window than the others;"
        + " accepted: a larger largekv.warmup_s, which must cover connecting");
    w.finish();
    late.finish();
  }
}
