package io.largekv.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.largekv.client.YcsbClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every file under workloads/, with the commands its header documents, planned
 * ({@code largekv.plan}): each load's per-thread shares tile its shard and the shards tile
 * [insertstart, insertstart + insertcount) exactly; each read phase reads only keys its documented
 * load wrote; each seed file has the seed's key count and thread count (the README's table).
 */
class WorkloadFilesTest {

  private static final Path REPO = Path.of(System.getProperty("largekv.repo.dir", "..")).toAbsolutePath();
  private static final Pattern COMMAND = Pattern.compile("bin/ycsb (load|run) yugabyte-ycql ([^#\\n]+)");

  /** A documented command: the file it is in, load or run, its properties. */
  record Command(String file, String line, boolean load, Properties props) {}

  static List<Command> documented(String file) throws Exception {
    List<Command> out = new ArrayList<>();
    for (String line : Files.readAllLines(REPO.resolve("workloads").resolve(file))) {
      Matcher m = COMMAND.matcher(line);
      if (line.startsWith("#") && m.find()) {
        List<String> args = new ArrayList<>(List.of(m.group(1).equals("load") ? "-load" : "-t"));
        String[] words = m.group(2).trim().split(" +");
        for (int i = 0; i < words.length; i++) {
          args.add(words[i]);
          if (words[i].equals("-P")) {
            args.add(REPO.resolve(words[++i]).toString());
          }
        }
        Properties p = YcsbClient.parse(args.toArray(String[]::new));
        assertThat(p).as(file + ": " + line).isNotNull();
        p.setProperty(io.largekv.run.RunProperties.LONG_COUNTS, "true"); // bin/ycsb's client counts in long
        out.add(new Command(file, line, m.group(1).equals("load"), p));
      }
    }
    return out;
  }

  static List<String> files() throws Exception {
    try (Stream<Path> s = Files.list(REPO.resolve("workloads"))) {
      return s.map(p -> p.getFileName().toString()).filter(f -> !f.startsWith(".")).sorted().toList();
    }
  }

  /** The shares of every thread of every client tile [insertstart, insertstart + insertcount). */
  static void assertTiles(Properties base, String where) {
    Plan first = LargeKeyValueWorkload.planOf(base);
    long expected = first.insertStart;
    for (int c = 0; c < first.clientCount; c++) {
      Properties p = (Properties) base.clone();
      p.setProperty("client.index", Integer.toString(c));
      Plan plan = LargeKeyValueWorkload.planOf(p);
      Plan.Shard shard = plan.shards.get(c);
      assertThat(shard.start()).as(where + " shard " + c).isEqualTo(expected);
      long next = shard.start();
      long keys = 0;
      for (Plan.Share s : plan.shares) {
        assertThat(s.start()).as(where + " client " + c + " thread " + s.thread()).isEqualTo(next);
        assertThat(s.end()).isGreaterThan(s.start());
        keys += s.end() - s.start();
        next = s.end();
      }
      assertThat(next).as(where + " client " + c + " last thread's end").isEqualTo(shard.end());
      assertThat(keys).isEqualTo(plan.operations);
      expected = shard.end();
    }
    assertThat(expected).as(where + " end of the last shard").isEqualTo(first.insertStart + first.insertCount);
  }

  @Test
  void everyDocumentedLoadTilesItsRangeAndEveryReadReadsOnlyLoadedKeys() throws Exception {
    int loads = 0;
    int reads = 0;
    for (String file : files()) {
      List<Command> commands = documented(file);
      assertThat(commands).as(file + " documents its command").isNotEmpty();
      // the load that wrote what this file's runs read: one it documents, else its family's
      List<Command> loadsHere = commands.stream().filter(Command::load).toList();
      List<Command> load = !loadsHere.isEmpty() ? loadsHere
          : documented(file.startsWith("local-") ? "local-load" : "large30b").stream().filter(Command::load).toList();
      for (Command c : commands) {
        String where = file + ": " + c.line();
        if (c.load()) {
          assertTiles(c.props(), where);
          loads++;
          continue;
        }
        Plan run = LargeKeyValueWorkload.planOf(c.props());
        boolean covered = load.stream().map(l -> LargeKeyValueWorkload.planOf(l.props())).anyMatch(l ->
            run.insertStart >= l.insertStart && run.insertStart + run.insertCount <= l.insertStart + l.insertCount);
        assertThat(covered).as(where + " reads [" + run.insertStart + ", " + (run.insertStart + run.insertCount)
            + ") within a documented load").isTrue();
        if (run.kind == Plan.Kind.VERIFY) {
          assertTiles(c.props(), where);
        }
        reads++;
      }
    }
    assertThat(loads).isGreaterThanOrEqualTo(4);
    assertThat(reads).isGreaterThanOrEqualTo(9);
  }

