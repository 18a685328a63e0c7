package io.largekv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.report.EventRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** exec: events without a server: their time, their failure, what the phase's end does to them. */
class PhaseEventsTest {

  @Test
  void execEventsRunAtTheirSecondAndTheirFailureIsRecordedNotThrown(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream progress = new ByteArrayOutputStream();
    Path stamp = dir.resolve("stamp.txt");
    List<Event> events = List.of(
        Event.parse("uniform-read@1:exec:date +%s%3N > " + stamp),
        Event.parse("uniform-read@1.5:exec:echo to stdout; echo to stderr >&2; exit 3"),
        Event.parse("uniform-read@2:exec:sleep 30"),
        Event.parse("uniform-read@300:exec:touch " + dir.resolve("never")),
        Event.parse("load@1:exec:touch " + dir.resolve("other-phase")));
    long t0;
    try (PhaseEvents pe = new PhaseEvents(events, Phase.UNIFORM_READ, null, dir, "uniform-read.",
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
    List<EventRecord> recorded = EventRecord.read(dir.resolve("uniform-read.events.tsv"));
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
    try (PhaseEvents pe = new PhaseEvents(List.of(Event.parse("load@0:exec:touch " + dir.resolve("x"))), Phase.LOAD,
        null, dir, "", new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8), "")) {
      assertThat(pe).isNotNull();
    }
    List<EventRecord> recorded = EventRecord.read(dir.resolve("events.tsv"));
    assertThat(recorded).singleElement().matches(e -> !e.ran())
        .matches(e -> e.detail().equals("the phase ended before its first operation"));
    assertThat(dir.resolve("x")).doesNotExist();
  }

  @Test
  void clientProgressShowsARepeatedWarningTwiceThenCountsIt(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(out, true, StandardCharsets.UTF_8);
    try (PhaseEvents pe = new PhaseEvents(List.of(), Phase.LOAD, null, dir, "", ps, "")) {
      ClientProgress c = new ClientProgress(ps, "[p] ", pe, true);
      for (int i = 0; i < 5; i++) {
        c.accept("05:12:5" + i + " WARN ChannelPool - [127.0.0.2:22275] Error while opening new channel "
            + "(ConnectionInitException: failed)");
      }
      for (int s = 1; s <= 20; s++) {
        c.accept("largekv: " + s + " s: 10 successful (10/s), 0 failed (0/s) in the last 1 s; 10 successful, 0 failed");
      }
      c.accept("2026-11-23 05:13:02:080 30 sec: 52705 operations; 2423.1 current ops/sec; est completion in 14 days "
          + "3 hours [READ: Count=24110]");
      c.accept("largekv: first operation at 1790000000000 (ms since 1970)");
      c.accept("yugabyte-ycql: connected to cluster 'x'");
      c.finish(dir.resolve("stderr.txt"));
      assertThat(c.connection()).isEqualTo("connected to cluster 'x'");
    }
    String shown = out.toString(StandardCharsets.UTF_8);
    assertThat(shown.split("Error while opening", -1)).hasSize(3);
    assertThat(shown).contains("[p] largekv: 3 more lines like the ones above are in " + dir.resolve("stderr.txt"));
    assertThat(shown).contains("largekv: 10 s:").contains("largekv: 20 s:").doesNotContain("largekv: 5 s:");
    // a time-bounded phase's status line without YCSB's estimate against its int operation count
    assertThat(shown).contains("30 sec: 52705 operations; 2423.1 current ops/sec [READ: Count=24110]")
        .doesNotContain("est completion");
  }
}
