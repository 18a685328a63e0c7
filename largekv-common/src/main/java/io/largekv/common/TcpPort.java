package io.largekv.common;

/** The range of a TCP port, for every option and property that names one. */
public final class TcpPort {

  /** The lowest port a server can listen on or be reached at. */
  public static final int MIN = 1;
  /** The highest. */
  public static final int MAX = 65_535;

  private TcpPort() {}

  /** True when {@code port} is a TCP port. */
  public static boolean valid(long port) {
    return port >= MIN && port <= MAX;
  }
}
