package io.largekv.binding;

import io.largekv.common.Database;

/**
 * Where each driver lives in the shaded jar: the driver, its dependencies (Netty among them) and the
 * binding compiled against it are relocated under {@code io.largekv.shaded.<driver>.} (the
 * relocations in driver-*&#47;pom.xml). Class names and the system properties a relocated library
 * reads both take the prefix.
 */
public final class ShadedNamespace {

  private ShadedNamespace() {}

  /** {@code name} (relative to the namespace's root, e.g. {@code driver.DriverDB}) in {@code driver}'s namespace. */
  public static String of(Database driver, String name) {
    return "io.largekv.shaded." + driver.propertyValue() + "." + name;
  }
}
