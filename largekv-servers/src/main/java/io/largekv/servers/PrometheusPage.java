package io.largekv.servers;

import io.largekv.servers.PrometheusText.Sample;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.function.Predicate;

/** A Prometheus page read over HTTP ({@link SourceHttp}) and parsed ({@link PrometheusText}). */
final class PrometheusPage {

  private PrometheusPage() {}

  /**
   * The samples of {@code uri}'s page whose name {@code wanted} accepts.
   *
   * @throws IOException naming the URL when it cannot be read or is not Prometheus' text format
   */
  static List<Sample> read(URI uri, Predicate<String> wanted) throws IOException {
    String page = SourceHttp.get(uri);
    try {
      return PrometheusText.parse(page, wanted);
    } catch (IllegalArgumentException e) {
      throw new IOException(uri + ": not Prometheus text: " + e.getMessage());
    }
  }
}
