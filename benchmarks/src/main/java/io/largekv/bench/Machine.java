package io.largekv.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The machine a result came from: cores, CPU model, memory, kernel, Java, latte. */
final class Machine {

  private Machine() {}

  /** {@code virtualJava}: the Java 21+ of the virtual-thread client, or null. */
  static String describe(String latte, Path virtualJava) {
    StringBuilder sb = new StringBuilder("machine: ");
    sb.append(Runtime.getRuntime().availableProcessors()).append(" cores (nproc), ");
    sb.append(firstValue(Paths.get("/proc/cpuinfo"), "model name")).append(", ");
    String mem = firstValue(Paths.get("/proc/meminfo"), "MemTotal");
    if (!mem.isEmpty()) {
      long kb = Long.parseLong(mem.replaceAll("[^0-9]", ""));
      sb.append(String.format("%.1f GiB RAM", kb / 1024.0 / 1024.0));
    }
    sb.append("; Linux ").append(System.getProperty("os.version"));
    sb.append("; Java ").append(System.getProperty("java.runtime.version"));
    if (virtualJava != null) {
      sb.append(" (virtual threads: ").append(javaVersion(virtualJava)).append(')');
    }
    if (latte != null) {
      sb.append("; ").append(version(latte));
    }
    return sb.toString();
  }

  private static String firstValue(Path file, String key) {
    try {
      for (String line : Files.readAllLines(file)) {
        if (line.startsWith(key)) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException e) {
      // not Linux
    }
    return "";
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
