package io.largekv.common;

import java.util.ArrayList;
import java.util.List;

/**
 * The properties of a YCSB client's metrics endpoint (docs/metrics.md), named once for the client
 * that serves it ({@code io.largekv.run.MetricsEndpoint}) and the commands that start clients with
 * it ({@code bin/largekv run / compare / k8s local}, {@code k8s render}'s pods).
 */
public final class MetricsProperties {

  /** The endpoint's port; 0 (the default): no endpoint. */
  public static final String PORT = "largekv.metrics_port";
  /** The address it listens on. */
  public static final String ADDRESS = "largekv.metrics_address";
  public static final String DEFAULT_ADDRESS = "127.0.0.1";
  /** The labels of every series: {@code run=R,target=T,phase=P,client=C}, each optional. */
  public static final String LABELS = "largekv.metrics_labels";
  /** Seconds the endpoint waits, after the run, for a last scrape (when it was scraped at all). */
  public static final String LINGER_S = "largekv.metrics_linger_s";
  public static final int DEFAULT_LINGER_S = 30;
  /** The labels' names, in order. */
  public static final List<String> LABEL_NAMES = List.of("run", "target", "phase", "client");
  /** The path it serves. */
  public static final String PATH = "/metrics";

  private MetricsProperties() {}

  /**
   * A client's endpoint at {@code address:port} with its labels ({@code null} leaves one to the
   * client's default): YCSB properties, {@code NAME=VALUE}. A value may not hold a comma.
   */
  public static List<String> of(int port, String address, String run, String target, String phase, String client) {
    List<String> labels = new ArrayList<>();
    String[] values = {run, target, phase, client};
    for (int i = 0; i < values.length; i++) {
      if (values[i] != null) {
        if (values[i].contains(",")) {
          throw new IllegalArgumentException("a label value with a comma: " + values[i]);
        }
        labels.add(LABEL_NAMES.get(i) + "=" + values[i]);
      }
    }
    List<String> p = new ArrayList<>(List.of(PORT + "=" + port, ADDRESS + "=" + address));
    if (!labels.isEmpty()) {
      p.add(LABELS + "=" + String.join(",", labels));
    }
    return p;
  }
}
