package io.largekv.servers;

import java.util.Locale;

/**
 * A node's host as the servers' side names it: a target's {@code HOST[:PORT]} (or a Prometheus
 * {@code instance} label, usually {@code HOST:9100}) without its port, so that readings of the same
 * machine from different sources meet on one name. IPv6 addresses are written bare ({@code ::1}),
 * bracketed only in a URL.
 */
public final class NodeHost {

  private NodeHost() {}

  /** {@code host}, {@code host:port}, {@code [v6]}, {@code [v6]:port} or a bare {@code v6}: the host alone. */
  public static String of(String hostPort) {
    String s = hostPort.strip();
    if (s.startsWith("[")) {
      int close = s.indexOf(']');
      return close > 0 ? s.substring(1, close) : s.substring(1);
    }
    int colon = s.indexOf(':');
    if (colon > 0 && colon == s.lastIndexOf(':')) {
      return s.substring(0, colon);
    }
    return s;   // no port, or a bare IPv6 address (its colons are not a port's)
  }

  /** Whether two hosts name the same node as written (names compare without case; no DNS lookup). */
  public static boolean same(String a, String b) {
    return of(a).toLowerCase(Locale.ROOT).equals(of(b).toLowerCase(Locale.ROOT));
  }

  /** {@code host} as a URL's authority with {@code port}: {@code [::1]:9100}, {@code 10.0.0.5:9100}. */
  public static String withPort(String host, int port) {
    String h = of(host);
    return (h.indexOf(':') >= 0 ? "[" + h + "]" : h) + ":" + port;
  }

  /** {@code http://host:port/path}, the host bracketed when it is an IPv6 address. */
  public static java.net.URI url(String host, int port, String path) {
    return java.net.URI.create("http://" + withPort(host, port) + path);
  }

  /** The port of {@code host:port} or {@code [v6]:port}; {@code defaultPort} when it has none. */
  public static int portOf(String hostPort, int defaultPort) {
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
}
