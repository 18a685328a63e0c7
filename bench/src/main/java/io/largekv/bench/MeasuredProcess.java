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
import java.util.Optional;

/**
 * Runs one client process under {@code /usr/bin/time} and measures it:
 * <ul>
 *   <li>whole-process CPU (user + sys of the process and its threads, from start to exit), peak
 *       RSS and context switches, from {@code time}'s rusage;</li>
 *   <li>steady-state CPU: at each progress line of the client (operations done so far), the
 *       client's CPU from {@code /proc/<pid>/stat}; {@link Result#steadyCpuPerOp()} is the CPU per
 *       operation between the first progress lines at 20 % and at 90 % of the operations, without start-up
 *       (JVM start, JIT warm-up, connecting, preparing) and, unless that line is the client's last,
 *       shutdown; {@link Result#steadyOpsPerSecond}
 *       the throughput between the same two samples;</li>
 *   <li>the CPU of a JVM client's compiler threads up to its last progress line ({@link CompilerThreads});</li>
 *   <li>the server's CPU over the same wall time, when its pid is known.</li>
 * </ul>
 * The client's output (stdout and stderr merged) is kept in a file.
 */
final class MeasuredProcess {

  /** Per cent of a run's operations where its steady window starts and where it ends. */
  static final int STEADY_FROM = 20;
  static final int STEADY_TO = 90;

  /** Whether {@code ops} done of {@code total} are {@code percent} % of them or more. */
  static boolean reached(long ops, long total, int percent) {
    return ops * 100 >= total * percent;
  }

  /** Operations done, CPU seconds used and the time ({@link System#nanoTime}) at one moment of the run. */
  record Sample(long ops, double cpuSeconds, long nanos) {}

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

    /** CPU seconds per operation in the steady window of a run of {@code totalOps}. */
    Optional<Double> steadyCpuPerOp(long totalOps) {
      return steadyWindow(totalOps).map(w -> (w[1].cpuSeconds() - w[0].cpuSeconds()) / (w[1].ops() - w[0].ops()));
    }

    /** Operations per second between the same samples as {@link #steadyCpuPerOp}. */
    Optional<Double> steadyOpsPerSecond(long totalOps) {
      return steadyWindow(totalOps).filter(w -> w[1].nanos() > w[0].nanos())
          .map(w -> (w[1].ops() - w[0].ops()) * 1e9 / (w[1].nanos() - w[0].nanos()));
    }

    /**
     * The steady window: the first sample at {@link #STEADY_FROM} % of {@code totalOps} or more
     * and the first at {@link #STEADY_TO} % or more, the progress lines where
     * {@link SteadyWindowProbe} starts and stops too; empty when either has no CPU reading or they
     * are less than a quarter of the operations apart.
     */
    private Optional<Sample[]> steadyWindow(long totalOps) {
      Sample from = null;
      Sample to = null;
      for (Sample s : samples) {
        if (from == null && reached(s.ops(), totalOps, STEADY_FROM)) {
          from = s;
        }
        if (to == null && reached(s.ops(), totalOps, STEADY_TO)) {
          to = s;
        }
      }
      if (from == null || to == null || to.ops() - from.ops() < totalOps / 4
          || Double.isNaN(from.cpuSeconds()) || Double.isNaN(to.cpuSeconds())) {
        return Optional.empty();
      }
      return Optional.of(new Sample[] {from, to});
    }
  }

  private MeasuredProcess() {}

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
    long lastShown = 0;
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
          samples.add(new Sample(ops, clientPid > 0 ? ProcessCpu.seconds(clientPid) : Double.NaN, now));
          jit.read(clientPid);
          if (probe != null) {
            probe.progress(clientPid, ops, totalOps, now);
          }
          if (now - lastShown > 5_000_000_000L) {
            console.printf("bench:   %s: %,d operations%n", label, ops);
            lastShown = now;
          }
        }
        out.println(line);
      }
    }
    int exit = p.waitFor();
    Instant ended = Instant.now();
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
