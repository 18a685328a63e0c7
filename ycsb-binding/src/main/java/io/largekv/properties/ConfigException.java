package io.largekv.properties;

import io.largekv.common.UserError;

/**
 * Bad input to the binding, the workload or the client: one line that names the property, the
 * value given and what is accepted. Thrown before any connection or DDL.
 */
public final class ConfigException extends UserError {
  private static final long serialVersionUID = 1L;

  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String property, String value, String accepted) {
    super(property, value, accepted);
  }
}
