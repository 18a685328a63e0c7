package io.largekv.report.files;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.results.ResultsLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * events.jsonl and nodes.jsonl read back what was written to them, and a run directory made before
 * them (events.tsv and nodes.tsv, as bin/largekv wrote them then) reads as the same records.
 */
class EventsFileTest {

  private static final List<EventRecord> EVENTS = List.of(
      new EventRecord("uniform-read@30:kill-node:2", 30, 1_000_030_000, 1_000_030_200, "ok", ""),
      new EventRecord("uniform-read@58:exec:false", 58.5, 1_000_058_000, 1_000_058_010, "failed",
          "exit 1, output in event-2.txt"),
      new EventRecord("uniform-read@90:start-node:2", 90, -1, -1, "not run",
          "the phase ended 60.0 s after its first operation"));

  private static final List<String> EVENTS_BEFORE = List.of("event\tplanned_s\tstart_ms\tend_ms\tresult\tdetail",
      "uniform-read@30:kill-node:2\t30.0\t1000030000\t1000030200\tok\t",
      "uniform-read@58:exec:false\t58.5\t1000058000\t1000058010\tfailed\texit 1, output in event-2.txt",
      "uniform-read@90:start-node:2\t90.0\t-1\t-1\tnot run\tthe phase ended 60.0 s after its first operation");

  private static final List<NodeRecord> NODES = List.of(new NodeRecord(1, "127.0.0.1", "running", 1_000, 100, 5),
      new NodeRecord(2, "127.0.0.2", "down", 2_000, -1, -1),
      new NodeRecord(3, "127.0.0.3", "running, JMX not answering: Connection refused", 3_000, -1, -1));

  private static final List<String> NODES_BEFORE = List.of(
      "node\taddress\tstate\tstarted_ms\treads_coordinated\twrites_coordinated", "1\t127.0.0.1\trunning\t1000\t100\t5",
      "2\t127.0.0.2\tdown\t2000\t-1\t-1", "3\t127.0.0.3\trunning, JMX not answering: Connection refused\t3000\t-1\t-1");

  @Test
  void everyEventReadsBackAsWrittenWithItsResultAsACode(@TempDir Path dir) throws Exception {
    EventsFile.write(dir.resolve(ResultsLayout.EVENTS), EVENTS);
    assertThat(EventsFile.read(dir)).isEqualTo(EVENTS);
    List<String> lines = Files.readAllLines(dir.resolve(ResultsLayout.EVENTS));
    assertThat(lines).hasSize(3);
    assertThat(lines.get(1)).contains("\"result\":\"FAILED\"");
    assertThat(lines.get(2)).contains("\"result\":\"NOT_RUN\"").doesNotContain("start_ms");
  }

  @Test
  void aDirectoryMadeBeforeReadsAsTheSameEvents(@TempDir Path dir) throws Exception {
    Files.write(dir.resolve(ResultsLayout.EVENTS_BEFORE), EVENTS_BEFORE, StandardCharsets.UTF_8);
    assertThat(EventsFile.read(dir)).isEqualTo(EVENTS);
    assertThat(EventsFile.readFile(dir.resolve(ResultsLayout.EVENTS_BEFORE))).isEqualTo(EVENTS);
    assertThat(EventsFile.read(dir.resolve("none"))).isEmpty();
  }

  @Test
  void everyNodeReadsBackAsWrittenAndAsTheFileBeforeSaidIt(@TempDir Path dir) throws Exception {
    Path before = Files.createDirectories(dir.resolve("before"));
    Files.write(before.resolve(ResultsLayout.NODES_BEFORE), NODES_BEFORE, StandardCharsets.UTF_8);
    assertThat(NodesFile.read(before)).isEqualTo(NODES);

    NodesFile.write(dir.resolve(ResultsLayout.NODES), List.of(NodesFile.running(1, "127.0.0.1", 1_000, 100, 5),
        NodesFile.notCounted(2, "127.0.0.2", 2_000, null),
        NodesFile.notCounted(3, "127.0.0.3", 3_000, "Connection refused")));
    assertThat(NodesFile.read(dir)).isEqualTo(NODES);
    assertThat(Files.readAllLines(dir.resolve(ResultsLayout.NODES)).get(2))
        .contains("\"state\":\"JMX_NOT_ANSWERING\",\"detail\":\"Connection refused\"").doesNotContain("reads");
  }
}
