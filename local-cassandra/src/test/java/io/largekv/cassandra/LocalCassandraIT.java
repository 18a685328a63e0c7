package io.largekv.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Starts the real server, speaks the CQL protocol's OPTIONS/SUPPORTED handshake, stops it. */
class LocalCassandraIT {

  @Test
  void startsAnswersCqlAndLeavesNothingBehind() throws Exception {
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
    }
    assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
    assertThat(Files.exists(dir)).isFalse();
  }
}
