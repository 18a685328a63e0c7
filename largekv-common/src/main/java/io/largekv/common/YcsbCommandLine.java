package io.largekv.common;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * One YCSB command line, in YCSB's own syntax: the launcher form that {@code bin/largekv},
 * {@code bench/run} and users run ({@code bin/ycsb load yugabyte-ycql -P file -s -p name=value}),
 * or the class form a JVM is started with ({@code -load -db io.largekv.ycsb.YugabyteYcqlDB -p ...},
 * after the main class {@code site.ycsb.Client} or {@link #CLIENT_CLASS}). {@link #shown()} is the
 * form that may be printed or saved: secrets redacted.
 */
public final class YcsbCommandLine {

  /** The binding's name in {@code bin/ycsb} and YCSB's launchers. */
  public static final String BINDING_NAME = "yugabyte-ycql";
  /** The binding's class, YCSB's {@code -db}. */
  public static final String BINDING_CLASS = "io.largekv.ycsb.YugabyteYcqlDB";
  /** The large key-value workload, YCSB's {@code workload} property. */
  public static final String WORKLOAD_CLASS = "io.largekv.workload.LargeKeyValueWorkload";
  /** largekv's YCSB client (long counts, virtual threads, exit status): what bin/ycsb runs. */
  public static final String CLIENT_CLASS = "io.largekv.client.YcsbClient";

  private final List<String> args = new ArrayList<>();

  private YcsbCommandLine(List<String> start) {
    args.addAll(start);
  }

  /** {@code REPO/bin/ycsb load|run yugabyte-ycql}. */
  public static YcsbCommandLine launcher(Path repo, boolean load) {
    return new YcsbCommandLine(List.of(repo.resolve("bin/ycsb").toString(), load ? "load" : "run", BINDING_NAME));
  }

  /** {@code -load|-t -db io.largekv.ycsb.YugabyteYcqlDB}: the arguments of a YCSB client class. */
  public static YcsbCommandLine client(boolean load) {
    return new YcsbCommandLine(List.of(load ? "-load" : "-t", "-db", BINDING_CLASS));
  }

  /** {@code -P file}: a workload (parameter) file. */
  public YcsbCommandLine file(Path file) {
    args.add("-P");
    args.add(file.toString());
    return this;
  }

  /** {@code -s}: YCSB's status lines. */
  public YcsbCommandLine status() {
    args.add("-s");
    return this;
  }

  /** {@code -p name=value}. */
  public YcsbCommandLine property(String name, Object value) {
    return property(name + "=" + value);
  }

  /** {@code -p name=value} from {@code "name=value"}. */
  public YcsbCommandLine property(String assignment) {
    if (assignment.indexOf('=') <= 0) {
      throw new IllegalArgumentException("not name=value: " + assignment);
    }
    args.add("-p");
    args.add(assignment);
    return this;
  }

  /** Each {@code "name=value"} as {@code -p name=value}. */
  public YcsbCommandLine properties(Collection<String> assignments) {
    assignments.forEach(this::property);
    return this;
  }

  /** Another of YCSB's options as it is, e.g. {@code -threads 8}. */
  public YcsbCommandLine option(String... option) {
    args.addAll(List.of(option));
    return this;
  }

  /** The arguments, to run. */
  public List<String> arguments() {
    return List.copyOf(args);
  }

  /** The command as one line that may be printed or saved: secrets redacted. */
  public String shown() {
    return Secrets.redact(String.join(" ", args));
  }

  @Override
  public String toString() {
    return shown();
  }
}
