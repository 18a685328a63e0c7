package io.largekv.cassandra;

import io.largekv.common.UserError;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/** Ports for local servers on the loopback addresses 127.0.0.1 … 127.0.0.N. */
final class LoopbackPorts {

  private LoopbackPorts() {}

  /** A port free on {@code address} now. */
  static int free(String address) throws IOException {
    try (ServerSocket s = new ServerSocket()) {
      s.setReuseAddress(false);
      s.bind(new InetSocketAddress(address, 0));
      return s.getLocalPort();
    }
  }

  /** Native, storage and SSL-storage ports of a single node on 127.0.0.1. */
  static int[] singleNode() throws IOException {
    return new int[] {free("127.0.0.1"), free("127.0.0.1"), free("127.0.0.1")};
  }

  /**
   * Native, storage and SSL-storage ports free on every one of 127.0.0.1 … 127.0.0.{@code nodes}
   * and on those of the next addresses, up to {@code addresses}, that this machine has (a ring
   * binds the same ports on each address, now and when a node is added), below the ephemeral range
   * so that no client connection takes one meanwhile.
   */
  static int[] ring(int nodes, int addresses) throws IOException {
    List<String> usable = new ArrayList<>(List.of("127.0.0.1"));
    for (int a = 2; a <= addresses; a++) {
      try {
        free("127.0.0." + a);
        usable.add("127.0.0." + a);
      } catch (IOException e) {
        if (a <= nodes) {
          throw new UserError("cannot bind 127.0.0." + a + " (" + e.getMessage() + "): a local cluster of " + nodes
              + " nodes needs 127.0.0.1-" + nodes + " on the loopback interface; on macOS add each first: "
              + "sudo ifconfig lo0 alias 127.0.0." + a + " up");
        }
      }
    }
    ThreadLocalRandom random = ThreadLocalRandom.current();
    int[] ports = new int[3];
    int found = 0;
    for (int attempt = 0; attempt < 500 && found < 3; attempt++) {
      int port = 20_000 + random.nextInt(12_000);
      boolean free = true;
      for (int a = 0; a < usable.size() && free; a++) {
        try (ServerSocket s = new ServerSocket()) {
          s.setReuseAddress(false);
          s.bind(new InetSocketAddress(InetAddress.getByName(usable.get(a)), port));
        } catch (IOException taken) {
          free = false;
        }
      }
      boolean distinct = true;
      for (int i = 0; i < found; i++) {
        distinct &= ports[i] != port;
      }
      if (free && distinct) {
        ports[found++] = port;
      }
    }
    if (found < 3) {
      throw new IOException("no ports free on " + usable + " for a local Cassandra cluster");
    }
    return ports;
  }
}
