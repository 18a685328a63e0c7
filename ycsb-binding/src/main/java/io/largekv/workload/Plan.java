package io.largekv.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a YCSB command with {@link LargeKeyValueWorkload} will do, from its properties alone:
 * {@code -p largekv.plan=true} prints it instead of running (nothing connects, nothing is written).
 * Key range and shards, each thread's share of a load, the operation mix and distribution of a
 * run, thread count and kind, rows and bytes (raw and with the replication factor), and how long it
 * takes at the published rate ({@code largekv.published_rate}).
 */
public final class Plan {

  /** What the command does. */
  public enum Kind { LOAD, RUN, VERIFY }

  /** A client's load shard {@code [start, end)}. */
  public record Shard(int client, long start, long end) {}

  /** A thread's share {@code [start, end)} of its client's shard (load and verify). */
  public record Share(int thread, long start, long end) {}

  /** Properties the plan reads that belong to the binding: the replication factor of the keyspace. */
  static final String REPLICATION_FACTOR = "ycql.replication_factor";

  public final Kind kind;
  public final long insertStart;
  public final long insertCount;
  public final int clientIndex;
  public final int clientCount;
  /** The threads YCSB runs: threadcount, or fewer when there are fewer operations. */
  public final int threads;
  public final List<Shard> shards;
  /** This client's threads' shares (load, verify); empty for a run. */
  public final List<Share> shares;
  /** Operations of this client: its shard's keys (load, verify), else operationcount. */
  public final long operations;
  public final long maxExecutionSeconds;
  /** Run: proportion of each operation (summing to 1), in the order read, update, insert, scan. */
  public final Map<String, Double> mix;
  /** Run: uniform, latest or recent (with its parameter). */
  public final String distribution;
  public final int keyLength;
  public final int valueLength;
  public final int replicationFactor;
  /** The published rate for this workload in ops/s, or 0 when the file gives none. */
  public final double publishedRate;

  Plan(Kind kind, KeyRange range, int threads, long operations, long maxExecutionSeconds, Map<String, Double> mix,
      String distribution, int keyLength, int valueLength, int replicationFactor, double publishedRate) {
    this.kind = kind;
    this.insertStart = range.start;
    this.insertCount = range.count;
    this.clientIndex = range.clientIndex;
    this.clientCount = range.clientCount;
    this.threads = threads;
    List<Shard> s = new ArrayList<>();
    for (int c = 0; c < range.clientCount; c++) {
      KeyRange r = new KeyRange(range.start, range.count, c, range.clientCount);
      s.add(new Shard(c, r.shardStart(), r.shardEnd()));
    }
    this.shards = List.copyOf(s);
    List<Share> t = new ArrayList<>();
    if (kind != Kind.RUN) {
      for (int i = 0; i < threads; i++) {
        t.add(new Share(i, range.threadStart(i, threads), range.threadEnd(i, threads)));
      }
    }
    this.shares = List.copyOf(t);
    this.operations = operations;
    this.maxExecutionSeconds = maxExecutionSeconds;
    this.mix = mix;
    this.distribution = distribution;
    this.keyLength = keyLength;
    this.valueLength = valueLength;
    this.replicationFactor = replicationFactor;
    this.publishedRate = publishedRate;
  }

