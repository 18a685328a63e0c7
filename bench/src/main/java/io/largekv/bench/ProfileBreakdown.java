package io.largekv.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a Java client's CPU went, from async-profiler's collapsed stacks ({@code event=cpu}, Java
 * and kernel frames): each sample is given to the thread it ran on (YCSB client thread, the
 * driver's I/O thread, JIT compiler, GC, other) and to what it was doing at the leaf (largekv's
 * code, YCSB's, the driver and Netty, the JDK and JVM, the kernel's futex, i.e. a thread parking or
 * waking another, or other kernel work: sockets, scheduling).
 */
final class ProfileBreakdown {

  static final List<String> THREADS = List.of("YCSB threads", "driver I/O", "JIT compiler", "GC", "other");
  static final List<String> WORK = List.of("largekv", "YCSB", "driver+Netty", "JDK/JVM", "futex", "kernel other");

  private final Map<String, long[]> samples = new LinkedHashMap<>();
  private long total;

  private ProfileBreakdown() {
    for (String t : THREADS) {
      samples.put(t, new long[WORK.size()]);
    }
  }

  static ProfileBreakdown read(Path collapsed) throws IOException {
    ProfileBreakdown b = new ProfileBreakdown();
    for (String line : Files.readAllLines(collapsed, StandardCharsets.UTF_8)) {
      int space = line.lastIndexOf(' ');
      if (space < 0) {
        continue;
      }
      long n = Long.parseLong(line.substring(space + 1).trim());
      String stack = line.substring(0, space);
      String[] frames = stack.split(";");
      b.samples.get(thread(stack))[work(frames)] += n;
      b.total += n;
    }
    return b;
  }

  private static String thread(String stack) {
    if (stack.contains("site/ycsb/ClientThread.run")) {
      return "YCSB threads";
    }
    if (stack.contains("NioEventLoop.run") || stack.contains("SingleThreadEventExecutor")) {
      return "driver I/O";
    }
    if (stack.contains("CompileBroker") || stack.contains("C2Compiler") || stack.contains("Compilation::")) {
      return "JIT compiler";
    }
    if (stack.contains("G1") || stack.contains("GCTaskThread") || stack.contains("ConcurrentGCThread")) {
      return "GC";
    }
    return "other";
  }

  private static int work(String[] frames) {
    String leaf = frames[frames.length - 1];
    if (leaf.endsWith("_[k]")) {
      for (String f : frames) {
        if (f.contains("futex")) {
          return WORK.indexOf("futex");
        }
      }
      return WORK.indexOf("kernel other");
    }
    if (leaf.startsWith("io/largekv/") && !leaf.startsWith("io/largekv/shaded/")) {
      return WORK.indexOf("largekv");
    }
    if (leaf.startsWith("site/ycsb/") || leaf.startsWith("org/HdrHistogram/") || leaf.startsWith("org/apache/htrace/")) {
      return WORK.indexOf("YCSB");
    }
    if (leaf.startsWith("com/datastax/") || leaf.contains("netty")) {
      return WORK.indexOf("driver+Netty");
    }
    return WORK.indexOf("JDK/JVM");
  }

  /**
   * One line per thread kind: the share of the process's CPU samples in each kind of work, and
   * the same in microseconds per operation given the process's CPU per operation.
   */
  String render(String title, double cpuSecondsPerOp) {
    StringBuilder sb = new StringBuilder();
    sb.append(title).append(String.format(Locale.ROOT, " — %,d samples; %% of the process's samples%s%n",
        total, Double.isNaN(cpuSecondsPerOp) ? "" : " (µs of CPU per operation)"));
    sb.append(String.format(Locale.ROOT, "  %-13s", ""));
    for (String w : WORK) {
      sb.append(String.format(Locale.ROOT, " %16s", w));
    }
    sb.append(String.format(Locale.ROOT, " %16s%n", "all"));
    for (String t : THREADS) {
      long[] s = samples.get(t);
      long sum = 0;
      for (long v : s) {
        sum += v;
      }
      if (sum == 0) {
        continue;
      }
      sb.append(String.format(Locale.ROOT, "  %-13s", t));
      for (long v : s) {
        sb.append(cell(v, cpuSecondsPerOp));
      }
      sb.append(cell(sum, cpuSecondsPerOp)).append('\n');
    }
    return sb.toString();
  }

  private String cell(long v, double cpuSecondsPerOp) {
    double share = total == 0 ? 0 : v / (double) total;
    if (Double.isNaN(cpuSecondsPerOp)) {
      return String.format(Locale.ROOT, " %16s", String.format(Locale.ROOT, "%5.1f%%", 100 * share));
    }
    return String.format(Locale.ROOT, " %5.1f%% (%6.2f)", 100 * share, share * cpuSecondsPerOp * 1e6);
  }
}
