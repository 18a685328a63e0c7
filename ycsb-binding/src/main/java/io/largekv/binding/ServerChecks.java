package io.largekv.binding;

import io.largekv.common.Database;
import io.largekv.common.UserError;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a run's settings can work on the cluster it connected to, decided before any DDL from
 * what the cluster says of itself ({@link ServerFacts}); and, where only the server knows, its
 * refusal of a DDL statement told as the setting that caused it ({@link #refusal}). Every rule
 * comes from the databases' own sources (docs/first-contact.md): a user meets each on a first run,
 * often on a small test cluster.
 *
 * <p>The binding ({@code io.largekv.driver.SchemaChecks}, as its session starts) refuses to start on any {@link Verdict#FAIL}
 * (exit status 2, nothing created) and prints every {@link Verdict#WARN}; the preflight
 * ({@code largekv.check=true}, {@code bin/largekv check}) prints them all.
 */
public final class ServerChecks {

  /** How a check came out. */
  public enum Verdict {
    /** The setting works on this cluster. */
    OK("ok"),
    /** A run would start, and the line says what may not be as the user expects. */
    WARN("warn"),
    /** A run would be refused (exit status 2) before any DDL. */
    FAIL("FAIL"),
    /** Nothing this client can read decides it; the line says why. */
    UNCHECKED("unchecked");

    public final String word;

    Verdict(String word) {
      this.word = word;
    }
  }

  /** One check: what it is about ({@code replication}, {@code read consistency}, ...), its verdict, one line. */
  public record Check(String subject, Verdict verdict, String line) {
    @Override
    public String toString() {
      return lead() + line;
    }

    /** The check's verdict and subject in their columns, before its line. */
    public String lead() {
      return String.format(Locale.ROOT, "%-9s %-18s ", verdict.word, subject);
    }
  }

  /**
   * YugabyteDB's YCQL analyzer's default cap on a table's tablets: {@code max_num_tablets_for_table},
   * a flag of the client library the tablet servers run ({@link YugabyteTabletLimits}; the masters'
   * own cap is lower on small clusters).
   */
  public static final int YUGABYTE_DEFAULT_MAX_TABLETS = YugabyteTabletLimits.MAX_NUM_TABLETS_FOR_TABLE_DEFAULT;

  /** The first ScyllaDB release whose open-source build has IncrementalCompactionStrategy (Enterprise: 2019.1.4). */
  static final String SCYLLA_ICS_SINCE = "2025.1";
  static final String INCREMENTAL = "IncrementalCompactionStrategy";
  static final String UNIFIED = "UnifiedCompactionStrategy";

  private static final List<String> READ_LEVELS = List.of("ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE",
      "LOCAL_QUORUM", "EACH_QUORUM", "SERIAL", "LOCAL_SERIAL");
  private static final List<String> WRITE_LEVELS = List.of("ANY", "ONE", "TWO", "THREE", "QUORUM", "ALL",
      "LOCAL_ONE", "LOCAL_QUORUM", "EACH_QUORUM");

  private ServerChecks() {}

  /** Every check of {@code c} against {@code f}, in the order a user reads them. */
  public static List<Check> checks(YcqlConfig c, ServerFacts f) {
    List<Check> checks = new ArrayList<>();
    checks.add(product(c, f));
    checks.add(localDatacenter(c, f));
    checks.add(schema(c, f));
    String dc = keyspaceDatacenter(c, f);
    Map<String, Integer> replication = replication(c, f, dc);
    checks.add(replicationCheck(c, f, dc, replication));
    checks.add(consistency(c, f, "read consistency", YcqlConfig.READ_CONSISTENCY, c.readConsistency, READ_LEVELS,
        replication, dc));
    checks.add(consistency(c, f, "write consistency", YcqlConfig.WRITE_CONSISTENCY, c.writeConsistency, WRITE_LEVELS,
        replication, dc));
    if (!c.scanConsistency.equals(c.readConsistency)) {
      checks.add(consistency(c, f, "scan consistency", YcqlConfig.SCAN_CONSISTENCY, c.scanConsistency, READ_LEVELS,
          replication, dc));
    }
    checks.add(tableOptions(c, f));
    return checks;
  }

  /**
   * Throws a {@link UserError} with the first failed check's line; returns the warnings to print.
   */
  public static List<Check> enforce(YcqlConfig c, ServerFacts f) {
    List<Check> checks = checks(c, f);
    for (Check check : checks) {
      if (check.verdict() == Verdict.FAIL) {
        throw new UserError(check.line());
      }
    }
    return checks.stream().filter(k -> k.verdict() == Verdict.WARN).toList();
  }

  /** ycql.target against what the server is: the DDL dialect and routing follow the target. */
  private static Check product(YcqlConfig c, ServerFacts f) {
    if (f.product() == null) {
      return new Check("server", Verdict.UNCHECKED, "could not tell which database this is; " + YcqlConfig.TARGET + "="
          + c.target.propertyValue() + " decides the DDL dialect and the routing");
    }
    if (f.product() != c.target) {
      // a warning, not a refusal: one vendor's dialect and driver on another's server is a way to test them
      return new Check("server", Verdict.WARN, YcqlConfig.TARGET + "=" + c.target.propertyValue() + " names "
          + c.target.product() + ", and the server is " + f.describeServer() + ": the run uses "
          + c.target.product() + "'s DDL dialect and routing (for this server: " + YcqlConfig.TARGET + "="
          + f.product().propertyValue() + ")");
    }
    return new Check("server", Verdict.OK, f.describeServer() + ", as " + YcqlConfig.TARGET + "="
        + c.target.propertyValue() + " says");
  }

  /** ycql.localdc must be a datacenter of the cluster. */
  private static Check localDatacenter(YcqlConfig c, ServerFacts f) {
    if (c.localDatacenter.isEmpty()) {
      String inferred = keyspaceDatacenter(c, f);
      return new Check("local datacenter", Verdict.OK, (inferred.isEmpty() ? "not known" : inferred)
          + ", inferred by the driver from the contact points (" + YcqlConfig.LOCAL_DC + " not set)");
    }
    if (!f.datacenters().isEmpty() && !f.datacenters().contains(c.localDatacenter)) {
      return new Check("local datacenter", Verdict.FAIL, new UserError(YcqlConfig.LOCAL_DC, c.localDatacenter,
          "a datacenter of this cluster: " + String.join(", ", f.datacenters())).getMessage());
    }
    return new Check("local datacenter", Verdict.OK, c.localDatacenter);
  }

  /** With {@code ycql.create_schema=false}, the keyspace and the table must be there. */
  private static Check schema(YcqlConfig c, ServerFacts f) {
    if (c.createSchema) {
      return new Check("schema", Verdict.OK, f.tableExists() ? "table " + c.qualifiedTable() + " exists"
          : (f.keyspaceExists() ? "" : "keyspace " + c.keyspace + " and ") + "table " + c.qualifiedTable()
              + " would be created");
    }
    if (!f.keyspaceExists()) {
      return new Check("schema", Verdict.FAIL, missingKeyspace(c));
    }
    if (!f.tableExists()) {
      return new Check("schema", Verdict.FAIL, missingTable(c));
    }
    return new Check("schema", Verdict.OK, "table " + c.qualifiedTable() + " exists");
  }

  /** The line for a keyspace that is absent with {@code ycql.create_schema=false}. */
  public static String missingKeyspace(YcqlConfig c) {
    return YcqlConfig.KEYSPACE + "=" + c.keyspace + " does not exist and " + YcqlConfig.CREATE_SCHEMA
        + "=false; accepted: an existing keyspace, or " + YcqlConfig.CREATE_SCHEMA + "=true";
  }

  /** The line for a table that is absent with {@code ycql.create_schema=false}. */
  public static String missingTable(YcqlConfig c) {
    return YcqlConfig.TABLE + "=" + c.table + " does not exist in keyspace " + c.keyspace + " and "
        + YcqlConfig.CREATE_SCHEMA + "=false; accepted: an existing table, or " + YcqlConfig.CREATE_SCHEMA + "=true";
  }

  /**
   * The datacenter a new keyspace's NetworkTopologyStrategy names: {@code ycql.localdc}, else the
   * datacenter of the node that answered (the one the driver infers as local from the contact
   * points), else the only (or first) one the cluster reports; "" when none.
   */
  public static String keyspaceDatacenter(YcqlConfig c, ServerFacts f) {
    if (!c.localDatacenter.isEmpty()) {
      return c.localDatacenter;
    }
    if (f.contactDatacenter() != null && f.datacenters().contains(f.contactDatacenter())) {
      return f.contactDatacenter();
    }
    return f.datacenters().stream().findFirst().orElse("");
  }

  /**
   * Whether the keyspace's replication is the universe's: the YugabyteDB dialect, on YugabyteDB or on
   * a server that could not be told. On Cassandra or ScyllaDB that dialect's keyspace is a real
   * SimpleStrategy keyspace, judged as such.
   */
  private static boolean universeReplication(YcqlConfig c, ServerFacts f) {
    return c.target == Database.YUGABYTE && f.product() != Database.CASSANDRA && f.product() != Database.SCYLLA;
  }

  /** The YugabyteDB dialect's SimpleStrategy keyspace on Cassandra or ScyllaDB. */
  private static boolean simpleStrategyKeyspace(YcqlConfig c, ServerFacts f) {
    return c.target == Database.YUGABYTE && !universeReplication(c, f);
  }

  /**
   * Replicas per datacenter of the keyspace the run will use: the existing keyspace's, else the one
   * it would create; under SimpleStrategy one entry keyed "" for the whole cluster. Empty for
   * YugabyteDB, whose replication is the universe's.
   */
  static Map<String, Integer> replication(YcqlConfig c, ServerFacts f, String dc) {
    Map<String, Integer> r = new LinkedHashMap<>();
    if (universeReplication(c, f)) {
      return r;
    }
    if (f.keyspaceExists()) {
      String strategy = f.keyspaceReplication().getOrDefault("class", "");
      f.keyspaceReplication().forEach((k, v) -> {
        if (k.equals("class")) {
          return;
        }
        Integer n = parseFactor(v);
        if (n == null) {
          return;
        }
        if (k.equals("replication_factor")) {
          if (strategy.endsWith("SimpleStrategy")) {
            r.put("", n);
          }
        } else {
          r.put(k, n);
        }
      });
    } else if (simpleStrategyKeyspace(c, f)) {
      r.put("", c.replicationFactor);
    } else if (!dc.isEmpty()) {
      r.put(dc, c.replicationFactor);
    }
    return r;
  }

  /** "3" or Scylla's and Cassandra 4+'s "3/1" (full/transient); null for anything else. */
  private static Integer parseFactor(String v) {
    Matcher m = Pattern.compile("\\s*(\\d+)(?:/\\d+)?\\s*").matcher(v == null ? "" : v);
    return m.matches() ? Integer.valueOf(m.group(1)) : null;
  }

  private static Check replicationCheck(YcqlConfig c, ServerFacts f, String dc, Map<String, Integer> replication) {
    if (universeReplication(c, f)) {
      return new Check("replication", Verdict.UNCHECKED, "the universe's replication factor (YCQL accepts a keyspace's"
          + " and ignores it, and does not report the universe's; " + YcqlConfig.REPLICATION_FACTOR + " is not used)");
    }
    if (f.keyspaceExists()) {
      List<String> short_ = new ArrayList<>();
      replication.forEach((d, rf) -> {
        int nodes = d.isEmpty() ? f.allNodes() : f.nodesIn(d);
        if (rf > nodes) {
          short_.add((d.isEmpty() ? "the cluster" : "datacenter " + d) + " has " + nodes(nodes) + " for "
              + rf + " replicas");
        }
      });
      String existing = "keyspace " + c.keyspace + " exists with replication " + f.keyspaceReplication();
      if (!short_.isEmpty() && f.product() == Database.SCYLLA && Boolean.TRUE.equals(f.keyspaceUsesTablets())
          && (!f.tableExists() || c.dropTable)) {
        // ScyllaDB accepts such a keyspace under tablets and refuses a table in it (locator/
        // network_topology_strategy.cc, check_enough_endpoints:
        // "Datacenter dc1 doesn't have enough token-owning nodes for replication_factor=3")
        return new Check("replication", Verdict.FAIL, existing + " on tablets: " + String.join(", ", short_)
            + ", and ScyllaDB refuses to create table " + c.qualifiedTable() + " in it (\"doesn't have enough"
            + " token-owning nodes\"); accepted: " + YcqlConfig.KEYSPACE + "= a keyspace whose replication factor is at"
            + " most its datacenters' nodes, or more nodes");
      }
      if (!short_.isEmpty()) {
        return new Check("replication", Verdict.WARN, existing + ": " + String.join(", ", short_)
            + ", so it holds fewer copies than its replication factor says");
      }
      if (c.isSet(YcqlConfig.REPLICATION_FACTOR) && !replication.containsValue(c.replicationFactor)) {
        return new Check("replication", Verdict.WARN, existing + "; " + YcqlConfig.REPLICATION_FACTOR + "="
            + c.replicationFactor + " applies only to a keyspace this client creates");
      }
      return new Check("replication", Verdict.OK, existing);
    }
    if (simpleStrategyKeyspace(c, f)) {
      // the YugabyteDB dialect's keyspace on another server: SimpleStrategy over the whole cluster
      int all = f.allNodes();
      if (f.product() == Database.SCYLLA && Boolean.TRUE.equals(f.tabletsForNewKeyspaces())
          && f.productVersion() != null && versionAtLeast(f.productVersion(), 2026, 2)) {
        return new Check("replication", Verdict.FAIL, YcqlConfig.TARGET + "=yugabyte creates keyspace " + c.keyspace
            + " with SimpleStrategy, which ScyllaDB " + f.productVersion() + " refuses under tablets; accepted: "
            + YcqlConfig.TARGET + "=scylla");
      }
      if (c.replicationFactor > all) {
        return new Check("replication", Verdict.FAIL, YcqlConfig.REPLICATION_FACTOR + "=" + c.replicationFactor
            + " is more than the " + nodes(all) + " of the cluster (" + YcqlConfig.TARGET + "=yugabyte creates a"
            + " SimpleStrategy keyspace on " + f.product().product() + "); accepted: " + YcqlConfig.REPLICATION_FACTOR
            + "=1.." + Math.max(1, all) + ", or " + YcqlConfig.TARGET + "=" + f.product().propertyValue());
      }
      return new Check("replication", Verdict.OK, "keyspace " + c.keyspace + " would be created: SimpleStrategy"
          + " (the YugabyteDB dialect's) with RF " + c.replicationFactor + " on " + nodes(all));
    }
    if (dc.isEmpty()) {
      // SimpleStrategy is refused by ScyllaDB's tablets (2026.2 on) and ignores datacenters elsewhere
      return new Check("replication", Verdict.FAIL, "no node of the cluster reports its datacenter, so keyspace "
          + c.keyspace + "'s NetworkTopologyStrategy cannot name one (largekv never creates a SimpleStrategy"
          + " keyspace: ScyllaDB refuses it under tablets); accepted: " + YcqlConfig.LOCAL_DC + "=DC");
    }
    int nodes = f.nodesIn(dc);
    String placement = placement(c, f);
    if (c.replicationFactor > nodes) {
      return new Check("replication", Verdict.FAIL, YcqlConfig.REPLICATION_FACTOR + "=" + c.replicationFactor
          + " is more than the " + nodes(nodes) + " of datacenter " + dc + ": "
          + (f.product() == Database.SCYLLA && Boolean.TRUE.equals(f.tabletsForNewKeyspaces())
              ? "ScyllaDB with tablets refuses the table"
              : "the server would accept the keyspace and hold fewer copies than that, and fail every QUORUM write"
                  + " it cannot place")
          + "; accepted: " + YcqlConfig.REPLICATION_FACTOR + "=1.." + Math.max(1, nodes) + ", or more nodes in "
          + dc);
    }
    return new Check("replication", Verdict.OK, "keyspace " + c.keyspace + " would be created: NetworkTopologyStrategy {"
        + dc + ": " + c.replicationFactor + "} on " + nodes(nodes) + placement);
  }

  /** ", on tablets" / ", on vnodes" for ScyllaDB where known; "" elsewhere. */
  private static String placement(YcqlConfig c, ServerFacts f) {
    if (f.product() != Database.SCYLLA || f.tabletsForNewKeyspaces() == null) {
      return "";
    }
    return f.tabletsForNewKeyspaces() ? ", on tablets (the server's default for new keyspaces)"
        : ", on vnodes (tablets are off for new keyspaces)";
  }

  private static String nodes(int n) {
    return n + " node" + (n == 1 ? "" : "s");
  }

  /**
   * Whether the keyspace's replicas can meet a consistency level: the replicas it needs against
   * those the keyspace can have (a datacenter's factor, at most its nodes). A level it cannot meet
   * would fail every operation as "unavailable".
   */
  private static Check consistency(YcqlConfig c, ServerFacts f, String subject, String property, String level,
      List<String> levels, Map<String, Integer> replication, String localDc) {
    if (universeReplication(c, f)) {
      return new Check(subject, Verdict.UNCHECKED, level + ": YugabyteDB reads and writes tablet leaders"
          + " (QUORUM and stronger: consistent; ONE: follower reads allowed), whatever the universe's replication");
    }
    if (replication.isEmpty()) {
      return new Check(subject, Verdict.UNCHECKED, level + ": the keyspace's replication is not known");
    }
    String dc = replication.containsKey("") ? "" : localDc;
    String shortfall = shortfall(level, replication, f, dc);
    if (shortfall == null) {
      return new Check(subject, Verdict.OK, level);
    }
    List<String> met = levels.stream().filter(l -> shortfall(l, replication, f, dc) == null).toList();
    return new Check(subject, Verdict.FAIL, property + "=" + level + " " + shortfall + ", so every operation would"
        + " fail as unavailable; accepted: " + (met.isEmpty() ? "none with this replication" : String.join(", ", met))
        + ", or more replicas");
  }

  /** Why {@code level} cannot be met, or null when it can. */
  private static String shortfall(String level, Map<String, Integer> replication, ServerFacts f, String localDc) {
    int total = 0;
    int available = 0;
    for (Map.Entry<String, Integer> e : replication.entrySet()) {
      total += e.getValue();
      available += available(e.getKey(), e.getValue(), f);
    }
    int localRf = replication.getOrDefault(localDc, 0);
    int localAvailable = available(localDc, localRf, f);
    String where = replication.containsKey("") ? "the keyspace" : "datacenter " + localDc;
    switch (level) {
      case "ANY", "ONE", "TWO", "THREE", "QUORUM", "ALL", "SERIAL" -> {
        int need = switch (level) {
          case "ANY", "ONE" -> 1;
          case "TWO" -> 2;
          case "THREE" -> 3;
          case "ALL" -> total;
          default -> total / 2 + 1;
        };
        return need <= available ? null : "needs " + need + " replica" + (need == 1 ? "" : "s") + " and the keyspace "
            + "has " + available + " that can answer (" + describe(replication, f) + ")";
      }
      case "LOCAL_ONE", "LOCAL_QUORUM", "LOCAL_SERIAL" -> {
        int need = level.equals("LOCAL_ONE") ? 1 : localRf / 2 + 1;
        return need <= localAvailable ? null : "needs " + need + " replica" + (need == 1 ? "" : "s") + " in "
            + where + " and it has " + localAvailable + " (" + describe(replication, f) + ")";
      }
      case "EACH_QUORUM" -> {
        for (Map.Entry<String, Integer> e : replication.entrySet()) {
          int need = e.getValue() / 2 + 1;
          if (need > available(e.getKey(), e.getValue(), f)) {
            return "needs " + need + " replicas in " + (e.getKey().isEmpty() ? "the keyspace" : "datacenter "
                + e.getKey()) + " (" + describe(replication, f) + ")";
          }
        }
        return null;
      }
      default -> {
        return null;
      }
    }
  }

  private static int available(String dc, int rf, ServerFacts f) {
    return Math.min(rf, dc.isEmpty() ? f.allNodes() : f.nodesIn(dc));
  }

  /** E.g. "RF 3 in datacenter1 on 1 node". */
  private static String describe(Map<String, Integer> replication, ServerFacts f) {
    List<String> parts = new ArrayList<>();
    replication.forEach((dc, rf) -> parts.add("RF " + rf + (dc.isEmpty() ? " on " + nodes(f.allNodes())
        : " in " + dc + " on " + nodes(f.nodesIn(dc)))));
    return String.join(", ", parts);
  }

  /** The table's options against what this server's release has; only when the table would be created. */
  private static Check tableOptions(YcqlConfig c, ServerFacts f) {
    if (f.tableExists() && !c.dropTable) {
      return new Check("table options", Verdict.OK, "table " + c.qualifiedTable() + " exists: its options are kept");
    }
    switch (c.target) {
      case YUGABYTE -> {
        return yugabyteTablets(c, f);
      }
      case SCYLLA -> {
        if (c.compaction.equals(INCREMENTAL)) {
          if (f.productVersion() == null || f.product() != Database.SCYLLA || major(f.productVersion()) == 0) {
            return new Check("table options", Verdict.UNCHECKED, YcqlConfig.COMPACTION + "=" + INCREMENTAL
                + ": the server's version is not known (ScyllaDB has it from " + SCYLLA_ICS_SINCE + " on)");
          }
          if (!scyllaHasIncremental(f.productVersion())) {
            return new Check("table options", Verdict.FAIL, YcqlConfig.COMPACTION + "=" + INCREMENTAL + ": ScyllaDB "
                + f.productVersion() + " has no such class (its open-source releases have it from " + SCYLLA_ICS_SINCE
                + " on); accepted: SizeTieredCompactionStrategy, LeveledCompactionStrategy,"
                + " TimeWindowCompactionStrategy");
          }
        }
        return new Check("table options", Verdict.OK, "compaction " + c.compaction + ", compression " + c.compression);
      }
      default -> {
        if (c.compaction.equals(UNIFIED) && f.product() == Database.CASSANDRA) {
          int major = major(f.releaseVersion());
          if (major > 0 && major < 5) {
            return new Check("table options", Verdict.FAIL, YcqlConfig.COMPACTION + "=" + UNIFIED + ": Apache Cassandra "
                + f.releaseVersion() + " has no such class (it came with 5.0); accepted: SizeTieredCompactionStrategy,"
                + " LeveledCompactionStrategy, TimeWindowCompactionStrategy");
          }
        }
        return new Check("table options", Verdict.OK, "compaction " + c.compaction + ", compression " + c.compression);
      }
    }
  }

  /**
   * {@code ycql.tablets} against YugabyteDB's two caps on a new table's tablets
   * ({@link YugabyteTabletLimits}): above either, the table would be refused at CREATE TABLE. On a
   * server that is not YugabyteDB (or could not be read as one) the analyzer's default cap alone.
   */
  private static Check yugabyteTablets(YcqlConfig c, ServerFacts f) {
    YugabyteTabletLimits l = f.yugabyteTablets();
    if (c.tablets <= 0) {
      return new Check("table options", Verdict.OK, "tablets: the server's default"
          + (l == null ? "" : "; at most " + l.mostTablets() + " here (" + caps(l) + ")"));
    }
    int analyzer = l == null ? YUGABYTE_DEFAULT_MAX_TABLETS : l.maxNumTabletsForTable().value();
    if (c.tablets > analyzer) {
      return new Check("table options", Verdict.FAIL, YcqlConfig.TABLETS + "=" + c.tablets + " is more than the "
          + analyzer + " tablets YugabyteDB's YCQL analyzer accepts for a table (max_num_tablets_for_table"
          + (l == null ? ", its default" : " " + l.maxNumTabletsForTable()) + ")"
          + (l == null ? "" : "; " + masterCapText(l)) + "; accepted: " + YcqlConfig.TABLETS + "=1.."
          + (l == null ? analyzer : l.mostTablets()));
    }
    if (l != null && l.masterCap() != null && l.masterCapApplies() && c.tablets > l.masterCap()) {
      return new Check("table options", Verdict.FAIL, YcqlConfig.TABLETS + "=" + c.tablets + " is more than the "
          + l.masterCap() + " tablets YugabyteDB's master accepts for a new table: " + masterCapText(l)
          + "; the YCQL analyzer's cap is " + analyzer + " (max_num_tablets_for_table); accepted: " + YcqlConfig.TABLETS
          + "=1.." + l.mostTablets() + ", or more live tablet servers");
    }
    return new Check("table options", Verdict.OK, "tablets = " + c.tablets
        + (l == null ? " (the YCQL analyzer's default cap " + analyzer + "; the masters' was not read)"
            : ", at most " + l.mostTablets() + " here (" + caps(l) + ")"));
  }

  /** E.g. "max_create_tablets_per_ts 50 (...) × 3 live tablet servers (...), at replication factor 3 (...)". */
  private static String masterCapText(YugabyteTabletLimits l) {
    String rf = l.replicationFactor().value() == null
        ? "at a replication factor that was not read (" + l.replicationFactor().from() + "; the default is 3, and"
            + " the master caps every factor above 1)"
        : "at replication factor " + l.replicationFactor();
    return "max_create_tablets_per_ts " + l.maxCreateTabletsPerTs() + " × " + l.liveTabletServers().value()
        + " live tablet servers (" + l.liveTabletServers().from() + "), " + rf;
  }

  private static String caps(YugabyteTabletLimits l) {
    String analyzer = "max_num_tablets_for_table " + l.maxNumTabletsForTable();
    if (l.masterCap() == null) {
      return analyzer + "; the master's cap: live tablet servers " + l.liveTabletServers();
    }
    if (!l.masterCapApplies()) {
      return analyzer + "; the master's cap does not apply at replication factor " + l.replicationFactor();
    }
    return "the master's " + l.masterCap() + ": " + masterCapText(l) + "; " + analyzer;
  }

  /**
   * Whether a ScyllaDB version has IncrementalCompactionStrategy: the releases numbered by year do
   * (Enterprise from 2019.1.4, by its documentation, and every release from 2025.1, by the source);
   * the open-source 5.x and 6.x do not.
   */
  static boolean scyllaHasIncremental(String version) {
    int[] v = numbers(version);
    return v[0] > 2019 || v[0] == 2019 && (v[1] > 1 || v[1] == 1 && v[2] >= 4);
  }

  /** Whether {@code version} is at least {@code major.minor}. */
  static boolean versionAtLeast(String version, int major, int minor) {
    int[] v = numbers(version);
    return v[0] > major || v[0] == major && v[1] >= minor;
  }

  /** The leading number of a version ("6.2.3" → 6, "2025.1.0-0.20250101" → 2025); 0 when there is none. */
  static int major(String version) {
    return numbers(version)[0];
  }

  /** The first three numbers of a version, 0 for those it lacks. */
  private static int[] numbers(String version) {
    int[] v = new int[3];
    Matcher m = Pattern.compile("\\s*(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?.*").matcher(version == null ? "" : version);
    if (m.matches()) {
      for (int i = 0; i < 3; i++) {
        v[i] = m.group(i + 1) == null ? 0 : Integer.parseInt(m.group(i + 1));
      }
    }
    return v;
  }

  /**
   * The server's refusal of {@code statement} as the setting that caused it, for the texts the
   * databases' sources give; "the table options" when none matches.
   */
  public static String refusal(YcqlConfig c, String statement, String serverMessage) {
    String m = serverMessage.toLowerCase(Locale.ROOT);
    String setting;
    if (m.contains("token-owning nodes") || m.contains("replication_factor") && m.contains("enough")) {
      setting = YcqlConfig.REPLICATION_FACTOR + "=" + c.replicationFactor + " (more replicas than nodes in the"
          + " datacenter)";
    } else if (m.contains("simplestrategy")) {
      setting = YcqlConfig.LOCAL_DC + " (the keyspace needs NetworkTopologyStrategy with a datacenter)";
    } else if (m.contains("only supported for writes") || m.contains("each_quorum")) {
      setting = YcqlConfig.READ_CONSISTENCY + "=" + c.readConsistency;
    } else if (m.contains("compaction")) {
      setting = YcqlConfig.COMPACTION + "=" + c.compaction;
    } else if (m.contains("compress")) {
      setting = YcqlConfig.COMPRESSION + "=" + c.compression;
    } else if (m.contains("permitted maximum")) {
      setting = YcqlConfig.TABLETS + "=" + c.tablets + " (over the master's cap: max_create_tablets_per_ts × the live"
          + " tablet servers)";
    } else if (m.contains("tablet")) {
      setting = YcqlConfig.TABLETS + "=" + c.tablets + (m.contains("exceeds system limit")
          ? " (over the YCQL analyzer's cap: max_num_tablets_for_table, " + YUGABYTE_DEFAULT_MAX_TABLETS + " by default)"
          : "");
    } else {
      setting = statement.startsWith("CREATE KEYSPACE") ? "the keyspace's replication (" + YcqlConfig.REPLICATION_FACTOR
          + ", " + YcqlConfig.LOCAL_DC + ")" : "the table options";
    }
    return setting + ": the server refused " + statement + " (" + serverMessage + ")";
  }
}
