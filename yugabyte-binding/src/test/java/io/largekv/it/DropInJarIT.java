package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.Database;
import io.largekv.binding.NettyLeakDetection;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The jar a stock YCSB 0.17 user drops in: three vendors' drivers, each relocated into a namespace
 * of its own with its own defaults and version, nothing of them unrelocated, nothing of one in
 * another's namespace.
 */
class DropInJarIT {

  static final List<String> DRIVERS = List.of("yugabyte", "cassandra", "scylla");

  static Path jar() throws Exception {
    Path target = Path.of(System.getProperty("largekv.repo.dir", "..")).resolve("yugabyte-binding/target");
    try (Stream<Path> files = Files.list(target)) {
      return files.filter(p -> p.getFileName().toString().matches("yugabyte-binding-[^-]+(-SNAPSHOT)?\\.jar"))
          .findFirst().orElseThrow();
    }
  }

  @Test
  void everyDriverLivesInANamespaceOfItsOwn() throws Exception {
    try (JarFile jar = new JarFile(jar().toFile())) {
      List<String> names = jar.stream().map(e -> e.getName()).toList();
      assertThat(names).contains("io/largekv/ycsb/YugabyteYcqlDB.class", "io/largekv/workload/LargeKeyValueWorkload.class",
          "io/largekv/client/YcsbClient.class", "simplelogger.properties");
      // nothing a driver brings is left where it could clash with YCSB's lib/ or another binding
      assertThat(names).noneMatch(n -> n.startsWith("com/datastax/") || n.startsWith("com/yugabyte/")
          || n.startsWith("io/netty/") || n.startsWith("com/typesafe/") || n.startsWith("com/fasterxml/")
          || n.startsWith("org/HdrHistogram/") || n.startsWith("com/codahale/") || n.startsWith("org/reactivestreams/")
          || n.startsWith("jnr/") || n.startsWith("site/ycsb/") || n.equals("reference.conf")
          || n.startsWith("io/largekv/driver/"));
      assertThat(names.stream().filter(n -> n.startsWith("io/largekv/shaded/") && n.length() > "io/largekv/shaded/".length())
          .map(n -> n.split("/")[3]).distinct().toList()).containsExactlyInAnyOrderElementsOf(DRIVERS);
      Map<String, String> groups = Map.of("yugabyte", "com.yugabyte", "cassandra", "org.apache.cassandra",
          "scylla", "com.scylladb");
      for (String d : DRIVERS) {
        String root = "io/largekv/shaded/" + d + "/";
        assertThat(names).contains(root + "driver/DriverDB.class", root + "reference.conf",
            root + "com/datastax/oss/driver/api/core/session/Session.class");
        Properties driver = new Properties();
        try (InputStream in = jar.getInputStream(jar.getEntry(root + "com/datastax/oss/driver/Driver.properties"))) {
          driver.load(in);
        }
        assertThat(driver.getProperty("driver.groupId")).as(d).isEqualTo(groups.get(d));
      }
      // what only one vendor's driver has is in that vendor's namespace only
      assertThat(names).filteredOn(n -> n.endsWith("/PartitionAwarePolicy.class"))
          .containsExactly("io/largekv/shaded/yugabyte/com/yugabyte/oss/driver/internal/core/loadbalancing/"
              + "PartitionAwarePolicy.class");
      assertThat(names).filteredOn(n -> n.endsWith("/NodeShardingInfo.class"))
          .containsExactly("io/largekv/shaded/scylla/com/datastax/oss/driver/api/core/metadata/NodeShardingInfo.class");
      // each driver reads its own defaults: YugabyteDB's routes partition-aware by default, the others do not
      assertThat(entry(jar, "io/largekv/shaded/yugabyte/reference.conf")).contains("PartitionAwarePolicy");
      assertThat(entry(jar, "io/largekv/shaded/cassandra/reference.conf")).doesNotContain("PartitionAwarePolicy");
      assertThat(entry(jar, "io/largekv/shaded/scylla/reference.conf")).doesNotContain("PartitionAwarePolicy");
    }
  }

  /**
   * Each driver's relocated Netty, loaded afresh from the jar, reads the leak-detection level the
   * client sets for it (NettyLeakDetection): off, where Netty's own default is to sample.
   */
  @Test
  void eachDriversRelocatedNettyTakesTheLevelTheClientSets() throws Exception {
    for (String d : DRIVERS) {
      String property = NettyLeakDetection.relocatedProperty(Database.parse("ycql.driver", d));
      String before = System.getProperty(property);
      try {
        System.clearProperty(property);
        assertThat(leakDetectionLevel(d)).as(d + " without it").isEqualTo("SIMPLE");
        assertThat(NettyLeakDetection.apply(Database.parse("ycql.driver", d), System.getProperties()))
            .isEqualTo("disabled");
        assertThat(leakDetectionLevel(d)).as(d).isEqualTo("DISABLED");
      } finally {
        if (before == null) {
          System.clearProperty(property);
        } else {
          System.setProperty(property, before);
        }
      }
    }
  }

  /** The level of driver {@code d}'s relocated ResourceLeakDetector, initialised in a class loader of its own. */
  private static String leakDetectionLevel(String d) throws Exception {
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar().toUri().toURL()},
        ClassLoader.getPlatformClassLoader())) {
      Class<?> detector = Class.forName("io.largekv.shaded." + d + ".io.netty.util.ResourceLeakDetector", true, loader);
      return ((Enum<?>) detector.getMethod("getLevel").invoke(null)).name();
    }
  }

  private static String entry(JarFile jar, String name) throws Exception {
    try (InputStream in = jar.getInputStream(jar.getEntry(name))) {
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    }
  }
}
