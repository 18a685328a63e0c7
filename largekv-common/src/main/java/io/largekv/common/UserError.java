package io.largekv.common;

/**
 * A problem the user must fix (a bad property, option or value, an unreachable host, a missing
 * build): its message is one line that names the setting, the value and what is accepted. Programs
 * print it once, prefixed {@code largekv: }, and exit with {@link ExitStatus#BAD_INPUT}, before any
 * data is touched.
 */
public class UserError extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UserError(String message) {
    super(message);
  }

  /** "{@code property=value is not accepted; accepted values: accepted}". */
  public UserError(String property, String value, String accepted) {
    super(property + "=" + value + " is not accepted; accepted values: " + accepted);
  }
}
