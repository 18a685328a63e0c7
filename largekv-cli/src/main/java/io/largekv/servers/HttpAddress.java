package io.largekv.servers;

import java.net.URI;

/**
 * The URL of a page on a node, from a host as the user wrote it (a name, an IPv4 address, an IPv6
 * address with or without brackets) and a port; and the host of a {@code host:port} as databases
 * write their servers' addresses. Sources are merged on the host, so it is always compared without
 * its port and brackets.
 */
final class HttpAddress {

  private HttpAddress() {}

  /** {@code http://host:port/path}, the host bracketed when it is an IPv6 address. */
  static URI of(String host, int port, String path) {
    return URI.create("http://" + bracketed(host) + ":" + port + path);
  }

  /** The host of {@code host}, {@code host:port}, {@code [v6]} or {@code [v6]:port}, without brackets. */
  static String hostOf(String hostPort) {
    String s = hostPort.strip();
    if (s.startsWith("[")) {
      int end = s.indexOf(']');
      return end < 0 ? s.substring(1) : s.substring(1, end);
    }
    int colon = s.indexOf(':');
    return colon >= 0 && colon == s.lastIndexOf(':') ? s.substring(0, colon) : s;
  }

  /** The port of {@code host:port} or {@code [v6]:port}; {@code defaultPort} when it has none. */
  static int portOf(String hostPort, int defaultPort) {
    String s = hostPort.strip();
    int colon;
    if (s.startsWith("[")) {
      int end = s.indexOf(']');
      colon = end >= 0 && end + 1 < s.length() && s.charAt(end + 1) == ':' ? end + 1 : -1;
    } else {
      colon = s.indexOf(':') >= 0 && s.indexOf(':') == s.lastIndexOf(':') ? s.indexOf(':') : -1;
    }
    if (colon < 0) {
      return defaultPort;
    }
    try {
      return Integer.parseInt(s.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("'" + hostPort + "' has a port that is not a number");
    }
  }

  private static String bracketed(String host) {
    String h = host.strip();
    return h.contains(":") && !h.startsWith("[") ? "[" + h + "]" : h;
  }
}
