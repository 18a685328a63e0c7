package io.largekv.bench;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * What a client does in its steady window ({@link SteadyWindow}: from the progress line where its
 * JVM's compiler threads have gone quiet to its first at 90 % of the operations; {@code --counts},
 * {@code --profile}), seen from outside the process:
 * <ul>
 *   <li>{@code perf stat} on all its threads: CPU time (task-clock), context switches, CPU
 *       migrations, {@code futex} calls and all system calls; per thread in {@code <run>.perf};</li>
 *   <li>for a Java client, async-profiler loaded into it through the attach API: a CPU profile of
 *       the window's first half of its operations ({@code <run>.collapsed}) and a wall-clock profile
 *       of its second half ({@code <run>-wall.collapsed}), so that each half carries one profiler's
 *       cost.</li>
 * </ul>
 * Any of it that cannot be taken (no {@code perf}, a kernel without the tracepoints, a JVM that
 * refuses the attach) is said in {@link Window#unavailable} and left out, never shown as 0.
 */
final class SteadyWindowProbe {

  /** perf's events, in the order of {@link Window}'s fields. */
  static final List<String> EVENTS = List.of("task-clock", "context-switches", "cpu-migrations",
      "syscalls:sys_enter_futex", "raw_syscalls:sys_enter");
  /** async-profiler's sampling intervals: CPU time, and wall time per thread. */
  static final String CPU_INTERVAL = "1ms";
  static final String WALL_INTERVAL = "5ms";

  /**
   * The window's figures: operations in it, seconds of CPU (perf's task-clock), of which the JVM's
   * JIT compiler threads' ({@link CompilerThreads#NAME}; 0 for a process without them), context switches,
   * migrations, futex calls, system calls; NaN where not measured, with why in {@code unavailable}.
   */
  record Window(long ops, double wallSeconds, double cpuSeconds, double jitCpuSeconds, double contextSwitches,
      double migrations, double futexCalls, double syscalls, String unavailable) {
    double perOp(double v) {
      return ops > 0 ? v / ops : Double.NaN;
    }
  }

  private final String profilerLibrary;
  private final Path perfFile;
  private final Path cpuProfile;
  private final Path wallProfile;
  private long pid = -1;
  private boolean javaClient;
  private Process perf;
  private long fromOps = -1;
  private long fromNanos;
  /** Where the CPU profile gives way to the wall-clock one: halfway from the window's start to its end. */
  private long middleOps;
  private long toOps = -1;
  private long toNanos;
  private boolean wallStarted;
  private final List<String> problems = new ArrayList<>();

  /**
   * @param output the run's output file; the probe's files go beside it
   * @param profilerLibrary async-profiler's {@code libasyncProfiler.so}, or null for perf's counts only
   */
  SteadyWindowProbe(Path output, String profilerLibrary) {
    String base = output.getFileName().toString().replaceFirst("\\.txt$", "");
    this.profilerLibrary = profilerLibrary;
    this.perfFile = output.resolveSibling(base + ".perf");
    this.cpuProfile = output.resolveSibling(base + ".collapsed");
    this.wallProfile = output.resolveSibling(base + "-wall.collapsed");
  }

  Path cpuProfile() {
    return cpuProfile;
  }

  Path wallProfile() {
    return wallProfile;
  }

  /**
   * Called at each progress line of process {@code clientPid}: {@code soFar} are its lines up to
   * this one, of a run of {@code total} operations.
   */
  void progress(long clientPid, List<MeasuredProcess.Sample> soFar, long total) {
    if (clientPid <= 0 || soFar.isEmpty()) {
      return;
    }
    MeasuredProcess.Sample line = soFar.get(soFar.size() - 1);
    long ops = line.ops();
    long nanos = line.nanos();
    if (fromOps < 0) {
      if (SteadyWindow.mayOpenAt(soFar, total)) { // the first such line: the window had not opened
        middleOps = (ops + total * SteadyWindow.TO / 100) / 2;
        start(clientPid, ops, nanos);
      }
    } else if (toOps < 0 && SteadyWindow.reached(ops, total, SteadyWindow.TO)) {
      stop(ops, nanos); // also when this line jumped past the middle: the profile running is stopped
    } else if (toOps < 0 && !wallStarted && ops >= middleOps) {
      wallStarted = true;
      if (javaClient && profilerLibrary != null) {
        profiler("stop,file=" + cpuProfile + ",collapsed");
        profiler("start,event=wall,interval=" + WALL_INTERVAL + ",threads");
      }
    }
  }

  private void start(long clientPid, long ops, long nanos) {
    pid = clientPid;
    fromOps = ops;
    fromNanos = nanos;
    javaClient = ProcessCpu.isJava(pid);
    List<String> cmd = new ArrayList<>(List.of("perf", "stat", "-x", ",", "--per-thread", "-o", perfFile.toString(),
        "-e", String.join(",", EVENTS), "-p", Long.toString(pid)));
    try {
      perf = new ProcessBuilder(cmd).redirectErrorStream(true)
          .redirectOutput(perfFile.resolveSibling(perfFile.getFileName() + ".log").toFile()).start();
    } catch (IOException e) {
      problems.add("perf stat: " + e.getMessage());
    }
    if (javaClient && profilerLibrary != null) {
      profiler("start,event=cpu,interval=" + CPU_INTERVAL + ",threads");
    }
  }

  private void stop(long ops, long nanos) {
    toOps = ops;
    toNanos = nanos;
    stopPerf();
    if (javaClient && profilerLibrary != null) {
      profiler("stop,file=" + (wallStarted ? wallProfile : cpuProfile) + ",collapsed");
    }
  }

  /** perf stat ends on SIGINT, writing its counts; one that does not within 10 s is killed (its counts lost). */
  private void stopPerf() {
    if (perf == null || !perf.isAlive()) {
      return;
    }
    try {
      new ProcessBuilder("kill", "-INT", Long.toString(perf.pid())).start().waitFor();
      if (!perf.waitFor(10, TimeUnit.SECONDS)) {
        perf.destroyForcibly();
        problems.add("perf stat did not end on SIGINT within 10 s and was killed");
      }
    } catch (IOException e) {
      problems.add("perf stat: " + e.getMessage());
      perf.destroyForcibly();
    } catch (InterruptedException e) {
      perf.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /** Whatever the run did: perf stat is not left running (the client's end also ends it). */
  void close() {
    if (perf != null && perf.isAlive()) {
      perf.destroyForcibly();
    }
  }

  private void profiler(String command) {
    try {
      VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
      try {
        vm.loadAgentPath(profilerLibrary, command);
      } finally {
        vm.detach();
      }
    } catch (Exception e) {
      problems.add("async-profiler " + command.substring(0, command.indexOf(',')) + ": " + e);
    }
  }

  /**
   * The window's figures once the client has exited; a window the client never finished (it ended
   * before 90 %) is unavailable.
   */
  Window finish(long lastOps, long lastNanos, boolean succeeded) throws IOException {
    if (fromOps < 0) {
      return unavailable("the steady window never opened before " + SteadyWindow.TO + " % of the operations");
    }
    if (toOps < 0) {
      stop(lastOps, lastNanos);
      // perf counted until the process ended, the operations only to its last line: no figure per operation
      return unavailable("the client ended before its progress line at " + SteadyWindow.TO + " %");
    }
    if (!succeeded) {
      return unavailable("the run failed");
    }
    return summarize(perfFile, toOps - fromOps, (toNanos - fromNanos) / 1e9, problems);
  }

  private static Window unavailable(String why) {
    return new Window(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, why);
  }

  /**
   * The window's figures from {@code perf stat}'s file (absent: perf did not run), for
   * {@code ops} operations in {@code wallSeconds}; {@code problems} so far, and any event perf
   * could not count, go to {@link Window#unavailable}.
   */
  static Window summarize(Path perfFile, long ops, double wallSeconds, List<String> problems) throws IOException {
    Map<String, Double> totals = new LinkedHashMap<>();
    double jit = Double.NaN;
    if (Files.exists(perfFile)) {
      jit = 0;
      for (Map.Entry<String, double[]> e : perThread(perfFile).entrySet()) {
        for (int i = 0; i < EVENTS.size(); i++) {
          totals.merge(EVENTS.get(i), e.getValue()[i], Double::sum);
        }
        if (e.getKey().replaceFirst("-[0-9]+$", "").matches(CompilerThreads.NAME)) {
          jit += e.getValue()[0] / 1000;
        }
      }
      if (totals.getOrDefault("task-clock", Double.NaN).isNaN()) {
        jit = Double.NaN; // perf wrote its file but counted no CPU: nothing is known of the JIT's share either
      }
    }
    List<String> unavailable = new ArrayList<>(problems);
    for (String event : EVENTS) {
      if (!totals.containsKey(event) || totals.get(event).isNaN()) {
        unavailable.add("perf: " + event + " not counted (see " + perfFile.getFileName() + ".log)");
      }
    }
    return new Window(ops, wallSeconds, totals.getOrDefault("task-clock", Double.NaN) / 1000, jit,
        totals.getOrDefault("context-switches", Double.NaN), totals.getOrDefault("cpu-migrations", Double.NaN),
        totals.getOrDefault("syscalls:sys_enter_futex", Double.NaN), totals.getOrDefault("raw_syscalls:sys_enter",
        Double.NaN), unavailable.isEmpty() ? null : String.join("; ", unavailable));
  }

  /**
   * perf's counts per thread ({@code comm-tid} → one value per {@link #EVENTS} entry, NaN when not
   * counted): {@code perf stat -x , --per-thread} lines are {@code comm-tid,value,unit,event,...}.
   */
  static Map<String, double[]> perThread(Path perfFile) throws IOException {
    Map<String, double[]> threads = new TreeMap<>();
    for (String line : Files.readAllLines(perfFile, StandardCharsets.UTF_8)) {
      String[] f = line.split(",", -1);
      if (line.startsWith("#") || f.length < 4) {
        continue;
      }
      // comm-tid,value,unit,event,...: a thread name may hold a comma, so the event is found by name
      int at = -1;
      for (int i = 3; i < f.length && at < 0; i++) {
        if (EVENTS.contains(f[i])) {
          at = i;
        }
      }
      if (at < 0) {
        continue;
      }
      int event = EVENTS.indexOf(f[at]);
      String valueField = f[at - 2];
      String thread = String.join(",", Arrays.copyOfRange(f, 0, at - 2)).trim();
      double[] v = threads.computeIfAbsent(thread, t -> {
        double[] a = new double[EVENTS.size()];
        Arrays.fill(a, Double.NaN);
        return a;
      });
      // a thread perf never saw run in the window is "<not counted>": none of its events happened;
      // "<not supported>" (an event this kernel cannot count) stays NaN
      double value = valueField.matches("[0-9.]+") ? Double.parseDouble(valueField)
          : valueField.equals("<not counted>") ? 0 : Double.NaN;
      v[event] = Double.isNaN(v[event]) ? value : v[event] + value;
    }
    return threads;
  }

  /** One line of the window's figures per operation, for the PROFILES section. */
  static String render(String title, Window w) {
    if (w.ops() <= 0) {
      return title + " — steady window unavailable: " + w.unavailable();
    }
    return String.format(Locale.ROOT, "%s — steady window %,d operations in %s s, per operation: CPU %s µs (JIT"
        + " compiler threads %s µs), context switches %s, futex calls %s, system calls %s, migrations %s%s", title,
        w.ops(), figure("%.1f", w.wallSeconds()), figure("%.2f", w.perOp(w.cpuSeconds()) * 1e6),
        figure("%.2f", w.perOp(w.jitCpuSeconds()) * 1e6), figure("%.3f", w.perOp(w.contextSwitches())),
        figure("%.3f", w.perOp(w.futexCalls())), figure("%.2f", w.perOp(w.syscalls())),
        figure("%.4f", w.perOp(w.migrations())), w.unavailable() == null ? "" : " (" + w.unavailable() + ")");
  }

  /** {@code v} in {@code format}, or "unavailable" when it was not measured (NaN): never a number for it. */
  static String figure(String format, double v) {
    return Double.isNaN(v) ? "unavailable" : String.format(Locale.ROOT, format, v);
  }
}
