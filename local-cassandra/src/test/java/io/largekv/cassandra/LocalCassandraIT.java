package io.largekv.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Starts the real server, speaks the CQL protocol's OPTIONS/SUPPORTED handshake, tells its end on
 * its own from a stop, stops it; and a real three-node ring, started on a busy machine: its tokens
 * as a driver and every node see them and the traffic a node coordinated
 * ({@link RingAsTheDriverSeesIt}), then a clean stop, a SIGKILL, restarts, a node added and one
 * decommissioned, each seen by the other nodes' gossip (their StorageService over JMX).
 *
 * <p>The tests run two at a time (each server on its own ports and directory): the ring's, most
 * of the class's time, is mostly waits for its nodes, and is about a busy machine anyway.
 */
@Execution(ExecutionMode.CONCURRENT)
class LocalCassandraIT {

  @Test
  void startsAnswersCqlSaysAnEndOnItsOwnAndLeavesNothingBehind(@TempDir Path phase) throws Exception {
    Path dir;
    long pid;
    try (LocalCassandra cassandra = LocalCassandra.builder().quiet(true).start()) {
      dir = cassandra.directory();
      pid = cassandra.pid();
      assertThat(cassandra.isRunning()).isTrue();
      assertThat(cassandra.host()).isEqualTo("127.0.0.1");
      try (Socket socket = new Socket(cassandra.host(), cassandra.nativePort())) {
        // v4 OPTIONS frame: version 0x04, flags 0, stream 1, opcode 0x05, body length 0
        OutputStream out = socket.getOutputStream();
        out.write(new byte[] {0x04, 0, 0, 1, 0x05, 0, 0, 0, 0});
        out.flush();
        InputStream in = socket.getInputStream();
        byte[] header = in.readNBytes(9);
        assertThat(header[0] & 0xff).isEqualTo(0x84); // response, v4
        assertThat(header[4]).isEqualTo((byte) 0x06); // SUPPORTED
      }
      assertThat(cassandra.node(1).exitedOnItsOwn()).as("running").isNull();
      assertThat(NodeExits.report(cassandra, phase, System.err, "p ")).isEmpty();

      // the process ends without LocalNode.kill (as a crash would): said in one line, its log kept
      ProcessHandle.of(pid).orElseThrow().destroyForcibly();
      assertThat(ProcessHandle.of(pid).orElseThrow().onExit().get(60, java.util.concurrent.TimeUnit.SECONDS)
          .isAlive()).isFalse();
      assertThat(cassandra.node(1).exitedOnItsOwn()).isEqualTo(128 + 9);
      java.io.ByteArrayOutputStream said = new java.io.ByteArrayOutputStream();
      java.util.Map<Integer, String> ended = NodeExits.report(cassandra, phase, new java.io.PrintStream(said, true),
          "p ");
      assertThat(ended).containsOnlyKeys(1);
      assertThat(ended.get(1)).startsWith("with exit code 137 at ").endsWith("its log: cassandra-node1.log");
      assertThat(said.toString()).startsWith("p the local Cassandra on 127.0.0.1 ended on its own with exit code 137 at ")
          .endsWith("its log: " + phase.resolve("cassandra-node1.log") + System.lineSeparator())
          .hasLineCount(1);
      assertThat(phase.resolve("cassandra-node1.log")).hasSameBinaryContentAs(cassandra.node(1).logFile());
      assertThat(Files.readString(phase.resolve("cassandra-node1.log"))).contains("Starting listening for CQL");
    }
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    assertThat(Files.exists(dir)).isFalse();
  }

