package io.largekv.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Runs one client process under {@code /usr/bin/time} and measures it:
 * <ul>
 *   <li>whole-process CPU (user + sys of the process and its threads, from start to exit), peak
 *       RSS and context switches, from {@code time}'s rusage;</li>
 *   <li>at each progress line of the client (operations done so far), the client's CPU from
 *       {@code /proc/<pid>/stat} and its JVM compiler threads' ({@link CompilerThreads}): where the run
 *       is steady ({@link SteadyWindow}) is read off these;</li>
 *   <li>the server's CPU over the same wall time, when its pid is known.</li>
 * </ul>
 * The client's output (stdout and stderr merged) is kept in a file.
 */
final class MeasuredProcess {

  /**
   * Operations done, CPU seconds used, of them the JVM compiler threads' ({@link CompilerThreads#seenSeconds}:
   * 0 for a client that is not a JVM, NaN when not read), and the time ({@link System#nanoTime}) at one
   * moment of the run.
   */
  record Sample(long ops, double cpuSeconds, long nanos, double jitSeconds) {}

  /** What {@code time -f "%e %U %S %M %w %c"} reports. */
  record Usage(double wallSeconds, double userSeconds, double sysSeconds, long maxRssKb,
      long voluntarySwitches, long involuntarySwitches) {
    double cpuSeconds() {
      return userSeconds + sysSeconds;
    }
  }

  /** Reads the cumulative operation count from a client's progress line. */
  interface ProgressParser {
    /** Operations done so far according to {@code line}, or −1 when it is not a progress line. */
    long opsSoFar(String line);
  }

  /**
   * @param otherCores average cores used by everything else on the machine (neither this client
   *     nor the server) over the client's wall time: other people's work disturbs the figures
   * @param started when the client process was started (wall clock)
   * @param startedNanos the same instant on {@link System#nanoTime}'s clock, the samples' clock
   * @param ended when it had exited
   * @param jit the CPU of the client's JVM compiler threads up to its last progress line
   *     ({@link CompilerThreads})
   */
  record Result(int exitCode, Usage usage, List<Sample> samples, double serverCpuSeconds, double otherCores,
      Path output, Instant started, long startedNanos, Instant ended, CompilerThreads.Cpu jit) {

    /**
     * When the client's first progress line with an operation done came (wall clock): within one
     * progress interval after its first operation. Empty when no operation was reported.
     */
    Optional<Instant> firstOperationSeen() {
      return samples.stream().filter(s -> s.ops() > 0).findFirst()
          .map(s -> started.plusNanos(s.nanos() - startedNanos));
    }

    /**
     * The same run with {@code cores} of other work: for a run of a {@code --paired} pair, what the
     * machine did besides both runs and the server over the pair's time.
     */
    Result withOtherCores(double cores) {
      return new Result(exitCode, usage, samples, serverCpuSeconds, cores, output, started, startedNanos, ended, jit);
    }

    /** The steady window of a run of {@code totalOps} ({@link SteadyWindow}), or why it has none. */
    SteadyWindow.Search steadyWindow(long totalOps) {
      return SteadyWindow.find(samples, totalOps, startedNanos);
    }
  }

  private MeasuredProcess() {}

  /**
   * The run's progress lines as read, a TSV beside its output: seconds since the client's start,
   * operations, the client's CPU seconds, its compiler threads' (empty where not read).
   */
  static void writeSamples(Path file, List<Sample> samples, long startedNanos) throws IOException {
    StringBuilder sb = new StringBuilder("seconds\toperations\tcpu_seconds\tjit_cpu_seconds\n");
    for (Sample s : samples) {
      sb.append(String.format(java.util.Locale.ROOT, "%.3f\t%d\t%s\t%s%n", (s.nanos() - startedNanos) / 1e9,
          s.ops(), Double.isNaN(s.cpuSeconds()) ? "" : s.cpuSeconds(), Double.isNaN(s.jitSeconds()) ? ""
          : s.jitSeconds()));
    }
    Files.writeString(file, sb);
  }

  /** How often a run in progress says how far it is: every 10 s of it at most, at its own progress lines. */
  static final long PROGRESS_NANOS = 10_000_000_000L;

