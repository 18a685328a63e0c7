package io.largekv.harness.nb5;

import io.largekv.common.TcpPort;
import io.largekv.common.Database;
import io.largekv.common.UserError;
import io.largekv.common.Counts;
import io.largekv.phase.Phase;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A phase's settings, given as the properties largekv gives YCSB ({@code hosts=}, {@code ycql.*},
 * {@code recordcount=}, the user's {@code -p}, ...), as the user's nb5 takes them on yb_kv_large:
 * where it connects, the schema's parameters, rows, threads and the read phase's length. One
 * translation for {@code run} and {@code compare}, so both harnesses of a comparison get the same
 * table and the same sizes. A property nb5 cannot apply is refused, never dropped: the nb5 column
 * would otherwise run with settings that differ from the YCSB column's without saying so.
 *
 * <p>As with YCSB's {@code -p}, a later property wins over an earlier one. {@code nb5.NAME=VALUE}
 * passes {@code NAME=VALUE} to nb5 (not one of {@link #SET_BY_LARGEKV}).
 */
public final class Nb5Settings {

  /**
   * The nb5 parameters largekv sets itself for each phase and client, which a {@code -p nb5.NAME}
   * must not change: the phase, its rows and threads, where it connects, how it ends and how an
   * error is handled (nb5's default, errors=stop: a failed operation ends the phase, FAILED).
   */
  static final List<String> SET_BY_LARGEKV = List.of("driver", "workload", "tags", "cycles", "threads",
      "keycount", "keystart", "hosts", "port", "localdc", "datacenter", "target", "alias", "instrument", "errors",
      "cyclerate", "rate");

  /** YCSB-side properties and the yb_kv_large parameter each becomes ({@code ycql.compression}: below). */
  private static final Map<String, String> RENAMED = Map.of("ycql.compaction", "table_compaction",
      "ycql.read_consistency", "read_cl", "ycql.write_consistency", "write_cl", "ycql.keyspace", "keyspace",
      "ycql.table", "table");

  /**
   * The yb_kv_large parameters the translation sets, and the mix: beside YCSB
   * ({@code --harness ycsb,nb5}) a {@code -p nb5.NAME} must not set them, or the nb5 column would
   * run other settings than the YCSB column beside it ({@code Harness.checkProperties}).
   */
  public static final List<String> SAME_AS_YCSB = List.of("rf", "read_cl", "write_cl", "keyspace", "table",
      "table_compaction", "table_compression", "table_compression_option", "uniform_reads_per_write",
      "latest_reads_per_write", "latest_p");

  /** Where {@code ycql.compression} stands among the parameters until the dialect is known. */
  private static final String COMPRESSION_TO_SPELL = "\u0000ycql.compression";

  /** What {@code -p} accepts with nb5, for the error line. */
  static final String ACCEPTED = "-p nb5.NAME=VALUE (an nb5 or yb_kv_large parameter, docs/nosqlbench.md), "
      + "recordcount, threadcount, maxexecutiontime, hosts, port, ycql.target, ycql.localdc, "
      + "ycql.replication_factor, ycql.compaction, ycql.compression, ycql.read_consistency, "
      + "ycql.write_consistency, ycql.keyspace, ycql.table, ycql.driver=cassandra";

  public final Nb5PhaseRunner.Connection connection;
  /** Rows of the phase ({@code recordcount}, else the workload file's). */
  public final long records;
  /** Threads per client ({@code threadcount}, else the workload file's, else 1). */
  public final int threads;
  /** Seconds of a read phase ({@code maxexecutiontime}, else the workload file's, else 60). */
  public final long durationSeconds;

  private Nb5Settings(Nb5PhaseRunner.Connection connection, long records, int threads, long durationSeconds) {
    this.connection = connection;
    this.records = records;
    this.threads = threads;
    this.durationSeconds = durationSeconds;
  }

  /**
   * The settings of a phase from its properties, in order; {@code workloadFile} gives what they
   * leave out. A property nb5 cannot apply is a {@link UserError} naming it.
   */
  public static Nb5Settings of(List<String> properties, Path workloadFile) throws UserError {
    Map<String, String> last = new LinkedHashMap<>();
    Map<String, String> params = new LinkedHashMap<>();
    String rfName = "ycql.replication_factor";
    for (String p : properties) {
      int eq = p.indexOf('=');
      String name = p.substring(0, eq);
      String value = p.substring(eq + 1);
      if (name.startsWith("nb5.")) {
        String param = name.substring("nb5.".length());
        if (SET_BY_LARGEKV.contains(param)) {
          throw new UserError("-p " + p + ": bin/largekv sets nb5's " + param + " itself (from its options); accepted: "
              + "-p nb5.NAME=VALUE for a NAME other than " + String.join(", ", SET_BY_LARGEKV));
        }
        if (param.equals("rf")) {
          last.put("ycql.replication_factor", value);
          rfName = "-p nb5.rf";
        } else {
          params.remove(param);
          params.put(param, value);
        }
      } else if (name.equals("ycql.driver")) {
        if (!value.strip().equals("cassandra")) {
          throw new UserError("-p " + p + ": nb5's cqld4 is the Apache Cassandra Java driver; accepted with nb5: "
              + "ycql.driver=cassandra (or none)");
        }
      } else if (RENAMED.containsKey(name) || List.of("recordcount", "threadcount", "maxexecutiontime", "hosts", "port",
          "ycql.target", "ycql.localdc", "ycql.replication_factor", "ycql.compression").contains(name)) {
        last.put(name, value);
        if (name.equals("ycql.compression")) {
          // in order: a later -p nb5.table_compression wins over it, and it over an earlier one; spelled
          // for the dialect once it is known (below)
          params.keySet().removeAll(List.of("table_compression", "table_compression_option"));
          params.put("table_compression", COMPRESSION_TO_SPELL);
        }
        if (name.equals("ycql.replication_factor")) {
          rfName = "-p ycql.replication_factor";
        }
        if (RENAMED.containsKey(name)) {
          params.remove(RENAMED.get(name));
          params.put(RENAMED.get(name), value);
        }
      } else {
        throw new UserError("-p " + p + ": the nb5 harness cannot apply " + name + " (YCSB-only); accepted with nb5: "
            + ACCEPTED);
      }
    }
    String dialect = Database.parse("ycql.target", last.getOrDefault("ycql.target", "yugabyte")).propertyValue();
    if (dialect.equals("yugabyte")) {
      for (String p : List.of("ycql.compaction", "ycql.compression")) {
        if (last.containsKey(p)) {
          throw new UserError(p + " applies to ycql.target=cassandra or scylla; YugabyteDB YCQL has no such option");
        }
      }
    }
    if (COMPRESSION_TO_SPELL.equals(params.get("table_compression"))) {
      Map<String, String> spelled = new LinkedHashMap<>();
      compression(dialect, last.get("ycql.compression").strip(), spelled);
      Map<String, String> ordered = new LinkedHashMap<>();
      params.forEach((k, v) -> {
        if (k.equals("table_compression")) {
          ordered.putAll(spelled);
        } else {
          ordered.put(k, v);
        }
      });
      params.clear();
      params.putAll(ordered);
    }
    int rf = (int) Counts.between(rfName,
        last.getOrDefault("ycql.replication_factor", "3"), 1, 100);
    int port = last.containsKey("port") ? (int) Counts.between("-p port", last.get("port"), TcpPort.MIN, TcpPort.MAX) : 0;
    List<String> nb5Params = new ArrayList<>();
    params.forEach((k, v) -> nb5Params.add(k + "=" + v));
    Nb5PhaseRunner.Connection connection = Nb5PhaseRunner.Connection.of(dialect,
        last.getOrDefault("hosts", "127.0.0.1"), port, last.get("ycql.localdc"), rf, nb5Params);
    long records = last.containsKey("recordcount") ? Counts.atLeast("recordcount", last.get("recordcount"), 1)
        : Phase.setting(workloadFile, "recordcount").orElseThrow(() -> new UserError(workloadFile
            + " sets no recordcount; accepted: --records N"));
    int threads = last.containsKey("threadcount") ? (int) Counts.between("threadcount", last.get("threadcount"), 1,
        Counts.MAX_THREADS) : Phase.setting(workloadFile, "threadcount").orElse(1L).intValue();
    long duration = last.containsKey("maxexecutiontime")
        ? Counts.atLeast("maxexecutiontime", last.get("maxexecutiontime"), 1)
        : Phase.setting(workloadFile, "maxexecutiontime").orElse(60L);
    return new Nb5Settings(connection, records, threads, duration);
  }

  /**
   * The properties as the YCSB binding takes them, with every {@code -p nb5.NAME} that stands for a
   * binding property ({@code rf}, {@code read_cl}, {@code keyspace}, ...) turned back into it, in
   * order: what nb5 will run, for the binding's preflight ({@code Harness}). Other nb5 parameters
   * are left out.
   */
  public static List<String> asYcsbProperties(List<String> properties) {
    Map<String, String> back = new LinkedHashMap<>();
    RENAMED.forEach((ycsb, nb5) -> back.put(nb5, ycsb));
    back.put("rf", "ycql.replication_factor");
    List<String> out = new ArrayList<>();
    for (String p : properties) {
      if (!p.startsWith("nb5.")) {
        out.add(p);
        continue;
      }
      int eq = p.indexOf('=');
      String ycsb = back.get(p.substring("nb5.".length(), eq));
      if (ycsb != null) {
        out.add(ycsb + p.substring(eq));
      }
    }
    return out;
  }

  /**
   * {@code ycql.compression} as yb_kv_large's schema parameters, spelled as the YCSB binding's DDL
   * spells it: a class, or {@code none} ({@code {'enabled': 'false'}} on Cassandra).
   */
  private static void compression(String dialect, String value, Map<String, String> params) throws UserError {
    if (!value.equals("none")) {
      params.put("table_compression", value);
    } else if (dialect.equals("cassandra")) {
      params.put("table_compression_option", "enabled");
      params.put("table_compression", "false");
    } else {
      throw new UserError("ycql.compression=none with the nb5 harness is spelled for Cassandra only (yb_kv_large's "
          + "Scylla schema takes a class); accepted: a compressor class, or ycql.target=cassandra");
    }
  }
}
