package io.largekv.cli;

import io.largekv.common.Database;
import io.largekv.common.UserError;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One database in a comparison: a label ({@code yugabyte}, {@code cassandra-lcs}, ...), its
 * dialect ({@code ycql.target}, the label's first word), its hosts, and properties of its own.
 * With no hosts it is a local Cassandra that the comparison starts and stops itself.
 */
public final class CompareTarget {
  public final String label;
  public final String dialect;
  public final String hosts;
  public final List<String> properties = new ArrayList<>();
  /** Human description of the settings that differ (the local demo's). */
  public String description = "";

  CompareTarget(String label, String hosts) {
    this.label = label;
    this.hosts = hosts;
    String first = label.toLowerCase(Locale.ROOT).split("[-_.]")[0];
    try {
      Database.parse("ycql.target", first);
    } catch (UserError e) {
      throw new UserError("--target " + label + "=...: the label must start with one of " + Database.ACCEPTED
          + " (e.g. cassandra-lcs=10.0.0.1); it selects ycql.target");
    }
    if (!label.matches("[A-Za-z0-9_.-]+")) {
      throw new UserError("--target " + label + ": labels are letters, digits, '-', '_' and '.'");
    }
    this.dialect = first;
  }

  /**
   * Parses {@code LABEL=HOST1,HOST2[:PORT]}, or {@code LABEL=local}: a local Cassandra (a cluster
   * with {@code --nodes}) that the comparison starts and stops itself.
   */
  static CompareTarget parse(String spec) {
    int eq = spec.indexOf('=');
    if (eq <= 0 || eq == spec.length() - 1) {
      throw new UserError("--target " + spec + " is not accepted; accepted: LABEL=HOST1,HOST2[:PORT] or LABEL=local "
          + "with LABEL starting with yugabyte, cassandra or scylla");
    }
    String hosts = spec.substring(eq + 1).trim();
    CompareTarget t = new CompareTarget(spec.substring(0, eq), hosts.equals(LOCAL) ? null : hosts);
    if (t.local()) {
      if (!t.dialect.equals("cassandra")) {
        throw new UserError("--target " + spec + ": a local target is Apache Cassandra; accepted: a label starting "
            + "with cassandra (e.g. cassandra=local)");
      }
      t.description = "local Cassandra";
    }
    return t;
  }

  /** The hosts value of a local target. */
  static final String LOCAL = "local";

  boolean local() {
    return hosts == null;
  }

  /** The local demo: one Cassandra with the default table settings, one with leveled compaction. */
  static List<CompareTarget> localDemo() {
    CompareTarget stcs = new CompareTarget("cassandra-stcs", null);
    stcs.properties.add("ycql.compaction=SizeTieredCompactionStrategy");
    stcs.properties.add("ycql.compression=LZ4Compressor");
    stcs.description = "local Cassandra, SizeTieredCompactionStrategy, LZ4 compression (the defaults)";
    CompareTarget lcs = new CompareTarget("cassandra-lcs", null);
    lcs.properties.add("ycql.compaction=LeveledCompactionStrategy");
    lcs.properties.add("ycql.compression=none");
    lcs.description = "local Cassandra, LeveledCompactionStrategy, no compression";
    return List.of(stcs, lcs);
  }
}
