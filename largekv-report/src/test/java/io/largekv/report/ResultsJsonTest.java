package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.largekv.report.files.RunSetupFile;
import io.largekv.report.render.ReportFiles;
import io.largekv.results.Results;
import io.largekv.results.ResultsLayout;
import io.largekv.results.RunSetup;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntUnaryOperator;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * results.json from runs whose figures are known by construction: valid against its schema, the
 * same values as report.md's cells, and a report across runs that tells a change from the spread.
 */
@Timeout(120)
class ResultsJsonTest {

  private static final long T0 = 1_790_000_000_000L;

  /** A compare directory: one target, one read phase, {@code opsAt(s)} reads in second s, 2 ms each. */
  static Path compareRun(Path dir, int seconds, IntUnaryOperator opsAt, int exitCode) throws Exception {
    Path client = Files.createDirectories(dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1")
        .resolve("client-0"));
    Files.createDirectories(client.resolve("hdr"));
    IntervalLogs.write(client.resolve("hdr").resolve("READ.hdr"), T0, seconds, s -> {
      Histogram h = new Histogram(3);
      h.recordValueWithCount(2_000, opsAt.applyAsInt(s));
      return h;
    });
    Files.writeString(client.resolve("exit.txt"), exitCode + "\n");
    Files.writeString(client.resolve("ycsb.txt"), "[VERIFY], Return=OK, 77\n");
    RunSetupFile.write(RunSetup.builder(RunSetup.COMPARE).started("2026-11-27T10:00:00Z")
        .finished("2026-11-27T10:01:00Z").phases(List.of("uniform-read"))
        .targets(List.of(new RunSetup.Target("cassandra", "cassandra", "10.0.0.1", "", "")))
        .harnesses(List.of("ycsb")).columns(List.of("cassandra")).sizes(new RunSetup.Sizes("-", "-", "-"))
        .rate("unthrottled").workloads("full-scale").command("bin/largekv compare").commonProperties("")
        .workloadFiles("").machine("2 cores")
        .commands(List.of(new Results.Command("cassandra", "uniform-read", 1, 0, "bin/ycsb run x")))
        .build(), dir);
    return dir;
  }

  @Test
  void resultsJsonIsValidAndSaysWhatTheTablesSay(@TempDir Path tmp) throws Exception {
    Path dir = compareRun(tmp.resolve("a"), 30, s -> 1000, 0);
    ReportFiles.write(Report.load(dir), dir);
    Results r = ResultsCheck.check(dir);
    Results.Cell c = r.phases().get(0).cells().get(0);
    // known by construction: 30 s of 1,000 reads at 2 ms
    assertThat(c.operations()).isEqualTo(30_000);
    assertThat(c.throughput().mean()).isCloseTo(1000, org.assertj.core.data.Offset.offset(1.0));
    assertThat(c.latency().p99()).isCloseTo(2.0, org.assertj.core.data.Offset.offset(0.01));
    assertThat(c.latency().time()).isEqualTo("service");
    assertThat(c.verifiedOk()).isEqualTo(77);
    assertThat(c.status()).isEqualTo(Results.Cell.OK);
    assertThat(r.verdict().ok()).isTrue();
    assertThat(r.runs().get(0).setup().commands()).singleElement()
        .isEqualTo(new Results.Command("cassandra", "uniform-read", 1, 0, "bin/ycsb run x"));
  }

  @Test
  void aFailedCellIsFailedInTheJsonWithItsReason(@TempDir Path tmp) throws Exception {
    Path dir = compareRun(tmp.resolve("a"), 30, s -> 1000, 1);
    ReportFiles.write(Report.load(dir), dir);
    Results r = ResultsCheck.check(dir);
    assertThat(r.verdict().ok()).isFalse();
    assertThat(r.verdict().failedCells()).containsExactly("uniform-read on cassandra");
    assertThat(r.phases().get(0).cells().get(0).failure()).startsWith("exit codes [1]");
  }

  /** A run's report written, and its results.json as a tree. */
  private static ObjectNode reportedRun(Path dir) throws Exception {
    compareRun(dir, 30, s -> 1000, 0);
    ReportFiles.write(Report.load(dir), dir);
    return (ObjectNode) new ObjectMapper().readTree(dir.resolve(ResultsLayout.RESULTS_JSON).toFile());
  }

