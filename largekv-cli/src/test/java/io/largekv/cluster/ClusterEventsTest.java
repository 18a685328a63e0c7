package io.largekv.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.phase.Phase;
import io.largekv.report.files.EventRecord;
import io.largekv.report.files.EventsFile;
import io.largekv.results.ResultsLayout;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** exec: events without a server: their time, their failure, what the phase's end does to them. */
class ClusterEventsTest {

  @Test
  void execEventsRunAtTheirSecondAndTheirFailureIsRecordedNotThrown(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    Path stamp = dir.resolve("stamp.txt");
    List<ClusterEvent> events = List.of(
        ClusterEvent.parse("uniform-read@1:exec:date +%s%3N > " + stamp),
        ClusterEvent.parse("uniform-read@1.5:exec:echo to stdout; echo to stderr >&2; exit 3"),
        ClusterEvent.parse("uniform-read@2:exec:sleep 30"),
        ClusterEvent.parse("uniform-read@300:exec:touch " + dir.resolve("never")),
        ClusterEvent.parse("load@1:exec:touch " + dir.resolve("other-phase")));
    long t0;
    try (ClusterEvents pe = new ClusterEvents(events, Phase.UNIFORM_READ, null, dir, "uniform-read.",
        new PrintStream(progress, true, StandardCharsets.UTF_8), "largekv: [uniform-read] ").execGrace(1)) {
      // no event runs before the first operation
      Thread.sleep(300);
      assertThat(stamp).doesNotExist();
      t0 = System.currentTimeMillis();
      pe.firstOperation(t0);
      pe.firstOperation(t0 + 5000); // a later client's first operation does not move the start
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (!Files.exists(dir.resolve("uniform-read.event-3.txt"))) {
        assertThat(System.nanoTime()).as("the event at 2 s has not started after 60 s").isLessThan(deadline);
        Thread.sleep(50);
      }
    }
    List<EventRecord> recorded = EventsFile.readFile(dir.resolve("uniform-read." + ResultsLayout.EVENTS));
    assertThat(recorded).extracting(EventRecord::spec).containsExactly(events.get(0).spec, events.get(1).spec,
        events.get(2).spec, events.get(3).spec);
    EventRecord date = recorded.get(0);
    assertThat(date.result()).isEqualTo("ok");
    // never before its second (how late it may start on a busy machine is not a property of the code)
    assertThat(date.startMs() - t0).as("started at its second").isGreaterThanOrEqualTo(1000L);
    long ran = Long.parseLong(Files.readString(stamp).trim());
    assertThat(ran).isBetween(date.startMs(), date.endMs());
    EventRecord failing = recorded.get(1);
    assertThat(failing.result()).isEqualTo("failed");
    assertThat(failing.detail()).isEqualTo("exit 3, output in uniform-read.event-2.txt");
    assertThat(Files.readString(dir.resolve("uniform-read.event-2.txt"))).isEqualTo("to stdout\nto stderr\n");
    EventRecord sleeping = recorded.get(2);
    assertThat(sleeping.result()).isEqualTo("failed");
    assertThat(sleeping.detail()).startsWith("killed: still running 1 s after the phase ended; exit ");
    assertThat(recorded.get(3).ran()).isFalse();
    assertThat(recorded.get(3).result()).isEqualTo("not run");
    assertThat(dir.resolve("never")).doesNotExist();
    assertThat(dir.resolve("other-phase")).doesNotExist();
    assertThat(progress.toString(StandardCharsets.UTF_8))
        .contains("largekv: [uniform-read] event uniform-read@1.5:exec:echo to stdout; echo to stderr >&2; exit 3: "
            + "failed in ");
  }

  @Test
  void aPhaseWithoutAFirstOperationRunsNoEvent(@TempDir Path dir) throws Exception {
    try (ClusterEvents pe = new ClusterEvents(List.of(ClusterEvent.parse("load@0:exec:touch " + dir.resolve("x"))), Phase.LOAD,
        null, dir, "", new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), "")) {
      assertThat(pe).isNotNull();
    }
    List<EventRecord> recorded = EventsFile.read(dir);
    assertThat(recorded).singleElement().matches(e -> !e.ran())
        .matches(e -> e.detail().equals("the phase ended before its first operation"));
    assertThat(dir.resolve("x")).doesNotExist();
  }

}
