package io.largekv.report.files;

import io.largekv.results.Results;
import io.largekv.results.ResultsLayout;
import io.largekv.results.RunSetup;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a results directory keeps its {@link RunSetup}: {@value ResultsLayout#SETUP} (written by
 * {@code bin/largekv compare}), else, in compare directories made before it, the string keys of
 * {@value ResultsLayout#SETUP_BEFORE}; a clients' results directory has neither
 * ({@link ClientsLayout}).
 */
public final class RunSetupFile {

  private static final Pattern COMMAND_KEY = Pattern.compile("^command\\.(.+)\\.([^.]+)\\.rep-(\\d+)\\.client-(\\d+)$");

  private RunSetupFile() {}

  /** The setup a compare directory holds; null when it holds none. */
  public static RunSetup read(Path dir) throws IOException {
    Path json = dir.resolve(ResultsLayout.SETUP);
    if (Files.isRegularFile(json)) {
      return ResultsJson.MAPPER.readValue(json.toFile(), RunSetup.class);
    }
    Path before = dir.resolve(ResultsLayout.SETUP_BEFORE);
    if (Files.isRegularFile(before)) {
      Properties p = new Properties();
      try (InputStream in = Files.newInputStream(before)) {
        p.load(in);
      }
      return fromProperties(p);
    }
    return null;
  }

  /** Writes {@code setup} in {@code dir}, whole or not at all (a run ended mid-write keeps the last). */
  public static void write(RunSetup setup, Path dir) throws IOException {
    Path tmp = dir.resolve(ResultsLayout.SETUP + ".tmp");
    ResultsJson.MAPPER.writeValue(tmp.toFile(), setup);
    Files.move(tmp, dir.resolve(ResultsLayout.SETUP), StandardCopyOption.REPLACE_EXISTING,
        StandardCopyOption.ATOMIC_MOVE);
  }

  /** The setup of an older compare directory, from compare.properties' keys. */
  static RunSetup fromProperties(Properties p) {
    List<RunSetup.Target> targets = new ArrayList<>();
    for (String t : split(p.getProperty("targets", ""), ",")) {
      targets.add(new RunSetup.Target(t, p.getProperty("target." + t + ".dialect"),
          p.getProperty("target." + t + ".hosts"), p.getProperty("target." + t + ".description"),
          p.getProperty("target." + t + ".properties")));
    }
    Map<String, String> harnesses = new LinkedHashMap<>();
    Map<String, String> published = new LinkedHashMap<>();
    List<Results.Command> commands = new ArrayList<>();
    for (String k : p.stringPropertyNames().stream().sorted().toList()) {
      Matcher m = COMMAND_KEY.matcher(k);
      if (m.matches()) {
        commands.add(new Results.Command(m.group(1), m.group(2), Integer.parseInt(m.group(3)),
            Integer.parseInt(m.group(4)), p.getProperty(k)));
      } else if (k.startsWith("harness.")) {
        harnesses.put(k.substring("harness.".length()), p.getProperty(k));
      } else if (k.startsWith("phase.") && k.endsWith(".published")) {
        published.put(k.substring("phase.".length(), k.length() - ".published".length()), p.getProperty(k));
      }
    }
    String targetsList = p.getProperty("targets", "");
    return RunSetup.builder(RunSetup.COMPARE).started(p.getProperty("started")).finished(p.getProperty("finished"))
        .phases(split(p.getProperty("phases", ""), ",")).targets(targets)
        .harnesses(split(p.getProperty("harnesses", RunSetup.YCSB), ","))
        .columns(split(p.getProperty("columns", targetsList), ",")).harnessDescriptions(harnesses)
        .repeat(Integer.parseInt(p.getProperty("repeat", "1"))).clients(Integer.parseInt(p.getProperty("clients", "1")))
        .warmUpSeconds(Long.parseLong(p.getProperty("warmup", "0")))
        .sizes(new RunSetup.Sizes(p.getProperty("records", ""), p.getProperty("duration", ""),
            p.getProperty("threads", "")))
        .rate(p.getProperty("rate", "")).workloads(p.getProperty("workloads", "")).command(p.getProperty("command", ""))
        .commonProperties(p.getProperty("common.properties", ""))
        .workloadFiles(p.getProperty("workload.files", p.getProperty("workloads", "")))
        .machine(p.getProperty("machine", "")).publishedFigures(published)
        .nodes(Integer.parseInt(p.getProperty("nodes", "1"))).events(split(p.getProperty("events", ""), " | "))
        .commands(commands)
        .build();
  }

  private static List<String> split(String s, String by) {
    return s.isEmpty() ? List.of() : Arrays.asList(s.split(Pattern.quote(by)));
  }
}
