package io.largekv.ycsb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetSocketAddress;
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
    assertThat(c.target).isEqualTo(Target.YUGABYTE);
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
        .isInstanceOf(ConfigException.class)
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
}
