package io.largekv.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node's process that ends on its own, as a real process (a shell in place of the server's JVM):
 * its exit code, and the first error of that process's own lines, not of an earlier start's.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LocalNodeExitTest {

  @Test
  void aProcessThatEndsOnItsOwnGivesItsExitCodeAndTheFirstErrorOfItsOwnLines(@TempDir Path dir) throws Exception {
    // an earlier start's error, already in the log
    Files.writeString(dir.resolve("cassandra.log"), "10:00:00.000 ERROR [main] earlier\njava.lang.IllegalStateException: "
        + "an earlier start\n");
    LocalNode node = new LocalNode(null, 1, dir, 0, List.of("/bin/sh", "-c", "echo '10:00:01.000 INFO [main] up'; "
        + "echo '10:00:02.000 ERROR [ReadStage-3] o.a.c.u.JVMStabilityInspector - Exception in thread'; "
        + "echo 'org.apache.cassandra.io.FSReadError: java.io.IOException: Cannot allocate memory'; "
        + "echo '10:00:02.001 ERROR [ReadStage-4] later'; echo 'java.lang.RuntimeException: later'; exit 3"),
        List.of());
    assertThat(node.exitedOnItsOwn()).as("never started").isNull();
    node.launch();
    while (node.isRunning()) {
      Thread.sleep(20);
    }
    assertThat(node.exitedOnItsOwn()).isEqualTo(3);
    assertThat(node.firstError()).isEqualTo("org.apache.cassandra.io.FSReadError: java.io.IOException: Cannot "
        + "allocate memory");
    assertThat(node.endedMs()).isPositive();
  }

  @Test
  void aProcessStoppedOrKilledDidNotEndOnItsOwn(@TempDir Path dir) throws Exception {
    LocalNode node = new LocalNode(null, 1, dir, 0, List.of("/bin/sh", "-c", "exec sleep 60"), List.of());
    node.launch();
    node.kill();
    assertThat(node.isRunning()).isFalse();
    assertThat(node.exitedOnItsOwn()).isNull();
    node.launch();
    node.stop();
    assertThat(node.exitedOnItsOwn()).isNull();
    assertThat(node.firstError()).isNull();
  }

  @Test
  void anErrorLineWithoutAnExceptionIsItsOwnMessage(@TempDir Path dir) throws Exception {
    LocalNode node = new LocalNode(null, 1, dir, 0, List.of("/bin/sh", "-c",
        "echo '10:00:02.000 ERROR [main] o.a.c.s.CassandraDaemon - Exiting due to error while processing commit log';"
            + " echo '10:00:02.001 INFO [main] after'; exit 3"), List.of());
    node.launch();
    while (node.isRunning()) {
      Thread.sleep(20);
    }
    assertThat(node.firstError()).isEqualTo("Exiting due to error while processing commit log");
  }

  @Test
  void aPhaseEndSaysTheNodeThatEndedOnItsOwnAndKeepsItsLog(@TempDir Path dir) throws Exception {
    // NodeExits on a cluster object is tested against a real Cassandra in LocalCassandraIT; here its line's error part
    LocalNode node = new LocalNode(null, 1, dir, 0, List.of("/bin/sh", "-c",
        "echo '1 ERROR x'; echo 'java.io.IOException: Cannot allocate memory'; exit 1"), List.of());
    node.launch();
    while (node.isRunning()) {
      Thread.sleep(20);
    }
    ByteArrayOutputStream said = new ByteArrayOutputStream();
    Path phase = Files.createDirectories(dir.resolve("phase"));
    String what = NodeExits.say(node, phase, new PrintStream(said, true), "p ");
    assertThat(what).startsWith("with exit code 1 at ").endsWith("(not by an event); its first error: "
        + "java.io.IOException: Cannot allocate memory; its log: cassandra-node1.log");
    assertThat(said.toString()).startsWith("p the local Cassandra on 127.0.0.1 ended on its own with exit code 1 at ")
        .endsWith("(not by an event); its first error: java.io.IOException: Cannot allocate memory; its log: "
            + phase.resolve("cassandra-node1.log") + System.lineSeparator());
    assertThat(phase.resolve("cassandra-node1.log")).hasSameBinaryContentAs(dir.resolve("cassandra.log"));
  }
}
