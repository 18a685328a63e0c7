package io.largekv.binding;

import java.util.Properties;

/** The binding's tests' one way to make a {@link YcqlConfig} from {@code name=value} strings. */
final class Configs {
  private Configs() {}

  static YcqlConfig of(String... kv) {
    Properties p = new Properties();
    for (String s : kv) {
      p.setProperty(s.substring(0, s.indexOf('=')), s.substring(s.indexOf('=') + 1));
    }
    return YcqlConfig.from(p);
  }
}
