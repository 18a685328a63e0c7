package io.largekv.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.common.Database;
import io.largekv.common.UserError;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class YcqlConfigTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (String s : kv) {
      int eq = s.indexOf('=');
      p.setProperty(s.substring(0, eq), s.substring(eq + 1));
    }
    return p;
  }

  @Test
  void defaultsAreTheSeedsSettings() {
    YcqlConfig c = YcqlConfig.from(new Properties());
    assertThat(c.target).isEqualTo(Database.YUGABYTE);
    assertThat(c.contactPoints).containsExactly(InetSocketAddress.createUnresolved("127.0.0.1", 9042));
    assertThat(c.keyspace).isEqualTo("largekv");
    assertThat(c.table).isEqualTo("kv");
    assertThat(c.layout).isEqualTo(Layout.KV);
    assertThat(c.readConsistency).isEqualTo("QUORUM");
    assertThat(c.writeConsistency).isEqualTo("QUORUM");
    assertThat(c.scanConsistency).isEqualTo("QUORUM");
    assertThat(c.replicationFactor).isEqualTo(3);
    assertThat(c.createSchema).isTrue();
    assertThat(c.dropTable).isFalse();
    assertThat(c.protocolVersion).isEqualTo("V4");
    assertThat(c.requestTimeoutMs).isEqualTo(2000);
    assertThat(c.tls).isFalse();
  }

  @Test
  void hostsAcceptPortsPerEntryAndIpv6() {
    YcqlConfig c = YcqlConfig.from(props("hosts=a.example, 10.0.0.2:9043,[::1]:9044,[fe80::1]", "port=9000"));
    assertThat(c.contactPoints).containsExactly(
        InetSocketAddress.createUnresolved("a.example", 9000),
        InetSocketAddress.createUnresolved("10.0.0.2", 9043),
        InetSocketAddress.createUnresolved("::1", 9044),
        InetSocketAddress.createUnresolved("fe80::1", 9000));
  }

  @Test
  void usertableLayoutDefaultsToYcsbsTable() {
    YcqlConfig c = YcqlConfig.from(props("ycql.layout=usertable", "ycql.target=cassandra"));
    assertThat(c.table).isEqualTo("usertable");
    assertThat(c.fieldCount).isEqualTo(10);
    assertThat(c.protocolVersion).isEmpty();
  }

  @Test
  void badValuesNameThePropertyAndTheAcceptedValues() {
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.target=mongo")))
        .isInstanceOf(UserError.class)
        .hasMessage("ycql.target=mongo is not accepted; accepted values: yugabyte, cassandra, scylla");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.layout=x")))
        .hasMessage("ycql.layout=x is not accepted; accepted values: kv, usertable");
    assertThatThrownBy(() -> YcqlConfig.from(props("port=0"))).hasMessageContaining("port=0");
    assertThatThrownBy(() -> YcqlConfig.from(props("hosts=a:b"))).hasMessageContaining("hosts=a:b");
    assertThatThrownBy(() -> YcqlConfig.from(props("hosts=a b"))).hasMessageContaining("hosts=a b");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.keyspace=1abc"))).hasMessageContaining("ycql.keyspace=1abc");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.keyspace=a;drop"))).hasMessageContaining("CQL identifier");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.read_consistency=ANY"))).hasMessageContaining("ycql.read_consistency=ANY");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.connections_per_host=0"))).hasMessageContaining("1..1024");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.username=u"))).hasMessageContaining("ycql.password");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.tablets=4", "ycql.target=scylla")))
        .hasMessageContaining("ycql.tablets applies to ycql.target=yugabyte only");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.compression=ZstdCompressor")))
        .hasMessageContaining("YugabyteDB YCQL has no compression options");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.truststore=/nonexistent/ts.jks")))
        .hasMessageContaining("ycql.truststore=/nonexistent/ts.jks is not a readable file");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.protocol_version=V9"))).hasMessageContaining("auto, V3, V4, V5");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.keyspace="))).hasMessageContaining("ycql.keyspace is empty");
  }

  @Test
  void passwordIsNeverPrinted() {
    YcqlConfig c = YcqlConfig.from(props("ycql.username=bench", "ycql.password=s3cr3t-value"));
    assertThat(c.toString()).contains("user bench").doesNotContain("s3cr3t-value");
  }

  @Test
  void secretsComeFromTheEnvironmentOrAFile() throws Exception {
    YcqlConfig env = YcqlConfig.from(props("ycql.username=bench", "ycql.password=env:BENCH_PW"),
        Map.of("BENCH_PW", "from-env"));
    assertThat(env.password).isEqualTo("from-env");
    Path file = Files.createTempFile("pw", ".txt");
    try {
      Files.writeString(file, "from-file\n");
      YcqlConfig f = YcqlConfig.from(props("ycql.username=bench", "ycql.password=file:" + file,
          "ycql.truststore_password=env:TS"), Map.of("TS", "ts-secret"));
      assertThat(f.password).isEqualTo("from-file");
      assertThat(f.truststorePassword).isEqualTo("ts-secret");
    } finally {
      Files.delete(file);
    }
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.username=u", "ycql.password=env:NOPE"), Map.of()))
        .isInstanceOf(UserError.class)
        .hasMessage("ycql.password=env:NOPE: the environment variable NOPE is not set; accepted values: a literal, "
            + "env:NAME of a set variable, file:PATH");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.username=u", "ycql.password=file:/nonexistent/pw"), Map.of()))
        .hasMessageStartingWith("ycql.password=file:/nonexistent/pw: cannot read /nonexistent/pw");
  }

  @Test
  void aMisspelledPropertyNamesTheClosestKnownOne() {
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.localDC=dc1")))
        .isInstanceOf(UserError.class)
        .hasMessageStartingWith("ycql.localDC is not a known property; did you mean ycql.localdc?");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.request_timeout=100")))
        .hasMessageStartingWith("ycql.request_timeout is not a known property; did you mean ycql.request_timeout_ms?");
  }

  @Test
  void schemaOptionsAreCheckedBeforeAnyDdl() {
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.target=cassandra", "ycql.compaction=NoSuchStrategy")))
        .isInstanceOf(UserError.class)
        .hasMessage("ycql.compaction=NoSuchStrategy is not accepted; accepted values: SizeTieredCompactionStrategy, "
            + "LeveledCompactionStrategy, TimeWindowCompactionStrategy, UnifiedCompactionStrategy "
            + "(ycql.target=cassandra), or a fully qualified class name");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.target=scylla", "ycql.compaction=UnifiedCompactionStrategy")))
        .hasMessageContaining("IncrementalCompactionStrategy (ycql.target=scylla)");
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.target=cassandra", "ycql.compression=Lz4")))
        .hasMessageStartingWith("ycql.compression=Lz4 is not accepted; accepted values: none, LZ4Compressor");
    assertThat(YcqlConfig.from(props("ycql.target=cassandra", "ycql.compaction=com.example.MyStrategy")).compaction)
        .isEqualTo("com.example.MyStrategy");
  }

  @Test
  void ycsbsCoreWorkloadNeedsTheUsertableLayoutOrOneField() {
    assertThatThrownBy(() -> YcqlConfig.from(props("workload=site.ycsb.workloads.CoreWorkload")))
        .isInstanceOf(UserError.class)
        .hasMessage("ycql.layout=kv stores one value per key, and site.ycsb.workloads.CoreWorkload writes fieldcount=10 "
            + "fields per record; accepted: -p ycql.layout=usertable (YCSB's usertable), or -p fieldcount=1");
    assertThat(YcqlConfig.from(props("workload=site.ycsb.workloads.CoreWorkload", "ycql.layout=usertable")).fieldCount)
        .isEqualTo(10);
    assertThat(YcqlConfig.from(props("workload=site.ycsb.workloads.CoreWorkload", "fieldcount=1")).layout)
        .isEqualTo(Layout.KV);
  }

  @Test
  void reconnectionAndBackOffAreBoundedByDefault() {
    YcqlConfig c = YcqlConfig.from(props());
    assertThat(c.reconnectBaseDelayMs).isEqualTo(500);
    assertThat(c.reconnectMaxDelayMs).isEqualTo(2000);
    assertThat(c.backoffMaxMs).isEqualTo(1000);
    assertThatThrownBy(() -> YcqlConfig.from(props("ycql.reconnect_base_delay_ms=3000", "ycql.reconnect_max_delay_ms=1000")))
        .hasMessageContaining("ycql.reconnect_max_delay_ms=1000 is not accepted; accepted values: an integer in 3000..");
  }
}
