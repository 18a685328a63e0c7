package io.largekv.it;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs YCSB 0.17's {@code site.ycsb.Client} in its own JVM, as a user's {@code bin/ycsb} does. */
public final class Ycsb {

  /** Exit code, stdout and stderr of one YCSB run. */
  public static final class Result {
    public final int exitCode;
    public final String stdout;
    public final String stderr;

    Result(int exitCode, String stdout, String stderr) {
      this.exitCode = exitCode;
      this.stdout = stdout;
      this.stderr = stderr;
    }

    /** The count of {@code [SECTION], Return=NAME, count}, or 0 when absent. */
    public long returnCount(String section, String name) {
      Matcher m = Pattern.compile("^\\[" + Pattern.quote(section) + "\\], Return=" + Pattern.quote(name)
          + ", (\\d+)$", Pattern.MULTILINE).matcher(stdout);
      return m.find() ? Long.parseLong(m.group(1)) : 0;
    }

    /** The text of a {@code [SECTION], Metric, value} line, or null. */
    public String text(String section, String metric) {
      Matcher m = Pattern.compile("^\\[" + Pattern.quote(section) + "\\], " + Pattern.quote(metric) + ", (.*)$",
          Pattern.MULTILINE).matcher(stdout);
      return m.find() ? m.group(1) : null;
    }

    /** The client's own stderr lines ({@code largekv: ...}). */
    public List<String> largekvLines() {
      return stderr.lines().filter(l -> l.startsWith("largekv: ")).toList();
    }

    /** A numeric {@code [SECTION], Metric, value} line, or NaN. */
    public double metric(String section, String metric) {
      Matcher m = Pattern.compile("^\\[" + Pattern.quote(section) + "\\], " + Pattern.quote(metric)
          + ", ([-0-9.Ee]+|NaN)$", Pattern.MULTILINE).matcher(stdout);
      return m.find() ? Double.parseDouble(m.group(1)) : Double.NaN;
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
    }
  }

  private Ycsb() {}

  /** The test JVM's own classpath: YCSB core, the driver and the binding's classes. */
  public static String testClasspath() {
    return System.getProperty("java.class.path");
  }

  public static Result run(String classpath, String... args) throws IOException, InterruptedException {
    return run(classpath, Arrays.asList(args));
  }

  public static Result run(String classpath, List<String> args) throws IOException, InterruptedException {
    return run(classpath, "site.ycsb.Client", args);
  }

  /** Runs {@code mainClass} (site.ycsb.Client or io.largekv.client.YcsbClient) with YCSB's arguments. */
  public static Result run(String classpath, String mainClass, List<String> args)
      throws IOException, InterruptedException {
    return run(Path.of(System.getProperty("java.home"), "bin", "java"), classpath, mainClass, args);
  }

  /** As {@link #run(String, String, List)} with another {@code java} binary. */
  public static Result run(Path java, String classpath, String mainClass, List<String> args)
      throws IOException, InterruptedException {
    return run(java, classpath, mainClass, args, null);
  }

  /** As {@link #run(Path, String, String, List)} in working directory {@code dir} (null: this JVM's). */
  public static Result run(Path java, String classpath, String mainClass, List<String> args, Path dir)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(java.toString());
    cmd.add("-Xmx512m");
    cmd.add("-cp");
    cmd.add(classpath);
    cmd.add(mainClass);
    cmd.addAll(args);
    File out = File.createTempFile("ycsb-out", ".txt");
    File err = File.createTempFile("ycsb-err", ".txt");
    try {
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err);
      if (dir != null) {
        pb.directory(dir.toFile());
      }
      Process p = pb.start();
      if (!p.waitFor(240, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new IllegalStateException("YCSB did not finish in 240 s: " + String.join(" ", cmd));
      }
      return new Result(p.exitValue(), Files.readString(out.toPath(), StandardCharsets.UTF_8),
          Files.readString(err.toPath(), StandardCharsets.UTF_8));
    } finally {
      out.delete();
      err.delete();
    }
  }

  /** Common arguments: our binding class, workload and the shared server. */
  public static List<String> args(String mode, String hosts, String... props) {
    List<String> a = new ArrayList<>();
    a.add(mode);
    a.add("-db");
    a.add("io.largekv.ycsb.YugabyteYcqlDB");
    a.add("-p");
    a.add("workload=io.largekv.workload.LargeKeyValueWorkload");
    a.add("-p");
    a.add("hosts=" + hosts);
    for (String p : props) {
      if (p.startsWith("-")) {
        a.add(p);
      } else {
        a.add("-p");
        a.add(p);
      }
    }
    return a;
  }
}
