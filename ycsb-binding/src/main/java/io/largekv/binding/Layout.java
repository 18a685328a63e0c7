package io.largekv.binding;

import java.util.Locale;

/** Table layout ({@code ycql.layout}). */
public enum Layout {
  /** {@code (k varchar PRIMARY KEY, v blob)}: the seeds' schema (yb-sample-apps CassandraKeyValue). */
  KV("kv"),
  /** YCSB's classic {@code usertable (y_id varchar PRIMARY KEY, field0 .. fieldN-1)}. */
  USERTABLE("usertable");

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

}
