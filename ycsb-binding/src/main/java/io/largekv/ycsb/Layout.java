package io.largekv.ycsb;

import java.util.Locale;

/** Table layout ({@code ycql.layout}). */
public enum Layout {
  /** {@code (k varchar PRIMARY KEY, v blob)}: the seeds' schema (yb-sample-apps CassandraKeyValue). */
  KV("kv"),
  /** YCSB's classic {@code usertable (y_id varchar PRIMARY KEY, field0 .. fieldN-1)}. */
  USERTABLE("usertable");

  public static final String ACCEPTED = "kv, usertable";

  private final String defaultTable;

  Layout(String defaultTable) {
    this.defaultTable = defaultTable;
  }

  public String defaultTable() {
    return defaultTable;
  }

  public String propertyValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  static Layout parse(String value) {
    for (Layout l : values()) {
      if (l.propertyValue().equals(value.trim().toLowerCase(Locale.ROOT))) {
        return l;
      }
    }
    throw new ConfigException(YcqlConfig.LAYOUT, value, ACCEPTED);
  }
}
