package io.largekv.cli;

import io.largekv.common.YcsbOutput;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import io.largekv.common.YcsbCommandLine;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one phase through the repository's {@code bin/ycsb} (YCSB 0.17 with the yugabyte-ycql
 * binding) in its own process, forwards YCSB's status lines as progress, and keeps YCSB's raw
 * stdout and stderr beside the results.
 */
public final class PhaseRunner {

  /** The outcome of one phase. */
  public static final class Result {
    public final Phase phase;
    public final int exitCode;
    public final YcsbOutput output;
    public final Path stdout;
    public final Path stderr;
    public final String command;
    /** The client's own lines ({@code largekv: ...}) from its stderr. */
    public final List<String> largekvLines;
    private final String connection;

    Result(Phase phase, int exitCode, YcsbOutput output, Path stdout, Path stderr, String command,
        List<String> largekvLines, String connection) {
      this.phase = phase;
      this.exitCode = exitCode;
      this.output = output;
      this.stdout = stdout;
      this.stderr = stderr;
      this.command = command;
      this.largekvLines = largekvLines;
      this.connection = connection;
    }

    /** The binding's "connected to ..." line: cluster, node count, server version, target, driver and version. */
    public String connection() {
      return connection;
    }

    /** Why the phase failed, in the client's words: its result line, else its last own line. */
    public String reason() {
      if (exitCode == 0) {
        return "";
      }
      String result = output.result();
      if (result.startsWith("FAILED: ")) {
        return result.substring("FAILED: ".length());
      }
      return largekvLines.isEmpty() ? "" : largekvLines.get(largekvLines.size() - 1).replaceFirst("^largekv: ", "");
    }
  }

  private final Path repo;
  private final PrintStream progress;

  public PhaseRunner(Path repo, PrintStream progress) {
    this.repo = repo;
    this.progress = progress;
  }

  public Result run(Phase phase, String workloadFile, List<String> properties, Path outDir)
      throws IOException, InterruptedException {
    YcsbCommandLine command = YcsbCommandLine.launcher(repo, phase.isLoad())
        .file(repo.resolve("workloads").resolve(workloadFile)).status().properties(properties);
    List<String> cmd = command.arguments();
    Files.createDirectories(outDir);
    Path out = outDir.resolve(phase.name + ".ycsb.txt");
    Path err = outDir.resolve(phase.name + ".stderr.txt");
    String shown = command.shown();
    progress.printf("largekv: [%s] %s%n", phase.name, shown);
    Process process = new ProcessBuilder(cmd).directory(repo.toFile()).redirectOutput(out.toFile()).start();
    List<String> own = new ArrayList<>();
    String connection = "";
    try (BufferedReader r = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8));
         PrintStream log = new PrintStream(Files.newOutputStream(err), true, StandardCharsets.UTF_8)) {
      String line;
      while ((line = r.readLine()) != null) {
        log.println(line);
        if (line.startsWith("largekv: ")) {
          own.add(line);
        }
        if (line.startsWith(YcsbOutput.CONNECTED)) {
          connection = line.substring("yugabyte-ycql: ".length());
        }
        if (isProgress(line)) {
          progress.printf("largekv: [%s] %s%n", phase.name, line);
        }
      }
    }
    int exit = process.waitFor();
    String stdout = Files.readString(out, StandardCharsets.UTF_8);
    Files.writeString(outDir.resolve(phase.name + ".command.txt"), shown + "\n");
    return new Result(phase, exit, YcsbOutput.parse(stdout), out, err, shown, own, connection);
  }

  /** YCSB's status lines ("... 10 sec: 1234 operations; ..."), our own lines and errors. */
  static boolean isProgress(String line) {
    return line.contains(" sec: ") || line.startsWith("largekv:") || line.startsWith("yugabyte-ycql:")
        || line.contains("Exception") || line.contains("ERROR");
  }
}
