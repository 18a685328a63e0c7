package io.largekv.harness.nb5;

import io.largekv.common.Nb5Output;
import io.largekv.common.UserError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The user's own nb5, found as {@code bin/nb5} finds it ({@code NB5_JAR}, else {@code nb5} on
 * {@code PATH}) and run through {@code bin/nb5}, which hands it the repository's yb_kv_large. Its
 * version is asked once ({@code nb5 --version}); without a working nb5, one line and bad input.
 */
public final class Nb5 {

  private final Path repo;
  private final String version;

  private Nb5(Path repo, String version) {
    this.repo = repo;
    this.version = version;
  }

  /** The nb5 {@code bin/nb5} runs, and its version; a {@link UserError} naming what is missing. */
  public static Nb5 find(Path repo) throws InterruptedException {
    String output;
    int exit;
    try {
      // to a file, read after the wait: a pipe read first would wait for ever on an nb5 that hangs
      Path file = Files.createTempFile("largekv-nb5-version", ".txt");
      try {
        Process p = new ProcessBuilder(command(repo, List.of("--version"))).directory(repo.toFile())
            .redirectErrorStream(true).redirectOutput(file.toFile()).start();
        if (!p.waitFor(600, TimeUnit.SECONDS)) {
          p.descendants().forEach(ProcessHandle::destroyForcibly);
          p.destroyForcibly();
          throw new UserError("--harness nb5: bin/nb5 --version did not answer in 600 s");
        }
        exit = p.exitValue();
        output = Files.readString(file, StandardCharsets.UTF_8);
      } finally {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw new UserError("--harness nb5: cannot run bin/nb5: " + e.getMessage());
    }
    if (exit != 0) {
      String why = output.lines().filter(l -> l.startsWith("bin/nb5:")).findFirst()
          .orElse("bin/nb5 --version exited " + exit + ": " + output.strip().lines().reduce((a, b) -> b).orElse(""));
      throw new UserError("--harness nb5 needs nb5: " + why);
    }
    String v = Nb5Output.version(output).orElseThrow(() -> new UserError(
        "--harness nb5: bin/nb5 --version named no nb5 version: " + output.strip()));
    return new Nb5(repo, v);
  }

  /** The release, e.g. 5.17.9. */
  public String version() {
    return version;
  }

  /** {@code bash bin/nb5 ARGS}. */
  List<String> command(List<String> args) {
    return command(repo, args);
  }

  private static List<String> command(Path repo, List<String> args) {
    List<String> c = new ArrayList<>(List.of("bash", repo.resolve("bin/nb5").toString()));
    c.addAll(args);
    return c;
  }
}
