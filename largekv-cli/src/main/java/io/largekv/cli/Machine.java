package io.largekv.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The client machine, for the reproduction section of a report. */
final class Machine {
  private Machine() {}

  static String describe() {
    String cpu = "unknown CPU";
    try {
      List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
      cpu = lines.stream().filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
          .findFirst().orElse(cpu);
    } catch (IOException e) {
      // not Linux
    }
    long memGiB = -1;
    try {
      String mem = Files.readAllLines(Path.of("/proc/meminfo")).get(0).replaceAll("[^0-9]", "");
      memGiB = Long.parseLong(mem) / 1024 / 1024;
    } catch (IOException | RuntimeException e) {
      // not Linux
    }
    return String.format("%d cores (%s), %s GiB RAM, %s %s, Java %s", Runtime.getRuntime().availableProcessors(),
        cpu, memGiB < 0 ? "?" : Long.toString(memGiB), System.getProperty("os.name"), System.getProperty("os.version"),
        System.getProperty("java.version"));
  }
}
