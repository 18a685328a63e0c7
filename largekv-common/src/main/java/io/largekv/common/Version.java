package io.largekv.common;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The largekv release these classes belong to (the build fills it in). */
public final class Version {

  private Version() {}

  /** E.g. {@code 0.1.0}; {@code (unknown version)} when the build did not record it. */
  public static String get() {
    Properties p = new Properties();
    try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p.getProperty("version", "(unknown version)");
  }
}
