package io.largekv.driver;

import com.datastax.oss.driver.api.core.MavenCoordinates;
import com.datastax.oss.driver.api.core.session.Session;
import io.largekv.common.Database;

/**
 * Which vendor's driver this copy of the binding runs on. The shaded jar holds three copies of this
 * package, each relocated with its own driver; each reads its own driver's coordinates.
 */
public final class DriverInfo {
  private DriverInfo() {}

  /**
   * The vendor whose driver this is: YugabyteDB's, Apache Cassandra's (or DataStax's) or ScyllaDB's,
   * from the driver's name ("Java driver for YugabyteDB", "ScyllaDB Java Driver", ...). Not from a
   * package-like literal such as its group id: relocation rewrites those in this class too.
   */
  public static Database vendor() {
    String name = Session.OSS_DRIVER_COORDINATES.getName().toLowerCase(java.util.Locale.ROOT);
    if (name.contains("yugabyte")) {
      return Database.YUGABYTE;
    }
    if (name.contains("scylla")) {
      return Database.SCYLLA;
    }
    return Database.CASSANDRA; // Apache Cassandra (4.18+) or DataStax
  }

  /** E.g. {@code Apache Cassandra Java Driver org.apache.cassandra:java-driver-core:4.19.3}. */
  public static String describe() {
    MavenCoordinates c = Session.OSS_DRIVER_COORDINATES;
    return c.getName().trim() + " " + c.getGroupId() + ":" + c.getArtifactId() + ":" + c.getVersion();
  }
}
