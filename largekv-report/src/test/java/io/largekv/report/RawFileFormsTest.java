package io.largekv.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.report.files.EventsFile;
import io.largekv.report.files.NodeRecord;
import io.largekv.report.files.NodesFile;
import io.largekv.report.files.ServerBalanceFile;
import io.largekv.report.files.ServerSamplesFile;
import io.largekv.report.files.ServerSourcesFile;
import io.largekv.report.render.ReportFiles;
import io.largekv.results.ResultsLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run directory's raw files in the form written before (tab-separated) and in the form written now
 * (JSON Lines, each through its codec) render the same report, byte for byte: report.md, report.html,
 * results.json and every chart.
 */
class RawFileFormsTest {

  private static final long T0 = 1_790_000_000_000L;

  @Test
  void theFilesWrittenBeforeAndTheirJsonLinesRenderTheSameReport(@TempDir Path base) throws Exception {
    Path dir = base.resolve("results");
    Path run = dir.resolve("cassandra").resolve("uniform-read").resolve("rep-1");
    EventReportTest.writeRun(run);
    ServerFiguresTest.writeSamples(run);
    Files.write(run.resolve(ResultsLayout.NODES_BEFORE), List.of(EventReportTest.NODES_HEADER_BEFORE,
        "1\t127.0.0.1\trunning\t" + (T0 - 40_000) + "\t100\t5", "2\t127.0.0.2\tdown\t" + (T0 + 31_500) + "\t-1\t-1",
        "3\t127.0.0.3\trunning, JMX not answering: refused\t" + T0 + "\t-1\t-1"), StandardCharsets.UTF_8);
    Files.write(dir.resolve("compare.properties"), List.of("targets=cassandra", "phases=uniform-read", "warmup=0",
        "repeat=1", "target.cassandra.hosts=local", "machine=2 cores", "command=bin/largekv compare --nodes 3",
        "events=uniform-read@30\\:kill-node\\:2"), StandardCharsets.ISO_8859_1);
    Path before = base.resolve("before");
    ReportFiles.write(Report.load(dir), before);

    rewriteAsJsonLines(run);
    assertThat(run.resolve(ResultsLayout.EVENTS_BEFORE)).doesNotExist();
    Path now = base.resolve("now");
    ReportFiles.write(Report.load(dir), now);

    Map<String, String> expected = files(before);
    assertThat(expected).containsKeys(ResultsLayout.REPORT_MD, ResultsLayout.REPORT_HTML, ResultsLayout.RESULTS_JSON);
    assertThat(expected.get(ResultsLayout.REPORT_MD)).contains("127.0.0.3").contains("kill-node:2");
    assertThat(files(now)).isEqualTo(expected);
  }

  /** The run's tab-separated raw files, read, written again through their codecs, and deleted. */
  private static void rewriteAsJsonLines(Path run) throws Exception {
    EventsFile.write(run.resolve(ResultsLayout.EVENTS), EventsFile.read(run));
    List<NodesFile.Line> nodes = new ArrayList<>();
    for (NodeRecord n : NodesFile.read(run)) {
      String jmx = "running, JMX not answering: ";
      nodes.add(n.state().equals("running") ? NodesFile.running(n.node(), n.address(), n.startedMs(), n.reads(),
          n.writes()) : NodesFile.notCounted(n.node(), n.address(), n.startedMs(),
          n.state().startsWith(jmx) ? n.state().substring(jmx.length()) : null));
    }
    NodesFile.write(run.resolve(ResultsLayout.NODES), nodes);
    ServerSamplesFile.Samples s = ServerSamplesFile.read(run);
    s.samples().forEach(x -> ServerSamplesFile.append(run, x.timeMs(), x.node(), x.state(), x.values(),
        x.unavailable()));
    s.balance().forEach(b -> ServerBalanceFile.append(run, b));
    ServerSourcesFile.ServerSources f = s.facts();
    f.checks().forEach(c -> ServerSourcesFile.append(run, c));
    if (f.sharedMachine()) {
      ServerSourcesFile.append(run, new ServerSourcesFile.SharedMachine(true));
    }
    if (f.pageCache() != null) {
      ServerSourcesFile.append(run, f.pageCache());
    }
    ServerSourcesFile.append(run, new ServerSourcesFile.Interval(f.intervalSeconds()));
    ServerSourcesFile.append(run, f.replicationFactor());
    ServerSourcesFile.append(run, new ServerSourcesFile.SamplerCpu(f.samplerCpuSeconds()));
    for (String old : List.of(ResultsLayout.EVENTS_BEFORE, ResultsLayout.NODES_BEFORE, ResultsLayout.SERVERS_BEFORE,
        ResultsLayout.SERVERS_BALANCE_BEFORE, ResultsLayout.SERVERS_SOURCES_BEFORE)) {
      Files.delete(run.resolve(old));
    }
  }

  /** Every file under {@code out}, by its path there, with its text. */
  private static Map<String, String> files(Path out) throws Exception {
    Map<String, String> all = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(out)) {
      for (Path p : walk.filter(Files::isRegularFile).toList()) {
        all.put(out.relativize(p).toString(), Files.readString(p, StandardCharsets.UTF_8));
      }
    }
    return all;
  }
}
