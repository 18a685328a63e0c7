package io.largekv.harness;

import io.largekv.console.Console;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A phase's progress on the console: one line every {@value #EVERY_SECONDS} s of the clients' own
 * status clocks, whichever harness runs them, from what each client said last ({@link Status}):
 *
 * <pre>
 * largekv: [uniform-read] 10 s of 15 s | 8,455 ops/s, READ p99 18.85 ms in the last s | in all: 58,592 ok, 0 failed, 58,590 verified
 * largekv: [load] 10 s | 12,000 of 20,000 keys (60 %), ETA 3 s | 3,266 ops/s, INSERT p99 60.06 ms in the last s | in all: 0 failed
 * </pre>
 *
 * Several clients: their rates, keys and counts added up, the highest client's p99 (percentiles of
 * different clients are never averaged), the ETA of the client with the most keys left. A figure a
 * harness does not give (nb5 gives no p99 or failures while it runs) is left out, never shown as 0.
 */
public final class PhaseProgress {

  /** Seconds between two lines. */
  public static final int EVERY_SECONDS = 10;

  /**
   * What one client said last: its seconds and planned seconds (0: none); successful operations per
   * second in its last interval; successful and failed operations so far (failed null: not said);
   * reads verified so far and the corrupt or missing among them (null: none said); a load's keys done
   * of its range and its ETA in words (null: not a load); its busiest operation type in the last
   * interval and that type's p99 there, µs (null: not said).
   */
  public record Status(long seconds, long plannedSeconds, double rate, long successful, Long failed, Long verified,
      long verifiedBad, Long keysDone, Long keysPlanned, String eta, String operation, Long p99Us) {}

  private final Console console;
  private final String prefix;
  private final Status[] latest;
  private long printedAt;

  /** {@code prefix}: how the phase's lines start, e.g. {@code largekv: [load] }. */
  public PhaseProgress(Console console, String prefix, int clients) {
    this.console = console;
    this.prefix = prefix;
    this.latest = new Status[clients];
  }

  /** Client {@code client} said {@code s}: at a whole {@value #EVERY_SECONDS} s not shown yet, the phase's line. */
  public void update(int client, Status s) {
    String line = null;
    synchronized (this) {
      latest[client] = s;
      if (s.seconds() > 0 && s.seconds() % EVERY_SECONDS == 0 && s.seconds() > printedAt) {
        printedAt = s.seconds();
        line = prefix + line(latest);
      }
    }
    if (line != null) {
      console.say(line);
    }
  }

  /**
   * The phase ended: one line with its clients' successful and failed operations (as they counted
   * them, the whole phase) and their exit statuses; the reasons of a failure come under the table.
   */
  public void ended(List<ClientResult> results) {
    long ok = 0;
    long failed = 0;
    boolean counted = true;
    List<String> statuses = new ArrayList<>();
    for (ClientResult r : results) {
      ok += r.summary.operationsByType().values().stream().mapToLong(Long::longValue).sum();
      if (r.summary.failedOperations() == null) {
        counted = false;
      } else {
        failed += r.summary.failedOperations();
      }
      statuses.add(Integer.toString(r.exitCode));
    }
    boolean passed = results.stream().allMatch(r -> r.exitCode == 0);
    console.say(prefix + "ended: " + (counted ? String.format(Locale.ROOT, "%,d successful, %,d failed operations; ",
        ok, failed) : "") + (results.size() == 1 ? "exit status " : "exit statuses ") + String.join(", ", statuses)
        + (passed ? " (ok)" : " (FAILED: why, under the table)"));
  }

  /** The figures of the clients that said something, as one line (without its prefix). */
  static String line(Status[] clients) {
    List<Status> all = new ArrayList<>();
    for (Status s : clients) {
      if (s != null) {
        all.add(s);
      }
    }
    Status first = all.get(0);
    long seconds = all.stream().mapToLong(Status::seconds).max().orElse(0);
    StringBuilder sb = new StringBuilder();
    sb.append(seconds).append(" s");
    if (first.plannedSeconds() > 0) {
      sb.append(" of ").append(first.plannedSeconds()).append(" s");
    }
    if (all.stream().allMatch(s -> s.keysPlanned() != null)) {
      long done = all.stream().mapToLong(Status::keysDone).sum();
      long planned = all.stream().mapToLong(Status::keysPlanned).sum();
      Status slowest = all.stream().max((a, b) -> Long.compare(a.keysPlanned() - a.keysDone(),
          b.keysPlanned() - b.keysDone())).orElseThrow();
      sb.append(String.format(Locale.ROOT, " | %,d of %,d keys (%.0f %%)", done, planned,
          planned == 0 ? 100.0 : 100.0 * done / planned));
      if (slowest.eta() != null) {
        sb.append(", ETA ").append(slowest.eta());
      }
    }
    sb.append(String.format(Locale.ROOT, " | %,.0f ops/s", all.stream().mapToDouble(Status::rate).sum()));
    Status p99 = all.stream().filter(s -> s.p99Us() != null).max((a, b) -> Long.compare(a.p99Us(), b.p99Us()))
        .orElse(null);
    if (p99 != null) {
      sb.append(String.format(Locale.ROOT, ", %s p99 %.2f ms", p99.operation(), p99.p99Us() / 1000.0));
      if (all.size() > 1) {
        sb.append(" (highest client)");
      }
    }
    sb.append(" in the last s");
    List<String> counts = new ArrayList<>();
    if (all.stream().allMatch(s -> s.keysPlanned() == null)) {
      counts.add(String.format(Locale.ROOT, "%,d ok", all.stream().mapToLong(Status::successful).sum()));
    }
    if (all.stream().allMatch(s -> s.failed() != null)) {
      counts.add(String.format(Locale.ROOT, "%,d failed", all.stream().mapToLong(Status::failed).sum()));
    }
    if (all.stream().anyMatch(s -> s.verified() != null)) {
      long verified = all.stream().filter(s -> s.verified() != null).mapToLong(Status::verified).sum();
      long bad = all.stream().mapToLong(Status::verifiedBad).sum();
      counts.add(String.format(Locale.ROOT, "%,d verified%s", verified,
          bad == 0 ? "" : String.format(Locale.ROOT, " (%,d corrupt or missing)", bad)));
    }
    if (!counts.isEmpty()) {
      sb.append(" | in all: ").append(String.join(", ", counts));
    }
    return sb.toString();
  }
}
