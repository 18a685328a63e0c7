package io.largekv.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The shaded jar dropped into a stock YCSB 0.17: only YCSB core's lib/ jars and the shaded jar on
 * the classpath, exactly what a user's YCSB distribution has.
 */
class ShadedJarIT {

  private static final Path MODULE = Path.of(System.getProperty("largekv.module.dir", "."));

  static String stockYcsbWithShadedJar() throws Exception {
    Path lib = MODULE.resolve("target/ycsb-0.17-lib");
    Path shaded;
    try (Stream<Path> files = Files.list(MODULE.resolve("target"))) {
      shaded = files.filter(p -> p.getFileName().toString().endsWith("-shaded.jar")).findFirst().orElseThrow();
    }
    String stock;
    try (Stream<Path> jars = Files.list(lib)) {
      stock = jars.map(Path::toString).sorted().collect(Collectors.joining(File.pathSeparator));
    }
    assertThat(stock).contains("core-0.17.0.jar").contains("HdrHistogram-2.1.4.jar");
    return stock + File.pathSeparator + shaded;
  }

  @Test
  void loadsAndRunsWithOnlyYcsbCoreAndTheShadedJar() throws Exception {
    String cp = stockYcsbWithShadedJar();
    var cassandra = SharedCassandra.get();
    List<String> common = List.of("ycql.target=cassandra", "ycql.replication_factor=1",
        "ycql.keyspace=it_shaded", "recordcount=300", "threadcount=4");
    Ycsb.Result load = Ycsb.run(cp, Ycsb.args("-load", cassandra.contactPoint(), common.toArray(new String[0])));
    assertThat(load.exitCode).as(load.toString()).isZero();
    assertThat(load.returnCount("INSERT", "OK")).isEqualTo(300);
    var runArgs = Ycsb.args("-t", cassandra.contactPoint(), common.toArray(new String[0]));
    runArgs.addAll(List.of("-p", "operationcount=600", "-p", "requestdistribution=latest"));
    Ycsb.Result run = Ycsb.run(cp, runArgs);
    assertThat(run.exitCode).as(run.toString()).isZero();
    assertThat(run.returnCount("VERIFY", "OK")).as(run.toString()).isEqualTo(run.returnCount("READ", "OK"));
    assertThat(run.returnCount("VERIFY", "OK")).isGreaterThan(450);
    assertThat(run.returnCount("VERIFY", "CORRUPT")).isZero();
  }

  @Test
  void shadedJarRelocatesEverythingThatCouldClash() throws Exception {
    Path shaded;
    try (Stream<Path> files = Files.list(MODULE.resolve("target"))) {
      shaded = files.filter(p -> p.getFileName().toString().endsWith("-shaded.jar")).findFirst().orElseThrow();
    }
    try (JarFile jar = new JarFile(shaded.toFile())) {
      List<String> names = jar.stream().map(e -> e.getName()).toList();
      assertThat(names).contains("io/largekv/ycsb/YugabyteYcqlDB.class",
          "io/largekv/workload/LargeKeyValueWorkload.class", "reference.conf");
      assertThat(names).noneMatch(n -> n.startsWith("io/netty/") || n.startsWith("com/typesafe/")
          || n.startsWith("com/fasterxml/") || n.startsWith("org/HdrHistogram/") || n.startsWith("site/ycsb/"));
      assertThat(names).anyMatch(n -> n.startsWith("io/largekv/shaded/netty/"));
    }
  }
}
