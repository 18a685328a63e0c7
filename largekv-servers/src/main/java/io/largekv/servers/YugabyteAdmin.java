package io.largekv.servers;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * YugabyteDB's load balancer asked whether it is idle, through the user's {@code yb-admin}
 * ({@code yb-admin --master_addresses M1:7100,... get_is_load_balancer_idle}, which prints
 * {@code Idle = 1} or {@code Idle = 0}: src/yb/tools/yb-admin_client.cc). The master answers it by
 * its balancer's {@code IsIdle}: no task started and no warning in its last runs
 * (src/yb/master/cluster_balance.cc); no master web page or metric serves that answer, so this is
 * the one way to it. Run on the sampler's thread, bounded in time.
 */
final class YugabyteAdmin {

  /** How long one answer may take (yb-admin's own RPC timeout is set below it). */
  static final long TIMEOUT_MS = 20_000;
  /** The masters' RPC port, which yb-admin talks to. */
  static final int MASTER_RPC_PORT = 7100;

  private static final Pattern IDLE = Pattern.compile("(?m)^\\s*Idle = ([01])\\s*$");

  private final Path program;
  private final List<String> masterRpcAddresses;

  /**
   * @param program the yb-admin executable
   * @param masterHosts the masters' hosts (names or addresses, no port): asked at port 7100
   */
  YugabyteAdmin(Path program, List<String> masterHosts) {
    this.program = program;
    this.masterRpcAddresses = masterHosts.stream().map(h -> NodeHost.withPort(h, MASTER_RPC_PORT)).toList();
  }

  String describe() {
    return program + " get_is_load_balancer_idle (masters " + String.join(",", masterRpcAddresses) + ")";
  }

  /**
   * Whether the load balancer is idle.
   *
   * @throws IOException when yb-admin cannot be run, fails, takes longer than {@link #TIMEOUT_MS} or
   *     prints no {@code Idle = } line; the message says which, with the end of what it printed
   */
  boolean idle() throws IOException {
    List<String> command = new ArrayList<>(List.of(program.toString(),
        "--master_addresses=" + String.join(",", masterRpcAddresses), "--timeout_ms=" + (TIMEOUT_MS / 2),
        "get_is_load_balancer_idle"));
    Process p;
    try {
      p = new ProcessBuilder(command).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new IOException(describe() + ": " + e.getMessage(), e);
    }
    try {
      p.getOutputStream().close();
      java.util.concurrent.CompletableFuture<String> out = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
        try {
          return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
          return "";
        }
      });
      if (!p.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        throw new IOException(describe() + ": no answer within " + TIMEOUT_MS / 1000 + " s");
      }
      String text = out.get(5, TimeUnit.SECONDS);
      if (p.exitValue() != 0) {
        throw new IOException(describe() + ": exit status " + p.exitValue() + " (" + SourceHttp.excerpt(last(text), 200)
            + ")");
      }
      Matcher m = IDLE.matcher(text);
      if (!m.find()) {
        throw new IOException(describe() + ": no \"Idle = 0|1\" line in its output (" + SourceHttp.excerpt(last(text), 200)
            + ")");
      }
      return m.group(1).equals("1");
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException(describe() + ": interrupted");
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      throw new IOException(describe() + ": its output could not be read (" + e + ")");
    }
  }

  private static String last(String text) {
    String t = text.strip();
    int nl = t.lastIndexOf('\n');
    return nl < 0 ? t : t.substring(nl + 1);
  }
}
