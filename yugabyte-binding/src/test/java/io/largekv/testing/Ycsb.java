package io.largekv.testing;

import io.largekv.common.YcsbCommandLine;
import io.largekv.common.YcsbOutput;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Runs YCSB 0.17's {@code site.ycsb.Client} in its own JVM, as a user's {@code bin/ycsb} does. */
public final class Ycsb {

  private static final Pattern WOKE = Pattern.compile(
      "largekv: virtual client threads woke [0-9,]+ times: ([0-9,]+) on the driver's I/O threads");

  /** Exit code, stdout and stderr of one YCSB run. */
  public static final class Result {
    public final int exitCode;
    public final String stdout;
    public final String stderr;

    public Result(int exitCode, String stdout, String stderr) {
      this.exitCode = exitCode;
      this.stdout = stdout;
      this.stderr = stderr;
    }

    /** YCSB's output, parsed. */
    public YcsbOutput output() {
      return YcsbOutput.parse(stdout);
    }

    /** The count of {@code [SECTION], Return=NAME, count}, or 0 when absent. */
    public long returnCount(String section, String name) {
      return output().returns(section, name);
    }

    /** The text of a {@code [SECTION], Metric, value} line, or null. */
    public String text(String section, String metric) {
      return output().text(section, metric);
    }

    /** The client's own stderr lines ({@code largekv: ...}). */
    public List<String> largekvLines() {
      return stderr.lines().filter(l -> l.startsWith("largekv: ")).toList();
    }

    /**
     * Wake-ups of virtual client threads that ran on the driver's I/O threads, from the run's
     * {@code largekv: virtual client threads woke N times: M on the driver's I/O threads} line; -1
     * when the run printed none (platform threads, or the JDK's scheduler).
     */
    public long wakeUpsOnIoThreads() {
      Matcher m = WOKE.matcher(stderr);
      return m.find() ? Long.parseLong(m.group(1).replace(",", "")) : -1;
    }

    /**
     * A numeric {@code [SECTION], Metric, value} line: an {@link AssertionError} naming it when the
     * output has no such line, or not a number there — a missing figure fails the test that reads it
     * (AssertJ's {@code isPositive()} and {@code isGreaterThan} pass on NaN).
     */
    public double metric(String section, String metric) {
      double v = output().number(section, metric);
      if (Double.isNaN(v)) {
        throw new AssertionError("no number in a [" + section + "], " + metric + " line of the output:\n" + this);
      }
      return v;
    }

    /**
     * A numeric line that YCSB prints only when it has something to count (e.g. {@code [READ-FAILED],
     * Operations} when a read failed): its value, 0 when the section is absent; a section present
     * without the line is an {@link AssertionError}, as for {@link #metric}.
     */
    public double metricOrZeroWithoutSection(String section, String metric) {
      return output().text(section, "Operations") == null && output().text(section, metric) == null ? 0
          : metric(section, metric);
    }

    @Override
    public String toString() {
      return "exit " + exitCode + "\n--- stdout\n" + stdout + "\n--- stderr\n" + stderr;
    }
  }

  /**
   * The JVM options of bin/ycsb that change what the client does: java.lang opened to largekv's
   * client, which schedules its virtual client threads on the driver's I/O threads
   * (io.largekv.client.IoThreadScheduler).
   */
  public static final List<String> BIN_YCSB_JVM_OPTIONS = List.of("--add-opens", "java.base/java.lang=ALL-UNNAMED");

  /** {@link #BIN_YCSB_JVM_OPTIONS} and the tests' JIT ({@link TestJit}): a test's client unless it is about the JIT. */
  public static final List<String> TEST_CLIENT_JVM_OPTIONS = java.util.stream.Stream.concat(
      BIN_YCSB_JVM_OPTIONS.stream(), TestJit.options().stream()).toList();

  private Ycsb() {}

  /** The repository (the build sets {@code largekv.repo.dir}; else the module's parent). */
  public static Path repo() {
    return Path.of(System.getProperty("largekv.repo.dir", ".."));
  }

