package io.largekv.bench;

import io.largekv.common.Machine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a bench/run result came from: the machine ({@link Machine}), the virtual-thread client's Java, nb5, latte. */
final class BenchSetup {

  private BenchSetup() {}

  /**
   * {@code virtualJava}: the Java 21+ of the virtual-thread client, or null; {@code latte}: its
   * binary, or null; {@code nb5Version}: the nb5 release bin/nb5 runs, or null.
   */
  static String describe(String latte, Path virtualJava, String nb5Version) {
    StringBuilder sb = new StringBuilder("machine: ").append(Machine.describe());
    if (virtualJava != null) {
      sb.append(" (virtual threads: ").append(javaVersion(virtualJava)).append(')');
    }
    if (nb5Version != null) {
      sb.append("; nb5 ").append(nb5Version).append(" (bin/nb5)");
    }
    if (latte != null) {
      sb.append("; ").append(version(latte));
    }
    return sb.toString();
  }

  private static String javaVersion(Path java) {
    try {
      Process p = new ProcessBuilder(List.of(java.toString(), "-version")).redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      p.waitFor(10, TimeUnit.SECONDS);
      Matcher m = Pattern.compile("Runtime Environment[^(]*\\(build ([^)]+)\\)")
          .matcher(out);
      return "Java " + (m.find() ? m.group(1) : "version unknown");
    } catch (IOException | InterruptedException e) {
      return "Java version unknown";
    }
  }

  private static String version(String latte) {
    try {
      Process p = new ProcessBuilder(List.of(latte, "--version")).redirectErrorStream(true).start();
      String v = new String(p.getInputStream().readAllBytes()).trim();
      p.waitFor(10, TimeUnit.SECONDS);
      return v.isEmpty() ? "latte" : "latte " + v.replaceAll("^\\D*", "");
    } catch (IOException | InterruptedException e) {
      return "latte (version unknown)";
    }
  }
}