  /**
   * The console's line for a run in progress: its operations so far, of {@code totalOps} when known
   * (&gt; 0), and their rate since the previous such line.
   */
  static String progressLine(String label, long ops, long totalOps, double opsPerSecond) {
    return String.format(Locale.ROOT, "bench:   %s: %,d%s operations, %,.0f/s", label, ops,
        totalOps > 0 ? String.format(Locale.ROOT, " of %,d (%d %%)", totalOps, ops * 100 / totalOps) : "", opsPerSecond);
  }

  static Result run(List<String> command, Path workDir, Path outputFile, ProgressParser progress,
      long serverPid, PrintStream console, String label) throws IOException, InterruptedException {
    return run(command, workDir, outputFile, progress, serverPid, console, label, null, 0);
  }

  /** The same, with {@code probe} told of every progress line of a run of {@code totalOps} operations. */
  static Result run(List<String> command, Path workDir, Path outputFile, ProgressParser progress,
      long serverPid, PrintStream console, String label, SteadyWindowProbe probe, long totalOps)
      throws IOException, InterruptedException {
    Path timeFile = outputFile.resolveSibling(outputFile.getFileName() + ".time");
    List<String> cmd = new ArrayList<>(List.of("/usr/bin/time", "-f", "%e %U %S %M %w %c", "-o",
        timeFile.toString()));
    cmd.addAll(command);
    Files.writeString(outputFile.resolveSibling(outputFile.getFileName() + ".command"),
        String.join(" ", command) + "\n");
    double serverBefore = serverPid > 0 ? ProcessCpu.seconds(serverPid) : Double.NaN;
    double machineBefore = ProcessCpu.machineSeconds();
    Instant started = Instant.now();
    long startedNanos = System.nanoTime();
    Process p = new ProcessBuilder(cmd).directory(workDir.toFile()).redirectErrorStream(true).start();
    List<Sample> samples = new ArrayList<>();
    CompilerThreads jit = new CompilerThreads();
    long clientPid = -1;
    long lastShown = startedNanos;
    long opsShown = 0;
    try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
         PrintStream out = new PrintStream(Files.newOutputStream(outputFile), true, StandardCharsets.UTF_8)) {
      String line;
      while ((line = r.readLine()) != null) {
        long ops = progress.opsSoFar(line);
        if (ops >= 0) {
          if (clientPid < 0) {
            clientPid = p.toHandle().children().findFirst().map(ProcessHandle::pid).orElse(-1L);
          }
          long now = System.nanoTime();
          double cpu = clientPid > 0 ? ProcessCpu.seconds(clientPid) : Double.NaN;
          jit.read(clientPid);
          samples.add(new Sample(ops, cpu, now, jit.seenSeconds()));
          if (probe != null) {
            probe.progress(clientPid, samples, totalOps);
          }
          if (now - lastShown >= PROGRESS_NANOS) {
            console.println(progressLine(label, ops, totalOps, (ops - opsShown) * 1e9 / (now - lastShown)));
            lastShown = now;
            opsShown = ops;
          }
        }
        out.println(line);
      }
    }
    int exit = p.waitFor();
    Instant ended = Instant.now();
    writeSamples(outputFile.resolveSibling(outputFile.getFileName() + ".samples"), samples, startedNanos);
    double serverAfter = serverPid > 0 ? ProcessCpu.seconds(serverPid) : Double.NaN;
    double machine = ProcessCpu.machineSeconds() - machineBefore;
    List<String> timeLines = Files.readAllLines(timeFile);
    String[] f = timeLines.get(timeLines.size() - 1).trim().split("\\s+");
    Usage usage = new Usage(Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2]),
        Long.parseLong(f[3]), Long.parseLong(f[4]), Long.parseLong(f[5]));
    double server = serverAfter - serverBefore;
    double other = (machine - usage.cpuSeconds() - (Double.isNaN(server) ? 0 : server)) / usage.wallSeconds();
    return new Result(exit, usage, samples, server, Math.max(0, other), outputFile, started, startedNanos, ended,
        jit.cpu());
  }
}
