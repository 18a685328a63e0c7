package io.largekv.harness.nb5;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.cli.Harness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class Nb5SettingsTest {

  @TempDir
  Path dir;

  private Path workload(String text) throws Exception {
    return Files.writeString(dir.resolve("w"), text);
  }

  @Test
  void theDemosLeveledUncompressedTableIsTheSameTableForNb5() throws Exception {
    Nb5Settings s = Nb5Settings.of(List.of("ycql.localdc=datacenter1", "ycql.replication_factor=1",
        "hosts=127.0.0.1:9100", "ycql.target=cassandra", "ycql.compaction=LeveledCompactionStrategy",
        "ycql.compression=none", "recordcount=100000", "threadcount=16", "maxexecutiontime=30"),
        workload("recordcount=5\n"));
    assertThat(s.records).isEqualTo(100_000);
    assertThat(s.threads).isEqualTo(16);
    assertThat(s.durationSeconds).isEqualTo(30);
    assertThat(s.connection.replicationFactor()).isEqualTo(1);
    assertThat(s.connection.arguments()).containsExactly("driver=cqld4", "hosts=127.0.0.1", "port=9100",
        "localdc=datacenter1", "datacenter=datacenter1", "table_compaction=LeveledCompactionStrategy",
        "table_compression_option=enabled", "table_compression=false");
    assertThat(s.connection.dialect()).isEqualTo("cassandra");
  }

  @Test
  void aLaterPropertyWinsAndTheWorkloadFileFillsIn() throws Exception {
    Nb5Settings s = Nb5Settings.of(List.of("hosts=h1,h2", "port=9043", "ycql.read_consistency=ONE",
        "nb5.read_cl=LOCAL_QUORUM", "nb5.rf=2", "recordcount=10", "recordcount=20"),
        workload("recordcount=5\nthreadcount=7\nmaxexecutiontime=90\n"));
    assertThat(s.records).isEqualTo(20);
    assertThat(s.threads).isEqualTo(7);
    assertThat(s.durationSeconds).isEqualTo(90);
    assertThat(s.connection.replicationFactor()).isEqualTo(2);
    assertThat(s.connection.dialect()).isEqualTo("yugabyte");
    assertThat(s.connection.arguments()).containsExactly("driver=cqld4", "hosts=h1,h2", "port=9043",
        "read_cl=LOCAL_QUORUM");
  }

  @Test
  void whatNb5CannotApplyIsRefusedNamingIt() throws Exception {
    Path w = workload("recordcount=5\n");
    assertThatThrownBy(() -> Nb5Settings.of(List.of("ycql.request_timeout_ms=5000"), w))
        .hasMessageStartingWith("-p ycql.request_timeout_ms=5000: the nb5 harness cannot apply ycql.request_timeout_ms");
    assertThatThrownBy(() -> Nb5Settings.of(List.of("nb5.cycles=5"), w))
        .hasMessageStartingWith("-p nb5.cycles=5: bin/largekv sets nb5's cycles itself");
    assertThatThrownBy(() -> Nb5Settings.of(List.of("ycql.compaction=LeveledCompactionStrategy"), w))
        .hasMessage("ycql.compaction applies to ycql.target=cassandra or scylla; YugabyteDB YCQL has no such option");
    assertThatThrownBy(() -> Nb5Settings.of(List.of("ycql.target=scylla", "ycql.compression=none"), w))
        .hasMessageStartingWith("ycql.compression=none with the nb5 harness is spelled for Cassandra only");
    assertThatThrownBy(() -> Nb5Settings.of(List.of("ycql.replication_factor=0"), w))
        .hasMessage("-p ycql.replication_factor 0 is not accepted; accepted values: 1..100");
    assertThatThrownBy(() -> Nb5Settings.of(List.of(), workload("threadcount=5\n")))
        .hasMessageContaining("sets no recordcount; accepted: --records N");
  }

  @Test
  void aLaterNb5TableParameterWinsOverAnEarlierTranslatedOneAndTheDriverIsNb5s() throws Exception {
    Path w = workload("recordcount=5\n");
    Nb5Settings s = Nb5Settings.of(List.of("ycql.compression=none", "ycql.target=cassandra",
        "nb5.table_compression=DeflateCompressor", "ycql.driver=cassandra"), w);
    assertThat(s.connection.arguments()).containsExactly("driver=cqld4", "hosts=127.0.0.1",
        "table_compression=DeflateCompressor");
    assertThat(Nb5Settings.of(List.of("nb5.table_compression=DeflateCompressor", "ycql.target=cassandra",
        "ycql.compression=none"), w).connection.arguments()).containsExactly("driver=cqld4", "hosts=127.0.0.1",
        "table_compression_option=enabled", "table_compression=false");
    assertThatThrownBy(() -> Nb5Settings.of(List.of("ycql.driver=yugabyte"), w))
        .hasMessageStartingWith("-p ycql.driver=yugabyte: nb5's cqld4 is the Apache Cassandra Java driver");
    // beside YCSB, nb5 must not be given its own table, consistency or mix
    assertThatThrownBy(() -> Harness.checkProperties(List.of("ycsb", "nb5"), List.of("nb5.read_cl=ONE"), "help"))
        .hasMessageStartingWith("-p nb5.read_cl=ONE: with --harness ycsb,nb5 both harnesses get the same table, "
            + "consistency and mix");
    Harness.checkProperties(List.of("nb5"), List.of("nb5.read_cl=ONE"), "help");
    Harness.checkProperties(List.of("ycsb", "nb5"), List.of("nb5.driverconfig=a.conf"), "help");
  }

  @Test
  void nb5sOwnNamesForBindingPropertiesAreTurnedBackForThePreflight() {
    assertThat(Nb5Settings.asYcsbProperties(java.util.List.of("hosts=h1", "ycql.replication_factor=3", "nb5.rf=1",
        "nb5.read_cl=ONE", "nb5.table_compaction=LeveledCompactionStrategy", "nb5.driverconfig=x.conf",
        "nb5.keyspace=ks")))
        .containsExactly("hosts=h1", "ycql.replication_factor=3", "ycql.replication_factor=1", "ycql.read_consistency=ONE",
            "ycql.compaction=LeveledCompactionStrategy", "ycql.keyspace=ks");
  }
}