  /**
   * What a user runs: a stock YCSB 0.17's {@code lib/} jars and largekv's shaded jar
   * ({@code yugabyte-binding/target}), nothing else.
   */
  public static String classpath() {
    Path target = repo().resolve("yugabyte-binding/target");
    List<String> jars = new ArrayList<>();
    try (var lib = Files.list(target.resolve("ycsb-0.17-lib"))) {
      lib.map(Path::toString).sorted().forEach(jars::add);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("build largekv first (mvn -DskipTests install): " + e, e);
    }
    try (var files = Files.list(target)) {
      jars.add(files.filter(p -> p.getFileName().toString().matches("yugabyte-binding-[^-]+(-SNAPSHOT)?\\.jar"))
          .findFirst().orElseThrow(() -> new IllegalStateException("no yugabyte-binding jar in " + target)).toString());
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return String.join(File.pathSeparator, jars);
  }

  /** {@link #classpath()} and this module's test classes (bindings made for a test, e.g. FailingDB). */
  public static String classpathWithTestClasses() {
    return classpath() + File.pathSeparator + Path.of(System.getProperty("largekv.module.dir", "."))
        .resolve("target/test-classes");
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

  /**
   * As {@link #run(Path, String, String, List)} in working directory {@code dir} (null: this JVM's):
   * bin/ycsb's options and the tests' JIT ({@link TestJit}).
   */
  public static Result run(Path java, String classpath, String mainClass, List<String> args, Path dir)
      throws IOException, InterruptedException {
    return run(java, TEST_CLIENT_JVM_OPTIONS, classpath, mainClass, args, dir);
  }

  /** As {@link #run(Path, String, String, List, Path)} with these JVM options instead of bin/ycsb's. */
  public static Result run(Path java, List<String> jvmOptions, String classpath, String mainClass, List<String> args,
      Path dir) throws IOException, InterruptedException {
    List<String> options = new ArrayList<>();
    options.add("-Xmx512m");
    options.addAll(jvmOptions);
    List<String> cmd = javaCommand(java, options, classpath, mainClass);
    cmd.addAll(args);
    return command(cmd, dir);
  }

  /**
   * The command line of a client JVM started as bin/ycsb starts its own: {@code java} with these
   * options, classpath and main class, from the class-data archive of that Java and classpath
   * (bin/lib/java-with-class-archive, which execs java: the process is the JVM); append the arguments.
   */
  public static List<String> javaCommand(Path java, List<String> jvmOptions, String classpath, String mainClass) {
    List<String> cmd = new ArrayList<>(List.of(repo().resolve("bin/lib/java-with-class-archive").toString(), "ycsb",
        java.toString()));
    cmd.addAll(jvmOptions);
    cmd.addAll(List.of("-cp", classpath, mainClass));
    return cmd;
  }

  /**
   * Runs {@code cmd} (a java command, or a launcher such as bin/ycsb) in working directory
   * {@code dir} (null: this JVM's), for at most 240 s; its exit status, stdout and stderr.
   */
  public static Result command(List<String> cmd, Path dir) throws IOException, InterruptedException {
    return command(cmd, dir, Map.of());
  }

  /** As {@link #command(List, Path)} with these variables added to (or, when null, removed from) its environment. */
  public static Result command(List<String> cmd, Path dir, Map<String, String> env)
      throws IOException, InterruptedException {
    File out = File.createTempFile("ycsb-out", ".txt");
    File err = File.createTempFile("ycsb-err", ".txt");
    try {
      ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out).redirectError(err);
      if (dir != null) {
        pb.directory(dir.toFile());
      }
      env.forEach((name, value) -> {
        if (value == null) {
          pb.environment().remove(name);
        } else {
          pb.environment().put(name, value);
        }
      });
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

  /**
   * {@link #args} for a local Cassandra: target cassandra, replication factor 1, its datacenter,
   * this keyspace, then {@code more}.
   */
  public static List<String> onCassandra(String mode, io.largekv.cassandra.LocalCassandra server, String keyspace,
      String... more) {
    List<String> props = new ArrayList<>(List.of("ycql.target=cassandra", "ycql.replication_factor=1",
        "ycql.keyspace=" + keyspace, "ycql.localdc=" + server.localDatacenter()));
    props.addAll(Arrays.asList(more));
    return args(mode, server.contactPoint(), props.toArray(new String[0]));
  }

  /**
   * The arguments of a YCSB client class: our binding, our workload, the server; then each of
   * {@code props}: {@code name=value}, or an option starting with {@code -} passed as it is.
   */
  public static List<String> args(String mode, String hosts, String... props) {
    YcsbCommandLine c = YcsbCommandLine.client(mode.equals("-load"))
        .property("workload", YcsbCommandLine.WORKLOAD_CLASS).property("hosts", hosts);
    for (String p : props) {
      if (p.startsWith("-")) {
        c.option(p);
      } else {
        c.property(p);
      }
    }
    return new ArrayList<>(c.arguments());
  }
}
