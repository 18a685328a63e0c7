package io.largekv.ycsb;

/**
 * Bad input to the binding or the workload: the message is one line that names the property,
 * the value given and what is accepted. Thrown before any connection or DDL.
 */
public final class ConfigException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  public ConfigException(String message) {
    super(message);
  }

  public ConfigException(String property, String value, String accepted) {
    super(property + "=" + value + " is not accepted; accepted values: " + accepted);
  }
}
