package io.largekv.driver;

import static io.largekv.driver.DriverErrors.oneLine;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import io.largekv.binding.YcqlConfig;
import io.largekv.common.Database;
import io.largekv.common.UserError;
import java.util.List;

/**
 * What a user reads when no session could be opened ({@link YcqlSession#connect}): one line that
 * names the property to check, the contact points tried and the first node's own error.
 */
final class ConnectErrors {

  private ConnectErrors() {}

  /** The driver {@code ycql.driver} asks for is not the one on this classpath ({@code vendor}'s). */
  static UserError driverNotHere(YcqlConfig config, Database vendor) {
    return new UserError(YcqlConfig.DRIVER + "=" + config.driver.propertyValue() + " (the driver of "
        + YcqlConfig.TARGET + "=" + config.target.propertyValue() + " unless set) is not here: this classpath has "
        + DriverInfo.describe() + "; accepted: " + vendor.propertyValue() + ", or largekv's shaded jar, which has all three");
  }

  /** No node could be reached: the first node's error, at its root. */
  static UserError allNodesFailed(YcqlConfig config, AllNodesFailedException e) {
    return new UserError("cannot connect to " + YcqlConfig.HOSTS + "=" + contactPoints(config)
        + ": " + firstCause(e) + " (check hosts, port, " + YcqlConfig.LOCAL_DC + ", TLS and credentials)");
  }

  /** The driver refused the settings or the cluster it found (e.g. no node in the local datacenter). */
  static UserError refused(YcqlConfig config, RuntimeException e) {
    return new UserError("cannot connect to " + YcqlConfig.HOSTS + "=" + contactPoints(config)
        + ": " + oneLine(e.getMessage()) + " (check " + YcqlConfig.LOCAL_DC + " and " + YcqlConfig.TARGET + ")");
  }

  private static String contactPoints(YcqlConfig config) {
    StringBuilder sb = new StringBuilder();
    config.contactPoints.forEach(a -> sb.append(sb.length() == 0 ? "" : ",")
        .append(a.getHostString()).append(':').append(a.getPort()));
    return sb.toString();
  }

  private static String firstCause(AllNodesFailedException e) {
    for (List<Throwable> errors : e.getAllErrors().values()) {
      for (Throwable t : errors) {
        Throwable root = t;
        while (root.getCause() != null && root.getCause() != root) {
          root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + oneLine(root.getMessage());
      }
    }
    return oneLine(e.getMessage());
  }
}
