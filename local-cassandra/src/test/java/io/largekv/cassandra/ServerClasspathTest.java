package io.largekv.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The local server runs on the libraries Cassandra ships with: a version the project manages for
 * its own modules (the parent POM's dependencyManagement) would replace Cassandra's on this class
 * path too. Jackson is the sentinel: Cassandra's modules of it are one release, and a managed
 * Jackson would mix two.
 */
class ServerClasspathTest {

  private static final Pattern JACKSON = Pattern.compile("/com/fasterxml/jackson/[^/]+/([^/]+)/([^/]+)/[^/]+\\.jar$");

  @Test
  void theServersJacksonModulesAreOneRelease() throws Exception {
    Path file = Path.of(System.getProperty("largekv.module.dir", "."), "target", "cassandra-classpath.txt");
    assertThat(file).as("written by the build (mvn -DskipTests install)").isRegularFile();
    Map<String, String> versions = new TreeMap<>();
    for (String entry : Arrays.asList(Files.readString(file).strip().split(java.io.File.pathSeparator))) {
      Matcher m = JACKSON.matcher(entry.replace('\\', '/'));
      if (m.find() && !m.group(1).equals("jackson-annotations")) { // its releases have no patch number
        versions.put(m.group(1), m.group(2));
      }
    }
    assertThat(versions).as("Jackson modules on the server's class path").containsKey("jackson-databind");
    assertThat(versions.values().stream().distinct()).as("their releases: %s", versions).hasSize(1);
  }
}
