package io.largekv.common;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The one parser of what nb5 prints running {@code yb_kv_large}: the verification counts each
 * reading process prints once (its {@code verified} step, or as it exits when it is ended from
 * outside), the verdict, and nb5's version ({@code nb5 --version}).
 *
 * <pre>
 * yb_kv_large verified reads: uniform_read: 19795 ok, 0 missing, 0 corrupt, 0 not yet written
 * yb_kv_large verification: ok, every row read was present and correct
 * yb_kv_large verification FAILED: 3 row(s) missing, 1 corrupt
 * </pre>
 *
 * and nb5's progress lines ({@code --progress console:1s}):
 * {@code uniform_read (pending,current,complete)=(0,64,12345) 1.23%}.
 */
public final class Nb5Output {

  /** One reading phase's counts (an nb5 scenario's phase name: uniform_read, latest_read, ...). */
  public record Verified(long ok, long missing, long corrupt, long notYetWritten) {}

  private static final Pattern VERIFIED = Pattern.compile(
      "yb_kv_large verified reads: (\\w+): (\\d+) ok, (\\d+) missing, (\\d+) corrupt, (\\d+) not yet written");
  private static final String OK = "yb_kv_large verification: ok";
  private static final Pattern FAILED = Pattern.compile("yb_kv_large verification FAILED: [^\\n]*");
  private static final Pattern VERSION = Pattern.compile("(\\d+\\.\\d+\\.\\d+)");
  private static final Pattern PROGRESS = Pattern.compile(
      "^(\\S+) \\(pending,current,complete\\)=\\((\\d+),(\\d+),(\\d+)\\)");

  private final Map<String, Verified> verified = new TreeMap<>();
  private final String verdict;

  private Nb5Output(String output) {
    Matcher m = VERIFIED.matcher(output);
    while (m.find()) {
      verified.put(m.group(1), new Verified(Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
          Long.parseLong(m.group(4)), Long.parseLong(m.group(5))));
    }
    Matcher f = FAILED.matcher(output);
    verdict = f.find() ? f.group().strip() : output.contains(OK) ? "ok" : "";
  }

  public static Nb5Output parse(String output) {
    return new Nb5Output(output);
  }

  /** Counts by phase, in phase order. */
  public Map<String, Verified> verified() {
    return verified;
  }

  /** Counts of every phase added up. */
  public Verified total() {
    long ok = 0;
    long missing = 0;
    long corrupt = 0;
    long notYet = 0;
    for (Verified v : verified.values()) {
      ok += v.ok();
      missing += v.missing();
      corrupt += v.corrupt();
      notYet += v.notYetWritten();
    }
    return new Verified(ok, missing, corrupt, notYet);
  }

  /** Whether the output holds the verdict, and it is ok. */
  public boolean verifiedOk() {
    return verdict.equals("ok");
  }

  /** The verdict: "ok", the FAILED line, or "" when the output has none (the counts were never printed). */
  public String verdict() {
    return verdict;
  }

  /** The release {@code nb5 --version} names (5.17.9 of "5.17.9-SNAPSHOT", "Version: 5.25.7-..."). */
  public static Optional<String> version(String versionOutput) {
    for (String line : versionOutput.split("\n")) {
      String l = line.strip();
      if (l.startsWith("Version:") || l.matches("\\d+\\.\\d+\\.\\d+.*")) {
        Matcher m = VERSION.matcher(l);
        if (m.find()) {
          return Optional.of(m.group(1));
        }
      }
    }
    return Optional.empty();
  }

  /** The operations an nb5 progress line says are complete, or −1 when {@code line} is not one. */
  public static long progressComplete(String line) {
    Matcher m = PROGRESS.matcher(line);
    return m.find() ? Long.parseLong(m.group(4)) : -1;
  }

  /**
   * The operations nb5 says it completed: its last progress line's complete count (0 without one).
   * nb5 5.25 does not write the last interval of its histogram log: this count may be higher than
   * the log's.
   */
  public static long completed(String output) {
    long n = 0;
    for (String line : output.split("\n")) {
      long c = progressComplete(line);
      if (c >= 0) {
        n = c;
      }
    }
    return n;
  }

  /**
   * The operations of an nb5 that ran its every cycle and exited 0 on its own: its last progress
   * line's complete count, plus the operations it had in flight when that line is nb5's own
   * {@code (last report)} with none pending. nb5 5.25 prints that line as its activity winds down,
   * sometimes with a few operations still running (e.g. {@code (0,2,2998) 100.00% (last report)});
   * it exits 0 only after they ended, and, with {@code errors=stop} (what largekv runs), a failed
   * one would have ended it non-zero. Only for an nb5 that exited 0 by itself: one ended from outside
   * counts {@link #completed} alone.
   */
  public static long completedAtExit(String output) {
    String last = null;
    for (String line : output.split("\n")) {
      if (progressComplete(line) >= 0) {
        last = line;
      }
    }
    if (last == null) {
      return 0;
    }
    Matcher m = PROGRESS.matcher(last);
    m.find();
    long complete = Long.parseLong(m.group(4));
    boolean lastReport = last.stripTrailing().endsWith("(last report)") && Long.parseLong(m.group(2)) == 0;
    return lastReport ? complete + Long.parseLong(m.group(3)) : complete;
  }
}
