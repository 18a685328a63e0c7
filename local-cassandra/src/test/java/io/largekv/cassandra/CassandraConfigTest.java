package io.largekv.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.largekv.common.UserError;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The local Cassandra's classpath file: the build's absolute entries, and a release's "every jar beside me". */
class CassandraConfigTest {

  @Test
  void aReleasesWildcardIsEveryJarBesideTheFileWhereverItWasExtracted(@TempDir Path dir) throws Exception {
    Path lib = Files.createDirectories(dir.resolve("largekv-1.0/lib/cassandra"));
    Files.createFile(lib.resolve("cassandra-all-5.0.6.jar"));
    Path file = Files.writeString(lib.resolve("classpath.txt"), "*\n");
    assertThat(CassandraConfig.classpathOf(file, "*")).isEqualTo(lib.toAbsolutePath() + "/*");
  }

  @Test
  void theBuildsAbsoluteEntriesStayAsTheyAre(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("cassandra-classpath.txt");
    assertThat(CassandraConfig.classpathOf(file, "/m2/cassandra-all-5.0.6.jar:/m2/guava.jar"))
        .isEqualTo("/m2/cassandra-all-5.0.6.jar:/m2/guava.jar");
  }

  @Test
  void aClasspathWithoutCassandraIsOneLine(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("classpath.txt");
    assertThatThrownBy(() -> CassandraConfig.classpathOf(file, "*")).isInstanceOf(UserError.class)
        .hasMessageContaining("does not list cassandra-all");
    assertThatThrownBy(() -> CassandraConfig.classpathOf(file, "/m2/guava.jar")).isInstanceOf(UserError.class);
  }
}
