package io.largekv.testing;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.largekv.format.KeyValueFormat;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;

/** What a table holds, read straight from the server: an account independent of the client's. */
public final class Rows {
  private static final KeyValueFormat FORMAT = KeyValueFormat.standard();

  private Rows() {}

  /** Key numbers in [0, n) with no row in {@code keyspace.kv}, in order. */
  public static TreeSet<Long> missing(CqlSession cql, String keyspace, long n) {
    Set<String> present = new HashSet<>();
    for (Row r : cql.execute("SELECT k FROM " + keyspace + ".kv")) {
      present.add(r.getString(0));
    }
    TreeSet<Long> missing = new TreeSet<>();
    for (long k = 0; k < n; k++) {
      if (!present.contains(FORMAT.key(k))) {
        missing.add(k);
      }
    }
    return missing;
  }
}