  /** The plan as lines for a person, {@code clientThreads} saying what the threads run on. */
  public String describe(String clientThreads) {
    StringBuilder sb = new StringBuilder();
    String what = switch (kind) {
      case LOAD -> "load";
      case VERIFY -> "verify (read every key of the shard once, byte for byte)";
      case RUN -> "run";
    };
    line(sb, "plan", what + "; nothing is connected or written (largekv.plan=true)");
    line(sb, "key range", range(insertStart, insertStart + insertCount) + ": " + n(insertCount) + " keys "
        + "(insertstart " + n(insertStart) + ", insertcount " + n(insertCount) + ")");
    Shard mine = shards.get(clientIndex);
    if (clientCount == 1) {
      line(sb, "shards", "one process (client.count=1) owns the whole range");
    } else {
      line(sb, "shards", clientCount + " processes (client.count), one per client.index; this one, client.index="
          + clientIndex + ": " + range(mine.start(), mine.end()) + ", " + n(mine.end() - mine.start()) + " keys");
      int shown = Math.min(clientCount, 4);
      for (int c = 0; c < shown; c++) {
        sb.append(String.format(Locale.ROOT, "%21s client %d: %s%n", "", c, range(shards.get(c).start(),
            shards.get(c).end())));
      }
      if (clientCount > shown) {
        Shard last = shards.get(clientCount - 1);
        sb.append(String.format(Locale.ROOT, "%21s … client %d: %s%n", "", clientCount - 1,
            range(last.start(), last.end())));
      }
    }
    line(sb, "threads", threads + " (" + clientThreads + ")");
    if (kind != Kind.RUN) {
      long each = shares.isEmpty() ? 0 : shares.get(0).end() - shares.get(0).start();
      line(sb, "per thread", "thread t takes its contiguous share, in order (" + n(each) + " keys for the first; "
          + "the shares tile the shard):");
      int shown = Math.min(shares.size(), 3);
      for (int i = 0; i < shown; i++) {
        sb.append(String.format(Locale.ROOT, "%21s thread %d: %s%n", "", i, range(shares.get(i).start(),
            shares.get(i).end())));
      }
      if (shares.size() > shown) {
        Share last = shares.get(shares.size() - 1);
        sb.append(String.format(Locale.ROOT, "%21s … thread %d: %s%n", "", last.thread(),
            range(last.start(), last.end())));
      }
      line(sb, "operations", n(operations) + (kind == Kind.LOAD ? " inserts" : " verified reads")
          + ", one per key of the shard");
    } else {
      List<String> parts = new ArrayList<>();
      mix.forEach((op, f) -> {
        if (f > 0) {
          parts.add(String.format(Locale.ROOT, "%s %.2f %%", op, 100 * f));
        }
      });
      line(sb, "operation mix", String.join(", ", parts));
      String reads = distribution.startsWith("uniform") ? "uniform over the loaded keys " + range(insertStart,
          insertStart + insertCount)
          : distribution + " over the loaded keys " + range(insertStart, insertStart + insertCount)
              + " and this run's acknowledged inserts";
      line(sb, "keys read", reads);
      if (mix.getOrDefault("insert", 0.0) > 0) {
        long first = insertStart + insertCount + clientIndex;
        line(sb, "keys inserted", clientCount == 1 ? "after the loaded range, in order: " + n(first) + ", "
            + n(first + 1) + ", …" : "after the loaded range, this client's: " + n(first) + ", then every "
            + clientCount + "th (interleaved with the other clients)");
      }
      line(sb, "operations", (operations >= Integer.MAX_VALUE ? "until the time limit" : "at most " + n(operations))
          + (maxExecutionSeconds > 0 ? "; maxexecutiontime " + duration(maxExecutionSeconds) : ""));
    }
    long rows = kind == Kind.LOAD ? operations : insertCount;
    double bytes = (double) rows * (keyLength + valueLength);
    line(sb, kind == Kind.LOAD ? "rows written" : "rows in the range", n(rows) + " rows of " + keyLength + " + "
        + valueLength + " bytes = " + bytes(bytes) + " raw; " + bytes(bytes * replicationFactor) + " with RF "
        + replicationFactor + " (" + REPLICATION_FACTOR + "), before compression and overheads");
    if (publishedRate > 0) {
      if (kind == Kind.RUN) {
        long secs = maxExecutionSeconds;
        line(sb, "at the published rate", String.format(Locale.ROOT, "%,.0f ops/s (largekv.published_rate)%s",
            publishedRate, secs > 0 ? ": " + n((long) (publishedRate * secs)) + " operations in " + duration(secs)
                : ""));
      } else {
        line(sb, "at the published rate", String.format(Locale.ROOT, "%,.0f ops/s for the whole cluster "
            + "(largekv.published_rate): the whole range in %s%s", publishedRate,
            duration((long) (insertCount / publishedRate)), clientCount > 1 ? ", with all " + clientCount
            + " shards running at once" : ""));
      }
    }
    return sb.toString();
  }

  private static void line(StringBuilder sb, String name, String value) {
    sb.append(String.format(Locale.ROOT, "  %-19s %s%n", name + ":", value));
  }

  static String n(long v) {
    return String.format(Locale.ROOT, "%,d", v);
  }

  static String range(long start, long end) {
    return "[" + n(start) + ", " + n(end) + ")";
  }

  static String bytes(double b) {
    String[] units = {"B", "KB", "MB", "GB", "TB", "PB"};
    int u = 0;
    while (b >= 1000 && u < units.length - 1) {
      b /= 1000;
      u++;
    }
    return String.format(Locale.ROOT, "%.1f %s", b, units[u]);
  }

  static String duration(long seconds) {
    if (seconds >= 2 * 86_400) {
      return String.format(Locale.ROOT, "%.1f days", seconds / 86_400.0);
    }
    if (seconds >= 2 * 3600) {
      return String.format(Locale.ROOT, "%.1f hours", seconds / 3600.0);
    }
    if (seconds >= 120) {
      return String.format(Locale.ROOT, "%.1f minutes", seconds / 60.0);
    }
    return seconds + " s";
  }

  /** For tests: the mix as given, normalised. */
  static Map<String, Double> mix(double read, double update, double insert, double scan) {
    double total = read + update + insert + scan;
    Map<String, Double> m = new LinkedHashMap<>();
    m.put("read", read / total);
    m.put("update", update / total);
    m.put("insert", insert / total);
    m.put("scan", scan / total);
    return m;
  }
}
