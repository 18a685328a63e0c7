package io.largekv.harness.nb5;

import io.largekv.console.Console;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * nb5's schema step (yb_kv_large's {@code load.schema}), run once before a phase's clients: how it
 * ended, {@code why} null when it succeeded.
 *
 * @param command its command line
 * @param exitStatus nb5's exit status
 * @param why why it failed, null when it did not
 */
record Nb5SchemaStep(String command, int exitStatus, String why) {

  /**
   * Runs nb5's schema step (yb_kv_large's {@code load.schema}) in {@code phaseDir}, its output in
   * {@code schema.txt}: how it ended.
   */
  static Nb5SchemaStep run(Nb5 nb5, Nb5PhaseRunner.Connection connection, Path phaseDir, Console console,
      String prefix) throws IOException, InterruptedException {
    Files.createDirectories(phaseDir.resolve("schema-logs"));
    List<String> schema = new ArrayList<>(List.of("--logs-dir", phaseDir.resolve("schema-logs").toString(),
        "yb_kv_large", "load.schema", "target=" + connection.dialect(), "rf=" + connection.replicationFactor()));
    schema.addAll(connection.arguments());
    String line = "bin/nb5 " + String.join(" ", schema);
    if (console.verbose()) {
      console.raw(prefix + "schema: ", line);
    } else {
      console.say(prefix + "schema: bin/nb5 yb_kv_large load.schema (its output: "
          + Console.shown(phaseDir.resolve("schema.txt")) + ")");
    }
    Process p = new ProcessBuilder(nb5.command(schema)).directory(phaseDir.toFile()).redirectErrorStream(true)
        .redirectOutput(phaseDir.resolve("schema.txt").toFile()).start();
    String notEnded = null;
    if (!p.waitFor(Nb5Client.FIRST_OPERATION_TIMEOUT_S, TimeUnit.SECONDS)) {
      Nb5Client.stop(p);
      notEnded = Nb5Client.awaitEnd(p);
    }
    if (notEnded == null && p.exitValue() == 0) {
      return new Nb5SchemaStep(line, 0, null);
    }
    String why = (notEnded != null
        ? "nb5's schema step did not end in " + Nb5Client.FIRST_OPERATION_TIMEOUT_S + " s"
        : "nb5's schema step exited " + p.exitValue()) + " (" + phaseDir.resolve("schema.txt") + ")";
    console.say(prefix + "FAILED: " + why);
    return new Nb5SchemaStep(line, p.exitValue(), why);
  }
}
