package io.largekv.nosqlbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.common.Directories;
import io.largekv.format.KeyValueFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * yb_kv_large's bindings and op sequence where no run against a server goes, computed by a real
 * stock nb5 (each release of {@link RealNb5#VERSIONS}) with its {@code stdout} driver, no server:
 * cycles past 2^31, key numbers near 3·10^10, the seeds' latest windows ({@code latest_p=0.000001d},
 * about a million keys deep) and the {@code append} block, which no scenario runs.
 *
 * <p>The stdout driver prints an op's {@code stmt:} with its bindings filled in; the workload's ops
 * are {@code prepared:} CQL, which it refuses ("The op field 'stmt' is required"). So the test
 * writes a workload for it from yb_kv_large.yaml as it reads it: the file's {@code bindings:}
 * section, verbatim (templates and all, expanded by nb5), and each {@code prepared:} op in its block
 * with its block's {@code ratio}, as one line naming the cycle, the op, the statement with its
 * values, then each bind point of the statement and of the op's verifier with its value
 * (a ByteBuffer binding is printed by a second binding, the same recipe followed by nb5's
 * {@code ToHexString()}). One nb5 process runs every activity ({@code run ... run ...}), one
 * thread each, so nb5 itself chooses which op runs at which cycle and computes every value.
 *
 * <p>The activities: every scenario step that runs ops (its parameters, not its cycles), over
 * 2 000 cycles from 2^31 − 1 000 (6 000 for the latest phases; a load over its last 2 000 key
 * numbers, up to keycount − 1), plus a load across 2^31, the append block from cycle 0, and the
 * seeds' fixed latest window over a dataset smaller than it. Every key is {@link KeyValueFormat}'s
 * key of its key number and every value (written, or expected by a read's verifier) the format's
 * value of the same key number; the rest is what each phase promises (see the checks below).
 */
class RealNb5StdoutFarCyclesIT {

  private static final KeyValueFormat FORMAT = KeyValueFormat.standard();
  private static final WorkloadFile FILE = WorkloadFile.load();
  private static final long FAR = (1L << 31) - 1000;
  /** The binding that prints the cycle; the suffix of a ByteBuffer binding's hexadecimal twin. */
  private static final String CYCLE = "largekv_test_cycle";
  private static final String HEX = "_largekv_test_hex";
  /** How nb5's toString prints a value binding: a 256-byte ByteBuffer (a blob column's type). */
  private static final String VALUE_BUFFER = "java.nio.HeapByteBuffer[pos=0 lim=256 cap=264]";
  /** What the activity's command line gives nb5 itself, not the workload's templates. */
  private static final Set<String> ENGINE = Set.of("driver", "tags", "threads", "cycles", "cyclerate", "errors");

  /** One nb5 activity: the blocks a step selects, its template parameters, and the cycles [from, to). */
  record Activity(String name, String blocks, Map<String, String> params, long from, long to) {
    long param(String name) {
      return Long.parseLong(params.getOrDefault(name, FILE.templateDefaults().get(name)));
    }

    double latestP() {
      return Double.parseDouble(params.getOrDefault("latest_p", FILE.templateDefaults().get("latest_p")).replace("d", ""));
    }
  }

  /** One bind point of a printed op and the value nb5 bound for it (hexadecimal for a ByteBuffer). */
  record Bound(String name, String value, boolean hex) {}

  /** One op as nb5 ran it: cycle, block.op, the statement with its values, the bind points. */
  record Line(long cycle, String op, String statement, List<Bound> statementValues, List<Bound> verifierValues) {
    String block() {
      return op.substring(0, op.indexOf('.'));
    }

    boolean isWrite() {
      return statement.startsWith("INSERT");
    }

    String key() {
      return statementValues.get(0).value();
    }

    long keyNumber() {
      return FORMAT.keyNumber(key());
    }
  }

  @ParameterizedTest(name = "nb5 {0}")
  @Execution(ExecutionMode.CONCURRENT)
  @MethodSource("io.largekv.nosqlbench.RealNb5#versions")
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void farCyclesBindTheFormatsRowsAndEachPhaseReadsOnlyWrittenKeys(String version) throws Exception {
    RealNb5 nb5 = RealNb5.version(version);
    Path dir = Files.createTempDirectory("largekv-nb5-far");
    try {
      Path workload = dir.resolve("yb_kv_large_stdout.yaml");
      Files.writeString(workload, stdoutWorkload(FILE.text()), StandardCharsets.UTF_8);
      List<Activity> activities = activities();
      List<String> args = new ArrayList<>();
      for (int i = 0; i < activities.size(); i++) {
        Activity a = activities.get(i);
        args.addAll(List.of("run", "alias=far" + i, "driver=stdout", "workload=" + workload, "tags=block:" + a.blocks(),
            "threads=1", "cycles=" + a.from() + ".." + a.to(), "filename=" + dir.resolve("far" + i + ".txt")));
        a.params().forEach((k, v) -> args.add(k + "=" + v));
      }
      RealNb5.Run run = nb5.await(nb5.startStock(dir, dir, args.toArray(new String[0])), 420);
      assertThat(run.exitCode()).as("nb5 %s; output:\n%s", String.join(" ", args), run.output()).isZero();
      for (int i = 0; i < activities.size(); i++) {
        Activity a = activities.get(i);
        check(a, read(dir.resolve("far" + i + ".txt"), a));
      }
    } finally {
      Directories.deleteRecursively(dir);
    }
  }

  /**
   * Every scenario step that runs ops, with its parameters (deduplicated), and the windows no step
   * shows: a load across 2^31, the append block, the seeds' fixed window deeper than the dataset.
   */
  static List<Activity> activities() {
    Workload w = FILE.workload(Map.of());
    Map<String, Activity> byBlocksAndParams = new LinkedHashMap<>();
    for (String scenario : w.scenarioNames()) {
      for (Workload.Step step : w.steps(scenario)) {
        String blocks = step.blockPattern();
        if (blocks.startsWith("schema_") || blocks.equals("verified_reads")) {
          continue;
        }
        Map<String, String> params = new TreeMap<>(step.params());
        params.keySet().removeAll(ENGINE);
        String name = scenario + "." + step.name();
        Activity same = byBlocksAndParams.get(blocks + " " + params);
        if (same != null) {
          name = same.name() + ", " + name;
        }
        long keycount = new Activity(name, blocks, params, 0, 0).param("keycount");
        long from = blocks.equals("rampup") ? keycount - 2000 : FAR;
        long to = blocks.equals("rampup") ? keycount : FAR + (blocks.equals("latest_.*") ? 6000 : 2000);
        byBlocksAndParams.put(blocks + " " + params, new Activity(name, blocks, params, from, to));
      }
    }
    List<Activity> all = new ArrayList<>(byBlocksAndParams.values());
    assertThat(all).extracting(Activity::blocks).contains("rampup", "uniform_.*", "uniform_read", "uniform_update",
        "latest_.*", "fixed_latest_.*");
    all.add(new Activity("load across 2^31", "rampup", Map.of(), FAR, FAR + 2000));
    all.add(new Activity("append", "append", Map.of(), 0, 1000));
    all.add(new Activity("fixed window deeper than the dataset", "fixed_latest_.*",
        Map.of("keystart", "1000", "keycount", "10000"), FAR, FAR + 2000));
    return all;
  }

  /**
   * The workload the stdout driver runs: yb_kv_large.yaml's bindings section verbatim, a binding
   * for the cycle and a hexadecimal twin of each ByteBuffer binding, and each prepared op of the
   * file in its block (with the block's ratio) as a {@code stmt:} of one line:
   * {@code CYCLE BLOCK.OP || STATEMENT || NAME=VALUE ... || NAME=VALUE ... ||} (the statement's bind
   * points, then the verifier's).
   */
  @SuppressWarnings("unchecked")
  static String stdoutWorkload(String text) {
    Map<String, Object> doc = (Map<String, Object>) new Yaml(new SafeConstructor(new LoaderOptions())).load(text);
    Map<String, Object> bindings = (Map<String, Object>) doc.get("bindings");
    List<String> lines = text.lines().toList();
    int from = lines.indexOf("bindings:");
    int to = lines.indexOf("blocks:");
    assertThat(from).as("a top-level bindings: section before blocks:").isNotNegative().isLessThan(to);
    StringBuilder out = new StringBuilder("# written by RealNb5StdoutFarCyclesIT from yb_kv_large.yaml\n");
    lines.subList(from, to).forEach(l -> out.append(l).append('\n'));
    out.append("  ").append(CYCLE).append(": Identity()\n");
    bindings.forEach((name, recipe) -> {
      if (isBuffer(bindings, name)) {
        out.append("  ").append(name).append(HEX).append(": ").append(recipe).append("; ToHexString()\n");
      }
    });
    out.append("blocks:\n");
    ((Map<String, Object>) doc.get("blocks")).forEach((block, b) -> {
      Map<String, Object> fields = (Map<String, Object>) b;
      Map<String, Object> params = (Map<String, Object>) fields.getOrDefault("params", Map.of());
      StringBuilder ops = new StringBuilder();
      ((Map<String, Object>) fields.get("ops")).forEach((name, o) -> {
        Map<String, Object> op = (Map<String, Object>) o;
        if (!op.containsKey("prepared")) {
          return;
        }
        String statement = String.valueOf(op.get("prepared")).strip().replaceAll("\\s+", " ");
        String verifier = String.valueOf(op.getOrDefault("verifier", ""));
        String stmt = "{" + CYCLE + "} " + block + "." + name + " || " + statement + " || "
            + printed(bindings, WorkloadFile.bindPoints(statement)) + " || "
            + printed(bindings, WorkloadFile.bindPoints(verifier)) + " ||";
        ops.append("      ").append(name).append(":\n        stmt: \"")
            .append(stmt.replace("\\", "\\\\").replace("\"", "\\\"")).append("\\n\"\n");
      });
      if (ops.length() > 0) {
        out.append("  ").append(block).append(":\n");
        if (params.containsKey("ratio")) {
          out.append("    params:\n      ratio: ").append(params.get("ratio")).append('\n');
        }
        out.append("    ops:\n").append(ops);
      }
    });
    return out.toString();
  }

  private static boolean isBuffer(Map<String, Object> bindings, String name) {
    return String.valueOf(bindings.get(name)).contains("ByteBuffer");
  }

  private static String printed(Map<String, Object> bindings, List<String> points) {
    List<String> out = new ArrayList<>();
    for (String p : points) {
      out.add(p + "={" + p + (isBuffer(bindings, p) ? HEX : "") + "}");
    }
    return String.join(" ", out);
  }

  /** The lines the stdout driver printed for activity {@code a}, by cycle. */
  static List<Line> read(Path file, Activity a) {
    List<Line> out = new ArrayList<>();
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    for (String l : lines) {
      if (l.isBlank()) {
        continue;
      }
      String[] f = l.split(" \\|\\|", -1);
      assertThat(f).as("%s: four fields, each closed by ||: %s", a.name(), l).hasSize(5);
      String[] head = f[0].split(" ");
      out.add(new Line(Long.parseLong(head[0]), head[1], f[1].strip(), bounds(f[2]), bounds(f[3])));
    }
    out.sort((x, y) -> Long.compare(x.cycle(), y.cycle()));
    return out;
  }

  private static List<Bound> bounds(String field) {
    List<Bound> out = new ArrayList<>();
    for (String nv : field.strip().split(" ")) {
      if (!nv.isEmpty()) {
        int eq = nv.indexOf('=');
        String value = nv.substring(eq + 1);
        out.add(new Bound(nv.substring(0, eq), value, !value.startsWith(KeyValueFormat.KEY_PREFIX)));
      }
    }
    return out;
  }

  private static final HexFormat HEXADECIMAL = HexFormat.of();

  /** What every op of every phase must do, then what its phase promises. */
  static void check(Activity a, List<Line> lines) {
    String where = a.name() + " (" + a.blocks() + " " + a.params() + ", cycles " + a.from() + ".." + a.to() + ")";
    // nb5 runs whole op sequences only: at most one sequence (at most 186 cycles) short
    assertThat(lines).as(where).hasSizeBetween((int) (a.to() - a.from() - 186), (int) (a.to() - a.from()));
    assertThat(lines).extracting(Line::cycle).as(where).doesNotHaveDuplicates()
        .allSatisfy(c -> assertThat(c).isBetween(a.from(), a.to() - 1));
    Pattern blocks = Pattern.compile(a.blocks());
    Set<String> ops = new TreeSet<>();
    for (Line l : lines) {
      String at = where + " cycle " + l.cycle() + " " + l.op();
      assertThat(blocks.matcher(l.block()).matches()).as(at).isTrue();
      ops.add(l.op());
      long n = l.keyNumber();
      assertThat(n).as("%s: a key of the format: %s", at, l.key()).isNotNegative();
      assertThat(l.key()).as(at).isEqualTo(FORMAT.key(n)).hasSize(50);
      String value = HEXADECIMAL.formatHex(FORMAT.value(n));
      List<Bound> all = new ArrayList<>(l.statementValues());
      all.addAll(l.verifierValues());
      for (Bound b : all) {
        // a value binding is the value of the op's key number; a key binding is the op's key
        assertThat(b.value()).as("%s: %s of key number %d", at, b.name(), n).isEqualTo(b.hex() ? value : l.key());
      }
      // the statement with the values as nb5 binds them: the key a String, the value a 256-byte ByteBuffer
      String shape = l.statement().replace(l.key(), "?").replace(VALUE_BUFFER, "?");
      if (l.isWrite()) {
        assertThat(shape).as(at).isEqualTo("INSERT INTO largekv.kv (k, v) VALUES (?, ?)");
        assertThat(l.statementValues()).as(at).extracting(Bound::hex).containsExactly(false, true);
      } else {
        assertThat(shape).as(at).isEqualTo("SELECT k, v FROM largekv.kv WHERE k = ?");
        assertThat(l.statementValues()).as(at).hasSize(1);
        // the verifier checks the row against the value of the key it read
        assertThat(l.verifierValues()).as(at).extracting(Bound::hex).containsExactly(false, true);
        assertThat(l.verifierValues().get(0).name()).as(at).isEqualTo(l.statementValues().get(0).name());
      }
    }
    long keystart = a.param("keystart");
    long keycount = a.param("keycount");
    switch (a.blocks()) {
      case "rampup" -> {
        assertThat(ops).containsExactly("rampup.insert");
        lines.forEach(l -> assertThat(l.keyNumber()).as("%s: load key number = cycle", where).isEqualTo(l.cycle()));
      }
      case "append" -> {
        assertThat(ops).containsExactly("append.insert");
        lines.forEach(l -> assertThat(l.keyNumber()).as("%s: key number keycount + cycle", where)
            .isEqualTo(keycount + l.cycle()));
      }
      case "uniform_.*", "uniform_read", "uniform_update" -> checkUniform(where, a, lines, ops, keystart, keycount);
      case "latest_.*" -> checkLatest(where, a, lines, ops, keystart, keycount);
      case "fixed_latest_.*" -> checkFixedLatest(where, a, lines, ops, keystart, keycount);
      default -> throw new AssertionError(where + ": no check for blocks " + a.blocks());
    }
  }

  /** Reads and updates of the loaded keys only, over the whole range: past 2^31, up to keycount − 1. */
  private static void checkUniform(String where, Activity a, List<Line> lines, Set<String> ops, long keystart,
      long keycount) {
    assertThat(ops).as(where).isEqualTo(new TreeSet<>(a.blocks().equals("uniform_read") ? Set.of("uniform_read.select")
        : a.blocks().equals("uniform_update") ? Set.of("uniform_update.update")
        : Set.of("uniform_read.select", "uniform_update.update")));
    long max = 0;
    int aboveInt = 0;
    int inTopTenth = 0;
    for (Line l : lines) {
      long n = l.keyNumber();
      assertThat(n).as("%s cycle %d: a loaded key", where, l.cycle()).isBetween(keystart, keycount - 1);
      max = Math.max(max, n);
      aboveInt += n > Integer.MAX_VALUE ? 1 : 0;
      inTopTenth += n >= keystart + (keycount - keystart) / 10 * 9 ? 1 : 0;
    }
    assertThat(max).as(where).isGreaterThan(keycount / 100 * 99);
    assertThat((double) inTopTenth / lines.size()).as(where + ": share in the top tenth").isBetween(0.07, 0.13);
    if (keycount > 4L * Integer.MAX_VALUE) {
      assertThat(aboveInt).as(where + ": key numbers past 2^31 (no int on the key path)").isGreaterThan(lines.size() / 2);
    }
  }

  /**
   * The moving latest: one insert per period of latest_reads_per_write + 1 cycles, of key number
   * keycount + cycle / period, contiguous; every read asks for a key already inserted, within the
   * window of Geometric(latest_p) behind the newest (median ln 2 / p, at most its 99.9th
   * percentile, about ln 1000 / p; nb5's Geometric reads a table of 1 000 quantiles).
   */
  private static void checkLatest(String where, Activity a, List<Line> lines, Set<String> ops, long keystart,
      long keycount) {
    assertThat(ops).as(where).containsExactlyInAnyOrder("latest_read.select", "latest_insert.insert");
    long period = a.param("latest_reads_per_write") + 1;
    double p = a.latestP();
    Long firstInsert = null;
    long newest = -1;
    List<Long> depths = new ArrayList<>();
    for (Line l : lines) {
      long n = l.keyNumber();
      if (l.isWrite()) {
        assertThat(n).as("%s cycle %d: insert keycount + cycle / %d", where, l.cycle(), period)
            .isEqualTo(keycount + l.cycle() / period);
        if (newest >= 0) {
          assertThat(n).as("%s cycle %d: inserts are contiguous", where, l.cycle()).isEqualTo(newest + 1);
        } else {
          firstInsert = n;
        }
        newest = n;
      } else if (newest >= 0) {
        assertThat(n).as("%s cycle %d reads an inserted key (newest %d)", where, l.cycle(), newest)
            .isBetween(keystart, newest);
        depths.add(newest - n);
      } else {
        // before the window's first insert: the keys below the window's inserts, inserted earlier
        assertThat(n).as("%s cycle %d", where, l.cycle()).isBetween(keystart, keycount + l.cycle() / period - 1);
      }
    }
    assertThat(firstInsert).as(where + ": inserts above keycount").isNotNull().isGreaterThanOrEqualTo(keycount);
    assertWindow(where, depths, p);
  }

  /** The fixed window: reads and updates of keycount − 1 − Geometric(latest_p), never below keystart. */
  private static void checkFixedLatest(String where, Activity a, List<Line> lines, Set<String> ops, long keystart,
      long keycount) {
    assertThat(ops).as(where).containsExactlyInAnyOrder("fixed_latest_read.select", "fixed_latest_update.update");
    double p = a.latestP();
    List<Long> depths = new ArrayList<>();
    int atKeystart = 0;
    for (Line l : lines) {
      long n = l.keyNumber();
      assertThat(n).as("%s cycle %d", where, l.cycle()).isBetween(keystart, keycount - 1);
      atKeystart += n == keystart ? 1 : 0;
      depths.add(keycount - 1 - n);
    }
    if (Math.log(1000) / p < keycount - keystart) {
      assertWindow(where, depths, p);
    } else {
      // a window deeper than the dataset: Max(keystart) holds the reads at keystart, not below it
      assertThat(atKeystart).as(where + ": reads held at keystart").isGreaterThan(lines.size() / 2);
    }
  }

  private static void assertWindow(String where, List<Long> depths, double p) {
    assertThat(depths).as(where).hasSizeGreaterThan(1000);
    List<Long> sorted = new ArrayList<>(depths);
    sorted.sort(null);
    double median = sorted.get(sorted.size() / 2);
    assertThat(median).as(where + ": median depth behind the newest key, ln 2 / p = " + Math.log(2) / p)
        .isBetween(0.9 * Math.log(2) / p, 1.1 * Math.log(2) / p);
    assertThat(sorted.get(sorted.size() - 1)).as(where + ": deepest read").isLessThanOrEqualTo((long) (Math.log(1000) / p));
  }
}