  @Test
  void theSchemaRefusesWhatIsNotResults(@TempDir Path tmp) throws Exception {
    ObjectNode doc = reportedRun(tmp.resolve("a"));
    assertThat(ResultsCheck.problems(doc)).isEmpty();
    ObjectNode cell = (ObjectNode) doc.get("phases").get(0).get("cells").get(0);
    cell.put("operations", -1); // a negative count
    assertThat(ResultsCheck.problems(doc)).isNotEmpty();
    cell.put("operations", 5);
    cell.remove("latency"); // a field left out: null is said, never omitted
    assertThat(ResultsCheck.problems(doc)).isNotEmpty();
    cell.putNull("latency");
    assertThat(ResultsCheck.problems(doc)).isEmpty();
    cell.put("status", "fine"); // a status that is not one
    assertThat(ResultsCheck.problems(doc)).isNotEmpty();
    cell.put("status", "ok");
    doc.put("formatVersion", 2);
    assertThat(ResultsCheck.problems(doc)).isNotEmpty();
  }

  @Test
  void theCheckSeesAJsonValueThatDiffersFromItsCell(@TempDir Path tmp) throws Exception {
    Path dir = tmp.resolve("a");
    ObjectNode doc = reportedRun(dir);
    ((ObjectNode) doc.get("phases").get(0).get("cells").get(0)).put("operations", 29_999);
    new ObjectMapper().writeValue(dir.resolve(ResultsLayout.RESULTS_JSON).toFile(), doc);
    assertThatThrownBy(() -> ResultsCheck.check(dir)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("29999");
  }

  @Test
  void aReportAcrossRunsTellsAChangeFromTheSpread(@TempDir Path tmp) throws Exception {
    // the same throughput with noise, a 20 % drop, and a run that failed
    Path a = compareRun(tmp.resolve("monday"), 40, s -> 1000 + (s % 5) * 10, 0);
    Path b = compareRun(tmp.resolve("tuesday"), 40, s -> 1000 + ((s + 2) % 5) * 10, 0);
    Path c = compareRun(tmp.resolve("wednesday"), 40, s -> 800 + (s % 5) * 10, 0);
    Path out = Files.createDirectories(tmp.resolve("across"));
    Report across = Report.across(List.of(a, b, c), out);
    ReportFiles.write(across, out);
    Results r = ResultsCheck.check(out);
    assertThat(r.columns()).containsExactly("cassandra @ monday", "cassandra @ tuesday", "cassandra @ wednesday");
    assertThat(r.runs()).extracting(Results.Run::label).containsExactly("monday", "tuesday", "wednesday");
    List<Results.Cell> cells = r.phases().get(0).cells();
    assertThat(cells.get(0).change()).isNull(); // the first run: nothing to compare with
    assertThat(cells.get(1).change().verdict()).isEqualTo(Results.Change.WITHIN);
    assertThat(cells.get(1).change().against()).isEqualTo("cassandra @ monday");
    assertThat(cells.get(1).change().pValue()).isGreaterThan(ThroughputChange.ALPHA);
    assertThat(cells.get(2).change().verdict()).isEqualTo(Results.Change.CHANGED);
    assertThat(cells.get(2).change().ratio()).isLessThan(0.85);
    assertThat(cells.get(2).change().pValue()).isLessThan(ThroughputChange.ALPHA);
    String md = Files.readString(out.resolve("report.md"));
    assertThat(md).contains("within the spread (1.00×; p = ").contains("changed: 0.8").contains("Mann-Whitney U");
    // the runs' own directories are untouched
    assertThat(a.resolve("report.md")).doesNotExist();
  }

  @Test
  void aFailedRunIsNotComparedAndAPhaseARunDidNotHaveIsNotAFailure(@TempDir Path tmp) throws Exception {
    Path a = compareRun(tmp.resolve("a"), 40, s -> 1000, 0);
    Path b = compareRun(tmp.resolve("b"), 40, s -> 1000, 3);
    Path c = tmp.resolve("c");
    Files.createDirectories(c.resolve("cassandra").resolve("load"));
    // an older compare directory: its setup as compare.properties
    Files.write(c.resolve("compare.properties"), List.of("targets=cassandra", "phases=load", "warmup=0"));
    Path out = Files.createDirectories(tmp.resolve("across"));
    Report across = Report.across(List.of(a, b, c), out);
    ReportFiles.write(across, out);
    Results r = ResultsCheck.check(out);
    Results.Cell failed = r.phases().get(0).cells().get(1);
    assertThat(failed.change().verdict()).isEqualTo(Results.Change.UNAVAILABLE);
    assertThat(failed.change().reason()).contains("FAILED");
    assertThat(r.phases().get(0).cells().get(2).status()).isEqualTo(Results.Cell.NOT_IN_RUN);
    assertThat(r.phases().get(0).cells().get(2).operations()).isNull();
    // c's load did not run: FAILED, as in c's own report; b's failure too
    assertThat(r.verdict().failedCells()).containsExactly("uniform-read on cassandra @ b", "load on cassandra @ c");
    assertThat(r.phases().get(1).cells().get(0).status()).isEqualTo(Results.Cell.NOT_IN_RUN);
  }

  @Test
  void aRunWhoseOperationsAllFellInTheWarmUpHasNoThroughputNotZero(@TempDir Path tmp) throws Exception {
    // 8 s of reads, a 10-s warm-up: nothing measured after it
    Path dir = compareRun(tmp.resolve("a"), 8, s -> 1000, 0);
    RunSetup s = RunSetupFile.read(dir);
    RunSetupFile.write(s.toBuilder().warmUpSeconds(10).build(), dir);
    ReportFiles.write(Report.load(dir), dir);
    Results.Cell c = ResultsCheck.check(dir).phases().get(0).cells().get(0);
    assertThat(c.throughput().mean()).isNull();
    assertThat(c.repeats().get(0).throughput()).isNull();
    assertThat(c.repeats().get(0).measuredSeconds()).isNull();
    assertThat(c.operations()).isZero(); // none after the warm-up: a count, 0
  }

  @Test
  void aClientSummaryCutShortFailsThePhaseAndTheReportIsStillWritten(@TempDir Path tmp) throws Exception {
    Path dir = compareRun(tmp.resolve("a"), 20, s -> 1000, 0);
    Path client = dir.resolve("cassandra/uniform-read/rep-1/client-0");
    Files.delete(client.resolve("ycsb.txt"));
    Files.writeString(client.resolve("client-summary.json"), "{\"result\": \"ok\", \"failedOpera");
    ReportFiles.write(Report.load(dir), dir);
    Results r = ResultsCheck.check(dir);
    assertThat(r.verdict().failedCells()).containsExactly("uniform-read on cassandra");
    assertThat(r.phases().get(0).cells().get(0).failure()).contains("client-0's summary cannot be read");
  }

  @Test
  void aChangeAgainstARunWithNoThroughputIsUnavailable(@TempDir Path tmp) throws Exception {
    Path a = compareRun(tmp.resolve("a"), 30, s -> 0, 0);
    Path b = compareRun(tmp.resolve("b"), 30, s -> 1000, 0);
    Path out = tmp.resolve("across");
    Report across = Report.across(List.of(a, b), out);
    ReportFiles.write(across, out);
    Results.Change ch = ResultsCheck.check(out).phases().get(0).cells().get(1).change();
    assertThat(ch.verdict()).isEqualTo(Results.Change.UNAVAILABLE);
    assertThat(ch.ratio()).isNull();
  }

  @Test
  void twoRunsOfTheSameNameAreToldApart(@TempDir Path tmp) throws Exception {
    Path a = compareRun(tmp.resolve("x").resolve("run"), 20, s -> 1000, 0);
    Path b = compareRun(tmp.resolve("y").resolve("run"), 20, s -> 1000, 0);
    Path out = Files.createDirectories(tmp.resolve("across"));
    Report across = Report.across(List.of(a, b), out);
    assertThat(across.columns).containsExactly("cassandra @ run", "cassandra @ run#2");
    ReportFiles.write(across, out);
    Results.Change ch = ResultsCheck.check(out).phases().get(0).cells().get(1).change();
    // 20 whole seconds each: tested, and equal
    assertThat(ch.verdict()).isEqualTo(Results.Change.WITHIN);
  }
}
