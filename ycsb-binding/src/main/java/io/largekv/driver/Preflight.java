package io.largekv.driver;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import io.largekv.binding.SchemaStatements;
import io.largekv.binding.ServerChecks.Check;
import io.largekv.binding.ServerChecks.Verdict;
import io.largekv.binding.ServerChecks;
import io.largekv.binding.ServerFacts;
import io.largekv.binding.YcqlConfig;
import io.largekv.common.Database;
import io.largekv.common.ConsoleText;
import io.largekv.common.ExitStatus;
import io.largekv.common.UserError;
import io.largekv.properties.PropertyValues;
import io.largekv.run.ProcessExit;
import io.largekv.run.RunProperties;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.locks.ReentrantLock;

/**
 * {@code -p largekv.check=true} (and {@code bin/largekv check}): connects with the run's own
 * settings, prints what the server is, its nodes per datacenter, where the data would be placed,
 * the driver and routing the run would use, the DDL it would run, and the verdict of every
 * {@link ServerChecks} rule; creates and writes nothing. Ends the process: exit status 0 when a run
 * would start, 2 when it would be refused (or cannot connect).
 */
public final class Preflight {

  /** The first line of the report on standard output. */
  public static final String HEADER = "largekv check:";

  private static final ReentrantLock ONCE = new ReentrantLock();

  private Preflight() {}

  /** Whether the properties ask for the preflight instead of a run. */
  static boolean asked(Properties p) {
    try {
      return new PropertyValues(p).bool(RunProperties.CHECK, false);
    } catch (UserError e) {
      ProcessExit.badInput(e.getMessage());
      return false;
    }
  }

  /**
   * Runs the preflight on the first client thread that asks and ends the process with its status;
   * YCSB's other client threads wait here until it ends. Never returns.
   */
  static void runOnce(Properties p) {
    ONCE.lock(); // held until the process ends
    List<Check> checks;
    try {
      checks = run(p, System.out);
    } catch (UserError e) {
      ProcessExit.badInput(e.getMessage());
      return;
    } catch (RuntimeException | Error e) {
      // never left locked: YCSB's other client threads wait here, and YCSB for them
      ProcessExit.end(ExitStatus.ABORTED, "the check could not finish: " + DriverErrors.describe(e));
      return;
    }
    for (Check check : checks) {
      if (check.verdict() == Verdict.FAIL) {
        // the first reason, as a run would give it
        ProcessExit.end(ExitStatus.BAD_INPUT, "check: a run with these settings would be refused: " + check.line());
      }
    }
    ProcessExit.end(ExitStatus.OK);
  }

  /** The report on {@code out}; its checks (a run would be refused, exit status 2, when one FAILED). */
  static List<Check> run(Properties p, PrintStream out) {
    YcqlConfig config = YcqlConfig.from(p);
    try (CqlSession session = YcqlSession.connect(config)) {
      ServerFacts facts = ServerProbe.read(session, config);
      List<Check> checks = ServerChecks.checks(config, facts);
      out.println(HEADER);
      line(out, "server", facts.describeServer() + ", cluster '" + facts.clusterName() + "'");
      line(out, "nodes", facts.describeNodes());
      line(out, "placement", placement(config, facts));
      line(out, "driver", DriverInfo.describe() + ", protocol " + session.getContext().getProtocolVersion().name()
          + ", routing " + routing(session) + ", local datacenter "
          + session.getContext().getConfig().getDefaultProfile().getString(
              DefaultDriverOption.LOAD_BALANCING_LOCAL_DATACENTER, "(inferred)"));
      String dc = ServerChecks.keyspaceDatacenter(config, facts);
      if (facts.keyspaceExists()) {
        line(out, "keyspace", config.keyspace + " exists: replication " + facts.keyspaceReplication());
      } else {
        line(out, "keyspace", !dc.isEmpty() || config.target == Database.YUGABYTE
            ? "would run: " + SchemaStatements.createKeyspace(config, dc) : "cannot be created: no datacenter");
      }
      boolean tableCreated = !facts.tableExists() || config.dropTable;
      line(out, "table", (facts.tableExists() ? config.qualifiedTable() + " exists" : "")
          + (facts.tableExists() && config.dropTable ? "; " + YcqlConfig.DROP_TABLE + "=true would drop it and" : "")
          + (tableCreated ? (facts.tableExists() ? " " : "") + "would run: " + SchemaStatements.createTable(config)
              : ""));
      for (Check check : checks) {
        print(out, "  " + check.lead(), check.line());
      }
      long failed = checks.stream().filter(c -> c.verdict() == Verdict.FAIL).count();
      line(out, "verdict", failed == 0 ? "a run would start (exit status 0); nothing was created or written"
          : "a run would be refused: " + failed + " check" + (failed == 1 ? "" : "s") + " FAILED (exit status "
              + ExitStatus.BAD_INPUT + "); nothing was created or written");
      out.flush();
      return checks;
    }
  }

  private static void line(PrintStream out, String what, String text) {
    print(out, String.format(Locale.ROOT, "  %-28s ", what), text);
  }

  /**
   * {@code lead} and {@code text}, the text wrapped at spaces under its first character so that no
   * line is over {@link ConsoleText#MAX} characters (a DDL statement, a refusal with its accepted values).
   */
  private static void print(PrintStream out, String lead, String text) {
    List<String> lines = ConsoleText.wrap(text, ConsoleText.MAX - lead.length(), "");
    out.println(lead + lines.get(0));
    for (String l : lines.subList(1, lines.size())) {
      out.println(" ".repeat(lead.length()) + l);
    }
  }

  /** Where rows would live: tablets or vnodes and the replication factor. */
  private static String placement(YcqlConfig c, ServerFacts f) {
    if (c.target == Database.YUGABYTE) {
      return "YugabyteDB tablets" + (c.tablets > 0 ? " (" + c.tablets + " for the table)" : " (the server's default count)")
          + ", the universe's replication factor";
    }
    String tablets = f.product() != Database.SCYLLA ? "vnodes (token ranges)"
        : f.keyspaceExists() ? (f.keyspaceUsesTablets() == null ? "tablets or vnodes (not readable)"
            : f.keyspaceUsesTablets() ? "tablets" : "vnodes")
        : f.tabletsForNewKeyspaces() == null ? "tablets or vnodes (the server's setting is not readable)"
            : f.tabletsForNewKeyspaces() ? "tablets (the server's default for new keyspaces)" : "vnodes (tablets off)";
    String dc = ServerChecks.keyspaceDatacenter(c, f);
    String rf = f.keyspaceExists() ? "replication " + f.keyspaceReplication()
        : dc.isEmpty() ? "no datacenter to name" : "RF " + c.replicationFactor + " in " + dc;
    return tablets + ", " + rf;
  }

  /** The driver's load-balancing policy class, by its simple name. */
  private static String routing(CqlSession session) {
    DriverExecutionProfile profile = session.getContext().getConfig().getDefaultProfile();
    String policy = profile.getString(DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS, "DefaultLoadBalancingPolicy");
    return policy.substring(policy.lastIndexOf('.') + 1);
  }
}
