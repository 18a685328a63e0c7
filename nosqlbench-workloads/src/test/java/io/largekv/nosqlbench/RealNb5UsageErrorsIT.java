package io.largekv.nosqlbench;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import io.largekv.cassandra.LocalCassandra;
import io.largekv.common.Directories;
import io.largekv.testing.SharedCassandra;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * What a user who runs yb_kv_large in a way it cannot run sees, on a real stock nb5 (each release of
 * {@link RealNb5#VERSIONS}) against the local Cassandra: one line naming what to do instead, a
 * non-zero exit, no stack trace, and nothing created on the server.
 *
 * <ul>
 *   <li>the run form without {@code tags=} ({@code nb5 run workload=yb_kv_large ...} from
 *       {@code nosqlbench-workloads/}, where stock nb5 finds the file by name), which would select
 *       every block at once;</li>
 *   <li>a NetworkTopologyStrategy schema ({@code target=cassandra}) without {@code datacenter=};
 *       with it, the keyspace's replication names that datacenter.</li>
 * </ul>
 *
 * <p>Runs after RealNb5SmokeIT (alphabetical), whose nb5 records the class-data archive these start from.
 */
class RealNb5UsageErrorsIT {

  private static final String UNTAGGED = "yb_kv_large: nb5 run without tags= would start every block at once; "
      + "run a scenario, nb5 yb_kv_large SCENARIO name=value ...";
  private static final String NO_DATACENTER = "yb_kv_large: target=cassandra creates the keyspace with "
      + "NetworkTopologyStrategy and needs datacenter=DC, the datacenter of its replicas: give your localdc "
      + "(SELECT data_center FROM system.local); nothing was created";

  @ParameterizedTest(name = "nb5 {0}")
  @Execution(ExecutionMode.CONCURRENT)
  @MethodSource("io.largekv.nosqlbench.RealNb5#versions")
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void runWithoutTagsStopsWithOneLineNamingTheScenarios(String version) throws Exception {
    RealNb5 nb5 = RealNb5.version(version);
    String ks = "nb5_untagged_" + version.replace('.', '_');
    LocalCassandra cassandra = SharedCassandra.get();
    Path module = WorkloadFile.repoDir().resolve("nosqlbench-workloads");
    Path appsLog = module.resolve("apps.log"); // an nb5 5.17 release jar's log4j config writes it in cwd
    boolean appsLogExisted = Files.exists(appsLog);
    Path dir = Files.createTempDirectory("largekv-nb5-untagged");
    try {
      // the issue's command, with the cycles of a small try; keyspace= only keeps the releases apart
      RealNb5.Run run = nb5.await(nb5.startStock(module, dir, "run", "workload=yb_kv_large", "driver=cqld4",
          "target=cassandra", "hosts=" + cassandra.host(), "port=" + cassandra.nativePort(),
          "localdc=" + cassandra.localDatacenter(), "rf=1", "cycles=2000", "keyspace=" + ks), 300);
      assertThat(run.exitCode()).as(run.toString()).isNotZero();
      String line = theLine(run, UNTAGGED);
      for (String scenario : WorkloadFile.load().workload(Map.of()).scenarioNames()) {
        assertThat(line).contains(scenario);
      }
      assertThat(line).contains("tags=block:NAME").endsWith("nothing was run");
      assertThat(keyspaceExists(ks)).as("keyspace %s created", ks).isFalse();
    } finally {
      SharedCassandra.session().execute("DROP KEYSPACE IF EXISTS " + ks);
      Directories.deleteRecursively(dir);
      if (!appsLogExisted && Files.exists(appsLog) && Files.size(appsLog) == 0) {
        Files.delete(appsLog);
      }
    }
  }

  @ParameterizedTest(name = "nb5 {0}")
  @Execution(ExecutionMode.CONCURRENT)
  @MethodSource("io.largekv.nosqlbench.RealNb5#versions")
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void aNetworkTopologySchemaWithoutDatacenterStopsWithOneLine(String version) throws Exception {
    RealNb5 nb5 = RealNb5.version(version);
    String ks = "nb5_datacenter_" + version.replace('.', '_');
    LocalCassandra cassandra = SharedCassandra.get();
    Path dir = Files.createTempDirectory("largekv-nb5-datacenter");
    try {
      List<String> on = RealNb5.on(cassandra, dir, ks);
      List<String> withoutDatacenter = new ArrayList<>(on);
      assertThat(withoutDatacenter.removeIf(a -> a.startsWith("datacenter="))).isTrue();
      RealNb5.Run without = nb5.run(dir, 300, RealNb5.args(List.of("yb_kv_large", "load.schema"),
          withoutDatacenter.toArray(new String[0])));
      assertThat(without.exitCode()).as(without.toString()).isNotZero();
      assertThat(theLine(without, NO_DATACENTER)).isEqualTo(NO_DATACENTER);
      assertThat(keyspaceExists(ks)).as("keyspace %s created", ks).isFalse();

      // with it: the keyspace's replicas in that datacenter
      RealNb5.Run with = nb5.run(dir, 300, RealNb5.args(List.of("yb_kv_large", "load.schema"),
          on.toArray(new String[0])));
      assertThat(with.exitCode()).as(with.toString()).isZero();
      Row replication = SharedCassandra.session().execute(
          "SELECT replication FROM system_schema.keyspaces WHERE keyspace_name = ?", ks).one();
      assertThat(replication).isNotNull();
      assertThat(replication.getMap("replication", String.class, String.class))
          .containsEntry("class", "org.apache.cassandra.locator.NetworkTopologyStrategy")
          .containsEntry(cassandra.localDatacenter(), "1").hasSize(2);
    } finally {
      SharedCassandra.session().execute("DROP KEYSPACE IF EXISTS " + ks);
      Directories.deleteRecursively(dir);
    }
  }

  /**
   * The one line of the run's output that starts with {@code start}, at the start of its line; the
   * run printed no stack trace: what the user reads is that line.
   */
  private static String theLine(RealNb5.Run run, String start) {
    List<String> lines = run.output().lines().filter(l -> l.startsWith(start)).toList();
    assertThat(lines).as("one line starting '%s' in:\n%s", start, run.output()).hasSize(1);
    assertThat(withoutPulseShutdownRace(run.output()))
        .as("no stack trace in:\n%s", run.output())
        .noneMatch(l -> l.matches("\\s+at [\\w$.]+\\(.*") || l.startsWith("Caused by:") || l.contains("Exception"));
    return lines.get(0);
  }

  /** How the trace of nb5's own status pulse, racing its shutdown, begins. */
  private static final String PULSE_SHUTDOWN_RACE = "Exception in thread \"shutdownhook-PULSE-";

  /**
   * {@code output}'s lines without the trace nb5 5.25.7 itself prints now and then as it exits: its
   * status pulse's shutdown hook iterating its component list while another thread changes it (a
   * ConcurrentModificationException in {@code NBStatusComponent.status}, thread
   * {@code shutdownhook-PULSE-NBSession ...}), after whatever ended the run (once in CI, after the
   * workload's one line). Only that thread's trace is left out; any other stack trace fails.
   */
  private static List<String> withoutPulseShutdownRace(String output) {
    List<String> kept = new ArrayList<>();
    boolean inRace = false;
    for (String l : output.lines().toList()) {
      if (l.startsWith(PULSE_SHUTDOWN_RACE) && l.endsWith("java.util.ConcurrentModificationException")) {
        inRace = true;
        continue;
      }
      if (inRace && l.matches("\\s+at [\\w$./]+\\(.*")) {
        continue;
      }
      inRace = false;
      kept.add(l);
    }
    return kept;
  }

  private static boolean keyspaceExists(String keyspace) {
    CqlSession cql = SharedCassandra.session();
    return cql.execute("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name = ?", keyspace)
        .one() != null;
  }
}
