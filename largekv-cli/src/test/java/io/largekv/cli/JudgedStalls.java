package io.largekv.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * The stalls the rule judged the client's, as each phase's first client told them in its stderr: why
 * a phase of a test's run may have failed, for the test's failure message.
 */
final class JudgedStalls {

  private JudgedStalls() {}

  /** The told stalls of load, uniform-read and latest-read, each phase's directory given by {@code phaseDir}. */
  static String told(Function<String, Path> phaseDir) throws IOException {
    StringBuilder b = new StringBuilder();
    for (String phase : new String[] {"load", "uniform-read", "latest-read"}) {
      Path err = phaseDir.apply(phase).resolve("client-0").resolve("stderr.txt");
      if (Files.exists(err)) {
        Files.readAllLines(err).stream().filter(l -> l.startsWith("largekv: a client stall after the warm-up"))
            .forEach(l -> b.append(String.format("%n  %s: %s", phase, l)));
      }
    }
    return b.toString();
  }
}