  @Test
  void aRingOfThreeNodesStartedOnABusyMachineAgreesOnItsTokensStopsKillsRestartsGrowsAndShrinks() throws Exception {
    Path dir;
    List<Long> pids = new java.util.ArrayList<>();
    try (LocalCassandra ring = RingAsTheDriverSeesIt.startOnABusyMachine(3)) {
      dir = ring.directory();
      RingAsTheDriverSeesIt.check(ring);
      assertThat(ring.nodes()).extracting(LocalNode::address)
          .containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3");
      assertThat(ring.contactPoints()).isEqualTo(String.join(",", ring.nodes().stream()
          .map(LocalNode::contactPoint).toList()));
      assertThat(live(ring, 1)).containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3");

      // a clean stop: the others see it leave; a start: it is back in the ring
      ring.node(3).stop();
      assertThat(ring.node(3).isRunning()).isFalse();
      assertThat(ring.node(3).exitedOnItsOwn()).as("stopped, not ended on its own").isNull();
      ring.awaitRing();
      assertThat(live(ring, 1)).containsExactly("127.0.0.1", "127.0.0.2");
      ring.node(3).start();
      assertThat(live(ring, 2)).containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3");

      // a crash: SIGKILL, then the same node (data, ports) again
      long before = ring.node(2).pid();
      ring.node(2).kill();
      assertThat(ProcessHandle.of(before).map(ProcessHandle::isAlive).orElse(false)).isFalse();
      assertThat(ring.node(2).exitedOnItsOwn()).as("killed, not ended on its own").isNull();
      ring.node(2).start();
      assertThat(ring.node(2).pid()).isNotEqualTo(before);
      assertThat(live(ring, 3)).containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3");

      // a new node bootstraps into the ring and owns ranges; then it streams them back and leaves
      LocalNode added = ring.addNode();
      assertThat(added.number()).isEqualTo(4);
      assertThat(live(ring, 1)).containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3", "127.0.0.4");
      // with 16 tokens of its own, allocated beside the others' (traffic(): RingAsTheDriverSeesIt)
      assertThat(added.tokens()).hasSize(16).doesNotContainAnyElementsOf(ring.nodes().stream()
          .filter(n -> n != added).flatMap(n -> n.tokens().stream()).toList());
      ring.nodes().forEach(n -> pids.add(n.pid()));
      ring.decommission(4);
      assertThat(ring.nodes()).hasSize(3);
      assertThat(added.isRunning()).isFalse();
      assertThat(live(ring, 1)).containsExactly("127.0.0.1", "127.0.0.2", "127.0.0.3");
      assertThat(Files.exists(dir.resolve("node4"))).isFalse();
    }
    for (long pid : pids) {
      assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).as("pid " + pid).isFalse();
    }
    assertThat(Files.exists(dir)).isFalse();
  }

  @Test
  @Timeout(600)
  void aRingWhoseNodesShareATokenIsOneLineNamingThemAndTheToken(@TempDir Path dir) throws Exception {
    // both nodes told to own token 0 (what two seeds allocating tokens from an empty ring at once can
    // do): refused before either starts; started together, the later one could die on Cassandra's own
    // "Bootstrapping to existing token" instead (it did once in CI)
    IOException e = catchThrowableOfType(() -> LocalCassandra.builder().nodes(2).quiet(true).directory(dir)
        .yaml("num_tokens", "1").yaml("initial_token", "0").start(), IOException.class);
    assertThat(e).hasMessage("the local cluster's node 1 (127.0.0.1) and node 2 (127.0.0.2) both own token 0: a ring "
        + "whose nodes share a token has no consistent token map");
    // the failed start stopped its nodes
    for (int n = 1; n <= 2; n++) {
      String nodeDir = dir.resolve("node" + n).toString();
      assertThat(ProcessHandle.allProcesses().filter(p -> p.info().arguments().map(a -> String.join(" ", a))
          .orElse("").contains(nodeDir)).toList()).as("node " + n + "'s process").isEmpty();
    }
  }

  /** The addresses node {@code number} sees live. */
  private static List<String> live(LocalCassandra ring, int number) throws Exception {
    try (Jmx jmx = Jmx.connect(ring.node(number).jmxPort())) {
      return jmx.ringView().live().stream().map(e -> e.substring(0, e.lastIndexOf(':'))).toList();
    }
  }
}
