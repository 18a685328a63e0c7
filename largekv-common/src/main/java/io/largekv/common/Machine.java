package io.largekv.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;

/** The machine a result came from, for reports and benchmark tables: cores, CPU, memory, OS, Java. */
public final class Machine {
  private Machine() {}

  /** The CPU's model name ({@code /proc/cpuinfo}), or "unknown CPU". */
  public static String cpuModel() {
    String cpu = firstValue(Paths.get("/proc/cpuinfo"), "model name");
    return cpu.isEmpty() ? "unknown CPU" : cpu;
  }

  /** E.g. {@code 2 cores (Intel(R) Xeon(R) Processor), 23.5 GiB RAM, Linux 6.18.44, Java 17.0.15+6}. */
  public static String describe() {
    String cpu = cpuModel();
    String mem = firstValue(Paths.get("/proc/meminfo"), "MemTotal");
    String ram = "? GiB RAM";
    if (!mem.isEmpty()) {
      ram = String.format(Locale.ROOT, "%.1f GiB RAM", Long.parseLong(mem.replaceAll("[^0-9]", "")) / 1024.0 / 1024.0);
    }
    return String.format(Locale.ROOT, "%d cores (%s), %s, %s %s, Java %s", Runtime.getRuntime().availableProcessors(),
        cpu, ram, System.getProperty("os.name"), System.getProperty("os.version"),
        System.getProperty("java.runtime.version"));
  }

  /** The value after "key:" on the first line of a /proc file that starts with key; "" when absent. */
  private static String firstValue(Path file, String key) {
    try {
      for (String line : Files.readAllLines(file)) {
        if (line.startsWith(key)) {
          return line.substring(line.indexOf(':') + 1).trim();
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return "";
  }
}
