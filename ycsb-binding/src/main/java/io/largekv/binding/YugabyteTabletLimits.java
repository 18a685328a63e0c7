package io.largekv.binding;

/**
 * The two caps YugabyteDB puts on a new YCQL table's tablets, as a cluster says them of itself (read
 * by {@code io.largekv.driver.ServerProbe}, judged by {@link ServerChecks}):
 *
 * <ul>
 *   <li>the master's: {@code max_create_tablets_per_ts} (a master flag, 50 by default) times the live
 *       tablet servers, when the table's replication factor is above 1 (src/yb/master/catalog_manager.cc,
 *       {@code CanAddPartitionsToTable}: "The requested number of tablets (N) is over the permitted
 *       maximum (M)");
 *   <li>the YCQL analyzer's: {@code max_num_tablets_for_table} (a flag of the client library the tablet
 *       servers run, 5000 by default; src/yb/client/table.cc), checked before the statement reaches a
 *       master ("Number of tablets exceeds system limit").
 * </ul>
 *
 * Each figure says where it was read, or why not and what stands in.
 *
 * @param liveTabletServers the tablet servers the masters count as live
 * @param maxCreateTabletsPerTs the master flag's value
 * @param replicationFactor the replication factor a new table gets; its value null when not read
 * @param maxNumTabletsForTable the tablet servers' flag's value
 */
public record YugabyteTabletLimits(Figure liveTabletServers, Figure maxCreateTabletsPerTs, Figure replicationFactor,
    Figure maxNumTabletsForTable) {

  /** The master flag's default (catalog_manager.cc). */
  public static final int MAX_CREATE_TABLETS_PER_TS_DEFAULT = 50;
  /** The analyzer's default (client/table.cc). */
  public static final int MAX_NUM_TABLETS_FOR_TABLE_DEFAULT = 5000;

  /** A figure and where it comes from, e.g. {@code 50, "the masters' flags (http://m1:7000/varz?raw)"}. */
  public record Figure(Integer value, String from) {

    /** Read from {@code from}. */
    public static Figure read(int value, String from) {
      return new Figure(value, from);
    }

    /** Not read ({@code why}): the default {@code value} stands in. */
    public static Figure byDefault(int value, String why) {
      return new Figure(value, "its default; not read: " + why);
    }

    /** Not read at all. */
    public static Figure unknown(String why) {
      return new Figure(null, "not read: " + why);
    }

    /** E.g. "50 (the masters' flags ...)", "unknown (not read: ...)". */
    @Override
    public String toString() {
      return (value == null ? "unknown" : value.toString()) + " (" + from + ")";
    }
  }

  /** The master's cap: {@code max_create_tablets_per_ts} × live tablet servers; null when the servers are not known. */
  public Integer masterCap() {
    return liveTabletServers.value() == null ? null : maxCreateTabletsPerTs.value() * liveTabletServers.value();
  }

  /** Whether the master's cap applies: a replication factor above 1, or one not read (the default is 3). */
  public boolean masterCapApplies() {
    return replicationFactor.value() == null || replicationFactor.value() > 1;
  }

  /** The most tablets a new table can have here: the lower cap that applies. */
  public int mostTablets() {
    int most = maxNumTabletsForTable.value();
    Integer master = masterCap();
    return master != null && masterCapApplies() ? Math.min(most, master) : most;
  }
}