  @Test
  void theSeedFilesHaveTheSeedsKeysAndThreads() throws Exception {
    // the README's table: keys, threads (writers or readers) and the seed's rate of each file
    Map<String, long[]> seed = Map.of(
        "large30b", new long[] {30_000_000_000L, 256, 85_000},
        "large30b-uniform-read", new long[] {30_000_000_000L, 256, 186_000},
        "large30b-latest-read", new long[] {30_000_000_000L, 256, 391_500},
        "dense20b-read-heavy", new long[] {20_000_000_000L, 34, 19_000},
        "dense20b-write-only", new long[] {20_000_000_000L, 64, 22_500},
        "uncached1600m-random-read", new long[] {1_629_145_600L, 150, 77_000});
    for (Map.Entry<String, long[]> e : seed.entrySet()) {
      Command c = documented(e.getKey()).stream().filter(x -> x.line().contains("-P workloads/" + e.getKey()))
          .findFirst().orElseThrow();
      Plan plan = LargeKeyValueWorkload.planOf(c.props());
      assertThat(plan.insertCount).as(e.getKey()).isEqualTo(e.getValue()[0]);
      assertThat(plan.threads).as(e.getKey()).isEqualTo((int) e.getValue()[1]);
      assertThat(plan.clientCount).as(e.getKey() + ": one process, as the seed").isEqualTo(1);
      assertThat(plan.publishedRate).as(e.getKey()).isEqualTo((double) e.getValue()[2]);
    }
    // the seed's load in one command: all 3e10 keys, 256 writers, one process
    Plan load = LargeKeyValueWorkload.planOf(documented("large30b").get(0).props());
    assertThat(load.kind).isEqualTo(Plan.Kind.LOAD);
    assertThat(load.operations).isEqualTo(30_000_000_000L);
    assertThat(load.shares).hasSize(256);
    // and in shards, as the file's header says: 16 processes of 16 threads
    Properties sharded = (Properties) documented("large30b").get(0).props().clone();
    sharded.setProperty("client.count", "16");
    sharded.setProperty("threadcount", "16");
    assertTiles(sharded, "large30b in 16 shards");
  }

  @Test
  void thePlanSaysWhatItWillDo() throws Exception {
    Plan load = LargeKeyValueWorkload.planOf(documented("large30b").get(0).props());
    String text = load.describe("virtual threads, Java 25");
    assertThat(text).contains("key range:          [0, 30,000,000,000)")
        .contains("one process (client.count=1) owns the whole range")
        .contains("threads:            256 (virtual threads, Java 25)")
        .contains("thread 0: [0, 117,187,500)").contains("… thread 255: [29,882,812,500, 30,000,000,000)")
        .contains("30,000,000,000 inserts").contains("9.2 TB raw; 27.5 TB with RF 3")
        .contains("85,000 ops/s for the whole cluster (largekv.published_rate): the whole range in 4.1 days");
    Plan read = LargeKeyValueWorkload.planOf(documented("large30b-uniform-read").get(0).props());
    assertThat(read.describe("x")).contains("operation mix:      read 99.46 %, update 0.54 %")
        .contains("keys read:          uniform over the loaded keys [0, 30,000,000,000)")
        .contains("186,000 ops/s (largekv.published_rate): 334,800,000 operations in 30.0 minutes");
  }
}
