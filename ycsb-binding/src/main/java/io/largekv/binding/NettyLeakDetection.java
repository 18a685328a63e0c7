package io.largekv.binding;

import io.largekv.common.Database;
import java.util.Properties;

/**
 * The level of Netty's buffer-leak detector in the driver a client runs on, set before the driver
 * loads. Netty's default samples one buffer allocation in 128 and records a stack trace for each: on
 * the read path that was 0.9 % of a steady client's CPU on the Apache driver and 1.9 % on
 * YugabyteDB's (docs/performance.md). A benchmark client leaves it off by default.
 *
 * <p>Each driver in the shaded jar has its own relocated copy of Netty, which reads its own relocated
 * property ({@code io.largekv.shaded.<driver>.io.netty.leakDetection.level}), so Netty's usual
 * {@code -Dio.netty.leakDetection.level} would not reach it. Order: the relocated property when the
 * user set it, else Netty's usual one, else {@code disabled}.
 */
public final class NettyLeakDetection {

  /** Netty's own name for the level, which a user may set as for any Netty program. */
  public static final String NETTY_PROPERTY = "io.netty.leakDetection.level";
  public static final String DEFAULT_LEVEL = "disabled";

  private NettyLeakDetection() {}

  /** The property the copy of Netty relocated with {@code driver}'s binding reads. */
  public static String relocatedProperty(Database driver) {
    return ShadedNamespace.of(driver, NETTY_PROPERTY);
  }

  /** Sets {@code driver}'s relocated level in {@code system} unless the user set it; returns the level in force. */
  public static String apply(Database driver, Properties system) {
    String relocated = relocatedProperty(driver);
    String level = system.getProperty(relocated);
    if (level == null) {
      level = system.getProperty(NETTY_PROPERTY, DEFAULT_LEVEL);
      system.setProperty(relocated, level);
    }
    return level;
  }
}
