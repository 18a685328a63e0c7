package io.largekv.servers;

import java.nio.file.Path;
import java.util.List;

/**
 * Where YugabyteDB's own endpoints are ({@code --yb-masters}, {@code --yb-web-port},
 * {@code --yb-admin}; docs/servers.md).
 *
 * @param masters the masters' web addresses, {@code host} or {@code host:port} (port 7000 when not
 *     given); empty: every tablet server host at port 7000
 * @param tserverWebPort the tablet servers' web port (9000 by default)
 * @param admin YugabyteDB's {@code yb-admin} program, which alone answers whether the load balancer is
 *     idle (an RPC no web page serves); null: not given, and the rebalance time is unavailable
 */
public record YugabyteEndpoints(List<String> masters, int tserverWebPort, Path admin) {

  /** Every host a master at port 7000, tablet servers at 9000, no yb-admin. */
  public static final YugabyteEndpoints DEFAULT = new YugabyteEndpoints(List.of(), YugabyteSource.TSERVER_WEB_PORT,
      null);

  public YugabyteEndpoints {
    masters = List.copyOf(masters);
  }
}
