package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.cassandra.LocalCassandra;
import io.largekv.testing.SharedCassandra;
import io.largekv.testing.Ycsb;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each vendor's driver, from the shaded jar, loads and reads back verified rows on the real local
 * Cassandra (ScyllaDB's driver falls back to plain token-aware routing on a server without shards;
 * YugabyteDB's routes through its parent policy where there is no system.partitions), and every
 * run says which driver and version produced it. With a Java 21+ (as in CI) the reads run on
 * largekv's client with virtual client threads, and most of their wake-ups must run on that
 * driver's I/O threads.
 */
class VendorDriversIT {

  @ParameterizedTest(name = "target {0} on driver {1}")
  @CsvSource({
      "cassandra, cassandra, Apache Cassandra Java Driver org.apache.cassandra:java-driver-core:",
      "cassandra, scylla,    ScyllaDB Java Driver com.scylladb:java-driver-core:",
      "cassandra, yugabyte,  Java driver for YugabyteDB com.yugabyte:java-driver-core:",
      "yugabyte,  default,   Java driver for YugabyteDB com.yugabyte:java-driver-core:",
  })
  void loadsAndReadsVerifiedOnEveryVendorsDriver(String target, String driver, String expected) throws Exception {
    LocalCassandra c = SharedCassandra.get();
    String keyspace = "it_driver_" + target + "_" + driver;
    List<String> common = new java.util.ArrayList<>(List.of("ycql.target=" + target, "ycql.replication_factor=1",
        "ycql.keyspace=" + keyspace, "recordcount=2000", "threadcount=8", "ycql.localdc=datacenter1",
        "ycql.write_consistency=ONE", "ycql.read_consistency=ONE", "largekv.checkpoint=none"));
    if (!driver.equals("default")) {
      common.add("ycql.driver=" + driver);
    }
    Ycsb.Result load = Ycsb.run(Ycsb.classpath(), Ycsb.args("-load", c.contactPoint(), common.toArray(new String[0])));
    assertThat(load.exitCode).as(load.toString()).isZero();
    // the target, the driver, and the protocol the session speaks: V4 on YugabyteDB's dialect
    // (ycql.protocol_version's default there), negotiated with Cassandra 5.0 otherwise (V5)
    assertThat(load.stderr).containsPattern(Pattern.quote("target " + target + ", driver " + expected)
        + "[^,\\n]*, protocol " + (target.equals("yugabyte") ? "V4" : "V5") + "\\n");
    assertThat(load.metric("LARGEKV", "Operations")).isEqualTo(2000);
    List<String> read = new java.util.ArrayList<>(common);
    read.addAll(List.of("operationcount=3000", "readproportion=1", "updateproportion=0"));
    // the reads as bin/ycsb runs them on a Java 21+: virtual client threads run by this driver's I/O
    // threads (IoThreadScheduler knows them by the driver's thread names: every vendor's must match)
    Ycsb.Result run = Ycsb.run(io.largekv.testing.MissingTool.java21OrLater(), Ycsb.classpath(),
        "io.largekv.client.YcsbClient", Ycsb.args("-t", c.contactPoint(), read.toArray(new String[0])));
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.wakeUpsOnIoThreads()).as(run.toString()).isGreaterThanOrEqualTo(3000 / 2);
    assertThat(run.returnCount("VERIFY", "OK")).isEqualTo(3000);
    assertThat(run.returnCount("VERIFY", "CORRUPT") + run.returnCount("VERIFY", "MISSING")).isZero();
    assertThat(run.stderr).contains("driver " + expected);
    if (!target.equals("yugabyte")) {
      // partition metadata is only read from YugabyteDB: no warning about a missing system.partitions
      assertThat(run.stderr).doesNotContain("system.partitions");
    }
  }
}
